// A ruleset's move search is set up when the ruleset loads (server/game/rulesets.ts), on
// the main thread and on the robots' thread, which a game with robots asks to load it at
// the game's creation (robot-pool.ts `prepare`): the first robot move does not pay it.
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parsePosition } from '../../core/games/cardwords/position.js';
import { generateMoves, generatorFor, moveKey, MoveGenerator, MoveList, prepareSearch, searchReady } from '../../core/robots/cardwords/generate.js';
import { bonusMap, makeTable } from '../cardwords/fixtures.js';
import { WordStore } from '../../core/words/store.js';
import { RulesetRegistry } from '../../server/game/rulesets.js';
import { RobotPool } from '../../server/game/robot-pool.js';
import { rulesetChars } from '../../server/words/cache.js';

describe("a ruleset's move search, set up at its load", () => {
  const pools: RobotPool[] = [];
  afterAll(async () => {
    for (const p of pools) await p.close();
  });

  it('is ready once the registry has loaded the ruleset', async () => {
    const reg = await RulesetRegistry.create(['samples/english']);
    const r = await reg.get('english');
    // the same words in a store nobody prepared: not ready (so the check can fail)
    const other = WordStore.build(rulesetChars(r.ruleset), r.ruleset.words.slice(0, 1000));
    expect(searchReady({ table: r.rules.table, bonus: r.rules.bonus, store: other })).toBe(false);
    const ctx = { table: r.rules.table, bonus: r.rules.bonus, store: r.store };
    expect(searchReady(ctx)).toBe(true);
    // the setup's own searches (around one card, and the driver's dozen calls on two boards)
    // leave nothing behind: a mid-game position with two wildcards lists the moves of the
    // JavaScript search in a generator of its own
    const p = parsePosition(readFileSync('bench/cardwords-positions/mid-g1-t5.json', 'utf8'), r.ruleset.table, r.ruleset.canonical);
    const hand = [{ char: null, points: 0 }, { char: null, points: 0 }, ...p.hand.slice(2)];
    const keys = (ms: ReturnType<typeof generateMoves>) => ms.map((m) => `${moveKey(m)}=${m.score}`).sort();
    const reference = new MoveList();
    new MoveGenerator({ wasm: false }).generate(ctx, p.board, hand, { mode: 'all' }, reference);
    const got = generateMoves(ctx, p.board, hand);
    expect(got.length).toBeGreaterThan(100);
    expect(keys(got)).toEqual(keys(reference.moves()));
  });

  it('does the same bounded work on a large table without a start cell as on a small one', async () => {
    const reg = await RulesetRegistry.create(['samples/english']);
    const r = await reg.get('english');
    // no start cell: an empty table has moves everywhere; the setup's search is around one
    // card, so the words it reaches do not grow with the table (and hands of 20 cards are laid out for)
    const reached: number[] = [];
    for (const side of [15, 61]) {
      const store = WordStore.build(rulesetChars(r.ruleset), r.ruleset.words.slice(0, 20_000));
      const ctx = { table: makeTable({ width: side, height: side, cells: {} }), bonus: bonusMap(7), store };
      expect(prepareSearch(ctx, 20), `${side}x${side}`).toBe(true);
      expect(searchReady(ctx, 20)).toBe(true);
      expect(searchReady(ctx, 21)).toBe(false);
      reached.push(generatorFor(store).wordsReached);
    }
    expect(reached[0]).toBeGreaterThan(100);
    expect(reached[1]).toBe(reached[0]);
  });

  it("the robots' thread loads a ruleset when asked, and says whether its search is ready", async () => {
    const pool = new RobotPool(['samples/english', 'samples/tiny'], resolve('dist/robot-worker.js'));
    pools.push(pool);
    expect(await pool.prepare('english')).toBe(true);
    expect(await pool.prepare('tiny')).toBe(true);
    await expect(pool.prepare('klingon')).rejects.toThrow(/no ruleset 'klingon'/);
  });
});
