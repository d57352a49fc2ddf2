// Closing VS Code on a human's turn (docs/server.md "Away, leave and endings"), shared by the
// two ways code-server is stopped: SIGTERM to its process group (the end of
// extension.test.ts) and to its main process alone (shutdown.test.ts). A seeded game of an
// SDK player and a robot on the extension's local server, at the player's turn; once
// code-server is stopped, the player was told the server stops, nothing was played for them,
// and a server started again on the data folder gives the seat back as it was.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { CLOSE, STOPPING_MESSAGE } from '../../core/protocol/messages.js';
import { cwCreate, cwJoin, handOf, type CwPlayer } from '../game/cardwords-helpers.js';
import { logRecord, startServer, until } from '../support/game-server.js';

export interface HumanTurn {
  ann: CwPlayer;
  id: string;
  key: string;
  hand: ReturnType<typeof handOf>;
}

/** Ann's game against a casual robot on `url`, after her pass and the robot's reply: her turn. */
export async function onHumanTurn(url: string, owner: string): Promise<HumanTurn> {
  // grace 0: a drop would be played by a stand-in at once, so any drop the stop caused shows
  const ann = await cwCreate(url, { owner, humans: 1, robots: ['casual'], name: 'Ann', grace: 0, seed: 'vscode-stop' });
  const key = (await ann.next((m) => m.type === 'welcome')).payload.key!;
  await until(() => ann.state.status === 'playing' && ann.state.turn === 0 && handOf(ann).length > 0, 15_000, 'the start');
  expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
  await until(() => ann.state.moves === 2 && ann.state.turn === 0, 15_000, "the robot's reply; Ann's turn");
  return { ann, id: ann.room.roomId, key, hand: handOf(ann) };
}

/** The player told that the server stops, with its close code. */
export async function expectStopping(ann: CwPlayer): Promise<void> {
  expect((await ann.next((m) => m.type === 'stopping', 15_000)).payload.message).toBe(STOPPING_MESSAGE);
  await until(() => ann.left !== null, 15_000, 'closed');
  expect(ann.left).toBe(CLOSE.SERVER_STOPPING);
}

/** Nothing played for the player (the log's two actions, no stand-in), and the game back on a server started again on `dataDir`. */
export async function expectGameBack(turn: HumanTurn, dataDir: string, rulesets: string[], owner: string): Promise<void> {
  const log = () => readFileSync(join(dataDir, 'games', `${turn.id}.log`), 'utf8').trim().split('\n').map((l) => logRecord<{ a?: unknown; standIn?: boolean }>(l));
  expect(log().filter((e) => e.a)).toHaveLength(2);
  expect(log().some((e) => e.standIn)).toBe(false);
  const again = await startServer({ dataDir, args: rulesets.flatMap((r) => ['--ruleset', r]) });
  try {
    expect(again.output()).toContain(turn.id);
    expect(again.ownerToken).toBe(owner);
    const back = await cwJoin(again.url, turn.id, { name: 'Ann', key: turn.key });
    await until(() => back.state.status === 'playing' && handOf(back).length > 0, 15_000, 'the game back');
    expect(back.state.moves).toBe(2);
    expect(back.state.turn).toBe(0);
    expect(handOf(back)).toEqual(turn.hand);
    expect(back.state.players[0]!.auto).toBe(false);
    expect(log().some((e) => e.standIn)).toBe(false);
    expect((await back.request('action', { text: 'pass' })).type).toBe('ack');
    await back.request('end');
  } finally {
    await again.stop();
  }
}
