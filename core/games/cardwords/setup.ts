// What the Cardwords engine needs from a ruleset, and the ruleset's identity.
//
// The identity is the ruleset's name plus a digest of everything that decides how a game
// unfolds from its seed: the canonical characters, the deck in card set order (the deal
// shuffles it), the card table and the bonus values. The dictionaries are not in it: they
// change during a game (the owner approves words) and a record replays without them.
import type { Bonus, CardTable } from '../../formats/types.js';
import type { Card, RulesContext } from './types.js';

export interface RulesetIdentity {
  name: string;
  /** 16 hex digits. */
  digest: string;
}

/** The engine's view of a ruleset (see `rulesFromRuleset`). */
export interface CardwordsRules extends RulesContext {
  ruleset: RulesetIdentity;
  /** N, the hand size (from the bonus file). */
  handSize: number;
  /** Every card of the card set, in card set order (canonical characters, no meanings). */
  deck: readonly Card[];
  /** The canonical characters, in charset order. */
  chars: readonly string[];
  /** Folds one written character to its canonical one (notation input), or undefined. */
  canonical(ch: string): string | undefined;
}

/** The parts of a `Ruleset` (core/ruleset) the engine reads; a `Ruleset` is one. */
export interface RulesetLike {
  name: string;
  charset: { entries: ReadonlyArray<{ canonical: string }> };
  cards: ReadonlyArray<{ char: string | null; points: number }>;
  table: CardTable;
  bonus: Bonus;
  handSize: number;
  canonical(ch: string): string | undefined;
}

export function rulesFromRuleset(r: RulesetLike): CardwordsRules {
  const chars = r.charset.entries.map((e) => e.canonical);
  const deck: Card[] = r.cards.map((c) => ({ char: c.char, points: c.points }));
  return makeRules({ name: r.name, chars, deck, table: r.table, bonus: r.bonus.values, handSize: r.handSize, canonical: (ch) => r.canonical(ch) });
}

/** Rules from their parts (tests build small ones this way). `canonical` defaults to identity on `chars`. */
export function makeRules(parts: {
  name: string;
  chars: readonly string[];
  deck: readonly Card[];
  table: CardTable;
  bonus: ReadonlyMap<number, number>;
  handSize: number;
  canonical?: (ch: string) => string | undefined;
}): CardwordsRules {
  const set = new Set(parts.chars);
  const deck = parts.deck.map((c) => ({ char: c.char, points: c.points }));
  return {
    ruleset: { name: parts.name, digest: rulesDigest(parts.chars, deck, parts.table, parts.bonus) },
    table: parts.table,
    bonus: parts.bonus,
    handSize: parts.handSize,
    deck,
    chars: parts.chars,
    isChar: (ch) => set.has(ch),
    canonical: parts.canonical ?? ((ch) => (set.has(ch) ? ch : undefined)),
  };
}

/** FNV-1a in two lanes over a canonical text of the game-deciding parts. */
export function rulesDigest(chars: readonly string[], deck: readonly Card[], table: CardTable, bonus: ReadonlyMap<number, number>): string {
  const parts: string[] = [];
  parts.push(`chars ${chars.join('\u0000')}`);
  parts.push(`deck ${deck.map((c) => `${c.char ?? ''}\u0000${c.points}`).join('\u0001')}`);
  const { width, height, start } = table;
  parts.push(`table ${width}*${height} start ${start.touchColumn ?? '-'},${start.touchRow ?? '-'}`);
  table.cells.forEach((c, i) => {
    if (c.blocked || c.points !== 0 || c.letterFactor !== 1 || c.wordFactor !== 1) parts.push(`${i}:${c.blocked ? 'B' : ''} ${c.points} ${c.letterFactor} ${c.wordFactor}`);
  });
  parts.push(`bonus ${[...bonus].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${k}:${v}`).join(' ')}`);
  const text = parts.join('\n');
  let a = 0x811c9dc5 | 0;
  let b = 0x9747b28c | 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 13;
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
