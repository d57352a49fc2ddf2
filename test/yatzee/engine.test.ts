import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apply, affordances, isGameOver, newGame, replay, type YatzeeAction, type YatzeeState, type YatzeeErrorCode } from '../../core/games/yatzee/engine.js';
import { CATEGORIES, score } from '../../core/games/yatzee/rules.js';

function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** Applies actions that must succeed. */
function run(state: YatzeeState, ...actions: YatzeeAction[]): YatzeeState {
  for (const a of actions) {
    const r = apply(state, a);
    if (r.error) throw new Error(`${JSON.stringify(a)}: ${r.error.code} ${r.error.message}`);
    state = r.state;
  }
  return state;
}

/** Asserts the action fails with `code` and leaves the (frozen) state as it was. */
function refused(state: YatzeeState, action: YatzeeAction, code: YatzeeErrorCode): void {
  const before = JSON.stringify(state);
  deepFreeze(state);
  const r = apply(state, action);
  expect(r.error?.code).toBe(code);
  expect(r.state).toBeUndefined();
  expect(JSON.stringify(state)).toBe(before);
}

const join = (name: string): YatzeeAction => ({ type: 'join', name });
const thr = (player: string): YatzeeAction => ({ type: 'throw', player });
const hold = (player: string, ...dice: number[]): YatzeeAction => ({ type: 'hold', player, dice });
const release = (player: string, ...dice: number[]): YatzeeAction => ({ type: 'release', player, dice });
const transfer = (player: string, category: (typeof CATEGORIES)[number]): YatzeeAction => ({ type: 'transfer', player, category });

describe('players', () => {
  it('joins up to ten players, names 1..39 characters, unique ignoring case', () => {
    let g = newGame(1);
    for (let i = 0; i < 10; i++) g = run(g, join(`P${i}`));
    expect(g.players.map((p) => p.name)).toEqual(['P0', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9']);
    refused(g, join('Eleven'), 'table-full');
    refused(newGame(1), join(''), 'name-invalid');
    refused(newGame(1), join('   '), 'name-invalid');
    refused(newGame(1), join('x'.repeat(40)), 'name-invalid');
    refused(newGame(1), join('tab\there'), 'name-invalid');
    expect(run(newGame(1), join('y'.repeat(39))).players[0]!.name).toHaveLength(39);
    expect(run(newGame(1), join('  Åse  ')).players[0]!.name).toBe('Åse');
    refused(run(newGame(1), join('Ann')), join('ANN'), 'name-taken');
  });

  it('a player who left closes the sheet (released, as the seed), acts no more, and may join again afresh', () => {
    let g = run(newGame(2), join('Ann'), thr('Ann'), transfer('Ann', 'chance'), { type: 'leave', player: 'Ann' });
    expect(g.players).toHaveLength(0);
    refused(g, thr('Ann'), 'unknown-player');
    g = run(g, join('ann'));
    expect(g.players).toHaveLength(1);
    expect(g.players[0]!.scores[CATEGORIES.indexOf('chance')]).toBeNull();
  });

  it('a player who left frees a seat for an eleventh', () => {
    let g = newGame(3);
    for (let i = 0; i < 10; i++) g = run(g, join(`P${i}`));
    g = run(g, { type: 'leave', player: 'P3' }, join('Eleven'));
    expect(g.players.filter((p) => p.present)).toHaveLength(10);
    refused(g, join('P3'), 'table-full');
    expect(g.players).toHaveLength(10);
  });
});

describe('one round', () => {
  it('allows three throws, then forces the transfer', () => {
    let g = run(newGame(4), join('A'));
    refused(g, transfer('A', 'chance'), 'not-thrown');
    refused(g, hold('A', 0), 'dice-locked');
    g = run(g, thr('A'), thr('A'), thr('A'));
    expect(g.players[0]!.throwsMade).toBe(3);
    refused(g, thr('A'), 'no-throws-left');
    refused(g, hold('A', 1), 'dice-locked');
    const dice = g.players[0]!.dice;
    g = run(g, transfer('A', 'chance'));
    expect(g.players[0]!.scores[CATEGORIES.indexOf('chance')]).toBe(score('chance', dice));
    expect(g.players[0]!.throwsMade).toBe(0);
  });

  it('held dice stay, the others are thrown; a die held earlier can be thrown again', () => {
    let g = run(newGame(5), join('A'), thr('A'), hold('A', 0, 2, 4));
    const first = g.players[0]!.dice;
    let same = true;
    // With three dice held, only dice 1 and 3 may change, whatever the generator does.
    for (let seed = 0; seed < 20 && same; seed++) {
      const h = run({ ...g, rng: newGame(`s${seed}`).rng }, thr('A'));
      const d = h.players[0]!.dice;
      expect([d[0], d[2], d[4]]).toEqual([first[0], first[2], first[4]]);
      if (d[1] !== first[1] || d[3] !== first[3]) same = false;
    }
    expect(same).toBe(false);
    g = run(g, thr('A'), release('A', 0, 2, 4), hold('A', 1));
    expect(g.players[0]!.held).toEqual([false, true, false, false, false]);
    const second = g.players[0]!.dice;
    g = run(g, thr('A'));
    expect(g.players[0]!.dice[1]).toBe(second[1]);
  });

  it('refuses a throw with every die held, and bad dice numbers', () => {
    const g = run(newGame(6), join('A'), thr('A'), hold('A', 0, 1, 2, 3, 4));
    refused(g, thr('A'), 'nothing-to-throw');
    refused(g, hold('A', 5), 'bad-die');
    refused(g, hold('A', -1), 'bad-die');
    refused(g, hold('A', 1.5), 'bad-die');
    refused(g, hold('A'), 'bad-die');
  });

  it('the first throw of a round throws all five dice, whatever was held', () => {
    let g = run(newGame(7), join('A'), thr('A'), hold('A', 0, 1, 2, 3), thr('A'), transfer('A', 'chance'));
    expect(g.players[0]!.held).toEqual([false, false, false, false, false]);
    refused(g, hold('A', 0), 'dice-locked'); // not after a transfer (seed section 8)
    g = run(g, thr('A'));
    expect(g.players[0]!.throwsMade).toBe(1);
  });

  it('refuses a transfer to a filled or unknown category', () => {
    const g = run(newGame(8), join('A'), thr('A'), transfer('A', 'aces'), thr('A'));
    refused(g, transfer('A', 'aces'), 'category-filled');
    refused(g, { type: 'transfer', player: 'A', category: 'bonus' as never }, 'bad-category');
    refused(g, { type: 'fly', player: 'A' } as never, 'bad-action');
  });
});

describe('Undo transfer and Reset dices', () => {
  it('undo restores the situation just before the transfer, throws left included', () => {
    let g = run(newGame(9), join('A'), thr('A'), hold('A', 2));
    const before = g.players[0]!;
    g = run(g, transfer('A', 'fours'));
    g = run(g, { type: 'undoTransfer', player: 'A' });
    const after = g.players[0]!;
    expect(after.scores).toEqual(before.scores);
    expect(after.dice).toEqual(before.dice);
    expect(after.held).toEqual(before.held);
    expect(after.throwsMade).toBe(1);
    g = run(g, thr('A'), thr('A')); // the two throws that were left
    refused(g, thr('A'), 'no-throws-left');
  });

  it('undo only right after a transfer: not twice, not after a throw, not after Reset dices', () => {
    const g = run(newGame(10), join('A'), thr('A'), transfer('A', 'sixes'));
    const undone = run(g, { type: 'undoTransfer', player: 'A' });
    refused(undone, { type: 'undoTransfer', player: 'A' }, 'undo-unavailable');
    refused(run(g, thr('A')), { type: 'undoTransfer', player: 'A' }, 'undo-unavailable');
    const reset = run(g, { type: 'resetDices', player: 'A' });
    expect(reset.players[0]!.dice).toEqual([1, 1, 1, 1, 1]);
    expect(reset.players[0]!.held).toEqual([false, false, false, false, false]);
    refused(reset, { type: 'undoTransfer', player: 'A' }, 'undo-unavailable');
    refused(reset, { type: 'resetDices', player: 'A' }, 'reset-unavailable');
    refused(run(g, thr('A')), { type: 'resetDices', player: 'A' }, 'reset-unavailable');
    refused(run(newGame(10), join('A')), { type: 'resetDices', player: 'A' }, 'reset-unavailable');
    expect(affordances(g.players[0]!)).toEqual({ throw: true, hold: false, transfer: false, undoTransfer: true, resetDices: true });
    expect(affordances(reset.players[0]!)).toEqual({ throw: true, hold: false, transfer: false, undoTransfer: false, resetDices: false });
  });
});

describe('game over, several players at once', () => {
  it('players act in any order; the game is over when every present sheet is full', () => {
    let g = run(newGame('multi'), join('A'), join('B'));
    for (let i = 0; i < CATEGORIES.length; i++) {
      g = run(g, thr('B'), thr('A'), transfer('A', CATEGORIES[i]!));
      expect(isGameOver(g)).toBe(false);
      g = run(g, transfer('B', CATEGORIES[CATEGORIES.length - 1 - i]!));
    }
    expect(isGameOver(g)).toBe(true);
    refused(g, thr('A'), 'sheet-full');
    // The seed lets a player begin after all the others have finished.
    const late = run(g, join('C'));
    expect(isGameOver(late)).toBe(false);
    expect(isGameOver(run(late, { type: 'leave', player: 'C' }))).toBe(true);
    expect(isGameOver(newGame(1))).toBe(false);
  });
});

describe('determinism and records', () => {
  const actionArb = fc.oneof(
    fc.constantFrom('A', 'B', 'C', 'Zed').map((name): YatzeeAction => ({ type: 'join', name })),
    fc.record({ player: fc.constantFrom('A', 'B', 'C'), t: fc.constantFrom('throw', 'undoTransfer', 'resetDices', 'leave') }).map(({ player, t }) => ({ type: t, player }) as YatzeeAction),
    fc.record({ player: fc.constantFrom('A', 'B'), t: fc.constantFrom('hold', 'release'), dice: fc.array(fc.integer({ min: -1, max: 5 }), { maxLength: 3 }) }).map(({ player, t, dice }) => ({ type: t, player, dice }) as YatzeeAction),
    fc.record({ player: fc.constantFrom('A', 'B', 'C'), category: fc.constantFrom(...CATEGORIES) }).map(({ player, category }): YatzeeAction => ({ type: 'transfer', player, category })),
    fc.constant({ type: 'throw', player: 'A' } as YatzeeAction),
  );

  it('any action sequence: errors change nothing, successes replay to the same state', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), fc.array(actionArb, { maxLength: 120 }), (seed, actions) => {
        let state = newGame(seed);
        const applied: YatzeeAction[] = [];
        for (const a of actions) {
          const before = JSON.stringify(state);
          deepFreeze(state);
          const r = apply(state, a);
          expect(JSON.stringify(state)).toBe(before);
          if (r.error) {
            expect(typeof r.error.code).toBe('string');
            continue;
          }
          applied.push(a);
          state = r.state;
          expect(state.moves).toBe(applied.length);
          for (const p of state.players) {
            expect(p.throwsMade).toBeGreaterThanOrEqual(0);
            expect(p.throwsMade).toBeLessThanOrEqual(3);
            expect(p.dice.every((d) => d >= 1 && d <= 6)).toBe(true);
          }
        }
        const again = replay({ seed, actions: applied });
        expect(again.error).toBeUndefined();
        expect(again.state).toEqual(state);
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      }),
      { numRuns: 200 },
    );
  });

  it('the same seed throws the same dice; another seed other dice', () => {
    const dice = (seed: string): number[] => {
      let g = run(newGame(seed), join('A'));
      const out: number[] = [];
      for (let i = 0; i < 5; i++) {
        g = run(g, thr('A'), transfer('A', CATEGORIES[i]!));
        out.push(...g.players[0]!.dice);
      }
      return out;
    };
    expect(dice('x')).toEqual(dice('x'));
    expect(dice('x')).not.toEqual(dice('y'));
  });

  it('replay reports the first illegal action with its index', () => {
    const r = replay({ seed: 1, actions: [join('A'), thr('A'), thr('A'), thr('A'), thr('A')] });
    expect(r.error?.code).toBe('no-throws-left');
    expect(r.error && 'index' in r ? r.index : -1).toBe(4);
  });
});
