// The hint answer carries the 10 best actions by equity (core/robots/cardwords/equity.ts),
// on a real `cardwords serve` process with a real SDK client.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, until, type ServerProcess } from '../support/game-server.js';
import { copySample, cwCreate, cwJoin, handOf, seatOf } from './cardwords-helpers.js';

let srv: ServerProcess;
beforeAll(async () => {
  srv = await startServer({ args: ['--ruleset', copySample('tiny'), '--rate', '1000', '--robot-delay', '5'] });
});
afterAll(async () => {
  await srv?.stop();
});

it('hint: the best choice, and the top 10 by equity (score + leave), best first, from the seat\'s own hand', async () => {
  const owner = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 1, robots: ['best'], watchers: 1, seed: 'hint-1' });
  const ann = await cwJoin(srv.url, owner.room.roomId, { name: 'Ann' });
  await until(() => ann.state.status === 'playing' && handOf(ann).length > 0, 10_000, 'the start');
  expect(seatOf(ann)).toBe(0);
  const hand = handOf(ann).map((c) => `${c.char ?? ''}${c.points}`).sort();
  ann.room.send('hint', { id: 'h1' });
  const m = await ann.next((x) => x.type === 'hint' && x.payload.id === 'h1');
  const p = m.payload as unknown as { score: number; ranked: Array<{ kind: string; score: number; leave: number; equity: number; kept: Array<{ char: string | null; points: number }> }> };
  expect(p.ranked.length).toBe(10);
  for (let i = 1; i < p.ranked.length; i++) expect(p.ranked[i - 1]!.equity).toBeGreaterThanOrEqual(p.ranked[i]!.equity);
  for (const r of p.ranked) {
    expect(r.equity).toBeCloseTo(r.score + r.leave, 1);
    // what is kept comes out of the seat's own hand
    const left = hand.slice();
    for (const k of r.kept) {
      const i = left.indexOf(`${k.char ?? ''}${k.points}`);
      expect(i).toBeGreaterThanOrEqual(0);
      left.splice(i, 1);
    }
  }
  // the best robot's score is the highest score of any action
  expect(p.score).toBeGreaterThanOrEqual(Math.max(...p.ranked.map((r) => r.score)));
  await ann.leave();
  await owner.leave();
});
