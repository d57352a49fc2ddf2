// The Cardwords engine: deal, turns, moves, trades, passes, the end of the game and final
// scoring (docs/rules.md#cardwords-scoring), each with scores computed by hand on small fixtures.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, newGame, readAction, recordOf, type CardwordsAction, type CardwordsState } from '../../core/games/cardwords/engine.js';
import { WordStore } from '../../core/words/store.js';
import { isStartCell } from '../../core/games/cardwords/rules.js';
import { Coords } from '../../core/games/cardwords/compose.js';
import { translator } from '../../media/ui/l10n/index.js';
import { startCellText } from '../../media/cardwords/view/table.js';
import { card } from './fixtures.js';
import { generateMoves } from '../../core/robots/cardwords/generate.js';
import { choiceToAction, moveWords } from '../../core/robots/cardwords/robot.js';
import { allCards, cardMultiset, deepFreeze, must, robotGame, sample, smallRules, start, withCards } from './games.js';

const c = card;
const WORDS = new Set(['AT', 'AS', 'BE', 'BET', 'SAT', 'TEA', 'EAT', 'AB', 'SET', 'TE']);
const words = (w: string) => WORDS.has(w);

/** Applies an action that must be refused: the state stays exactly as it was. */
function refused(rules: ReturnType<typeof smallRules>, state: CardwordsState, action: unknown, isWord: (w: string) => boolean = words) {
  const before = structuredClone(state);
  deepFreeze(state);
  const r = apply(rules, state, action, isWord);
  expect(r.ok).toBe(false);
  expect(state).toEqual(before);
  if (r.ok) throw new Error('accepted');
  return r.error;
}

describe('deal', () => {
  it('deals N cards to each player from the shuffled deck (samples/tiny: 24 cards, N = 4)', async () => {
    const { rules } = await sample('samples/tiny');
    expect(rules.handSize).toBe(4);
    for (const n of [1, 2, 3, 6]) {
      const s = start(rules, Array.from({ length: n }, (_, i) => `P${i}`), `deal-${n}`);
      expect(s.players.map((p) => p.hand.length)).toEqual(new Array(n).fill(4));
      expect(s.pile.length).toBe(24 - 4 * n);
      expect(cardMultiset(allCards(s))).toEqual(cardMultiset(rules.deck));
      expect(s.turn).toBe(0);
      expect(s.board.cells.every((x) => x === null)).toBe(true);
    }
    const g = newGame(rules, { seed: 1, players: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] });
    expect(g.ok).toBe(false);
    if (!g.ok) expect(g.error.code).toBe('not-enough-cards');
  });

  it('is the same for the same seed and differs between seeds', async () => {
    const { rules } = await sample('samples/tiny');
    const a = start(rules, ['A', 'B'], 'same');
    expect(start(rules, ['A', 'B'], 'same')).toEqual(a);
    const others = [1, 2, 3, 4, 5].map((k) => start(rules, ['A', 'B'], k));
    expect(others.some((o) => JSON.stringify(o.players) !== JSON.stringify(a.players))).toBe(true);
  });

  it('refuses bad player lists', () => {
    const rules = smallRules();
    const code = (players: string[]) => {
      const g = newGame(rules, { seed: 1, players });
      return g.ok ? 'ok' : g.error.code;
    };
    expect(code([])).toBe('no-players');
    expect(code(['Ann', ' ann '])).toBe('name-taken');
    expect(code(['', 'B'])).toBe('bad-name');
    expect(code(['a\nb'])).toBe('bad-name');
    expect(code(['x'.repeat(40)])).toBe('bad-name');
    expect(code(['Ann', 'Bob'])).toBe('ok');
  });
});

describe('turns', () => {
  it('rotates in seat order and refuses players out of turn', () => {
    const rules = smallRules();
    let s = start(rules, ['A', 'B', 'C']);
    for (let i = 0; i < 5; i++) {
      expect(s.turn).toBe(i % 3);
      const other = (s.turn + 1) % 3;
      const e = refused(rules, s, { type: 'pass', player: other });
      expect(e.code).toBe('not-your-turn');
      s = must(rules, s, { type: 'pass', player: s.turn }, words);
    }
    expect(refused(rules, s, { type: 'pass', player: 3 }).code).toBe('unknown-player');
    expect(refused(rules, s, { type: 'pass', player: -1 }).code).toBe('unknown-player');
  });

  it('refuses malformed actions with bad-action', () => {
    const rules = smallRules();
    const s = start(rules, ['A', 'B']);
    for (const bad of [null, 7, 'pass', {}, { type: 'pass' }, { type: 'jump', player: 0 }, { type: 'move', player: 0 }, { type: 'move', player: 0, cards: [{ col: 1 }] }, { type: 'trade', player: 0, cards: [{ char: 'A', points: 'x' }] }, { type: 'pass', player: 0.5 }]) {
      const e = refused(rules, s, bad);
      expect(e.code).toBe('bad-action');
      expect(e.message.length).toBeGreaterThan(5);
    }
    expect(typeof readAction({ type: 'move', player: 0, cards: [{ col: 1, row: 1, card: { char: null, points: 0, meaning: 'E' } }] })).toBe('object');
  });
});

describe('pass and the idle end', () => {
  it('scores the pass value; 2 x players turns without a move end the game; hands count against', () => {
    const rules = smallRules(); // pass -1
    let s = withCards(start(rules, ['A', 'B']), [[c('A1'), c('B2')], [c('E3'), c('S4')]], [c('T5')]);
    for (let i = 0; i < 3; i++) {
      s = must(rules, s, { type: 'pass', player: s.turn }, words);
      expect(s.over).toBe(false);
      expect(s.idle).toBe(i + 1);
    }
    s = must(rules, s, { type: 'pass', player: 1 }, words);
    expect(s.over).toBe(true);
    expect(s.end).toEqual({ reason: 'idle', out: null, handPoints: [3, 7], adjustments: [-3, -7], winners: [0] });
    // -1 -1 per player, then the hand points
    expect(s.players.map((p) => p.score)).toEqual([-2 - 3, -2 - 7]);
    expect(refused(rules, s, { type: 'pass', player: s.turn }).code).toBe('game-over');
  });

  it('a move in between starts the count again', () => {
    const rules = smallRules();
    let s = withCards(start(rules, ['A', 'B']), [[c('A1'), c('T5')], [c('E3'), c('S4')]], [c('B2'), c('B2')]);
    s = must(rules, s, { type: 'pass', player: 0 }, words);
    s = must(rules, s, { type: 'pass', player: 1 }, words);
    s = must(rules, s, { type: 'pass', player: 0 }, words);
    expect(s.idle).toBe(3);
    s = must(rules, s, { type: 'move', player: 1, cards: [{ col: 2, row: 2, card: c('E3') }, { col: 2, row: 3, card: c('S4') }] }, () => true);
    expect(s.idle).toBe(0);
    for (let i = 0; i < 3; i++) s = must(rules, s, { type: 'pass', player: s.turn }, words);
    expect(s.over).toBe(false);
    s = must(rules, s, { type: 'pass', player: s.turn }, words);
    expect(s.over).toBe(true);
  });
});

describe('trade', () => {
  it('needs as many cards in the pile; draws, returns the cards to the pile and reshuffles', () => {
    const rules = smallRules(); // trade 1: -2, trade 2: -3
    const s0 = withCards(start(rules, ['A', 'B']), [[c('A1'), c('B2')], [c('E3'), c('S4')]], [c('T5')]);
    const e = refused(rules, s0, { type: 'trade', player: 0, cards: [c('A1'), c('B2')] });
    expect(e).toMatchObject({ code: 'pile-too-small', pile: 1, wanted: 2 });
    expect(refused(rules, s0, { type: 'trade', player: 0, cards: [] }).code).toBe('empty-trade');
    expect(refused(rules, s0, { type: 'trade', player: 0, cards: [c('E3')] })).toMatchObject({ code: 'not-in-hand', cards: ['[E 3]'] });
    expect(refused(rules, s0, { type: 'trade', player: 0, cards: [c('A1'), c('A1')] })).toMatchObject({ code: 'not-in-hand', cards: ['[A 1]'] });
    const s = must(rules, s0, { type: 'trade', player: 0, cards: [c('A1')] }, words);
    expect(s.players[0]!.hand).toEqual([c('B2'), c('T5')]);
    expect(s.players[0]!.score).toBe(-2);
    expect(s.pile).toEqual([c('A1')]);
    expect(s.idle).toBe(1);
    expect(s.turn).toBe(1);
    expect(s.last).toEqual({ player: 0, type: 'trade', score: -2, laid: [], words: [], traded: 1, drawn: 1 });
  });

  it('trades wildcards by their points, whatever meaning is written', () => {
    const rules = smallRules();
    const s0 = withCards(start(rules, ['A', 'B']), [[c('*0'), c('B2')], [c('E3')]], [c('T5'), c('S4')]);
    const s = must(rules, s0, { type: 'trade', player: 0, cards: [c('*E0')] }, words);
    expect(s.players[0]!.hand).toEqual([c('B2'), c('T5')]);
    expect(cardMultiset(s.pile)).toEqual(cardMultiset([c('*0'), c('S4')]));
    expect(s.pile.every((x) => x.meaning === undefined)).toBe(true);
  });

  it('the pile order after a trade comes from the seeded generator (same seed, same order)', () => {
    const rules = smallRules({ handSize: 2 });
    const a = start(rules, ['A', 'B'], 'trade-seed');
    const act: CardwordsAction = { type: 'trade', player: 0, cards: [a.players[0]!.hand[0]!] };
    expect(must(rules, a, act, words)).toEqual(must(rules, start(rules, ['A', 'B'], 'trade-seed'), act, words));
  });
});

describe('moves and the end by going out', () => {
  // (2,2) holds 3 cell points, (3,2) doubles the word; laying 2 cards (N) earns 4.
  const rules = smallRules({ table: { width: 5, height: 5, touchColumn: 2, touchRow: 2, cells: { '2,2': { points: 3 }, '3,2': { wordFactor: 2 } } } });

  it('scores as the seed; the player who lays their last card with the pile empty ends the game', () => {
    const s0 = withCards(start(rules, ['A', 'B']), [[c('A1'), c('T5')], [c('B2'), c('E3')]], []);
    const s = must(rules, s0, { type: 'move', player: 0, cards: [{ col: 2, row: 2, card: c('A1') }, { col: 3, row: 2, card: c('T5') }] }, words);
    // 3 (cell) + (1 + 5) x 2 (word factor) + 4 (bonus for 2 cards)
    expect(s.last).toEqual({ player: 0, type: 'move', score: 19, laid: [{ col: 2, row: 2, card: c('A1') }, { col: 3, row: 2, card: c('T5') }], words: ['AT'], traded: 0, drawn: 0 });
    expect(s.over).toBe(true);
    // A went out: A gains B's 2 + 3, B loses them
    expect(s.end).toEqual({ reason: 'out', out: 0, handPoints: [0, 5], adjustments: [5, -5], winners: [0] });
    expect(s.players.map((p) => p.score)).toEqual([24, -5]);
  });

  it('draws what the pile still holds; the game goes on until a hand is empty', () => {
    const s0 = withCards(start(rules, ['A', 'B']), [[c('A1'), c('T5')], [c('B2'), c('E3')]], [c('S4')]);
    let s = must(rules, s0, { type: 'move', player: 0, cards: [{ col: 2, row: 2, card: c('A1') }, { col: 3, row: 2, card: c('T5') }] }, words);
    expect(s.over).toBe(false);
    expect(s.players[0]!.hand).toEqual([c('S4')]);
    expect(s.pile).toEqual([]);
    expect(s.last!.drawn).toBe(1);
    s = must(rules, s, { type: 'pass', player: 1 }, words);
    // S under A: AS down = 4 (new) + 1 (A, plain) = 5, no bonus for 1 card
    s = must(rules, s, { type: 'move', player: 0, cards: [{ col: 2, row: 3, card: c('S4') }] }, words);
    expect(s.last!.score).toBe(5);
    expect(s.last!.words).toEqual(['AS']);
    expect(s.over).toBe(true);
    expect(s.end).toMatchObject({ reason: 'out', out: 0, handPoints: [0, 5], adjustments: [5, -5] });
    expect(s.players.map((p) => p.score)).toEqual([19 + 5 + 5, -1 - 5]);
  });

  it('negative cards left in a hand raise the score; a wildcard counts its points', () => {
    const r = smallRules({ deck: [c('A1'), c('T5'), c('B-2'), c('*3'), c('E1')] });
    const s0 = withCards(start(r, ['A', 'B']), [[c('A1'), c('T5')], [c('B-2'), c('*3')]], []);
    const s = must(r, s0, { type: 'move', player: 0, cards: [{ col: 2, row: 2, card: c('A1') }, { col: 3, row: 2, card: c('T5') }] }, words);
    expect(s.end).toMatchObject({ handPoints: [0, 1], adjustments: [1, -1] });
  });

  it('reports every reason of an illegal move from the validator and changes nothing', () => {
    const s0 = withCards(start(rules, ['A', 'B']), [[c('A1'), c('T5')], [c('B2'), c('E3')]], [c('S4')]);
    const codes = (cards: unknown) => {
      const e = refused(rules, s0, { type: 'move', player: 0, cards });
      expect(e.code).toBe('illegal-move');
      return e.code === 'illegal-move' ? e.errors.map((x) => x.code) : [];
    };
    expect(codes([])).toEqual(['no-cards']);
    expect(codes([{ col: 2, row: 2, card: c('E3') }])).toEqual(['not-in-hand']);
    expect(codes([{ col: 0, row: 0, card: c('A1') }, { col: 1, row: 0, card: c('T5') }])).toEqual(['start-condition']);
    expect(codes([{ col: 2, row: 2, card: c('A1') }, { col: 4, row: 2, card: c('T5') }])).toEqual(['gap']);
    expect(codes([{ col: 2, row: 2, card: c('A1') }, { col: 3, row: 3, card: c('T5') }])).toEqual(['not-in-line']);
    expect(codes([{ col: 9, row: 2, card: c('A1') }])).toEqual(['off-table']);
    expect(codes([{ col: 2, row: 2, card: c('A1') }])).toEqual(['no-word']);
  });

  it('isStartCell: the cell, or every free cell of the column or row the start condition names; none without one', () => {
    const cells = (start: { touchColumn: number | null; touchRow: number | null }, blocked: number[] = []) => {
      const table = { start, width: 3, cells: Array.from({ length: 9 }, (_, i) => ({ blocked: blocked.includes(i) })) };
      const out: string[] = [];
      for (let row = 0; row < 3; row++) for (let col = 0; col < 3; col++) if (isStartCell(table, col, row)) out.push(`${col},${row}`);
      return out;
    };
    expect(cells({ touchColumn: 1, touchRow: 2 })).toEqual(['1,2']);
    expect(cells({ touchColumn: 1, touchRow: null })).toEqual(['1,0', '1,1', '1,2']);
    expect(cells({ touchColumn: null, touchRow: 0 })).toEqual(['0,0', '1,0', '2,0']);
    expect(cells({ touchColumn: null, touchRow: null })).toEqual([]);
    // a blocked cell of the column takes no card: it was starred ("F3: blocked, the first move must cover this cell")
    expect(cells({ touchColumn: 1, touchRow: null }, [4])).toEqual(['1,0', '1,2']);
  });

  it("a start cell's details word the condition truly: a cell of a column or row is one the first move may touch, not the cell it must cover", () => {
    const coords = new Coords(11, 6);
    const t = translator('en');
    expect(startCellText(t, { touchColumn: 5, touchRow: null }, coords)).toBe('the first move must touch column F');
    expect(startCellText(t, { touchColumn: null, touchRow: 2 }, coords)).toBe(`the first move must touch row ${coords.rowLabel(2)}`);
    expect(startCellText(t, { touchColumn: 5, touchRow: 2 }, coords)).toBe('the first move must cover this cell');
    expect(startCellText(translator('de'), { touchColumn: 5, touchRow: null }, coords)).toBe('der erste Zug muss Spalte F berühren');
  });

  it('refuses unknown words naming them; once the owner adds one, the same move is accepted', () => {
    const store = WordStore.build(['A', 'B', 'E', 'S', 'T'], ['AT', 'BE']);
    const s0 = withCards(start(rules, ['A', 'B']), [[c('A1'), c('T5')], [c('B2'), c('E3')]], [c('S4'), c('S4')]);
    const move = { type: 'move', player: 0, cards: [{ col: 2, row: 2, card: c('T5') }, { col: 3, row: 2, card: c('A1') }] };
    const e = refused(rules, s0, move, (w) => store.has(w));
    expect(e).toMatchObject({ code: 'unknown-words', words: ['TA'] });
    expect(store.add('TA')).toBe(true);
    const s = must(rules, s0, move, store);
    expect(s.last!.words).toEqual(['TA']);
  });

  it('lays a wildcard with its meaning on the table and takes the wildcard from the hand', () => {
    const s0 = withCards(start(rules, ['A', 'B']), [[c('*0'), c('T5')], [c('B2'), c('E3')]], [c('S4'), c('B2')]);
    expect(refused(rules, s0, { type: 'move', player: 0, cards: [{ col: 2, row: 2, card: c('*0') }, { col: 3, row: 2, card: c('T5') }] }).code).toBe('illegal-move');
    const s = must(rules, s0, { type: 'move', player: 0, cards: [{ col: 2, row: 2, card: c('*A0') }, { col: 3, row: 2, card: c('T5') }] }, words);
    expect(s.board.cells[2 * 5 + 2]).toEqual({ char: null, points: 0, meaning: 'A' });
    // 3 + (0 + 5) x 2 + 4
    expect(s.last!.score).toBe(17);
    expect(s.players[0]!.hand).toEqual([c('S4'), c('B2')]);
  });
});

describe('a move\'s words', () => {
  it('a generated move\'s words come in the order the game says the move\'s (the review\'s best beside the move played)', async () => {
    // one rule (mainWordFirst) for the log's words and the review's best: a play tester read
    // "ST, EDS, ATT" and "EDS, ATT, ST" as one move (it was another: its main word EDS)
    const loaded = await sample('samples/english');
    const { rules, store } = loaded;
    const ctx = { table: rules.table, bonus: rules.bonus, store };
    const game = robotGame(loaded, 'word-order', ['good', 'good'], true);
    let compared = 0;
    let crossed = 0;
    for (const s of game.states.slice(0, 12)) {
      if (s.over) continue;
      for (const m of generateMoves(ctx, s.board, s.players[s.turn]!.hand).slice(0, 300)) {
        const r = apply(rules, s, choiceToAction(s.turn, s.board.width, { kind: 'move', move: m, score: m.score }), store);
        if (!r.ok) throw new Error(r.error.message);
        const words = moveWords(ctx, s.board, m);
        expect(words).toEqual(r.state.last!.words);
        compared++;
        if (words.length > 1) crossed++;
      }
    }
    // a real sample: thousands of moves, many with cross words
    expect(compared).toBeGreaterThan(1000);
    expect(crossed).toBeGreaterThan(100);
  });
});

describe('record', () => {
  it('holds the ruleset identity, seed, players and every accepted action', () => {
    const rules = smallRules();
    let s = start(rules, ['Ann', 'Bob'], 'rec');
    s = must(rules, s, { type: 'pass', player: 0 }, words);
    refused(rules, s, { type: 'pass', player: 0 });
    s = must(rules, s, { type: 'pass', player: 1 }, words);
    expect(recordOf(s)).toEqual({ ruleset: rules.ruleset, seed: 'rec', players: ['Ann', 'Bob'], actions: [{ type: 'pass', player: 0 }, { type: 'pass', player: 1 }] });
    expect(rules.ruleset.digest).toMatch(/^[0-9a-f]{16}$/);
    expect(smallRules({ handSize: 3 }).ruleset.digest).not.toBe(rules.ruleset.digest);
  });
});

describe('any action', () => {
  it('leaves the given state as it was, refused or accepted (fast-check over game states)', async () => {
    const tiny = await sample('samples/tiny');
    const games = [0, 1, 2, 3].map((g) => robotGame(tiny, `any-${g}`, (['best', 'casual', 'good'] as const).slice(0, 2 + (g % 2)), true).states);
    const arbCard = fc.oneof(
      fc.constantFrom(...tiny.rules.deck),
      fc.record({ char: fc.constantFrom('A', 'B', 'Q', 'a', ''), points: fc.integer({ min: -3, max: 5 }) }),
      fc.record({ char: fc.constant(null), points: fc.integer({ min: -2, max: 3 }), meaning: fc.constantFrom('A', 'E', 'Z') }),
    );
    const arbAction = fc.oneof(
      fc.record({ type: fc.constant('pass'), player: fc.integer({ min: -1, max: 3 }) }),
      fc.record({ type: fc.constant('trade'), player: fc.integer({ min: 0, max: 2 }), cards: fc.array(arbCard, { maxLength: 5 }) }),
      fc.record({
        type: fc.constant('move'),
        player: fc.integer({ min: 0, max: 2 }),
        cards: fc.array(fc.record({ col: fc.integer({ min: -1, max: 7 }), row: fc.integer({ min: -1, max: 7 }), card: arbCard }), { maxLength: 4 }),
      }),
      fc.anything(),
    );
    let refusedCount = 0;
    fc.assert(
      fc.property(fc.nat(3), fc.nat(100), arbAction, (g, k, action) => {
        const states = games[g]!;
        const s = states[Math.min(k, states.length - 1)]!; // deep-frozen: a mutation would throw
        const before = JSON.stringify(s);
        const r = apply(tiny.rules, s, action, tiny.store);
        expect(JSON.stringify(s)).toBe(before);
        if (!r.ok) {
          refusedCount++;
          expect(typeof r.error.message).toBe('string');
        } else expect(r.state).not.toBe(s);
      }),
      { numRuns: 2000 },
    );
    expect(refusedCount).toBeGreaterThan(1000);
  });
});
