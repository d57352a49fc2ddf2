// The actions of a Cardwords game and the record of a whole game, as data: what the engine
// applies and replays, and what the notation writes and reads (docs/rules.md#cardwords-notation).
// Their own module, so that engine.ts and notation.ts both import it and not each other.
import type { RulesetIdentity } from './setup.js';
import type { Card, PlacedCard } from './types.js';

export type CardwordsAction =
  | { readonly type: 'move'; readonly player: number; readonly cards: readonly PlacedCard[] }
  | { readonly type: 'trade'; readonly player: number; readonly cards: readonly Card[] }
  | { readonly type: 'pass'; readonly player: number };

/** A whole game as data: `replay` rebuilds the same state from it. */
export interface CardwordsRecord {
  readonly ruleset: RulesetIdentity;
  readonly seed: string;
  readonly players: readonly string[];
  readonly actions: readonly CardwordsAction[];
}
