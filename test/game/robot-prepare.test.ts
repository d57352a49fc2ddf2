// A ruleset's move search is set up when the ruleset loads (server/game/rulesets.ts), on
// the main thread and on the robots' thread, which a game with robots asks to load it at
// the game's creation (robot-pool.ts `prepare`): the first robot move does not pay it.
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { searchReady } from '../../core/robots/cardwords/generate.js';
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
    expect(searchReady({ table: r.rules.table, bonus: r.rules.bonus, store: r.store })).toBe(true);
  });

  it("the robots' thread loads a ruleset when asked, and says whether its search is ready", async () => {
    const pool = new RobotPool(['samples/english', 'samples/tiny'], resolve('dist/robot-worker.js'));
    pools.push(pool);
    expect(await pool.prepare('english')).toBe(true);
    expect(await pool.prepare('tiny')).toBe(true);
    await expect(pool.prepare('klingon')).rejects.toThrow(/no ruleset 'klingon'/);
  });
});
