// The Cardwords robots off the event loop: one worker thread (robot-worker.ts) answers
// "which action would this robot take from this view". Requests are answered in order;
// approved words reach the worker before any later request. If the worker cannot start or
// dies, `choose` rejects and the room plays the robot on the main thread instead, so a
// robot never stalls a game.
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { CardwordsAction } from '../../core/games/cardwords/engine.js';
import type { CardwordsView } from '../../core/games/cardwords/view.js';
import type { RobotLevel } from '../../core/robots/cardwords/robot.js';

export type RobotRequest =
  | { type: 'choose'; id: number; ruleset: string; view: CardwordsView; level: RobotLevel; seed: string }
  | { type: 'add'; ruleset: string; word: string }
  | { type: 'prepare'; id: number; ruleset: string };

/** `ready`: the answer to `prepare` (whether the fast move search holds the ruleset now). */
export type RobotReply = { id: number; action: CardwordsAction } | { id: number; ready: boolean } | { id: number; error: string };

export class RobotPool {
  private worker: Worker | null = null;
  private broken = false;
  private nextId = 1;
  /** Each request's answer: an action for `choose`, whether it is ready for `prepare`. */
  private readonly pending = new Map<number, { resolve: (a: unknown) => void; reject: (e: Error) => void }>();
  /**
   * Every word added to a ruleset since the start, replayed to a worker when it starts: it
   * loads the folders from disk, which lack the words other processes approved (Redis).
   */
  private readonly added: RobotRequest[] = [];

  /** `workerFile`: the built robot-worker.js (default: beside this module, as bundled). */
  constructor(
    private readonly dirs: readonly string[],
    private readonly workerFile = fileURLToPath(new URL('./robot-worker.js', import.meta.url)),
  ) {}

  private start(): Worker | null {
    if (this.worker || this.broken) return this.worker;
    try {
      const w = new Worker(this.workerFile, { workerData: { dirs: [...this.dirs] } });
      w.unref();
      w.on('message', (m: RobotReply) => {
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if ('action' in m) p.resolve(m.action);
        else if ('ready' in m) p.resolve(m.ready);
        else p.reject(new Error(m.error));
      });
      const fail = (why: string) => {
        this.broken = true;
        this.worker = null;
        for (const p of this.pending.values()) p.reject(new Error(`the robot thread ${why}`));
        this.pending.clear();
      };
      w.on('error', (e) => fail(`failed: ${e.message}`));
      w.on('exit', (code) => fail(`exited (${code})`));
      this.worker = w;
      for (const m of this.added) w.postMessage(m);
    } catch {
      this.broken = true;
    }
    return this.worker;
  }

  /** The robot's action for this view (the view of the seat to move). */
  choose(ruleset: string, view: CardwordsView, level: RobotLevel, seed: string): Promise<CardwordsAction> {
    return this.request<CardwordsAction>((id) => ({ type: 'choose', id, ruleset, view, level, seed }));
  }

  /**
   * Loads a ruleset on the robots' thread ahead of its first move there (its files, words
   * and the move search's setup): a game with robots asks at its creation, so the first
   * robot move does not wait for them. Resolves whether the fast move search holds it.
   */
  prepare(ruleset: string): Promise<boolean> {
    return this.request<boolean>((id) => ({ type: 'prepare', id, ruleset }));
  }

  /** Sends a request with the next id; its answer (of type T) settles the promise. */
  private request<T>(make: (id: number) => RobotRequest): Promise<T> {
    const w = this.start();
    if (!w) return Promise.reject(new Error('no robot thread'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (a: unknown) => void, reject });
      w.postMessage(make(id));
    });
  }

  /** A word approved into a ruleset: the worker's store learns it before later requests. */
  addWord(ruleset: string, word: string): void {
    const m: RobotRequest = { type: 'add', ruleset, word };
    this.added.push(m);
    this.worker?.postMessage(m);
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    this.broken = true;
    if (w) {
      w.removeAllListeners('exit');
      await w.terminate();
    }
    for (const p of this.pending.values()) p.reject(new Error('the server stops'));
    this.pending.clear();
  }
}
