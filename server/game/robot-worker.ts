// The Cardwords robots' thread (dist/robot-worker.js): move generation is the heaviest
// work of a busy server, so it runs here, off the event loop that answers players. It holds
// its own copy of the rulesets' word stores (loaded from the same folders and cache) and
// learns approved words from the main thread, in order, before any later request.
import { parentPort, workerData } from 'node:worker_threads';
import { Rng } from '../../core/random.js';
import { Leaves } from '../../core/robots/cardwords/leaves.js';
import { searchReady } from '../../core/robots/cardwords/generate.js';
import { robotAction } from '../../core/robots/cardwords/robot.js';
import { loadLeaves } from '../robots/leaves.js';
import { RulesetRegistry, type LoadedRuleset } from './rulesets.js';
import type { RobotReply, RobotRequest } from './robot-pool.js';

const port = parentPort!;
const registry = await RulesetRegistry.create((workerData as { dirs: string[] }).dirs);
/** The champion's thinking time per move (ms). */
const championMs = (workerData as { championMs?: number }).championMs ?? 1000;

// The champion's learned leave values per ruleset: read from the cache, or learned here in
// the background the first time a champion plays it (it plays with values of 0 meanwhile).
const leaves = new Map<string, Leaves>();
function leavesOf(name: string, r: LoadedRuleset): Leaves {
  let l = leaves.get(name);
  if (!l) {
    leaves.set(name, (l = Leaves.zero()));
    loadLeaves(r.ruleset, r.store).then(
      (loaded) => leaves.set(name, loaded.leaves),
      () => undefined,
    );
  }
  return l;
}

port.on('message', (m: RobotRequest) => {
  void (async () => {
    try {
      const r = await registry.get(m.ruleset);
      if (m.type === 'add') {
        r.store.add(m.word);
        return;
      }
      const ctx = { table: r.rules.table, bonus: r.rules.bonus, store: r.store };
      if (m.type === 'prepare') {
        // loading did the setup (rulesets.ts); this says whether it took
        port.postMessage({ id: m.id, ready: searchReady(ctx, r.rules.handSize) } satisfies RobotReply);
        return;
      }
      const action =
        m.level === 'champion'
          ? robotAction({ ...ctx, deck: r.rules.deck, leaves: leavesOf(m.ruleset, r), champion: { timeMs: championMs, now: () => performance.now() } }, m.view, m.level, Rng.fromSeed(m.seed))
          : robotAction(ctx, m.view, m.level, Rng.fromSeed(m.seed));
      port.postMessage({ id: m.id, action } satisfies RobotReply);
    } catch (e) {
      if (m.type !== 'add') port.postMessage({ id: m.id, error: (e as Error).message } satisfies RobotReply);
    }
  })();
});
