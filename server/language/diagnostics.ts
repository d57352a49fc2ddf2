// Pushed diagnostics (Emacs 28's eglot cannot pull): each open document is checked after
// it changes, and again when another file of its ruleset changes in the editor or on disk.
// Small files are checked at once (keystroke to diagnostics in a few milliseconds); large
// dictionaries after a short pause and in chunks, abandoned as soon as a newer version exists.
import { dirname } from 'node:path';
import { CHUNKED_ABOVE, dependsOn } from '../../core/language/index.js';
import type { FileKind } from '../../core/formats/types.js';
import type { ServerContext } from './context.js';
import { kindOf, uriToPath } from './workspace.js';

const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

/** After a dictionary changed, the open card set is checked again once this long has passed without a change. */
const DICTIONARY_PAUSE_MS = 1000;

/** Delay before checking a changed document; large ones wait for typing to pause. */
function delayFor(length: number): number {
  return length > CHUNKED_ABOVE ? 150 : 0;
}

export class DiagnosticsScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();

  constructor(private readonly ctx: ServerContext) {}

  /** Checks `uri` after `delay` ms (or the default for its size). */
  schedule(uri: string, delay?: number): void {
    const doc = this.ctx.documents.get(uri);
    if (!doc) return;
    const old = this.timers.get(uri);
    if (old) clearTimeout(old);
    const ms = delay ?? delayFor(doc.getText().length);
    const run = () => {
      this.timers.delete(uri);
      void this.run(uri);
    };
    if (ms <= 0) {
      // Coalesce the changes of one batch of messages, then check.
      this.timers.set(uri, setTimeout(run, 0));
    } else this.timers.set(uri, setTimeout(run, ms));
  }

  /** After `uri` changed: re-check the open documents of its ruleset's folder that depend on it. */
  scheduleSiblings(uri: string, changed: FileKind | null, delay = 60): void {
    const path = uriToPath(uri);
    if (!path) return;
    this.scheduleFolder(dirname(path), changed, delay, uri);
  }

  scheduleFolder(dir: string, changed: FileKind | null, delay = 60, except?: string): void {
    // a dictionary typed into: the card set's check folds its words again (half a second for
    // the English sample), so it waits for the typing to pause longer
    const wait = changed === 'dictionary' ? Math.max(delay, DICTIONARY_PAUSE_MS) : delay;
    for (const d of this.ctx.documents.all()) {
      if (d.uri === except) continue;
      const p = uriToPath(d.uri);
      if (!p || dirname(p) !== dir) continue;
      const kind = kindOf(d.uri, d.languageId);
      if (kind && dependsOn(kind, changed, d.lineCount)) this.schedule(d.uri, Math.max(wait, delayFor(d.getText().length)));
    }
  }

  private async run(uri: string): Promise<void> {
    if (this.running.has(uri)) {
      this.again.add(uri);
      return;
    }
    const p = this.check(uri).finally(() => {
      this.running.delete(uri);
      if (this.again.delete(uri)) this.schedule(uri, 0);
    });
    this.running.set(uri, p);
    await p;
  }

  private async check(uri: string): Promise<void> {
    await this.ctx.guard(`diagnostics of ${uri}`, undefined, async () => {
      const doc = this.ctx.documents.get(uri);
      const view = this.ctx.view(uri);
      if (!doc || !view) return;
      const version = doc.version;
      const stale = () => this.ctx.documents.get(uri)?.version !== version;
      // a card set's check of the characters no word has, and a card table's that some word
      // fits it, and a charset's of the characters words need and no card has, and a
      // dictionary's of the words longer than the table allows, read the dictionaries
      // (cached by mtime)
      const rulesetCtx = await this.ctx.workspace.contextFor(uri, { dictionaries: view.kind !== 'bonus' });
      if (stale()) {
        this.again.add(uri);
        return;
      }
      const diagnostics = await this.ctx.service.validate(view, rulesetCtx, { yieldNow, isStale: stale });
      if (diagnostics === null || stale()) {
        this.again.add(uri);
        return;
      }
      this.ctx.published.set(uri, diagnostics);
      await this.ctx.connection.sendDiagnostics({ uri, version, diagnostics });
    });
  }

  /** Clears a closed document's diagnostics. */
  clear(uri: string): void {
    const t = this.timers.get(uri);
    if (t) clearTimeout(t);
    this.timers.delete(uri);
    this.ctx.published.delete(uri);
    void this.ctx.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
