// `cardwords serve`: the game server (server/game, docs/server.md).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataDir } from '../../data-dir.js';
import { intOption, parse } from '../args.js';
import { UsageError, type CliIO } from '../io.js';
import type { Command } from './index.js';

const help = `Usage: cardwords serve [options]

The game server: Cardwords and Yatzee rooms over WebSocket (Colyseus), the browser
client and a JSON health endpoint on the same port. Prints the owner's link: only the
owner creates and ends games, approves words and removes players.

Options:
  --port N              TCP port (default 27037, as the original); 0 picks a free port
  --host H              address to listen on (default 127.0.0.1)
  --data DIR            data folder: game logs, owner token (default
                        $CARDWORDS_DATA_DIR, else $XDG_DATA_HOME/cardwords, else
                        ~/.local/share/cardwords)
  --ruleset DIR         a ruleset the server offers to Cardwords games (repeatable;
                        default samples/english); checked at start (errors
                        that stop play are logged), loaded on first use and read
                        once (edits count after a restart); words the owner
                        approves are appended to its <base>.personal.dict
  --public-address A    host:port clients reach this process at (with REDIS_URL;
                        default host:port)
  --max-message-bytes N largest message a client may send (default 8192)
  --rate N              messages a second a client may send on average (default 20)
  --body-timeout MS     an HTTP request body silent this long is dropped (default 5000)
  --max-queued-bytes N  bytes queued for a client that does not read its messages;
                        beyond them its connection is dropped (default 4194304)
  --first-join-timeout MS  a game nobody joined ends after this (default 120000)
  --idle-timeout MS     a game without any action ends after this (default 900000)
  --reconnect-timeout MS   a dropped player's seat is held this long (default 30000)
  --robot-delay MS      pause between two robot actions (default 500)
  --lease-timeout MS    with REDIS_URL: a process's claim on its games lasts this long
                        unrenewed; a dead process's games go to another after it
                        (default 30000)
  --exit-with-stdin     stop when standard input closes (a parent that dies closes
                        it: the VS Code extension runs its local server so)
  --help                this text

Environment: REDIS_URL (several processes share presence, matchmaking and game logs),
CARDWORDS_DATA_DIR and XDG_DATA_HOME (the default --data), CARDWORDS_CACHE_DIR (word
graphs, the Yatzee robot's solved table).
Stop with Ctrl-C (SIGINT) or SIGTERM: unfinished games are kept and come back on the
next start.
`;

/** The project root of the bundle (dist/cli.js) or of the sources (server/cli/commands). */
function projectRoot(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  for (const up of ['..', '../../..']) {
    const root = resolve(here, up);
    if (existsSync(join(root, 'media', 'index.html'))) return root;
  }
  return resolve(here, '..');
}

async function run(argv: string[], io: CliIO): Promise<number> {
  const { values } = parse(
    argv,
    {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      ruleset: { type: 'string', multiple: true },
      'public-address': { type: 'string' },
      'max-message-bytes': { type: 'string' },
      rate: { type: 'string' },
      'first-join-timeout': { type: 'string' },
      'idle-timeout': { type: 'string' },
      'reconnect-timeout': { type: 'string' },
      'robot-delay': { type: 'string' },
      'lease-timeout': { type: 'string' },
      'body-timeout': { type: 'string' },
      'max-queued-bytes': { type: 'string' },
      'exit-with-stdin': { type: 'boolean' },
    },
    false,
  );
  const root = projectRoot();
  const port = intOption(values.port, 'port', 0, 65535, 27037);
  const host = values.host ?? '127.0.0.1';
  const rulesets = (values.ruleset ?? [join(root, 'samples', 'english')]).map((r) => resolve(r));
  for (const r of rulesets) if (!existsSync(r)) throw new UsageError(`--ruleset: no such folder '${r}'`);
  const rate = intOption(values.rate, 'rate', 1, 100_000, 20);
  const { startGameServer, StartError } = await import('../../game/server.js');
  const server = await startGameServer({
    port,
    host,
    dataDir: resolve(values.data ?? dataDir(process.env)),
    rulesets,
    redisUrl: process.env.REDIS_URL || undefined,
    publicAddress: values['public-address'],
    mediaDir: join(root, 'media'),
    limits: {
      maxMessageBytes: intOption(values['max-message-bytes'], 'max-message-bytes', 256, 1024 * 1024, 8192),
      ratePerSecond: rate,
      burst: rate * 2,
      bodyIdleMs: intOption(values['body-timeout'], 'body-timeout', 100, 600_000, 5000),
      maxQueuedBytes: intOption(values['max-queued-bytes'], 'max-queued-bytes', 16 * 1024, 1024 * 1024 * 1024, 4 * 1024 * 1024),
    },
    timeouts: {
      firstJoinMs: intOption(values['first-join-timeout'], 'first-join-timeout', 10, 86_400_000, 120_000),
      idleMs: intOption(values['idle-timeout'], 'idle-timeout', 10, 86_400_000, 900_000),
      reconnectMs: intOption(values['reconnect-timeout'], 'reconnect-timeout', 1000, 86_400_000, 30_000),
      robotDelayMs: intOption(values['robot-delay'], 'robot-delay', 0, 60_000, 500),
    },
    log: (line) => io.err(`${line}\n`),
    leaseMs: intOption(values['lease-timeout'], 'lease-timeout', 300, 3_600_000, 30_000),
  }).catch((e: unknown) => {
    if (!(e instanceof StartError)) throw e;
    // said, and the process ends: what the half-started server holds would keep it running
    io.err(`cardwords serve: ${e.message}\n`);
    process.exit(1);
  });
  io.out(`Cardwords server listening on ${server.url}\n`);
  io.out(`port: ${server.port}\n`);
  if (server.restored.length) io.out(`restored games: ${server.restored.join(' ')}\n`);
  io.out(`Owner link (keep it private): ${server.ownerUrl}\n`);
  await new Promise<void>((resolveStop) => {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      // the stdin watch (--exit-with-stdin) would keep the process alive after the stop: a
      // SIGTERM stopped the games but the process stayed until a second one
      void server.stop().finally(() => {
        if (values['exit-with-stdin']) process.stdin.destroy();
        // Everything is saved and closed now. A seat held for a dropped player keeps
        // Colyseus' reconnection timer alive after its room is gone, which held the process
        // for up to --reconnect-timeout (30 s) after a Ctrl-C: nothing is left to wait for.
        setTimeout(() => process.exit(), 1000).unref();
        resolveStop();
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    if (values['exit-with-stdin']) {
      // the parent's end of the pipe closes when the parent exits, however it exits;
      // nobody is left to wait for a slow stop, so it gets five seconds
      const orphaned = () => {
        stop();
        setTimeout(() => process.exit(0), 5000).unref();
      };
      process.stdin.once('end', orphaned);
      process.stdin.once('close', orphaned);
      process.stdin.on('error', orphaned);
      process.stdin.resume();
    }
  });
  return 0;
}

export const command: Command = { help, run };
