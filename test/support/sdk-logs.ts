// The Colyseus SDK prints its reconnection tries ("[Colyseus reconnection]: will retry in
// 0.4 seconds...") with console.info from timers, for up to 15 tries after a client's server
// went away. A test that kills a server leaves its clients trying after the file ends, and
// vitest fails the whole run when a worker logs while it closes ("EnvironmentTeardownError:
// Closing rpc while onUserConsoleLog was pending", seen once in a clean run, from
// test/game/redis-words.test.ts). No test reads those lines: they are dropped here.
// Once a process: the programs' files share their worker (vitest.config.ts), and this runs
// before each of them.
const MARK = Symbol.for('cardwords.sdkLogsDropped');
const host = console as Console & { [MARK]?: true };
if (!host[MARK]) {
  const info = console.info.bind(console);
  console.info = (...args: unknown[]): void => {
    if (typeof args[0] === 'string' && args[0].startsWith('[Colyseus reconnection]')) return;
    info(...args);
  };
  host[MARK] = true;
}
