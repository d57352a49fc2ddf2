// The entries of a Cardwords game's log (store.ts keeps the records): one discriminated
// union, read from and written to the stored records' shape, so that the room writes only
// these and its replay handles each kind (a `switch` the compiler checks for exhaustiveness).
//
// Stored shapes (one JSON line each, `t` added by the store): `seat` (+ `key`, `owner`)
// while humans sit down, `unseat` before the start, `a` an engine action (+ `standIn` when a
// stand-in robot made it), `ask` + `player` an open question to the owner, `word` approved,
// `reject` rejected, `remove`d by the owner, `leave` (the player left), `vote` a player's
// rematch vote that did not start it (a restart forgot it), `rematch` a new seed.
import type { CardwordsAction } from '../../core/games/cardwords/engine.js';
import type { LogEntry } from './store.js';

export type CardwordsEntry =
  | { kind: 'seat'; name: string; key: string | null; owner: boolean }
  | { kind: 'unseat'; name: string }
  | { kind: 'remove'; name: string }
  | { kind: 'leave'; name: string }
  | { kind: 'vote'; name: string }
  | { kind: 'rematch'; seed: string }
  | { kind: 'action'; action: CardwordsAction; standIn: boolean }
  | { kind: 'ask'; words: string[]; player: string }
  | { kind: 'word'; word: string }
  | { kind: 'reject'; word: string };

/** A stored record as an entry; null for a record no kind matches (skipped, as before). */
export function readEntry(e: LogEntry): CardwordsEntry | null {
  if (typeof e.seat === 'string') return { kind: 'seat', name: e.seat, key: typeof e.key === 'string' ? e.key : null, owner: e.owner === true };
  if (typeof e.unseat === 'string') return { kind: 'unseat', name: e.unseat };
  if (typeof e.remove === 'string') return { kind: 'remove', name: e.remove };
  if (typeof e.leave === 'string') return { kind: 'leave', name: e.leave };
  if (typeof e.vote === 'string') return { kind: 'vote', name: e.vote };
  if (typeof e.rematch === 'string') return { kind: 'rematch', seed: e.rematch };
  if (e.a !== undefined) return { kind: 'action', action: e.a as CardwordsAction, standIn: e.standIn === true };
  if (Array.isArray(e.ask) && typeof e.player === 'string') return { kind: 'ask', words: e.ask.filter((w): w is string => typeof w === 'string'), player: e.player };
  if (typeof e.word === 'string') return { kind: 'word', word: e.word };
  if (typeof e.reject === 'string') return { kind: 'reject', word: e.reject };
  return null;
}

/** An entry as the stored record (the format older logs have too). */
export function writeEntry(e: CardwordsEntry): Omit<LogEntry, 't'> {
  switch (e.kind) {
    case 'seat':
      return e.owner ? { seat: e.name, key: e.key, owner: true } : { seat: e.name, key: e.key };
    case 'unseat':
      return { unseat: e.name };
    case 'remove':
      return { remove: e.name };
    case 'leave':
      return { leave: e.name };
    case 'vote':
      return { vote: e.name };
    case 'rematch':
      return { rematch: e.seed };
    case 'action':
      return e.standIn ? { a: e.action, standIn: true } : { a: e.action };
    case 'ask':
      return { ask: e.words, player: e.player };
    case 'word':
      return { word: e.word };
    case 'reject':
      return { reject: e.word };
    default:
      return unreachable(e);
  }
}

/** The compile-time exhaustiveness check of a `switch` over the entries. */
export function unreachable(e: never): never {
  throw new Error(`an unknown log entry: ${JSON.stringify(e)}`);
}
