// A JSON-RPC client for the real language server: spawns `node dist/cli.js lsp --stdio`
// (the bundle users run), speaks LSP with vscode-jsonrpc, records every notification.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';

export interface Published {
  uri: string;
  version?: number;
  diagnostics: Diagnostic[];
}

export class LspClient {
  readonly proc: ChildProcessWithoutNullStreams;
  readonly conn: MessageConnection;
  /** window/showMessage notifications, in order. */
  readonly shown: Array<{ type: number; message: string }> = [];
  readonly published: Published[] = [];
  readonly logs: string[] = [];
  stderr = '';
  exited: number | null = null;
  private waiters: Array<() => void> = [];
  private versions = new Map<string, number>();
  /** The fresh cache folder this client made (removed on stop), when the test named none. */
  private ownCache: string | null = null;

  /**
   * The server reads its cache (learned card values, word graphs) from $CARDWORDS_CACHE_DIR
   * when the test sets it, else from a fresh empty folder: what the user's own cache holds
   * must not change the answers.
   */
  constructor(args: string[] = ['lsp', '--stdio']) {
    const env = { ...process.env };
    if (!env.CARDWORDS_CACHE_DIR) env.CARDWORDS_CACHE_DIR = this.ownCache = mkdtempSync(join(tmpdir(), 'cardwords-lsp-cache-'));
    this.proc = spawn(process.execPath, ['dist/cli.js', ...args], { stdio: 'pipe', env });
    this.proc.stderr.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.proc.on('exit', (code) => {
      this.exited = code ?? -1;
      this.wake();
    });
    this.conn = createMessageConnection(new StreamMessageReader(this.proc.stdout), new StreamMessageWriter(this.proc.stdin));
    this.conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      this.published.push(p);
      this.wake();
    });
    this.conn.onNotification('window/logMessage', (p: { message: string }) => void this.logs.push(p.message));
    this.conn.onNotification('window/showMessage', (p: { type: number; message: string }) => void this.shown.push(p));
    this.conn.onRequest('workspace/configuration', () => [null] as unknown[]);
    this.conn.onRequest('client/registerCapability', () => null);
    this.conn.listen();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /**
   * What the client declares, VS Code's way by default: `snippets` in completion items (eglot
   * declares none), `markdown` in hovers (eglot only with markdown-mode), `hierarchical`
   * document symbols, CodeAction `literals`. Anything else goes into the initialize params as well (a `locale`, more
   * `capabilities`).
   */
  async initialize(
    initializationOptions?: unknown,
    { snippets = true, markdown = true, hierarchical = true, literals = true, ...extra }: { snippets?: boolean; markdown?: boolean; hierarchical?: boolean; literals?: boolean } & Record<string, unknown> = {},
  ): Promise<{ capabilities: Record<string, unknown> }> {
    const r = await this.conn.sendRequest<{ capabilities: Record<string, unknown> }>('initialize', {
      processId: process.pid,
      rootUri: null,
      initializationOptions,
      ...extra,
      // the declared ones, with what `extra.capabilities` adds or overrides
      capabilities: merged(
        {
          textDocument: {
            publishDiagnostics: { versionSupport: true },
            completion: { completionItem: { snippetSupport: snippets } },
            hover: { contentFormat: markdown ? ['markdown', 'plaintext'] : ['plaintext'] },
            documentSymbol: { hierarchicalDocumentSymbolSupport: hierarchical },
            ...(literals ? { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } } } : {}),
          },
        },
        extra.capabilities,
      ),
    });
    await this.conn.sendNotification('initialized', {});
    return r;
  }

  request<T = unknown>(method: string, params: unknown, timeoutMs = 10_000): Promise<T> {
    return withTimeout(this.conn.sendRequest<T>(method, params), timeoutMs, `${method} did not answer within ${timeoutMs} ms`);
  }

  open(uri: string, text: string, languageId = 'plaintext'): void {
    this.versions.set(uri, 1);
    void this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  }

  /** Replaces the whole text, or applies ranged changes (incremental sync). */
  change(uri: string, changes: Array<{ range?: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string }>): number {
    const v = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, v);
    void this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: changes });
    return v;
  }

  close(uri: string): void {
    void this.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  /** The latest diagnostics of `uri` for which `pred` holds, published after `since` (an index into `published`). */
  async diagnostics(uri: string, pred: (d: Diagnostic[], p: Published) => boolean = () => true, timeoutMs = 10_000, since = 0): Promise<Diagnostic[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.published.length - 1; i >= since; i--) {
        const p = this.published[i]!;
        if (p.uri === uri) {
          if (pred(p.diagnostics, p)) return p.diagnostics;
          break; // only the latest counts
        }
      }
      if (this.exited !== null) throw new Error(`server exited (${this.exited}): ${this.stderr}`);
      const left = deadline - Date.now();
      if (left <= 0) {
        const last = [...this.published].reverse().find((p) => p.uri === uri);
        throw new Error(`no matching diagnostics for ${uri} within ${timeoutMs} ms; last: ${JSON.stringify(last?.diagnostics.map((d) => d.code))}`);
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    if (this.exited === null) {
      try {
        await withTimeout(this.conn.sendRequest('shutdown'), 3000, 'shutdown');
        await this.conn.sendNotification('exit');
      } catch {
        // already gone
      }
      await new Promise<void>((resolve) => {
        if (this.exited !== null) return resolve();
        const t = setTimeout(() => {
          this.proc.kill();
          resolve();
        }, 3000);
        this.proc.once('exit', () => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    this.conn.dispose();
    if (this.ownCache) rmSync(this.ownCache, { recursive: true, force: true });
  }
}

export function uriOf(path: string): string {
  return pathToFileURL(path).href;
}

function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(message)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** `base` with `more`'s fields put in, objects merged field by field. */
function merged(base: Record<string, unknown>, more: unknown): Record<string, unknown> {
  if (!more || typeof more !== 'object' || Array.isArray(more)) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(more)) {
    const b = out[k];
    out[k] = b && typeof b === 'object' && !Array.isArray(b) && v && typeof v === 'object' && !Array.isArray(v) ? merged(b as Record<string, unknown>, v) : v;
  }
  return out;
}
