// A move's words letter by letter with where its wildcards lie (media/cardwords/words.ts): the
// web panel's "Best moves" list marks them and the Emacs bridge's hint line says them, so two
// moves that differ only in which E a wildcard takes read apart.
import { beforeAll, expect, it } from 'vitest';
import type { Board, Card, PlacedCard } from '../../core/games/cardwords/types.js';
import type { Ruleset } from '../../core/ruleset/types.js';
import { reviewBestText, spelledText, spelledWords, wildNote } from '../../media/cardwords/words.js';
import { translator } from '../../media/ui/l10n/index.js';
import { loadTestRuleset } from '../game/cardwords-helpers.js';

let ruleset: Ruleset;
beforeAll(async () => {
  ruleset = await loadTestRuleset('samples/tiny');
});

const at = (col: number, row: number, card: Card): PlacedCard => ({ col, row, card });

function board(cards: PlacedCard[]): Board {
  const W = ruleset.table.width;
  const cells = new Array<Card | null>(W * ruleset.table.height).fill(null);
  for (const p of cards) cells[p.row * W + p.col] = p.card;
  return { width: W, height: ruleset.table.height, cells };
}

it('marks the wildcards the move lays, not one already on the table; a laid wildcard in a cross word too', () => {
  // T and a wildcard played as E on row 4 (D4 is the start), a card above the last cell
  const b = board([at(2, 3, { char: 'T', points: 1 }), at(3, 3, { char: null, points: 0, meaning: 'E' }), at(5, 2, { char: 'A', points: 1 })]);
  const move = [at(4, 3, { char: 'S', points: 1 }), at(5, 3, { char: null, points: 0, meaning: 'T' })];
  const words = spelledWords(ruleset.table, ruleset.bonus.values, b, move);
  expect(words).toEqual([
    [{ ch: 'T', wild: false }, { ch: 'E', wild: false }, { ch: 'S', wild: false }, { ch: 'T', wild: true }],
    [{ ch: 'A', wild: false }, { ch: 'T', wild: true }],
  ]);
  const en = translator('en');
  expect(spelledText(en, words)).toBe('TEST (wildcard at letter 4), AT (wildcard at letter 2)');
  // nothing said for a word without one of the move's wildcards
  expect(wildNote(en, words[0]!.map((l) => ({ ...l, wild: false })))).toBe('');
});

it('says two wildcards, in every language, and reads a meaning of more than one code unit as one letter', () => {
  const b = board([]);
  const move = [at(3, 3, { char: null, points: 0, meaning: 'n\u0308' }), at(4, 3, { char: 'E', points: 1 }), at(5, 3, { char: null, points: 0, meaning: 'E' })];
  const [word] = spelledWords(ruleset.table, ruleset.bonus.values, b, move);
  expect(word!.map((l) => l.ch)).toEqual(['n\u0308', 'E', 'E']);
  expect(wildNote(translator('en'), word!)).toBe('wildcards at letters 1, 3');
  expect(wildNote(translator('da'), word!)).toBe('jokere på bogstaverne 1, 3');
  expect(wildNote(translator('de'), word!)).toBe('Joker an den Stellen 1, 3');
  expect(wildNote(translator('de'), word!.slice(0, 2))).toBe('Joker an Stelle 1');
});

it("the review's line for the best robot's trade names the cards it gives back (a wildcard as the hand shows it), and says only a trade when the cards did not come", () => {
  const best = { type: 'trade' as const, score: 3, tradedCards: [{ char: 'Q' }, { char: null }, { char: 'V' }] };
  expect(reviewBestText(translator('en'), best, '', '')).toBe('The best robot here: a trade of Q * V (3)');
  expect(reviewBestText(translator('de'), best, '', '')).toBe('Der beste Roboter hier: ein Tausch von Q * V (3)');
  expect(reviewBestText(translator('en'), { type: 'trade', score: 3 }, '', '')).toBe('The best robot here: a trade (3)');
  expect(reviewBestText(translator('en'), { type: 'pass', score: 0 }, '', '')).toBe('The best robot here: a pass (0)');
});
