// The text notation of cards, actions and game records: round trips and typed errors.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CardwordsAction, CardwordsRecord } from '../../core/games/cardwords/engine.js';
import {
  formatAction,
  formatCard,
  formatRecord,
  NotationError,
  parseAction,
  parseCard,
  parseCards,
  parseRecord,
  type Fold,
} from '../../core/games/cardwords/notation.js';
import type { Card } from '../../core/games/cardwords/types.js';

const CHARS = ['A', 'B', 'E', 'Ä', 'ß', '#', ']'];
const FOLD: Fold = (ch) => (CHARS.includes(ch) ? ch : CHARS.includes(ch.toUpperCase()) ? ch.toUpperCase() : undefined);

const arbPoints = fc.integer({ min: -99, max: 999 });
const arbCard: fc.Arbitrary<Card> = fc.oneof(
  fc.record({ char: fc.constantFrom(...CHARS), points: arbPoints }),
  fc.record({ char: fc.constant(null), points: arbPoints }),
);
const arbLaid: fc.Arbitrary<Card> = fc.oneof(
  fc.record({ char: fc.constantFrom(...CHARS), points: arbPoints }),
  fc.record({ char: fc.constant(null), points: arbPoints, meaning: fc.constantFrom(...CHARS) }),
);
const arbAction = (player: number): fc.Arbitrary<CardwordsAction> =>
  fc.oneof(
    fc.constant({ type: 'pass' as const, player }),
    fc.record({ type: fc.constant('trade' as const), player: fc.constant(player), cards: fc.array(arbCard, { minLength: 1, maxLength: 8 }) }),
    fc.record({
      type: fc.constant('move' as const),
      player: fc.constant(player),
      cards: fc.array(fc.record({ col: fc.nat(40), row: fc.nat(40), card: arbLaid }), { minLength: 1, maxLength: 8 }),
    }),
  );

function notationError(f: () => unknown): NotationError {
  try {
    f();
  } catch (e) {
    if (e instanceof NotationError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('cards', () => {
  it('reads the seed notation, wildcards and wildcards with a meaning', () => {
    expect(parseCard('[A 6]', FOLD)).toEqual({ char: 'A', points: 6 });
    expect(parseCard('[a -1]', FOLD)).toEqual({ char: 'A', points: -1 });
    expect(parseCard('[  0]', FOLD)).toEqual({ char: null, points: 0 });
    expect(parseCard('[  -2]', FOLD)).toEqual({ char: null, points: -2 });
    expect(parseCard('[ E-2]', FOLD)).toEqual({ char: null, points: -2, meaning: 'E' });
    expect(parseCard('[ ä3]', FOLD)).toEqual({ char: null, points: 3, meaning: 'Ä' });
    expect(parseCard('[] 1]', FOLD)).toEqual({ char: ']', points: 1 });
    expect(parseCards('[E -1][K 19]'.replace('K', 'B'), FOLD)).toEqual([{ char: 'E', points: -1 }, { char: 'B', points: 19 }]);
    expect(formatCard({ char: null, points: -2, meaning: 'E' })).toBe('[ E-2]');
    expect(formatCard({ char: null, points: 0 })).toBe('[  0]');
  });

  it('round-trips every card', () => {
    fc.assert(fc.property(fc.oneof(arbCard, arbLaid), (card) => {
        expect(parseCard(formatCard(card), FOLD)).toEqual(card);
      }));
  });

  it('gives typed errors for malformed cards', () => {
    expect(notationError(() => parseCard('[A6]', FOLD)).code).toBe('card/syntax');
    expect(notationError(() => parseCard('[A 6', FOLD)).code).toBe('card/syntax');
    expect(notationError(() => parseCard('[A 6] x', FOLD)).code).toBe('card/syntax');
    expect(notationError(() => parseCard('[Z 6]', FOLD)).code).toBe('card/unknown-char');
    expect(notationError(() => parseCard('[ Z6]', FOLD)).code).toBe('card/unknown-char');
    expect(notationError(() => parseCard('[AE6]', FOLD)).code).toBe('card/meaning-on-card');
    expect(notationError(() => parseCard('[A 99999999999999999999]', FOLD)).code).toBe('card/syntax');
  });
});

describe('actions', () => {
  it('read and write moves, trades and passes', () => {
    const move = parseAction('move 7,7 [C 3] 8,7 [A 1] 9,7 [ T0]'.replace('C', 'B').replace('T0', 'E0'), FOLD, 1);
    expect(move).toEqual({
      type: 'move',
      player: 1,
      cards: [
        { col: 7, row: 7, card: { char: 'B', points: 3 } },
        { col: 8, row: 7, card: { char: 'A', points: 1 } },
        { col: 9, row: 7, card: { char: null, points: 0, meaning: 'E' } },
      ],
    });
    expect(formatAction(move)).toBe('move 7,7 [B 3] 8,7 [A 1] 9,7 [ E0]');
    expect(parseAction('trade [ß 10] [  0]', FOLD, 0)).toEqual({ type: 'trade', player: 0, cards: [{ char: 'ß', points: 10 }, { char: null, points: 0 }] });
    expect(parseAction('  pass ', FOLD, 2)).toEqual({ type: 'pass', player: 2 });
  });

  it('round-trip through the notation', () => {
    fc.assert(fc.property(arbAction(3), (a) => {
        expect(parseAction(formatAction(a), FOLD, 3)).toEqual(a);
      }));
  });

  it('give typed errors for malformed actions', () => {
    const code = (t: string) => notationError(() => parseAction(t, FOLD, 0)).code;
    expect(code('')).toBe('action/unknown');
    expect(code('jump 1,1 [A 1]')).toBe('action/unknown');
    expect(code('move')).toBe('move/syntax');
    expect(code('move [A 1]')).toBe('move/syntax');
    expect(code('move 1,1')).toBe('card/syntax');
    expect(code('move 1;1 [A 1]')).toBe('move/syntax');
    expect(code('move 1,1 [A 1] 2,1')).toBe('card/syntax');
    expect(code('trade')).toBe('action/syntax');
    expect(code('trade [ E0]')).toBe('action/syntax');
    expect(code('trade [Q 1]')).toBe('card/unknown-char');
    expect(code('pass now')).toBe('action/syntax');
  });
});

describe('game records', () => {
  const record: CardwordsRecord = {
    ruleset: { name: 'house "rules"', digest: '0123456789abcdef' },
    seed: 'seed with spaces',
    players: ['Ann', 'Bob Ä'],
    actions: [
      { type: 'move', player: 0, cards: [{ col: 3, row: 4, card: { char: 'A', points: 6 } }, { col: 4, row: 4, card: { char: null, points: -2, meaning: 'E' } }] },
      { type: 'trade', player: 1, cards: [{ char: 'ß', points: 8 }, { char: null, points: 0 }] },
      { type: 'pass', player: 0 },
    ],
  };
  const text = `cardwords-record 1
ruleset "house \\"rules\\"" 0123456789abcdef
seed "seed with spaces"
player "Ann"
player "Bob Ä"
1: move 3,4 [A 6] 4,4 [ E-2]
# 12 points
2: trade [ß 8] [  0]
1: pass
`;

  it('have a text form that reads back', () => {
    expect(formatRecord(record, ['12 points'])).toBe(text);
    expect(parseRecord(text, FOLD)).toEqual(record);
    expect(parseRecord(text.replace(/\n/g, '\r\n').replace('1: pass', '\n   1 :  pass  \n# end'), FOLD)).toEqual(record);
  });

  it('round-trip for any actions', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1).chain((p) => arbAction(p))), fc.string(), (actions, seed) => {
        const r: CardwordsRecord = { ...record, seed, actions };
        expect(parseRecord(formatRecord(r), FOLD)).toEqual(r);
      }),
    );
  });

  it('give typed errors with the line for malformed records', () => {
    const err = (t: string) => notationError(() => parseRecord(t, FOLD));
    expect(err('')).toMatchObject({ code: 'record/header', line: 1 });
    expect(err('cardwords-record 2\n')).toMatchObject({ code: 'record/header', line: 1 });
    expect(err('ruleset "x" 0123456789abcdef\n')).toMatchObject({ code: 'record/header', line: 1 });
    expect(err(text.replace('0123456789abcdef', 'xyz'))).toMatchObject({ code: 'record/syntax', line: 2 });
    expect(err(text.replace('seed "seed with spaces"', 'seed seed'))).toMatchObject({ code: 'record/syntax', line: 3 });
    expect(err(text.replace('2: trade', '3: trade'))).toMatchObject({ code: 'record/seat', line: 8 });
    expect(err(text.replace('2: trade', '0: trade'))).toMatchObject({ code: 'record/seat', line: 8 });
    expect(err(text.replace('1: pass', '1: pass 2'))).toMatchObject({ code: 'action/syntax', line: 9 });
    expect(err(text.replace('[A 6]', '[Z 6]'))).toMatchObject({ code: 'card/unknown-char', line: 6 });
    expect(err(text.replace('1: pass', 'hello'))).toMatchObject({ code: 'record/syntax', line: 9 });
    expect(err(`${text}player "Late"\n`)).toMatchObject({ code: 'record/header', line: 10 });
    expect(err(text.replace('player "Ann"\nplayer "Bob Ä"\n', ''))).toMatchObject({ code: 'record/header' });
    expect(err(text.replace('seed "seed with spaces"\n', ''))).toMatchObject({ code: 'record/header' });
    expect(err('cardwords-record 1\nseed "a"\nplayer "b"\n')).toMatchObject({ code: 'record/header' });
    expect(err(text.replace('ruleset', 'seed "x"\nruleset'))).toMatchObject({ code: 'record/header' });
    expect(() => parseRecord(text, FOLD)).not.toThrow();
  });

  it('never fail with anything but a NotationError', () => {
    const pieces = ['cardwords-record 1\n', 'ruleset "r" 0123456789abcdef\n', 'seed "s"\n', 'player "p"\n', '1: ', 'move ', 'trade ', 'pass', '3,4 ', '[A 6]', '[ E-2]', '[  0]', '\n', '"', '#', ' ', 'x', '2:'];
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 3 })), { maxLength: 30 }), (parts) => {
        try {
          parseRecord(parts.join(''), FOLD);
        } catch (e) {
          if (!(e instanceof NotationError)) throw e;
        }
      }),
      { numRuns: 3000 },
    );
  });
});
