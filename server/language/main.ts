// Entry point of the language server alone (dist/language-server.js, for the VS Code
// extension): `--node-ipc` or `--stdio`. `cardwords lsp` does the same inside the CLI.
import { createConnection, IPCMessageReader, IPCMessageWriter, StreamMessageReader, StreamMessageWriter, type Connection } from 'vscode-languageserver/node';
import { start } from './server.js';
import { checkedFrames } from './framing.js';

export type Transport = 'stdio' | 'node-ipc';

export function connect(transport: Transport): Connection {
  return transport === 'node-ipc'
    ? createConnection(new IPCMessageReader(process), new IPCMessageWriter(process))
    : createConnection(new StreamMessageReader(checkedFrames(process.stdin, (line) => process.stderr.write(`${line}\n`))), new StreamMessageWriter(process.stdout));
}

/** Starts the server on a transport and keeps the process alive whatever a handler throws. */
export function run(transport: Transport): void {
  const connection = connect(transport);
  process.on('uncaughtException', (e) => connection.console.error(`cardwords: uncaught: ${e.stack ?? e.message}`));
  process.on('unhandledRejection', (e) => connection.console.error(`cardwords: unhandled rejection: ${String(e)}`));
  // The client going away ends the server (stdin closes, or the IPC channel).
  process.stdin.on('end', () => process.exit(0));
  process.on('disconnect', () => process.exit(0));
  start(connection);
}

if (/language-server\.js$/.test(process.argv[1] ?? '')) run(process.argv.includes('--stdio') ? 'stdio' : 'node-ipc');
