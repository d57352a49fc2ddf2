// The Cardwords robots' thread (dist/robot-worker.js): move generation is the heaviest
// work of a busy server, so it runs here, off the event loop that answers players. It holds
// its own copy of the rulesets' word stores (loaded from the same folders and cache) and
// learns approved words from the main thread, in order, before any later request.
import { parentPort, workerData } from 'node:worker_threads';
import { Rng } from '../../core/random.js';
import { robotAction } from '../../core/robots/cardwords/robot.js';
import { RulesetRegistry } from './rulesets.js';
import type { RobotReply, RobotRequest } from './robot-pool.js';

const port = parentPort!;
const registry = await RulesetRegistry.create((workerData as { dirs: string[] }).dirs);

port.on('message', (m: RobotRequest) => {
  void (async () => {
    try {
      const r = await registry.get(m.ruleset);
      if (m.type === 'add') {
        r.store.add(m.word);
        return;
      }
      const action = robotAction({ table: r.rules.table, bonus: r.rules.bonus, store: r.store }, m.view, m.level, Rng.fromSeed(m.seed));
      port.postMessage({ id: m.id, action } satisfies RobotReply);
    } catch (e) {
      if (m.type === 'choose') port.postMessage({ id: m.id, error: (e as Error).message } satisfies RobotReply);
    }
  })();
});
