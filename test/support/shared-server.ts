// One game server for several tests of a file, for tests that need only games of their own
// on it. A start and a stop cost about 1.3 s (the stop waits out the server's 1 s exit timer
// while players are connected, serve.ts), paid once a file instead of once a test.
import { afterAll } from 'vitest';
import { startServer, type ServerProcess } from './game-server.js';

/**
 * Started by the first test that asks for it (`opts` read then), stopped after the file's
 * tests. It carries state from test to test (the earlier tests' games, their robots and
 * stand-ins, their owner decisions): a test on it makes games of its own and must not count
 * or list what is not its own, nor approve a word another test on it could lay. A test that
 * restarts, kills or configures its server starts one of its own.
 */
export function sharedServer(opts: () => Parameters<typeof startServer>[0]): () => Promise<ServerProcess> {
  let srv: Promise<ServerProcess> | undefined;
  afterAll(async () => {
    if (srv) await (await srv).stop();
  });
  return () => (srv ??= startServer(opts()));
}
