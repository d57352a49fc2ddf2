// The game server's memory with clients that do not read (issue 16; the bound is
// `--max-queued-bytes`, server/game/gate.ts, its test test/game/slow-reader.test.ts).
// `npm run bench -- slow-reader`.
//
// One Yatzee game on a real `cardwords serve` process; N watchers join over a WebSocket
// whose TCP socket then stops reading (test/support/slow-client.ts: unsolicited pongs keep
// the ping timeout away) and each asks Q questions (an unknown message: an error of about
// 200 bytes answers each), far past the kernel's socket buffers (about 4 MiB each on
// loopback). Once the server has gone idle (every question handled), the readers that are
// left read again and take their answers. Figures, with the default bound, with none
// (`--max-queued-bytes` at its 1 GiB maximum) and, as the baseline, with readers that read
// all along: the server's peak memory growth (VmHWM at the end minus VmRSS before the
// questions), per reader, and the readers dropped.
// Env: SLOW_BENCH_READERS (default 1,4), SLOW_BENCH_QUESTIONS (per reader, default 200000).
import { readFileSync } from 'node:fs';
import { Player, startServer } from '../test/support/game-server.js';
import { joinSlowClient, rssMiB, type SlowClient } from '../test/support/slow-client.js';
import { header } from './harness.js';

const READERS = (process.env.SLOW_BENCH_READERS ?? '1,4').split(',').map(Number);
const QUESTIONS = Number(process.env.SLOW_BENCH_QUESTIONS ?? 200_000);
/** The runs: a label, whether the readers stop reading, the server's arguments. */
const MODES: [string, boolean, string[]][] = [
  ['reading (baseline)', false, []],
  ['bound 4 MiB (default)', true, []],
  ['no bound (1 GiB)', true, ['--max-queued-bytes', String(1024 * 1024 * 1024)]],
];

/** CPU clock ticks (user + system) a process has used. */
function cpuTicks(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(f[11]) + Number(f[12]);
}

/** Resolves once the process used (almost) no CPU for half a second: every question is handled. */
async function idle(pid: number): Promise<void> {
  let last = cpuTicks(pid);
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuTicks(pid);
    if (now - last <= 2) return;
    last = now;
  }
}

async function run(readers: number, [mode, stop, args]: [string, boolean, string[]]): Promise<string> {
  const srv = await startServer({ args: ['--rate', '100000', '--reconnect-timeout', '1000', ...args] });
  const slow: SlowClient[] = [];
  try {
    const ann = await Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Ann' });
    await ann.next((m) => m.type === 'welcome');
    for (let i = 0; i < readers; i++) slow.push(await joinSlowClient(srv.url, ann.room.roomId, { watch: true }));
    if (stop) for (const s of slow) s.stopReading();
    await idle(srv.proc.pid!);
    const before = rssMiB(srv.proc.pid!);
    const question = 'q'.repeat(64);
    for (let asked = 0; asked < QUESTIONS; asked += 500) {
      for (const s of slow) for (let i = asked; i < Math.min(QUESTIONS, asked + 500); i++) s.player.room.send(question, { id: i });
      await ann.barrier(); // the server's turn
    }
    await idle(srv.proc.pid!);
    // the readers take what is left for them: all their answers, or the close of a dropped connection
    for (const s of slow) s.socket.resume();
    const answered = await Promise.all(
      slow.map(
        (s) =>
          new Promise<boolean>((resolve) => {
            s.ws.once('close', () => resolve(false));
            s.player.next((m) => m.payload.id === QUESTIONS - 1, 120_000).then(
              () => resolve(true),
              () => resolve(false),
            );
          }),
      ),
    );
    const dropped = answered.filter((a) => !a).length;
    const logged = (srv.output().match(/dropped a connection that does not read/g) ?? []).length;
    const peak = rssMiB(srv.proc.pid!, 'VmHWM');
    const growth = peak - before;
    return `${String(readers).padStart(2)} readers, ${mode.padEnd(21)}: RSS ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB (+${growth.toFixed(0)} MiB, +${(growth / readers).toFixed(1)} MiB a reader); ${dropped} dropped (${logged} in the server's log)`;
  } finally {
    for (const s of slow) s.destroy();
    await srv.stop();
  }
}

async function main(): Promise<void> {
  header(`Game server: clients that do not read (${QUESTIONS} questions of about 200-byte answers each)`);
  for (const n of READERS) for (const mode of MODES) console.log(await run(n, mode));
}

await main();
