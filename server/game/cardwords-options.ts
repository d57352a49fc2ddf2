// A Cardwords game's creation options (core/protocol/game.ts CardwordsCreateOptions), read
// from what a client sent: pure, so every bound is unit-tested (test/game/cardwords-options.test.ts).
// The room turns a refusal into a refused creation.
import { ROBOT_LEVELS, type RobotLevel } from '../../core/robots/cardwords/robot.js';
import type { CardwordsCreateOptions } from '../../core/protocol/game.js';
import type { Untrusted } from '../../core/protocol/messages.js';

/** Most seats (humans + robots) in one game; the deck may allow fewer. */
export const MAX_SEATS = 16;
export const MAX_WATCHERS = 64;
/** The default grace period: a dropped human's seat waits this long before a stand-in plays it. */
export const DEFAULT_GRACE_MS = 60_000;
/** The longest grace period a number may give (a day); 'never' waits for good. */
export const MAX_GRACE_S = 86_400;

export interface CreationOptions {
  ruleset: string;
  humans: number;
  robots: RobotLevel[];
  watchers: number;
  /** The level of the robot that plays a dropped human's seat. */
  standIn: RobotLevel;
  /** ms a dropped human's seat is held before a stand-in plays it; -1: never. */
  grace: number;
  /** The first deal's seed, when the owner fixes it (the same deal for a tournament, tests). */
  seed?: string;
}

export type Parsed = { ok: true; options: CreationOptions } | { ok: false; code: 'unknown-ruleset' | 'bad-message'; message: string };

export function isLevel(x: unknown): x is RobotLevel {
  return typeof x === 'string' && (ROBOT_LEVELS as readonly string[]).includes(x);
}

function intIn(x: unknown, min: number, max: number, fallback: number): number | null {
  if (x === undefined) return fallback;
  return typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max ? x : null;
}

/** The grace option in ms (-1: never), or null when it is not 0..MAX_GRACE_S seconds or 'never'. */
export function graceMs(x: unknown): number | null {
  if (x === undefined) return DEFAULT_GRACE_MS;
  if (x === 'never') return -1;
  return typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= MAX_GRACE_S ? Math.round(x * 1000) : null;
}

/** Reads the creation options against the server's rulesets (`names`, the first is the default). */
export function parseCreateOptions(o: Untrusted<CardwordsCreateOptions>, names: readonly string[]): Parsed {
  const bad = (message: string): Parsed => ({ ok: false, code: 'bad-message', message });
  const ruleset = o.ruleset === undefined ? names[0] : o.ruleset;
  if (typeof ruleset !== 'string' || !names.includes(ruleset)) return { ok: false, code: 'unknown-ruleset', message: `no ruleset ${JSON.stringify(ruleset ?? null)}; this server offers: ${names.join(', ') || 'none'}` };
  const humans = intIn(o.humans, 0, MAX_SEATS, 1);
  if (humans === null) return bad(`humans: a whole number from 0 to ${MAX_SEATS}`);
  const level = o.level === undefined ? 'good' : o.level;
  if (!isLevel(level)) return bad(`level: one of ${ROBOT_LEVELS.join(', ')}`);
  let robots: RobotLevel[];
  if (Array.isArray(o.robots)) {
    if (o.robots.length > MAX_SEATS || !o.robots.every(isLevel)) return bad(`robots: a number, or a list of levels (${ROBOT_LEVELS.join(', ')})`);
    robots = o.robots.slice();
  } else {
    const n = intIn(o.robots, 0, MAX_SEATS, 0);
    if (n === null) return bad(`robots: a whole number from 0 to ${MAX_SEATS}, or a list of levels`);
    robots = new Array<RobotLevel>(n).fill(level);
  }
  if (humans + robots.length < 1 || humans + robots.length > MAX_SEATS) return bad(`a game has 1 to ${MAX_SEATS} players (humans + robots)`);
  const watchers = intIn(o.watchers, 0, MAX_WATCHERS, 0);
  if (watchers === null) return bad(`watchers: a whole number from 0 to ${MAX_WATCHERS}`);
  const standIn = o.standIn === undefined ? 'good' : o.standIn;
  if (!isLevel(standIn)) return bad(`standIn: one of ${ROBOT_LEVELS.join(', ')}`);
  const grace = graceMs(o.grace);
  if (grace === null) return bad(`grace: seconds from 0 to ${MAX_GRACE_S}, or 'never'`);
  if (o.name !== undefined && humans === 0) return bad('a game without human seats has no seat for the creator: create it without a name to watch');
  if (o.seed !== undefined && !(typeof o.seed === 'string' && /^[\x21-\x7e]{1,64}$/.test(o.seed))) return bad('seed: 1 to 64 printable ASCII characters');
  return { ok: true, options: { ruleset, humans, robots, watchers, standIn, grace, ...(typeof o.seed === 'string' ? { seed: o.seed } : {}) } };
}

/** The options a stored game's header kept (games stored before the grace option get the default). */
export function storedOptions(h: Record<string, unknown>): CreationOptions & { digest?: string } {
  const o = h as unknown as CreationOptions & { digest?: string };
  return { ruleset: o.ruleset, humans: o.humans, robots: o.robots, watchers: o.watchers, standIn: o.standIn, grace: typeof o.grace === 'number' ? o.grace : DEFAULT_GRACE_MS, ...(o.digest !== undefined ? { digest: o.digest } : {}) };
}
