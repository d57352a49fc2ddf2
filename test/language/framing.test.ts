// Bad LSP frame headers against the real `cardwords lsp --stdio` process, by raw bytes: each
// is reported on stderr and the server answers the next valid message.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function frame(body: string): string {
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

const BAD: Array<[string, string]> = [
  ['a length that is no number', 'Content-Length: abc\r\n\r\n{"jsonrpc":"2.0","id":90,"method":"x"}'],
  ['a negative length', 'Content-Length: -5\r\n\r\n{}'],
  ['no length at all', 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{"jsonrpc":"2.0","id":91,"method":"x"}'],
  ['a length of 999999999999', 'Content-Length: 999999999999\r\n\r\n{}'],
];

describe('the language server on bad frame headers', () => {
  it.each(BAD)('%s: an error on stderr, and the next valid message is answered', async (_what, bad) => {
    const proc = spawn(process.execPath, ['dist/cli.js', 'lsp', '--stdio'], { stdio: 'pipe' });
    let out = '';
    let err = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    try {
      const init = frame(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
      proc.stdin.write(bad + init);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer; stdout ${out}; stderr ${err}`)), 20_000);
        const check = () => {
          if (/"id":1,"result":\{"capabilities"/.test(out) && /a bad message frame/.test(err)) {
            clearTimeout(timer);
            resolve();
          }
        };
        proc.stdout.on('data', check);
        proc.stderr.on('data', check);
        check();
      });
      expect(err).toMatch(/cardwords lsp: a bad message frame \(.+\)/);
      expect(proc.exitCode).toBeNull();
    } finally {
      proc.kill();
    }
  });
});
