// What every room of this process shares: the server's configuration, the owner token and
// the game store. Set once by startGameServer; rooms read it (never client options, which a
// client controls).
import { timingSafeEqual } from 'node:crypto';
import type { CarriedQuestions } from './carried-questions.js';
import type { GameStore, LogDamage } from './store.js';
import type { Limits } from './gate.js';
import type { RobotPool } from './robot-pool.js';
import type { RulesetRegistry } from './rulesets.js';

export interface Timeouts {
  /** A game nobody joined ends after this long (seed: 2 minutes). */
  firstJoinMs: number;
  /** A game without any action ends after this long (seed: 15 minutes). */
  idleMs: number;
  /** A dropped player's seat is held this long for a reconnection. */
  reconnectMs: number;
  /** Pause between two robot actions. */
  robotDelayMs: number;
}

export interface ServerContext {
  ownerToken: string;
  store: GameStore;
  /** Damaged game logs found since the start (reported to the owner: GET /owner, and on joining the game). */
  damaged: LogDamage[];
  timeouts: Timeouts;
  limits: Limits;
  processId: string;
  startedAt: number;
  /** Rulesets this server offers, by name (Cardwords rooms), loaded on first use. */
  rulesets: RulesetRegistry;
  /** The Cardwords robots' thread. */
  robots: RobotPool;
  /** The owner's questions that ended games left open, by ruleset (asked in the owner's next game). */
  questions: CarriedQuestions;
  /**
   * Games this process is bringing back from their logs now (claimed, then created): the only
   * `restore` a room accepts. A client's, even the owner's, would open a second room over a
   * live game's log, which the store may rewrite under it.
   */
  restoring: Set<string>;
  /**
   * Settles once the games found at the start are back (or could not be): the game list waits
   * for it, as a page out of play reads a game missing from the list as over.
   */
  started: Promise<void>;
  /** Whether `started` has settled. */
  startedYet: boolean;
  /**
   * Redis: games found without a lease, by when (performance.now()): taken here only if still
   * without one about a lease later (server.ts), so that a living holder keeps them.
   */
  adopting: Map<string, number>;
}

let current: ServerContext | null = null;

export function setContext(ctx: ServerContext | null): void {
  current = ctx;
}

export function ctx(): ServerContext {
  if (!current) throw new Error('the game server is not started');
  return current;
}

/** True when `token` is the owner token (constant-time comparison). */
export function isOwnerToken(token: unknown): boolean {
  if (typeof token !== 'string' || !current) return false;
  const a = Buffer.from(token);
  const b = Buffer.from(current.ownerToken);
  return a.length === b.length && timingSafeEqual(a, b);
}
