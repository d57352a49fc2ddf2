// The champion robot: static equity, simulation, endgame search (core/robots/cardwords).
import { describe, expect, it } from 'vitest';
import { makeRules } from '../../core/games/cardwords/setup.js';
import type { Card } from '../../core/games/cardwords/types.js';
import { viewOf } from '../../core/games/cardwords/view.js';
import { Rng } from '../../core/random.js';
import { championDecide, positionOfView, type ChampionContext } from '../../core/robots/cardwords/champion.js';
import { endgameSearch } from '../../core/robots/cardwords/endgame.js';
import { rankActions } from '../../core/robots/cardwords/equity.js';
import { moveKey } from '../../core/robots/cardwords/generate.js';
import { LeaveLearner } from '../../core/robots/cardwords/learn.js';
import { Leaves } from '../../core/robots/cardwords/leaves.js';
import { levelPolicy, playGame } from '../../core/robots/cardwords/match.js';
import { chooseAction, type RobotChoice } from '../../core/robots/cardwords/robot.js';
import { greedyChoice } from '../../core/robots/cardwords/simulate.js';
import { sample } from './games.js';
import { boardFrom, bonusMap, card, makeTable, store } from './fixtures.js';

const describeChoice = (c: RobotChoice) => (c.kind === 'move' ? `move ${moveKey(c.move)}` : c.kind === 'trade' ? `trade ${c.cards.length}` : 'pass');

describe('champion', () => {
  it('never plays an illegal move: seeded games on the tiny ruleset, every action checked by the engine', async () => {
    const tiny = await sample('samples/tiny');
    const leaves = new Leaves(new LeaveLearner(tiny.rules, tiny.store, 'tiny', { games: 30, seed: 'legal' }).run());
    const champion = levelPolicy(tiny.rules, tiny.store, 'champion', leaves, { iterations: 6, candidates: 5 });
    const best = levelPolicy(tiny.rules, tiny.store, 'best');
    let moves = 0;
    for (let g = 0; g < 12; g++) {
      // playGame throws when the engine refuses an action
      const final = playGame(tiny.rules, tiny.store, g % 2 ? [champion, best] : [best, champion], `legal-${g}`, (_b, a) => {
        if (a.type === 'move') moves++;
      });
      expect(final.over).toBe(true);
    }
    expect(moves).toBeGreaterThan(50);
  });

  it('with simulation and endgame off, plays the best static equity (and with zero leaves, the highest score)', async () => {
    const tiny = await sample('samples/tiny');
    const leaves = new Leaves(new LeaveLearner(tiny.rules, tiny.store, 'tiny', { games: 30, seed: 'static' }).run());
    const cc: ChampionContext = { table: tiny.rules.table, bonus: tiny.rules.bonus, store: tiny.store, deck: tiny.rules.deck, leaves };
    const policy = levelPolicy(tiny.rules, tiny.store, 'best');
    let checked = 0;
    let differs = 0;
    for (let g = 0; g < 6; g++) {
      playGame(tiny.rules, tiny.store, [policy, policy], `static-${g}`, (before) => {
        const view = viewOf(before, before.turn);
        const pos = positionOfView(view);
        const d = championDecide(cc, pos, Rng.fromSeed('x'), { simulate: false, endgame: false });
        const ranked = rankActions(cc, pos.board, pos.hand, pos.pile, leaves, { unseenPoints: 0 });
        expect(d.how).toBe('static');
        expect(describeChoice(d.choice)).toBe(describeChoice(d.ranked[0]!.choice));
        // the equity of the choice is the top one
        expect(d.ranked[0]!.equity).toBe(Math.max(...ranked.filter((r) => r.choice.kind === 'move').map((r) => r.equity), d.ranked[0]!.equity));
        const zero = chooseAction({ table: cc.table, bonus: cc.bonus, store: cc.store }, pos.board, pos.hand, pos.pile, 'champion', Rng.fromSeed('x'));
        const greedy = greedyChoice(cc, pos.board, pos.hand, pos.pile);
        if (pos.pile > pos.hand.length) expect(zero.score).toBe(greedy.score);
        if (describeChoice(d.choice) !== describeChoice(greedy)) differs++;
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(40);
    // the leaves change some choices
    expect(differs).toBeGreaterThan(0);
  });

  it('simulation is reproducible from the seed with a fixed iteration count', async () => {
    const tiny = await sample('samples/tiny');
    const leaves = new Leaves(new LeaveLearner(tiny.rules, tiny.store, 'tiny', { games: 20, seed: 'sim' }).run());
    const cc: ChampionContext = { table: tiny.rules.table, bonus: tiny.rules.bonus, store: tiny.store, deck: tiny.rules.deck, leaves };
    const best = levelPolicy(tiny.rules, tiny.store, 'best');
    const views: ReturnType<typeof viewOf>[] = [];
    playGame(tiny.rules, tiny.store, [best, best], 'sim-0', (before) => {
      if (before.pile.length > 0) views.push(viewOf(before, before.turn));
    });
    expect(views.length).toBeGreaterThan(3);
    for (const view of views) {
      const run = () => championDecide(cc, positionOfView(view), Rng.fromSeed('same'), { iterations: 8, candidates: 4 });
      const a = run();
      const b = run();
      expect(a.how).toBe('simulation');
      expect(a.iterations).toBe(8);
      expect(describeChoice(a.choice)).toBe(describeChoice(b.choice));
      expect(a.ranked.slice(0, 4).map((r) => r.simulated)).toEqual(b.ranked.slice(0, 4).map((r) => r.simulated));
    }
  });
});

describe('endgame search', () => {
  // A on the table at 2,2; the cell right of it holds 10 points. Words: AX, SXA.
  // Mine: [S 1] [X 3]; the other hand: [Q 10], which no word takes. Pile empty.
  //   AX (X on the 10-point cell) scores 14 and leaves S stuck: 14 - 1 against -10: +23.
  //   SXA (across or down into the A) scores 5 and goes out: 5 + 10 against -10: +25.
  const chars = ['A', 'Q', 'S', 'X'];
  const table = makeTable({ width: 5, height: 5, touchColumn: 2, touchRow: 2, cells: { '3,2': { points: 10 } } });
  const words = store(chars, ['AX', 'SXA']);
  const deck: Card[] = ['A1', 'Q10', 'S1', 'X3'].map(card);
  const rules = makeRules({ name: 'end', chars, deck, table, bonus: bonusMap(2), handSize: 2 });
  const ctx = { table, bonus: rules.bonus, store: words };
  const board = boardFrom(table, { '2,2': 'A1' });

  it('goes out with the lower-scoring move when that wins more; greedy does not', () => {
    const greedy = greedyChoice(ctx, board, [card('S1'), card('X3')], 0);
    expect(greedy.kind === 'move' && greedy.score).toBe(14);
    const r = endgameSearch(ctx, { board, hands: [[card('S1'), card('X3')], [card('Q10')]], pile: [], scores: [0, 0], turn: 0, idle: 0, over: false });
    expect(r.choice.kind).toBe('move');
    // SXA across (0,2 1,2) or down (2,0 2,1)
    if (r.choice.kind === 'move') expect([[10, 11], [2, 7]]).toContainEqual(r.choice.move.tiles.map((t) => t.cell).sort((a, b) => a - b));
    expect(r.value).toBe(25);
  });

  it('the champion uses it with the pile empty and two players', () => {
    const cc: ChampionContext = { ...ctx, deck, leaves: Leaves.zero() };
    const d = championDecide(cc, { board, hand: [card('S1'), card('X3')], pile: 0, handSizes: [2, 1], seat: 0, idle: 0 }, Rng.fromSeed(1), { iterations: 1 });
    expect(d.how).toBe('endgame');
    expect(d.choice.kind === 'move' && d.choice.score).toBe(5);
  });

  it('goes out at once when laying its last card scores and ends the game', () => {
    // Mine: [X 3] only: AX scores 14 and goes out: 14 + 10 against -10 = +34.
    const r = endgameSearch(ctx, { board, hands: [[card('X3')], [card('Q10')]], pile: [], scores: [0, 0], turn: 0, idle: 0, over: false });
    expect(r.value).toBe(34);
    expect(r.choice.kind === 'move' && r.choice.score).toBe(14);
  });
});
