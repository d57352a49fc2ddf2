// The game bridge (`cardwords client --stdio`, the real built CLI): JSON lines in and out,
// one response per request line even for garbage, refusals with the engine's message.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { existsSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { Client } from '@colyseus/sdk';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../lines/helpers.js';
import { pidAlive } from '../support/processes.js';
import { tinyRuleset } from '../language/fixtures.js';
import { Player, startServer, until } from '../support/game-server.js';
import { cardwordsRemovable } from '../../core/protocol/game.js';
import { sharedServer } from '../support/shared-server.js';
import { copySample, cwCreate, cwJoin, handOf, seatOf, unknownMove } from '../game/cardwords-helpers.js';
import { translator } from '../../media/ui/l10n/index.js';

let child: ChildProcessWithoutNullStreams | undefined;
let second: ChildProcessWithoutNullStreams | undefined;
/** Every bridge a test started, stopped after it. */
const started: ChildProcessWithoutNullStreams[] = [];

afterEach(() => {
  for (const c of started.splice(0)) c.kill();
  child = undefined;
  second = undefined;
});

// The servers of the tests that need only games of their own on one (test/support/shared-server.ts),
// one for each set of options; a test that restarts, kills or configures its server starts its own.
// Each carries the earlier tests' games (robots and stand-ins playing on, seats held): none of
// these tests counts or lists games not its own, and none approves a word (it would stay in
// the shared ruleset's personal dictionary).
//
// A test's own server is killed (SIGKILL) once the test is done: a stop (SIGTERM) would wait
// out the server's 1 s exit timer while seats are held. The tests about a stop make theirs
// among their steps.
const tinyServer = sharedServer(() => ({ args: ['--ruleset', copySample('tiny')] }));
/** Robots at once (--robot-delay 5); Yatzee games on it ignore the ruleset. */
const fastRobotServer = sharedServer(() => ({ args: ['--ruleset', copySample('tiny'), '--robot-delay', '5'] }));
/** A dropped player's seat held 1 s (the stand-in tests). */
const shortHoldServer = sharedServer(() => ({ args: ['--ruleset', copySample('tiny'), '--reconnect-timeout', '1000'] }));

/** The data folder a local server runs on, named on its command line. */
function dataOf(pid: number): string {
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  return args[args.indexOf('--data') + 1]!;
}

/** A second bridge (another editor). */
function bridge2(env: NodeJS.ProcessEnv = {}) {
  const first = child;
  const b = bridge(env);
  second = child;
  child = first;
  return b;
}

function bridge(env: NodeJS.ProcessEnv = {}) {
  child = spawn(process.execPath, [resolve('dist/cli.js'), 'client', '--stdio'], { env: { ...process.env, CARDWORDS_DATA_DIR: tempDir('cardwords-bridge-'), ...env } });
  started.push(child);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const c = child;
  let calls = 1000;
  return {
    /** Sends one request and answers its result, expecting no error. */
    async call<T = Record<string, unknown>>(method: string, params: unknown = {}): Promise<T> {
      const r = (await this.send(JSON.stringify({ id: ++calls, method, params }))) as { result?: T; error?: { message: string } };
      expect(r.error).toBeUndefined();
      return r.result!;
    },
    /** Sends one request line; answers its response (notifications in between are skipped). */
    async send(line: string): Promise<Record<string, unknown>> {
      c.stdin.write(line + '\n');
      return this.next();
    },
    /** The next response (notifications skipped). */
    async next(): Promise<Record<string, unknown>> {
      for (;;) {
        const next = await lines.next();
        const m = JSON.parse(next.value as string) as Record<string, unknown>;
        if ('id' in m) return m;
      }
    },
    /** Reads on to the first notification `pred` takes (with no request of its own in between). */
    async notification(pred: (m: { method: string; params: Record<string, unknown> }) => boolean): Promise<{ method: string; params: Record<string, unknown> }> {
      for (;;) {
        const next = await lines.next();
        if (next.done) throw new Error('the bridge closed its output');
        const m = JSON.parse(next.value as string) as { method: string; params: Record<string, unknown> };
        if (!('id' in m) && pred(m)) return m;
      }
    },
  };
}

it('answers each request line, refuses bad ones clearly, and plays Lines by the engine', async () => {
  const b = bridge();
  expect(await b.send('not json')).toMatchObject({ id: -1, error: { code: 'parse-error' } });
  expect(await b.send('{"method":"lines/new"}')).toMatchObject({ id: -1, error: { code: 'bad-request' } });
  expect(await b.send(JSON.stringify({ id: 1, method: 'x'.repeat(70_000) }))).toMatchObject({ id: -1, error: { code: 'bad-request', message: expect.stringMatching(/longer than/) } });
  expect(await b.send('{"id":2,"method":"nope"}')).toEqual({ id: 2, error: { code: 'unknown-method', message: 'unknown method nope' } });
  expect(await b.send('{"id":3,"method":"lines/move","params":{"from":0,"to":1}}')).toMatchObject({ id: 3, error: { code: 'refused', message: expect.stringMatching(/no Lines game/) } });
  expect(await b.send('{"id":4,"method":"lines/new","params":{"options":{"minLine":1}}}')).toMatchObject({ id: 4, error: { code: 'refused', message: expect.stringMatching(/-i \(minLine\)/) } });
  const game = (await b.send('{"id":5,"method":"lines/new","params":{"seed":"bridge","options":{"width":3,"height":3}}}')) as { id: number; result: { board: number[]; eligible: boolean } };
  expect(game.id).toBe(5);
  expect(game.result.board.filter((c) => c > 0)).toHaveLength(3);
  expect(game.result.eligible).toBe(false);
  const from = game.result.board.findIndex((c) => c > 0);
  const occupied = game.result.board.findIndex((c, i) => c > 0 && i !== from);
  // every refusal in the web panel's words (media/lines/texts.ts): it said the engine's lower-case
  // "there is no move to take back"; and the action key's on an empty cell, for Emacs to say
  expect(await b.send('{"id":60,"method":"lines/undo"}')).toEqual({ id: 60, error: { code: 'refused', message: 'There is no move to take back.' } });
  expect(game.result).toMatchObject({ emptyRefusal: 'Select a chip first.' });
  expect(await b.send(JSON.stringify({ id: 6, method: 'lines/move', params: { from, to: occupied } }))).toMatchObject({ id: 6, error: { code: 'refused', message: expect.stringMatching(/^Not possible: /) } });
  const hint = (await b.send('{"id":7,"method":"lines/hint"}')) as { result: { hint: { from: number; to: number }; eligible: boolean } };
  expect(game.result.board[hint.result.hint.from]).toBeGreaterThan(0);
  expect(game.result.board[hint.result.hint.to]).toBe(0);
  const moved = (await b.send(JSON.stringify({ id: 8, method: 'lines/move', params: hint.result.hint }))) as { result: { board: number[]; moves: number; moved: string } };
  expect(moved.result.moves).toBe(1);
  // the move's outcome in the web panel's words (media/lines/texts.ts movedText): Emacs said nothing
  const at = (i: number) => `row ${Math.floor(i / 3) + 1}, column ${(i % 3) + 1}`;
  expect(moved.result.moved).toMatch(new RegExp(`^Moved [a-z]+ from ${at(hint.result.hint.from)} to ${at(hint.result.hint.to)}\\. 3 new chips: [a-z]+ at row \\d, column \\d; `));
  expect(moved.result.board[hint.result.hint.from]).toBe(0);
  expect(moved.result.board.filter((c) => c > 0)).toHaveLength(6);
});

it('Lines through the bridge: settings under which no line fits are played, and the view says so', async () => {
  // defect: a 4x4 board with lines of 5 started silently (the original allows it; nothing can ever be removed)
  const b = bridge();
  type View = { result: { warning: string; board: number[] } };
  const hopeless = (await b.send('{"id":1,"method":"lines/new","params":{"seed":"w","options":{"width":4,"height":4,"minLine":5}}}')) as View;
  expect(hopeless.result.board).toHaveLength(16);
  expect(hopeless.result.warning).toBe('No line of 5 fits a 4x4 board: no chip can ever be removed.');
  const fine = (await b.send('{"id":2,"method":"lines/new","params":{"seed":"w","options":{"width":4,"height":4,"minLine":4}}}')) as View;
  expect(fine.result.warning).toBe('');
});

it('Lines through the bridge: after the end a move or a hint is refused in the web panel’s words, and the view has them for the keys', async () => {
  // defect: Emacs said nothing for SPC and H after "Game over"; the sentence is the web panel's (lines.refused.over)
  const b = bridge();
  type View = { result: { board: number[]; over: boolean; overRefusal: string } };
  // 3x1, two chips thrown and two after a move: the first move that removes nothing ends the game
  const start = ((await b.send('{"id":1,"method":"lines/new","params":{"seed":"over","options":{"width":3,"height":1,"minLine":3,"colors":32,"throwCount":2,"firstThrow":2}}}')) as View).result;
  expect(start.overRefusal).toBe('');
  const to = start.board.indexOf(0);
  const from = to === 1 ? 0 : 1;
  const over = ((await b.send(JSON.stringify({ id: 2, method: 'lines/move', params: { from, to } }))) as View).result;
  expect(over.over).toBe(true);
  expect(over.overRefusal).toBe('The game is over.');
  expect(await b.send('{"id":3,"method":"lines/hint"}')).toEqual({ id: 3, error: { code: 'refused', message: 'The game is over.' } });
  expect(await b.send(JSON.stringify({ id: 4, method: 'lines/move', params: { from: to, to: from } }))).toEqual({ id: 4, error: { code: 'refused', message: 'The game is over.' } });
  // undo still takes back the last move
  expect(((await b.send('{"id":5,"method":"lines/undo"}')) as View).result).toMatchObject({ over: false, overRefusal: '' });
});

it('Cardwords through the bridge: a local server in its own process group, the coordinate options, a watcher, the server gone with the bridge', async () => {
  const fx = tinyRuleset();
  try {
    const b = bridge();
    const server = (await b.send(JSON.stringify({ id: 1, method: 'serve', params: { ruleset: fx.dir } }))) as { result: { url: string; owner: string } };
    expect(server.result.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const game = (await b.send(JSON.stringify({ id: 2, method: 'cardwords/create', params: { url: server.result.url, options: { owner: server.result.owner, name: 'me', robots: 1, level: 'casual', seed: 'bridge', watchers: 1 } } }))) as { result: { welcome: { gameId: string; seat: number } } };
    expect(game.result.welcome.seat).toBe(0);
    // The first view may come before the ruleset: the coordinates answer once it is there.
    let coords: { result: { columns: string[]; rows: string[] } };
    const t0 = Date.now();
    do {
      coords = (await b.send(JSON.stringify({ id: 3, method: 'cardwords/coordinates', params: { digitsForColumns: true } }))) as typeof coords;
    } while (coords.result.columns.length === 0 && Date.now() - t0 < 20_000);
    expect(coords.result.columns).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(coords.result.rows).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    // a refusal of the action area in words, as the web panel words it (it was the key: cw.key.notChar 9)
    for (const key of ['C', '5']) expect(((await b.send(JSON.stringify({ id: 5, method: 'cardwords/key', params: { key } }))) as { result: { message: string } }).result.message).toBe('');
    const refused = (await b.send(JSON.stringify({ id: 6, method: 'cardwords/key', params: { key: '#' } }))) as { result: { message: string } };
    expect(refused.result.message).not.toMatch(/^cw\./);
    expect(refused.result.message).toContain('#');
    // a card from C5 misses the start cell: RET would trade, and the preview says why first
    type CwView = { result: { hand: Array<{ text: string }>; columns: string[]; rows: string[]; preview: { text: string; problems: string[] } | null } };
    const before = ((await b.send(JSON.stringify({ id: 7, method: 'cardwords/view' }))) as CwView).result;
    const natural = before.hand.find((c) => !c.text.startsWith('*'))!;
    // the start cell (3,3) in the coordinates the view is drawn in (the options set above)
    const startCell = before.columns[3]! + before.rows[3]!;
    const braced = ((await b.send(JSON.stringify({ id: 8, method: 'cardwords/key', params: { key: natural.text[0]!.toLowerCase() } }))) as CwView).result.preview!;
    expect(braced.text).toMatch(/^Return trades 1 card: -?\d+ points?\.$/);
    expect(braced.problems).toEqual([`The first move must obey the start condition (cover ${startCell}): from here Return trades the cards.`]);
    const rowsUp = (await b.send(JSON.stringify({ id: 4, method: 'cardwords/coordinates', params: { rowsUp: true } }))) as typeof coords;
    expect(rowsUp.result.rows).toEqual(['7', '6', '5', '4', '3', '2', '1']);
    // DEL takes a typed location back key by key, typed digit first (4B) as letter first (B4)
    const area = async (key: string) => ((await b.send(JSON.stringify({ id: 9, method: 'cardwords/key', params: { key } }))) as { result: { message: string; composing: { display: string; mode: string } } }).result;
    for (const [keys, display] of [['4b', '4B'], ['b4', 'B4']] as const) {
      await area(keys[0]!);
      expect((await area(keys[1]!)).composing.display).toMatch(new RegExp(`^\\{?${display}\\}?$`));
      const back = await area('Backspace');
      expect(back.message).toBe('');
      expect(back.composing).toMatchObject({ mode: 'coord', display: `${keys[0]!.toUpperCase()}_` });
      expect((await area('Backspace')).composing.display).toBe('_');
    }
    // A second bridge watches the same game: no seat, no hand.
    const w = bridge2();
    const watch = (await w.send(JSON.stringify({ id: 1, method: 'cardwords/join', params: { url: server.result.url, id: game.result.welcome.gameId, watch: true } }))) as { result: { seat: number; hand: unknown[]; welcome: { role: string } } };
    expect(watch.result.welcome.role).toBe('watcher');
    expect(watch.result.seat).toBe(-1);
    expect(watch.result.hand).toEqual([]);
    // the watcher's Last: a round of every player's moves (it had the robot's alone)
    await b.call('cardwords/pass');
    await expect.poll(async () => (await w.call<{ last: string[] }>('cardwords/view')).last, { timeout: 20_000 }).toEqual(['me: passed for -1', expect.stringMatching(/^Robot1: /)]);
    // The bridge ends (its input closes): the local server's process group goes with it.
    const port = Number(new URL(server.result.url).port);
    child!.stdin.end();
    await expect.poll(async () => fetch(`http://127.0.0.1:${port}/health`).then(() => 'up', () => 'down'), { timeout: 20_000 }).toBe('down');
  } finally {
    fx.remove();
  }
});

it('one local server per ruleset, shared by the games on it: leaving one game stops no server another game uses, and a server whose last game left is gone', async () => {
  const fx = tinyRuleset();
  try {
    const b = bridge();
    let id = 0;
    const call = (method: string, params: unknown = {}) => b.call(method, params);
    const up = (url: string) => fetch(`${url}/health`).then(() => 'up', () => 'down');
    type Served = { url: string; owner: string; pid: number };
    // Yatzee on the local server of no ruleset (the default one)
    const plain = (await call('serve')) as Served;
    await call('yatzee/create', { url: plain.url, owner: plain.owner, name: 'me', robots: 0, seed: 'shared' });
    // a Cardwords game on a ruleset folder: its own server, which plays that ruleset (the
    // tiny one: 7 columns, not the default's 15), and the same server asked again
    const tiny = (await call('serve', { ruleset: fx.dir })) as Served;
    expect(tiny.url).not.toBe(plain.url);
    expect((await call('serve', { ruleset: `${fx.dir}/` })).url).toBe(tiny.url);
    await call('cardwords/create', { url: tiny.url, options: { owner: tiny.owner, name: 'me', robots: 1, level: 'casual', seed: 'shared' } });
    await expect.poll(async () => (await call('cardwords/view')).width, { timeout: 20_000 }).toBe(7);
    expect(pidAlive(tiny.pid) && pidAlive(plain.pid)).toBe(true);
    // each server's games list holds its own kind only: the Yatzee game, a sheet held of 10,
    // taking players; the Cardwords game on the other server
    const list = async (method: string, url: string) => (await call(method, { url })) as unknown as Array<Record<string, unknown>>;
    expect(await list('yatzee/games', plain.url)).toEqual([expect.objectContaining({ kind: 'yatzee', players: 1, robots: 0, maxPlayers: 10, watchers: 20, watching: 0, joinRefusal: null, watchRefusal: null })]);
    expect(await list('cardwords/games', plain.url)).toEqual([]);
    expect(await list('yatzee/games', tiny.url)).toEqual([]);
    expect(await list('cardwords/games', tiny.url)).toEqual([expect.objectContaining({ kind: 'cardwords', players: 1, robots: 1 })]);
    // each server's kept data folder (owner token, game logs), named on its command line
    const tinyData = dataOf(tiny.pid);
    const plainData = dataOf(plain.pid);
    expect(tinyData).toMatch(new RegExp(`/emacs-servers/${basename(fx.dir)}-[0-9a-f]{12}/server$`));
    expect(plainData).toMatch(/\/emacs-servers\/default\/server$/);
    expect(existsSync(tinyData) && existsSync(plainData)).toBe(true);
    // leaving Cardwords (C-c C-q: leave, then stop-server) stops its server, process and all...
    await call('cardwords/leave');
    await call('stop-server');
    await expect.poll(() => pidAlive(tiny.pid), { timeout: 20_000 }).toBe(false);
    expect(await up(tiny.url)).toBe('down');
    // its data folder is kept, and let go (no lock) for the next server on the ruleset
    await expect.poll(() => existsSync(join(tinyData, '..', 'lock')), { timeout: 20_000 }).toBe(false);
    expect(existsSync(tinyData) && existsSync(plainData)).toBe(true);
    // ...and not the one the Yatzee game plays on: it still answers
    expect(pidAlive(plain.pid)).toBe(true);
    await call('yatzee/throw');
    await expect.poll(async () => ((await call('yatzee/view')) as { sheets: Array<{ throwsMade: number }> }).sheets[0]?.throwsMade, { timeout: 20_000 }).toBe(1);
    // the last game on it leaves: that server is gone too, while the bridge runs on
    await call('yatzee/leave');
    await expect.poll(() => pidAlive(plain.pid), { timeout: 20_000 }).toBe(false);
    expect(await up(plain.url)).toBe('down');
    await expect.poll(() => existsSync(join(plainData, '..', 'lock')), { timeout: 20_000 }).toBe(false);
    expect(existsSync(plainData)).toBe(true);
    expect(((await b.send(JSON.stringify({ id: ++id, method: 'lines/scores' }))) as { error?: unknown }).error).toBeUndefined();
  } finally {
    fx.remove();
  }
});

it('a bridge that is killed (SIGKILL: no chance to stop anything) leaves no game server behind; its data folder is kept and the next bridge\'s server uses it; a second bridge at once gets a temporary one', async () => {
  const data = tempDir('cardwords-bridge-data-');
  type Served = { url: string; owner: string; pid: number; kept: boolean; resume: unknown };
  const serve = async (b: ReturnType<typeof bridge>) => ((await b.send(JSON.stringify({ id: 1, method: 'serve', params: {} }))) as { result: Served }).result;
  const b = bridge({ CARDWORDS_DATA_DIR: data });
  const killed = child!;
  const server = await serve(b);
  expect(server).toMatchObject({ kept: true, resume: null });
  const port = Number(new URL(server.url).port);
  expect(await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status)).toBe(200);
  const folder = join(data, 'emacs-servers', 'default', 'server');
  expect(dataOf(server.pid)).toBe(folder);
  // the folder is locked by the bridge and its server
  expect(JSON.parse(readFileSync(join(folder, '..', 'lock'), 'utf8'))).toEqual({ bridge: killed.pid, server: server.pid });
  killed.kill('SIGKILL');
  await expect.poll(async () => fetch(`http://127.0.0.1:${port}/health`).then(() => 'up', () => 'down'), { timeout: 20_000 }).toBe('down');
  await expect.poll(() => pidAlive(server.pid), { timeout: 20_000 }).toBe(false);
  // the folder stays (nobody removes it), its lock naming a bridge that is gone
  expect(existsSync(folder)).toBe(true);
  // the next bridge's server takes the same folder over: the same owner token
  const nextBridge = bridge({ CARDWORDS_DATA_DIR: data });
  const next = await serve(nextBridge);
  expect(next).toMatchObject({ kept: true, owner: server.owner });
  expect(dataOf(next.pid)).toBe(folder);
  expect(JSON.parse(readFileSync(join(folder, '..', 'lock'), 'utf8'))).toEqual({ bridge: child!.pid, server: next.pid });
  // another editor's bridge meanwhile: the folder is held, its server runs on a temporary folder
  const other = await serve(bridge2({ CARDWORDS_DATA_DIR: data }));
  expect(other.kept).toBe(false);
  const otherData = dataOf(other.pid);
  expect(otherData).not.toBe(folder);
  expect(otherData.startsWith(realpathSync(tmpdir())) || otherData.startsWith(tmpdir())).toBe(true);
  expect(readdirSync(join(data, 'emacs-servers'))).toEqual(['default']);
  // that temporary folder goes when its bridge ends
  second!.stdin.end();
  await expect.poll(() => existsSync(otherData), { timeout: 20_000 }).toBe(false);
  expect(existsSync(folder)).toBe(true);
});

it('a Cardwords game on a local server comes back after the bridge is killed: `serve` names the remembered game, `cardwords/resume` takes the seat back (same hand, same table); C-c C-q forgets it', async () => {
  const fx = tinyRuleset();
  try {
    const data = tempDir('cardwords-bridge-data-');
    type Served = { url: string; owner: string; pid: number; kept: boolean; resume: Record<string, unknown> | null };
    type View = { seat: number; turn: number; status: string; moves: number; width: number; message: string; hand: Array<{ text: string }>; board: unknown[]; players: Array<{ name: string; score: number }>; welcome: { gameId: string; owner: boolean; seat: number } | null; log: string[]; last: string[] };
    const client = (b: ReturnType<typeof bridge>) => {
      let id = 0;
      return async (method: string, params: unknown = {}) => {
        const r = (await b.send(JSON.stringify({ id: ++id, method, params }))) as { result?: unknown; error?: { message: string } };
        expect(r.error).toBeUndefined();
        return r.result as never;
      };
    };
    const view = async (call: ReturnType<typeof client>) => (await call('cardwords/view')) as View;
    const ourTurn = (v: View) => v.status === 'playing' && v.width === 7 && v.hand.length === 4 && v.turn === v.seat;
    const call = client(bridge({ CARDWORDS_DATA_DIR: data }));
    const first = (await call('serve', { ruleset: fx.dir })) as Served;
    expect(first).toMatchObject({ kept: true, resume: null });
    await call('cardwords/create', { url: first.url, options: { owner: first.owner, name: 'me', robots: 1, level: 'casual', seed: 'resume' } });
    await expect.poll(async () => ourTurn(await view(call)), { timeout: 30_000 }).toBe(true);
    // one move of ours (the server's hint), then the robot's: our turn again
    const m0 = (await view(call)).moves;
    await call('cardwords/hint');
    await expect.poll(async () => (await view(call)).message, { timeout: 30_000 }).toMatch(/^Hint: /);
    await call('cardwords/submit');
    await expect.poll(async () => {
      const v = await view(call);
      return v.moves >= m0 + 2 && ourTurn(v);
    }, { timeout: 30_000 }).toBe(true);
    const before = await view(call);
    expect(before.board.length).toBeGreaterThan(0);
    // the editor crashes: the bridge is killed, its server stops
    child!.kill('SIGKILL');
    await expect.poll(() => pidAlive(first.pid), { timeout: 20_000 }).toBe(false);
    // a new bridge, the same ruleset: the game is offered...
    const again = client(bridge({ CARDWORDS_DATA_DIR: data }));
    const served = (await again('serve', { ruleset: fx.dir })) as Served;
    expect(served.pid).not.toBe(first.pid);
    expect(served.resume).toMatchObject({ gameId: before.welcome!.gameId, name: 'me', ruleset: basename(fx.dir), robots: 1, state: 'playing' });
    // ...and taken back: the same seat, hand, table and turn, as the owner
    await again('cardwords/resume', { url: served.url });
    await expect.poll(async () => {
      const v = await view(again);
      return ourTurn(v) && v.board.length === before.board.length;
    }, { timeout: 30_000 }).toBe(true);
    const after = await view(again);
    expect(after.welcome).toMatchObject({ gameId: before.welcome!.gameId, owner: true, seat: before.seat });
    expect(after.moves).toBe(before.moves);
    expect(after.hand.map((c) => c.text)).toEqual(before.hand.map((c) => c.text));
    expect(after.board).toEqual(before.board);
    expect(after.players).toEqual(before.players);
    // the game's log and Last: (the robot's move since ours) come back too (Last: was missing)
    await expect.poll(async () => (await view(again)).last, { timeout: 30_000 }).toEqual(before.last);
    expect(before.last).toHaveLength(1);
    expect((await view(again)).log).toEqual(before.log);
    // left on purpose (C-c C-q: leave with forget, stop-server): not offered any more
    await again('cardwords/leave', { forget: true });
    await again('stop-server');
    await expect.poll(() => pidAlive(served.pid), { timeout: 20_000 }).toBe(false);
    expect(((await again('serve', { ruleset: fx.dir })) as Served).resume).toBeNull();
  } finally {
    fx.remove();
  }
});

it('Cardwords hints through the bridge: the server\'s ten best actions, gone through round the list (M-n, M-p) into the composition, a wildcard\'s letter said; stale once a move is made; after the game the review, the best robot\'s moves on the table', async () => {
  const fx = tinyRuleset();
  try {
    // the web test's deal (test/ui/cardwords-defects.test.ts): four wildcards more, a hand with one
    writeFileSync(fx.path('tiny.cardset'), `${readFileSync(fx.path('tiny.cardset'), 'utf8').replace(/^24/, '28').trimEnd()}\n[  0] [  1] [  0] [  2]\n`);
    type View = { seat: number; turn: number; status: string; moves: number; message: string; hand: Array<{ text: string }>; composing: { placed: Array<{ col: number; row: number; char: string; meaning: string }> } | null; unseen: string[] };
    const b = bridge();
    let id = 0;
    const send = async (method: string, params: unknown = {}) => (await b.send(JSON.stringify({ id: ++id, method, params }))) as { result?: unknown; error?: { code: string; message: string } };
    const call = async (method: string, params: unknown = {}) => {
      const r = await send(method, params);
      expect(r.error).toBeUndefined();
      return r.result as never;
    };
    const view = async () => (await call('cardwords/view')) as View;
    const server = (await call('serve', { ruleset: fx.dir })) as { url: string; owner: string; pid: number };
    await call('cardwords/create', { url: server.url, options: { owner: server.owner, name: 'me', robots: 1, level: 'best', seed: 's2' } });
    await expect.poll(async () => {
      const v = await view();
      return v.status === 'playing' && v.hand.length === 4 && v.turn === v.seat;
    }, { timeout: 30_000 }).toBe(true);
    expect((await send('cardwords/hint-step', { delta: 1 })).error).toMatchObject({ code: 'refused', message: expect.stringMatching(/ask for a hint first/) });
    expect((await send('cardwords/review', { step: 0 })).error).toEqual({ code: 'refused', message: 'the review comes after the game' });
    for (const delta of [2, 0, '1', null]) expect((await send('cardwords/hint-step', { delta })).error).toEqual({ code: 'bad-request', message: 'delta: 1 or -1' });
    // RET is the web panel's Return: with a location half typed it is refused (it passed)
    type Previewed = { preview: { text: string } | null; message: string };
    expect(((await call('cardwords/key', { key: '1' })) as Previewed).preview?.text).toBe('The location 1 is not complete: a letter and a number.');
    const held = (await call('cardwords/submit')) as Previewed;
    expect(held.message).toBe('The location 1 is not complete: a letter and a number.');
    expect(held.preview).toBeNull(); // said once
    await call('cardwords/key', { key: 'Escape' });
    // C-c C-s then RET, twice, before the hint comes (the game server stopped meanwhile, a
    // slow one): RET is refused each time, saying the hint is coming (the empty area passed)
    process.kill(server.pid, 'SIGSTOP');
    try {
      await call('cardwords/hint');
      for (let k = 0; k < 2; k++) expect(((await call('cardwords/submit')) as View).message).toBe('The hint is on its way: Return acts once it is in the action area.');
    } finally {
      process.kill(server.pid, 'SIGCONT');
    }
    await expect.poll(async () => (await view()).message, { timeout: 30_000 }).toMatch(/^Hint: /);
    expect((await view()).moves).toBe(0);
    // a RET the editor ran before it showed the view with the hint (typed ahead: `seen` is the
    // count of hints of the last view shown) is refused, once; with the hint seen it would play
    const loaded = ((await view()) as unknown as { hintsLoaded: number }).hintsLoaded;
    expect(loaded).toBeGreaterThan(0);
    expect(((await call('cardwords/submit', { seen: loaded - 1 })) as View).message).toBe('The hint came as you typed RET: it is in the area now, RET plays it');
    expect((await view()).moves).toBe(0);
    expect((await send('cardwords/submit', { seen: -1 })).error).toMatchObject({ code: 'bad-request' });
    // asked again, and a key typed before it comes: the typing is kept, the hint waits for M-n
    process.kill(server.pid, 'SIGSTOP');
    try {
      await call('cardwords/hint');
      await call('cardwords/key', { key: 'Escape' });
      await call('cardwords/key', { key: '1' });
    } finally {
      process.kill(server.pid, 'SIGCONT');
    }
    await expect.poll(async () => (await view()).message, { timeout: 30_000 }).toBe("The robot's 10 best actions are ready, your move kept: M-n puts the first in the area");
    expect(((await view()) as unknown as { composing: { buffer: string } }).composing.buffer).toBe('1');
    expect(((await call('cardwords/hint-step', { delta: 1 })) as View).message).toMatch(/^Hint: .*\(1 of 10: M-n, M-p\)$/);
    await call('cardwords/key', { key: 'Escape' });
    await call('cardwords/hint');
    await expect.poll(async () => (await view()).message, { timeout: 30_000 }).toMatch(/^Hint: /);
    const first = await view();
    const n = Number(/\(1 of (\d+): M-n, M-p\)$/.exec(first.message)?.[1]);
    expect(n).toBe(10);
    // every step loads another of the ten, in order and round the list; each line says where a wildcard stands
    const seen = [first];
    for (let k = 2; k <= n; k++) {
      const v = (await call('cardwords/hint-step', { delta: 1 })) as View;
      expect(v.message).toMatch(new RegExp(`^Hint: .*\\(${k} of ${n}: M-n, M-p\\)$`));
      seen.push(v);
    }
    expect(((await call('cardwords/hint-step', { delta: 1 })) as View).message).toBe(first.message);
    expect(((await call('cardwords/hint-step', { delta: -1 })) as View).message).toBe(seen[n - 1]!.message);
    const key = (v: View) => JSON.stringify(v.composing?.placed ?? []);
    expect(new Set(seen.map(key)).size).toBe(n);
    expect(new Set(seen.map((v) => v.message.replace(/ \(\d+ of \d+.*$/, ''))).size).toBe(n);
    // each line gives the equity the ranking goes by (a lower score may come first), highest first
    const equities = seen.map((v) => Number(/ for -?\d+, equity (-?\d+\.\d); RET plays it /.exec(v.message)?.[1]));
    expect(equities.every((e) => Number.isFinite(e))).toBe(true);
    expect(equities).toEqual(equities.slice().sort((a, b) => b - a));
    expect(seen.filter((v) => v.message.startsWith('Hint: move TEES (wildcard at letter ')).map((v) => v.message.replace(/ \(\d+ of \d+.*$/, '')).sort()).toEqual(['Hint: move TEES (wildcard at letter 2) for 12, equity 12.0; RET plays it', 'Hint: move TEES (wildcard at letter 3) for 12, equity 12.0; RET plays it']);
    for (const v of seen) {
      const wild = (v.composing?.placed ?? []).flatMap((p, i) => (p.char === '' ? [i + 1] : []));
      // the first move: its word is its cards in order, so the wildcard's letter is its card's place
      if (wild.length > 0) expect(v.message).toContain(`(wildcard at letter ${wild.join(', ')})`);
      else expect(v.message).not.toContain('wildcard');
    }
    expect(seen.filter((v) => v.message.startsWith('Hint: move TEES (wildcard at letter ')).length).toBe(2);
    // the chosen one is played; the list was for the table before it
    await call('cardwords/hint-step', { delta: 1 });
    const chosen = (await view()).composing!.placed;
    await call('cardwords/submit');
    await expect.poll(async () => (await view()).moves, { timeout: 30_000 }).toBeGreaterThan(0);
    expect((await send('cardwords/hint-step', { delta: 1 })).error).toMatchObject({ code: 'refused' });
    expect(chosen.length).toBeGreaterThan(0);
    // on to the end, each of our turns the hint's: the log then carries the review (the best
    // robot's choice beside each of our turns, as the web panel's), asked for when the game is over
    type Ended = View & { log: string[]; results: unknown };
    for (let turn = 0; ; turn++) {
      expect(turn).toBeLessThan(30);
      let v = (await view()) as Ended;
      await expect.poll(async () => {
        v = (await view()) as Ended;
        return v.status === 'over' || (v.turn === v.seat && v.status === 'playing');
      }, { timeout: 30_000 }).toBe(true);
      if (v.status === 'over') break;
      const m = v.moves;
      await call('cardwords/hint');
      await expect.poll(async () => (await view()).message, { timeout: 30_000 }).toMatch(/^Hint: /);
      await call('cardwords/submit');
      await expect.poll(async () => (await view()).moves, { timeout: 30_000 }).toBeGreaterThan(m);
    }
    await expect.poll(async () => ((await view()) as Ended).log.some((l) => l.includes(' · The best robot here: ')), { timeout: 30_000 }).toBe(true);
    const log = ((await view()) as Ended).log;
    // one line per turn of the game, every one, and the end's (the web panel's words)
    expect(log).toHaveLength((await view()).moves + 1);
    expect(log[log.length - 1]).toMatch(/^The game is over\. Winner: /);
    const ours = log.filter((l) => l.startsWith('me: '));
    expect(ours.length).toBeGreaterThan(1);
    // every turn of ours has the best robot's choice beside it, the robot's turns none
    for (const l of ours) expect(l).toMatch(/^me: .* for -?\d+ · The best robot here: (.+ at [0-9A-Z]+ \(-?\d+\)|a trade \(-?\d+\)|a pass \(-?\d+\))$/);
    // from the seed: the best robot's words with where its wildcards stand and where it goes, as the web panel's review says
    expect(ours).toEqual([
      'me: BETS for 12 · The best robot here: BETS (wildcard at letter 1) at 4D (12)',
      'me: BEAST for 9 · The best robot here: BEAST (wildcards at letters 1, 4) at 6A (9)',
      'me: TEES for 6 · The best robot here: TEES at B4 (6)',
      'me: NAB for 6 · The best robot here: NAB (wildcard at letter 2) at 1E (6)',
      'me: passed for -1 · The best robot here: a pass (-1)',
    ]);
    expect(log.filter((l) => l.startsWith('Robot1: ')).every((l) => !l.includes('best robot'))).toBe(true);
    // the review steps through the turns ([ and ] in Emacs): the table after each, its cards
    // ringed; with `best` (b) the table before a person's turn with the best robot's move on it
    type Cell = { col: number; row: number; char: string; points: number; meaning: string };
    type Reviewed = View & { board: Cell[]; log: string[]; review: { step: number | null; of: number; best: boolean; bestMissing: string; ringed: Array<{ col: number; row: number }> } | null };
    const final = (await view()) as Reviewed;
    // `bestMissing`: why b has nothing to lay on the table at the step shown, the web panel's words
    const missing = { final: translator('en')('cw.review.noBest.final'), robot: translator('en')('cw.review.noBest.robot'), noCards: translator('en')('cw.review.noBest.noCards') };
    expect(final.review).toEqual({ step: null, of: final.moves, best: false, bestMissing: missing.final, ringed: [] });
    // b on the final table says why, as the web panel's b, and turns nothing on (it showed nothing)
    const finalBest = (await call('cardwords/review', { best: true })) as Reviewed;
    expect(finalBest.message).toBe(missing.final);
    expect(finalBest.review).toMatchObject({ step: null, best: false });
    const cells = (cs: Array<{ col: number; row: number }>) => cs.map((c) => `${c.col},${c.row}`).sort();
    const opening = (await call('cardwords/review', { step: 0 })) as Reviewed;
    expect(opening.review).toMatchObject({ step: 0, best: false, bestMissing: '' });
    // the first move's table holds its cards alone, all ringed
    expect(cells(opening.board)).toEqual(cells(opening.review!.ringed));
    expect(opening.board.map((c) => c.char || c.meaning.toLowerCase()).join('')).toBe('bETS');
    // with the hand it was chosen from (a wildcard, as the web panel's review shows it)
    const handThen = / · me's hand before the turn: (\[[^\]]+\] )*\[[^\]]+\]$/;
    expect(opening.message.replace(handThen, '')).toBe(`Turn 1 of ${final.moves}: ${ours[0]}`);
    expect(opening.message).toMatch(handThen);
    expect(opening.message).toContain('[* 0]');
    // the unseen cards as they were after that turn: the later turns' cards not seen yet then
    expect(opening.unseen.length).toBeGreaterThan(final.unseen.length);
    // the hand left at the end is not the turn's: none is shown (as the web panel)
    expect(opening.hand).toEqual([]);
    const best = (await call('cardwords/review', { best: true })) as Reviewed;
    // the best robot's BETS at 4D, its wildcard the B: the same cells as mine here, the B a wildcard
    expect(best.board.map((c) => `${c.char || `(${c.meaning})`}${c.points}`)).toEqual(['(B)0', 'E1', 'T-1', 'S1']);
    expect(cells(best.review!.ringed)).toEqual(cells(best.board));
    expect(best.message.replace(handThen, '')).toBe(`Turn 1 of ${final.moves}: the table before it, with the best robot's move (b shows the turn): ${ours[0]}`);
    // the position chosen in: the empty table, so the four cards laid were unseen too (my hand then the same size)
    expect(best.unseen.length).toBe(opening.unseen.length + opening.board.length);
    // the robot's turn has none: it shows itself, the choice kept for the next person's turn
    const robot = (await call('cardwords/review', { step: 1 })) as Reviewed;
    expect(robot.review).toMatchObject({ step: 1, best: true, bestMissing: missing.robot });
    // and says why under the step, as the web panel's line there
    expect(robot.message).toMatch(new RegExp(`^Turn 2 of ${final.moves}: Robot1: `));
    expect(robot.message.endsWith(` · ${missing.robot}`)).toBe(true);
    // b there says why and changes nothing: the choice stays for the next person's turn
    // (the turn's line stays, the reason after it: it was the reason alone)
    const robotBest = (await call('cardwords/review', { best: false })) as Reviewed;
    expect(robotBest.message).toBe(robot.message);
    expect(robotBest.review).toMatchObject({ step: 1, best: true });
    expect(robot.board.length).toBe(opening.board.length + robot.review!.ringed.length);
    const second = (await call('cardwords/review', { step: 2 })) as Reviewed;
    // the table before my second turn (both first turns' cards) with the best robot's BEAST at 6A
    expect(second.board.length).toBe(robot.board.length + second.review!.ringed.length);
    expect(second.message).toContain(`the best robot's move (b shows the turn): ${ours[1]}`);
    const back = (await call('cardwords/review', { step: null, best: false })) as Reviewed;
    expect(back.review).toEqual({ step: null, of: final.moves, best: false, bestMissing: missing.final, ringed: [] });
    // my pass: the best robot passes too, no cards to lay
    const passed = (await call('cardwords/review', { step: back.log.findIndex((l) => l.startsWith('me: passed')) })) as Reviewed;
    expect(passed.review?.bestMissing).toBe(missing.noCards);
    // b there: the turn's line stays, why after it (it read the reason alone)
    const passedBest = ((await call('cardwords/review', { best: true })) as Reviewed).message;
    expect(passedBest).toMatch(new RegExp(`^Turn \\d+ of ${final.moves}: me: passed for -1 · `));
    expect(passedBest.endsWith(` · ${missing.noCards}`)).toBe(true);
    await call('cardwords/review', { step: null });
    expect(back.hand).toEqual(final.hand);
    expect(cells(back.board)).toEqual(cells(final.board));
    expect(back.message).toBe('The final table ([ and ] step through the turns)');
    for (const params of [{ step: -1 }, { step: final.moves }, { step: 0.5 }, { step: '1' }]) expect((await send('cardwords/review', params)).error).toEqual({ code: 'bad-request', message: `step: 0 to ${final.moves - 1}, or null for the final table` });
    expect((await send('cardwords/review', { best: 'yes' })).error).toEqual({ code: 'bad-request', message: 'best: true or false' });
    // [ and ] as deltas (the bridge steps as the web panel): back from the final table to the
    // last turn, not before the first; on from the last turn to the final table, which stays
    const stepped = async (delta: number) => ((await call('cardwords/review', { delta })) as Reviewed).review!.step;
    expect(await stepped(-1)).toBe(final.moves - 1);
    expect(await stepped(1)).toBe(null);
    expect(await stepped(1)).toBe(null);
    for (let k = 0; k < final.moves; k++) await stepped(-1);
    expect(await stepped(-1)).toBe(0);
    expect(await stepped(1)).toBe(1);
    for (const params of [{ delta: 2 }, { delta: '1' }, { delta: 1, step: 0 }]) expect((await send('cardwords/review', params)).error).toEqual({ code: 'bad-request', message: 'delta: 1 or -1, and no step with it' });
    // the coordinate options rename the places of the log and of the turn shown
    const renamed = (await call('cardwords/review', { step: 0, best: true })) as Reviewed;
    expect(renamed.message).toContain(' at 4D (12)');
    const digits = (await call('cardwords/coordinates', { digitsForColumns: true })) as Reviewed;
    expect(digits.message).not.toContain(' at 4D ');
    expect(digits.message.replace(handThen, '')).toMatch(/^Turn 1 of \d+: the table before it, with the best robot's move \(b shows the turn\): me: BETS for 12 · The best robot here: BETS \(wildcard at letter 1\) at \S+ \(12\)$/);
    expect(digits.log[0]).toBe(digits.message.replace(handThen, '').replace(/^.*?\): /, ''));
    await call('cardwords/coordinates', {});
    // someone who comes after the end (here the owner, watching) gets the review at once
    const late = bridge();
    const gameId = ((await view()) as View & { welcome: { gameId: string } }).welcome.gameId;
    expect(await late.send(JSON.stringify({ id: 1, method: 'cardwords/join', params: { url: server.url, id: gameId, watch: true, owner: server.owner } }))).toMatchObject({ result: { welcome: { role: 'watcher' } } });
    await expect.poll(async () => ((await late.send(JSON.stringify({ id: 2, method: 'cardwords/view' }))) as { result: Reviewed }).result.review?.of, { timeout: 30_000 }).toBe(final.moves);
    const lateView = ((await late.send(JSON.stringify({ id: 3, method: 'cardwords/review', params: { step: 0, best: true } }))) as { result: Reviewed }).result;
    // a watcher after the end sees the hand too (the game is over: no secret left)
    expect(lateView.message).toBe(`Turn 1 of ${final.moves}: the table before it, with the best robot's move (b shows the turn): ${ours[0]} · me's hand before the turn: [S 1] [* 0] [E 1] [T -1]`);
    expect(lateView.board.map((c) => `${c.char || `(${c.meaning})`}${c.points}`)).toEqual(['(B)0', 'E1', 'T-1', 'S1']);
  } finally {
    fx.remove();
  }
});

type YatzeeView = {
  hints: boolean;
  categories: { id: string }[];
  sheets: { name: string; scores: (number | null)[]; dice: number[]; throwsMade: number; phase: string; total: number; bonus: string }[];
  mine: {
    suggestion: string | null;
    hint: { expectedFinal: number; categories: (number | null)[]; best: string | null; keep: { dice: number[]; positions: number[]; transferNow: boolean; expected: number } | null; now: number | null } | null;
    hintError: string;
  } | null;
};

it('Yatzee hints through the bridge: the server\'s expected values for your open categories only, the best hold, and off again', async () => {
  const b = bridge();
  let id = 0;
  const call = async (method: string, params: unknown = {}) => {
    const r = (await b.send(JSON.stringify({ id: ++id, method, params }))) as { result?: YatzeeView; error?: unknown };
    expect(r.error).toBeUndefined();
    return r.result!;
  };
  const server = (await b.send(JSON.stringify({ id: ++id, method: 'serve' }))) as { result: { url: string; owner: string } };
  const created = await call('yatzee/create', { url: server.result.url, owner: server.result.owner, name: 'me', robots: 1, seed: 'bridge-hints', hints: true });
  expect(created.hints).toBe(true);
  expect((await b.send(JSON.stringify({ id: ++id, method: 'yatzee/hints', params: {} }))).error).toMatchObject({ code: 'bad-request' });
  /** Polls the view until your sheet has thrown `throws` times and the hint of that throw is in. */
  const hinted = async (throws: number) => {
    let view: YatzeeView | undefined;
    await expect.poll(async () => {
      view = await call('yatzee/view');
      const me = view.sheets.find((s) => s.name === 'me');
      return me?.phase === 'thrown' && me.throwsMade === throws && view.mine?.hint?.keep != null;
    }).toBe(true);
    return view!;
  };
  await call('yatzee/throw');
  const first = await hinted(1);
  const me = first.sheets.find((s) => s.name === 'me')!;
  // nothing written yet: the bonus balance is 0, written as the web sheet writes it (no sign)
  expect(me.bonus).toBe('0');
  const hint = first.mine!.hint!;
  expect(hint.expectedFinal).toBeGreaterThan(100); // the optimal robot's mean is about 248
  expect(hint.expectedFinal).toBeLessThan(400);
  // every category open: each has its expected final score; the best is the suggestion
  expect(hint.categories).toHaveLength(15);
  for (const v of hint.categories) expect(v).toEqual(expect.any(Number));
  expect(first.mine!.suggestion).toBe(hint.best);
  // the best hold: some of the dice thrown, worth at least what transferring now is worth
  const rest = [...me.dice];
  for (const d of hint.keep!.dice) expect(rest.splice(rest.indexOf(d), 1)).toEqual([d]);
  // and the dice to hold by place (the keys 1-5 name places): those dice show those faces
  expect(hint.keep!.positions.map((i) => me.dice[i]).sort()).toEqual([...hint.keep!.dice].sort());
  expect(hint.keep!.expected).toBeGreaterThanOrEqual(Math.max(...(hint.categories as number[])) - 1e-9);
  // the expectation for these dice is the best hold's (the line leads with it)
  expect(hint.now).toBe(hint.keep!.expected);
  // the robot's sheet carries no hint: hints are your sheet's alone
  expect(JSON.stringify(first.sheets)).not.toMatch(/expected|hint/i);
  // transfer to the hint's best, throw again: the filled category has no expected value
  const filled = first.categories.findIndex((c) => c.id === hint.best);
  await call('yatzee/transfer');
  await expect.poll(async () => (await call('yatzee/view')).sheets.find((s) => s.name === 'me')!.scores[filled]).toEqual(expect.any(Number));
  await call('yatzee/throw');
  const second = (await hinted(1)).mine!.hint!;
  expect(second.categories[filled]).toBeNull();
  expect(second.categories.filter((v) => typeof v === 'number')).toHaveLength(14);
  // off: no hint in the view; on again: it is asked again
  const off = await call('yatzee/hints', { on: false });
  expect(off.hints).toBe(false);
  expect(off.mine!.hint).toBeNull();
  expect((await call('yatzee/view')).mine!.hint).toBeNull();
  await call('yatzee/hints', { on: true });
  expect((await hinted(1)).mine!.hint!.categories[filled]).toBeNull();
});

it('the move preview through the bridge says which words the dictionary lacks, asked of the server (the web panel\'s sentence, among the problems the editor draws in the warning face)', async () => {
  const b = bridge();
  type View = { status: string; turn: number; hand: Array<{ text: string }>; preview: { text: string; details: string[]; problems: string[] } | null };
  let id = 0;
  const call = async (method: string, params: unknown = {}) => ((await b.send(JSON.stringify({ id: ++id, method, params }))) as { result: View }).result;
  const server = (await b.send(JSON.stringify({ id: ++id, method: 'serve', params: { ruleset: copySample('tiny') } }))) as { result: { url: string; owner: string } };
  await call('cardwords/create', { url: server.result.url, options: { owner: server.result.owner, name: 'me', robots: 1, level: 'best', seed: 's2' } });
  await expect.poll(async () => (await call('cardwords/view')).hand.length).toBe(4);
  const view = await call('cardwords/view');
  expect(view.turn).toBe(0);
  // two natural cards of the hand that spell no word of tiny.dict, laid from the start cell
  const dict = new Set(readFileSync(join(copySample('tiny'), 'tiny.dict'), 'utf8').split('\n').map((w) => w.trim().toUpperCase()));
  const cards = view.hand.map((c) => c.text).filter((c) => !c.startsWith('*'));
  const two = cards.flatMap((x, i) => cards.filter((_, k) => k !== i).map((y) => [x, y] as const)).find(([x, y]) => !dict.has(x[0]! + y[0]!))!;
  const pair = two[0][0]! + two[1][0]!;
  expect(pair).toMatch(/^[A-Z]{2}$/);
  // a letter the hand holds twice is told apart by its points ("Which N?"), as typed in the web panel
  const keys = (card: string) => (cards.filter((c) => c[0] === card[0]).length > 1 ? [card[0]!, ...card.slice(2)] : [card[0]!]);
  for (const key of ['D', '4', ...keys(two[0]), ...keys(two[1])]) await call('cardwords/key', { key });
  await expect.poll(async () => (await call('cardwords/view')).preview?.problems).toEqual([`${pair}: not in the dictionary. You are the owner: playing the move asks you to add it.`]);
  expect((await call('cardwords/view')).preview).toMatchObject({ text: expect.stringMatching(/^This move scores -?\d+ points?\.$/), details: [expect.stringMatching(new RegExp(`^${pair}: `))] });
  // played: the owner (the bridge's own player) is asked, and rejects it; said as the web page
  // logs it to the owner, in the first person (it said "The owner rejected" to the owner, then
  // "Rejected: TE.", and Emacs's echo "TE rejected"): the answer carries Emacs's echo, the same words
  await call('cardwords/submit');
  await b.notification((m) => m.method === 'cardwords/word-request');
  // the message says it, not the preview again under it (said twice while the question was open)
  expect(await call('cardwords/view')).toMatchObject({ message: `${pair} is not in the dictionary: answer y or n (you are the owner)`, preview: { problems: [] } });
  expect(await call('cardwords/words', { words: [pair], approve: false })).toEqual({ said: `You rejected ${pair}.` });
  await expect.poll(async () => ((await call('cardwords/view')) as unknown as { message: string }).message).toBe(translator('en')('cw.word.rejected.own', pair));
  expect(translator('en')('cw.word.rejected.own', pair)).toBe(`You rejected ${pair}.`);
  // logged as the owner's web page logs it: the owner's log read "The owner rejected" (an
  // approval "The owner approved GISK: you may play it again."), as if to another player
  expect(((await call('cardwords/view')) as unknown as { log: string[] }).log.at(-1)).toBe(`You rejected ${pair}.`);
  // another word the dictionary lacks, left unanswered when the owner ends the game: the end
  // says it waits for the owner's next game of the ruleset (nothing did), in the web page's words
  await call('cardwords/key', { key: 'Escape' });
  const other = cards.flatMap((x, i) => cards.filter((_, k) => k !== i).map((y) => [x, y] as const)).find(([x, y]) => x[0]! + y[0]! !== pair && !dict.has(x[0]! + y[0]!))!;
  const word = other[0][0]! + other[1][0]!;
  for (const key of ['D', '4', ...keys(other[0]), ...keys(other[1])]) await call('cardwords/key', { key });
  await call('cardwords/submit');
  await b.notification((m) => m.method === 'cardwords/word-request' && (m.params as { words: string[] }).words.includes(word));
  await call('cardwords/end');
  const waits = translator('en')('cw.carried', word, 1);
  expect(waits).toBe(`${word} waits for your decision: you are asked about it when you next join a game of this ruleset.`);
  // after the end's own words (`ended`), which came after it
  await expect.poll(async () => { const m = ((await call('cardwords/view')) as unknown as { message: string }).message; return m.startsWith('The game has ended.') && m.endsWith(` ${waits}`); }).toBe(true);
  expect(((await call('cardwords/view')) as unknown as { log: string[] }).log.at(-1)).toBe(waits);
});

it('the owner\'s decisions on several of your words come one message a word: the bridge says them together (only the last was said)', async () => {
  const dir = copySample('tiny'); // its dictionary: the shared server's ruleset is another copy
  const srv = await fastRobotServer();
  // the owner watches over the SDK; Bo plays through the bridge
  const owner = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 1, robots: ['best'], watchers: 1, seed: 's2' });
  const b = bridge();
  type View = { status: string; turn: number; seat: number; message: string; hand: Array<{ text: string }> };
  let id = 0;
  const call = async (method: string, params: unknown = {}) => ((await b.send(JSON.stringify({ id: ++id, method, params }))) as { result: View }).result;
  await call('cardwords/join', { url: srv.url, id: owner.room.roomId, name: 'Bo' });
  await expect.poll(async () => { const v = await call('cardwords/view'); return v.status === 'playing' && v.turn === v.seat && v.hand.length > 0; }, { timeout: 10_000 }).toBe(true);
  const cards = (await call('cardwords/view')).hand.map((c) => c.text).filter((c) => !c.startsWith('*'));
  const dict = new Set(readFileSync(join(dir, 'tiny.dict'), 'utf8').split('\n').map((w) => w.trim().toUpperCase()));
  const pairs = cards.flatMap((x, i) => cards.filter((_, k) => k !== i).map((y) => [x, y] as const)).filter(([x, y]) => !dict.has(x[0]! + y[0]!));
  const [p1, p2] = [pairs[0]!, pairs.find(([x, y]) => x[0]! + y[0]! !== pairs[0]![0][0]! + pairs[0]![1][0]!)!];
  const keys = (card: string) => (cards.filter((c) => c[0] === card[0]).length > 1 ? [card[0]!, ...card.slice(2)] : [card[0]!]);
  const words: string[] = [];
  for (const [x, y] of [p1, p2]) {
    const word = x[0]! + y[0]!;
    for (const key of ['D', '4', ...keys(x), ...keys(y)]) await call('cardwords/key', { key });
    await call('cardwords/submit');
    await owner.next((m) => m.type === 'word-request' && (m.payload.words as string[]).includes(word));
    await call('cardwords/key', { key: 'Escape' });
    words.push(word);
  }
  // one rejection of both: two `word` messages, one sentence
  expect((await owner.request('reject', { words })).type).toBe('ack');
  await expect.poll(async () => (await call('cardwords/view')).message).toBe(`The owner rejected ${words.join(', ')}.`);
});

it('the log after a fresh join (a resume) is the one the bridge had: every round, the approval told to you, the end, the rematch, a leave, each where it came', async () => {
  // defect: the log came from `history`, the current round's turns only, and the bridge's own
  // log had no line but turns, and lost the earlier round at the rematch
  const dir = copySample('tiny');
  // a server of its own: the word the owner approves stays in its ruleset
  const srv = await startServer({ args: ['--ruleset', dir, '--robot-delay', '5'] });
  try {
    // the owner watches over the SDK; Ann plays through the bridge (seated first: she moves first), Bo over the SDK
    const owner = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 2, robots: 0, watchers: 2, grace: 'never', seed: 's2' });
    const id = owner.room.roomId;
    const b = bridge();
    type View = { status: string; turn: number; seat: number; moves: number; message: string; hand: Array<{ text: string }>; log: string[]; last: string[] };
    const call = async (method: string, params: unknown = {}) => b.call<View>(method, params);
    await call('cardwords/join', { url: srv.url, id, name: 'Ann' });
    const bo = await cwJoin(srv.url, id, { name: 'Bo' });
    await expect.poll(async () => { const v = await call('cardwords/view'); return v.status === 'playing' && v.turn === v.seat && v.hand.length > 0; }, { timeout: 10_000 }).toBe(true);
    // Ann's two cards make a word the dictionary lacks: the owner approves it
    const cards = (await call('cardwords/view')).hand.map((c) => c.text).filter((c) => !c.startsWith('*'));
    const dict = new Set(readFileSync(join(dir, 'tiny.dict'), 'utf8').split('\n').map((w) => w.trim().toUpperCase()));
    const [x, y] = cards.flatMap((a, i) => cards.filter((_, k) => k !== i).map((c) => [a, c] as const)).find(([a, c]) => !dict.has(a[0]! + c[0]!))!;
    const keys = (card: string) => (cards.filter((c) => c[0] === card[0]).length > 1 ? [card[0]!, ...card.slice(2)] : [card[0]!]);
    const word = x[0]! + y[0]!;
    for (const key of ['D', '4', ...keys(x), ...keys(y)]) await call('cardwords/key', { key });
    await call('cardwords/submit');
    await owner.next((m) => m.type === 'word-request');
    expect((await owner.request('approve', { word })).type).toBe('ack');
    const approved = 'The owner approved ' + word + ': you may play it again.';
    await expect.poll(async () => (await call('cardwords/view')).log).toContain(approved);
    await call('cardwords/key', { key: 'Escape' });
    // round 1: both pass twice (over by the rules); the owner's rematch
    const pass = async (p: 'Ann' | 'Bo') => {
      const moves = bo.state.moves;
      if (p === 'Bo') expect((await bo.request('action', { text: 'pass' })).type).toBe('ack');
      else await call('cardwords/pass');
      await until(() => bo.state.moves > moves || bo.state.status !== 'playing', 5000, 'the pass');
    };
    for (const p of ['Ann', 'Bo', 'Ann', 'Bo'] as const) await pass(p);
    const results = await owner.next((m) => m.type === 'results');
    expect((await owner.request('rematch')).type).toBe('ack');
    await until(() => bo.state.round === 2 && bo.state.status === 'playing', 5000, 'the rematch');
    // round 2: Ann passes, Bo leaves, a stand-in plays his turn
    await pass('Ann');
    expect((await bo.leaveGame()).type).toBe('ack');
    await expect.poll(async () => { const v = await call('cardwords/view'); return v.moves === 2 && v.turn === v.seat; }, { timeout: 10_000 }).toBe(true);
    const live = await call('cardwords/view');
    expect(live.log).toEqual([
      approved,
      'Ann: passed for -1',
      'Bo: passed for -1',
      'Ann: passed for -1',
      'Bo: passed for -1',
      `The game is over. Winner: ${(results.payload.winners ?? []).join(', ')}.`,
      'Rematch: game 2 begins.',
      'Ann: passed for -1',
      'Bo left the game: a robot plays for Bo to the end.',
      expect.stringMatching(/^Bo \(robot standing in\): /),
    ]);
    // a drop, and the seat taken back: a fresh session, whose log comes from `history`
    await call('cardwords/leave');
    await call('cardwords/resume', { url: srv.url, id });
    await expect.poll(async () => (await call('cardwords/view')).log).toEqual(live.log);
    expect((await call('cardwords/view')).last).toEqual(live.last);
    await owner.request('end');
  } finally {
    await srv.kill9();
  }
});

it('while a wildcard\'s points are asked, the preview through the bridge says so, not "Return trades" (RET would not trade then)', async () => {
  const b = bridge();
  type View = { hand: Array<{ text: string }>; preview: { text: string; problems: string[] } | null };
  let id = 0;
  const call = async (method: string, params: unknown = {}) => ((await b.send(JSON.stringify({ id: ++id, method, params }))) as { result: View }).result;
  const server = (await b.send(JSON.stringify({ id: ++id, method: 'serve', params: { ruleset: copySample('tiny') } }))) as { result: { url: string; owner: string } };
  // this deal: N 1, T -1 and two wildcards, of 0 and 3 points
  await call('cardwords/create', { url: server.result.url, options: { owner: server.result.owner, name: 'me', robots: 1, level: 'best', seed: 'lvskGYlTtGWGQ_nmJkgyYw' } });
  await expect.poll(async () => (await call('cardwords/view')).hand.map((c) => c.text).sort()).toEqual(['* 0', '* 3', 'N 1', 'T -1']);
  // N at 4C misses the start cell (D4): braces, a trade
  for (const key of ['4', 'C', 'N']) await call('cardwords/key', { key });
  expect((await call('cardwords/view')).preview?.text).toMatch(/^Return trades 1 card/);
  await call('cardwords/key', { key: ' ' });
  const asked = (await call('cardwords/key', { key: 'e' })).preview!;
  expect(asked.text).toMatch(/^Which wildcard for E\? Type its points: 0, 3/);
  expect(asked.problems).toEqual([expect.stringMatching(/from here Return trades the cards\.$/)]);
  // a move's words while a card is still asked are not the move's yet: neither asked of the
  // dictionary nor warned about, as the web panel waits (`Composer.cardAsked`); NT was warned
  // about under "Which wildcard for E?"
  await call('cardwords/key', { key: 'Escape' });
  for (const key of ['4', 'D', 'N', 'T']) await call('cardwords/key', { key });
  const lacks = (word: string) => `${word}: not in the dictionary. You are the owner: playing the move asks you to add it.`;
  await expect.poll(async () => (await call('cardwords/view')).preview?.problems).toEqual([lacks('NT')]);
  await call('cardwords/key', { key: ' ' });
  const wild = (await call('cardwords/key', { key: 'e' })).preview!;
  expect(wild.problems).toEqual([]);
  expect((await call('cardwords/view')).preview?.problems).toEqual([]);
  // its points answered: the words are the move's, asked and warned about again
  await call('cardwords/key', { key: '0' });
  await expect.poll(async () => (await call('cardwords/view')).preview?.problems).toEqual([lacks('NTE')]);
});

it('a Yatzee game through the bridge gives its invite link, the game\'s join page, while a place is free: none with ten players, again once one leaves', async () => {
  const b = bridge();
  type View = { invite: string; inviteText: string; welcome: { gameId: string }; sheets: { name: string }[]; message: string };
  const server = (await b.send(JSON.stringify({ id: 1, method: 'serve', params: { game: 'yatzee' } }))) as { result: { url: string; owner: string } };
  // nine players: the owner's and eight robots'
  const created = ((await b.send(JSON.stringify({ id: 2, method: 'yatzee/create', params: { url: server.result.url, owner: server.result.owner, name: 'me', robots: 8, seed: 'invite' } }))) as { result: View }).result;
  const link = `${server.result.url.replace(/^ws/, 'http').replace(/\/$/, '')}/yatzee.html?game=${created.welcome.gameId}`;
  const view = async () => ((await b.send(JSON.stringify({ id: 3, method: 'yatzee/view' }))) as { result: View }).result;
  await expect.poll(async () => (await view()).invite).toBe(link);
  expect((await view()).inviteText).toBe('To invite someone, give them this link:');
  const page = await fetch(link);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<html');
  // Bo takes the tenth place by the link's game id: no place is free, no link
  const bo = bridge2();
  const joined = (await bo.send(JSON.stringify({ id: 1, method: 'yatzee/join', params: { url: server.result.url, id: new URL(link).searchParams.get('game'), name: 'Bo' } }))) as { result?: View; error?: unknown };
  expect(joined.error).toBeUndefined();
  await expect.poll(async () => (await view()).sheets.length).toBe(10);
  expect(await view()).toMatchObject({ invite: '', inviteText: '' });
  // Bo leaves: his place is free again, and his going is said as the web page says it (his
  // column went without a word)
  // his editor says what the web page says then (the buffer went with nothing said)
  expect(((await bo.send(JSON.stringify({ id: 2, method: 'yatzee/leave' }))) as { result?: unknown }).result).toEqual({ said: 'You left the game: your sheet is closed.' });
  await expect.poll(async () => (await view()).invite).toBe(link);
  await expect.poll(async () => (await view()).message).toBe('Bo left the game: that sheet is closed.');
  // the last person leaves: the end is worded as the web page's, and the final table keeps the
  // leaver's sheet, which the results count ("The game has ended. No person plays any more.",
  // her column gone)
  expect(((await b.send(JSON.stringify({ id: 4, method: 'yatzee/leave' }))) as { error?: unknown }).error).toBeUndefined();
  const over = (await view()) as View & { ended: boolean; message: string };
  expect(over).toMatchObject({ ended: true, message: expect.stringMatching(/^You left the game, the last person playing in it: the game is over\. Winner: \S.*\.$/) });
  expect(over.sheets.map((s) => s.name)).toContain('me');
  expect(over).toMatchObject({ me: 'me' });
});

it("Yatzee through the bridge: the leave asks the web page's question, the last human's that the game ends for everyone, and the last one removed is told the game is over", async () => {
  // the web page's defect, checked in Emacs's words: the question did not say the game ends, a removal not that it had
  const b = bridge();
  const call = <T = { leaveQuestion: string; message: string; closed: boolean }>(method: string, params: unknown = {}) => b.call<T>(method, params);
  const served = await call<{ url: string; owner: string }>('serve', { game: 'yatzee' });
  // the owner creates the game and watches it; Emacs plays in it as a guest (the owner does not
  // remove their own sheet: they leave)
  const owner = await Player.create(served.url, 'yatzee', { owner: served.owner, robots: 1, seed: 'last-leave' });
  const id = owner.room.roomId;
  await call('yatzee/join', { url: served.url, id, name: 'me' });
  const bo = await Player.join(served.url, id, { name: 'Bo' });
  try {
    // with another person playing, the web page's question too (Emacs asked "Leave this game?")
    await expect.poll(async () => (await call('yatzee/view')).leaveQuestion).toBe('Leave for good? Your sheet is closed and its place is free. ');
    expect((await bo.leaveGame()).type).toBe('ack');
    await expect.poll(async () => (await call('yatzee/view')).leaveQuestion).toBe('Leave for good? No other person plays, so the game ends. ');
    // the owner, watching, removes the last human: the game ends with it
    expect((await owner.request('remove', { name: 'me' })).type).toBe('ack');
    // the end comes before the close (it came after it: no winner was named), worded as the removal's
    await expect.poll(async () => (await call<{ ended: boolean }>('yatzee/view')).ended).toBe(true);
    // let go too, as any removal: nothing to leave (`closed` stayed false after the end)
    await expect.poll(async () => (await call('yatzee/view')).closed).toBe(true);
    expect(await call('yatzee/view')).toMatchObject({ leaveQuestion: '', message: expect.stringMatching(/^The owner removed you from the game, the last person playing in it: the game is over\. Winner: \S.*\.$/) });
  } finally {
    await owner.leave();
  }
});

it('a local server whose last game here has gone runs on while a guest still plays there (the editor is told why), and stops once the guest has left', async () => {
  const b = bridge();
  let id = 0;
  const call = (method: string, params: unknown = {}) => b.call(method, params);
  const served = (await call('serve', { game: 'yatzee' })) as { url: string; owner: string; pid: number };
  const created = (await call('yatzee/create', { url: served.url, owner: served.owner, name: 'me', robots: 1, seed: 'guest' })) as { welcome: { gameId: string } };
  // Bo came by the invite link (another machine's browser, say)
  const bo = await Player.join(served.url, created.welcome.gameId, { name: 'Bo' });
  try {
    // the editor's player leaves (q): before, the server stopped under Bo's game
    await call('yatzee/leave');
    const kept = await b.notification((m) => m.method === 'server/kept');
    expect(kept.params).toEqual({ url: served.url, people: 1, text: 'The local game server runs on for the 1 person still playing or watching there; it stops once they have left, or when the editor quits.' });
    expect(pidAlive(served.pid)).toBe(true);
    // Bo's game goes on
    expect((await bo.request('action', { type: 'throw' })).type).toBe('ack');
    expect(pidAlive(served.pid)).toBe(true);
  } finally {
    await bo.leave();
  }
  // Bo gone: the server stops, while the bridge runs on
  await expect.poll(() => pidAlive(served.pid), { timeout: 20_000 }).toBe(false);
  expect(((await b.send(JSON.stringify({ id: ++id, method: 'lines/scores' }))) as { error?: unknown }).error).toBeUndefined();
});

it('a new game right after leaving the last one on a local server: the server handed out again is kept for it, not stopped under it', async () => {
  const b = bridge();
  for (let round = 0; round < 3; round++) {
    const served = await b.call<{ url: string; owner: string; pid: number }>('serve', { game: 'yatzee' });
    await b.call('yatzee/create', { url: served.url, owner: served.owner, name: 'me', robots: 0, seed: `again-${round}` });
    await b.call('yatzee/throw');
    // left, and at once (as the next M-x cardwords-yatzee does) served again and created on:
    // before, the server stopped under the new game ("fetch failed" in a clean run's ERT)
    await b.call('yatzee/leave');
  }
  // the last game left, no other: the server goes
  const served = await b.call<{ url: string; pid: number }>('serve', { game: 'yatzee' });
  await b.call('stop-server');
  await expect.poll(() => pidAlive(served.pid), { timeout: 20_000 }).toBe(false);
});

it('Yatzee to its end through the bridge, watched by a second bridge: the end names the winner, and a key after it is refused without taking that line away', async () => {
  const b = bridge();
  let id = 0;
  type Sheet = { name: string; scores: (number | null)[]; phase: string; throwsMade: number };
  type View = { status: string; message: string; sheets: Sheet[] };
  const send = async (method: string, params: unknown = {}) => (await b.send(JSON.stringify({ id: ++id, method, params }))) as { result?: View; error?: { code: string; message: string } };
  const call = async (method: string, params: unknown = {}) => {
    const r = await send(method, params);
    expect(r.error).toBeUndefined();
    return r.result!;
  };
  const server = (await b.send(JSON.stringify({ id: ++id, method: 'serve' }))) as { result: { url: string; owner: string } };
  const created = (await call('yatzee/create', { url: server.result.url, owner: server.result.owner, name: 'me', robots: 0, seed: 'to-the-end' })) as unknown as { welcome: { gameId: string } };
  // a second bridge watches (Emacs's M-x cardwords-yatzee on a game whose sheets are all held): no sheet, no name
  const w = bridge2();
  const watched = (await w.send(JSON.stringify({ id: 1, method: 'yatzee/join', params: { url: server.result.url, id: created.welcome.gameId, watch: true } }))) as { result: View & { welcome: { role: string; owner: boolean }; me: string | null; mine: unknown } };
  expect(watched.result.welcome.role).toBe('watcher');
  expect(watched.result.me).toBeNull();
  expect(watched.result.mine).toBeNull();
  // a watcher's keys are refused in words, before the room (which would say to join with a name)
  for (const method of ['yatzee/toggle', 'yatzee/throw', 'yatzee/transfer', 'yatzee/undo']) {
    expect(((await w.send(JSON.stringify({ id: 2, method, params: { die: 0 } }))) as { error?: { code: string; message: string } }).error).toEqual({ code: 'refused', message: 'You are watching: you have no sheet to play.' });
  }
  // the same watcher again as the owner (Emacs asks the token when every place is taken): the
  // owner token goes with the watch, and the room knows the owner (who watches beyond the places)
  expect(((await w.send(JSON.stringify({ id: 3, method: 'yatzee/leave' }))) as { error?: unknown }).error).toBeUndefined();
  const asOwner = (await w.send(JSON.stringify({ id: 4, method: 'yatzee/join', params: { url: server.result.url, id: created.welcome.gameId, watch: true, owner: server.result.owner } }))) as { result: View & { welcome: { role: string; owner: boolean } } };
  expect(asOwner.result.welcome).toMatchObject({ role: 'watcher', owner: true });
  expect(watched.result.welcome).toMatchObject({ owner: false });
  // a refusal by the game server in the web panel's words (media/ui/l10n/en.ts), not the engine's
  await call('yatzee/reset');
  await expect.poll(async () => (await call('yatzee/view')).message, { timeout: 20_000 }).toBe('Refused: Reset dice is possible only right after a transfer.');
  const filled = (v: View) => v.sheets[0]?.scores.filter((x) => x !== null).length ?? 0;
  for (let round = 1; round <= 15; round++) {
    await call('yatzee/throw');
    await expect.poll(async () => (await call('yatzee/view')).sheets[0]?.phase, { timeout: 20_000 }).toBe('thrown');
    await call('yatzee/transfer');
    await expect.poll(async () => filled(await call('yatzee/view')), { timeout: 20_000 }).toBe(round);
    if (round < 15) await call('yatzee/reset');
  }
  const end = 'The game has ended. Every sheet is full. Winner: me.';
  await expect.poll(async () => (await call('yatzee/view')).message, { timeout: 20_000 }).toBe(end);
  // SPC after the end: refused as a key (Emacs says so below), the end's line stays
  for (const [method, params] of [['yatzee/throw', {}], ['yatzee/transfer', {}], ['yatzee/toggle', { die: 0 }]] as const) {
    expect((await send(method, params)).error).toEqual({ code: 'refused', message: 'the game has ended' });
  }
  expect((await call('yatzee/view')).message).toBe(end);
  // the upper six filled: the bonus line is the upper sum and its bonus, and their sum for a
  // narrow column (ten sheets in 80 columns)
  const full = (await call('yatzee/view')).sheets[0] as Sheet & { bonus: string; bonusShort: string };
  const upper = full.scores.slice(0, 6).reduce((a: number, v) => a + v!, 0);
  const bonus = upper >= 63 ? 50 : 0;
  expect(full.bonus).toBe(`${upper}+${bonus}`);
  expect(full.bonusShort).toBe(String(upper + bonus));
  // the watcher saw the whole game: the full sheet and the end's line
  let seq = 4;
  const seen = async () => ((await w.send(JSON.stringify({ id: ++seq, method: 'yatzee/view' }))) as { result: View }).result;
  await expect.poll(async () => (await seen()).message, { timeout: 20_000 }).toBe(end);
  expect((await seen()).sheets.map((x) => x.scores.filter((v) => v !== null).length)).toEqual([15]);
});

/**
 * Ann (the owner) and Bo over the SDK on the tiny ruleset (seed s2), a bridge watching; on
 * Bo's turn his connection drops (a stand-in plays after `grace` s). The moves before it.
 */
async function boDropsOnHisTurn(url: string, owner: string, grace: number) {
  const ann = await cwCreate(url, { owner, humans: 2, robots: 0, watchers: 1, name: 'Ann', grace, seed: 's2' });
  const id = ann.room.roomId;
  const bo = await cwJoin(url, id, { name: 'Bo' });
  const b = bridge();
  await b.send(JSON.stringify({ id: 1, method: 'cardwords/join', params: { url, id, watch: true } }));
  await until(() => ann.state.status === 'playing' && handOf(ann).length > 0, 5000, 'the start');
  if (ann.state.turn === seatOf(ann)) expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
  await until(() => ann.state.turn === seatOf(bo), 5000, "Bo's turn");
  const moves = ann.state.moves;
  bo.raw.transport.ws.close(3000); // a drop on his turn
  return { ann, b, moves };
}

it('an away player: the view marks them and says when a robot plays for them, counted down each second by the bridge; once it has played, nothing more', async () => {
  const srv = await shortHoldServer();
  // a stand-in after 5 s away: room for a second of the countdown on a loaded machine
  const { ann, b, moves } = await boDropsOnHisTurn(srv.url, srv.ownerToken, 5);
  type Seat = { name: string; away: boolean; standIn: boolean };
  const soon = /^Bo is away: a robot plays for Bo in 0:0([1-5]) unless Bo comes back\.$/;
  const first = await b.notification((m) => m.method === 'cardwords/view' && soon.test(String(m.params.away)));
  // the wait alone too, for the editor's mode line
  expect(String(first.params.awayIn)).toBe(`0:0${soon.exec(String(first.params.away))![1]}`);
  expect((first.params.players as Seat[]).find((p) => p.name === 'Bo')).toMatchObject({ away: true, standIn: false });
  expect((first.params.players as Seat[]).find((p) => p.name === 'Ann')).toMatchObject({ away: false, standIn: false });
  // nothing changes at the table meanwhile: the next view with another wait is the bridge's countdown
  const left = Number(soon.exec(String(first.params.away))![1]);
  const next = await b.notification((m) => m.method === 'cardwords/view' && m.params.away !== first.params.away);
  expect(ann.state.moves).toBe(moves);
  expect(String(next.params.away)).toMatch(left > 1 ? soon : /^Bo is away: a robot plays for Bo (in 0:01 unless Bo comes back|now)\.$/);
  // the stand-in plays Bo's turn; then it is Ann's, and the view says nothing more of Bo
  await until(() => ann.state.moves > moves && ann.state.last.standIn, 10_000, "the stand-in's action");
  await until(() => ann.state.turn === seatOf(ann), 10_000, "Ann's turn");
  const after = ((await b.send(JSON.stringify({ id: 2, method: 'cardwords/view' }))) as { result: { away: string; awayIn: string | null; players: Seat[] } }).result;
  expect(after.away).toBe('');
  expect(after.awayIn).toBeNull();
  expect(after.players.find((p) => p.name === 'Bo')).toMatchObject({ away: true, standIn: true });
});

it('a game the editor creates for two people (what cardwords-play-humans and -grace send): its view gives the invite link, the game\'s join page, until the second person takes the seat by it', async () => {
  const srv = await tinyServer();
  const b = bridge();
  type View = { status: string; invite: string; inviteText: string; welcome: { gameId: string } };
  const created = ((await b.send(JSON.stringify({ id: 1, method: 'cardwords/create', params: { url: `${srv.url}/`, options: { owner: srv.ownerToken, name: 'Ann', humans: 2, robots: 1, grace: 'never' } } }))) as { result: View }).result;
  const id = created.welcome.gameId;
  // the URL as typed had a trailing slash: the link has none doubled
  const link = `${srv.url}/cardwords.html?game=${id}`;
  const view = async () => ((await b.send(JSON.stringify({ id: 2, method: 'cardwords/view' }))) as { result: View }).result;
  await expect.poll(async () => (await view()).invite).toBe(link);
  expect(await view()).toMatchObject({ status: 'waiting', inviteText: 'The game is waiting for the players. To invite someone, give them this link:' });
  // the seat waiting for Bo, named as the web panel names it
  expect(((await view()) as unknown as { players: Array<{ name: string; free: boolean }> }).players.filter((p) => p.free)).toEqual([expect.objectContaining({ name: '(free seat)', free: true })]);
  // the link is the page a browser opens to join
  const page = await fetch(link);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<html');
  // Bo joins by the link's game id: the deal, and no link any more
  const bo = await cwJoin(srv.url, new URL(link).searchParams.get('game')!, { name: 'Bo' });
  await until(() => bo.state.status === 'playing', 5000, 'the deal');
  // who played first: the turn goes round the seats one action at a time (the robot may have played)
  const n = bo.state.players.length;
  const first = bo.state.players[(((bo.state.turn - bo.state.moves) % n) + n) % n]!.name;
  expect(bo.state.grace).toBe(-1);
  await expect.poll(async () => (await view()).status).toBe('playing');
  // the deal is said to Ann, who waited for it, with who plays first
  expect(await view()).toMatchObject({ invite: '', inviteText: '', message: first === 'Ann' ? 'Every seat is taken: the game begins, and you play first.' : `Every seat is taken: the game begins. ${first} plays first.` });
});

it("before the deal every key that composes or acts is refused in the web panel's sentence, nothing kept into the game; a decision the owner makes at the game's end on another's word is in the owner's log", async () => {
  const srv = await tinyServer();
  const b = bridge();
  type View = { status: string; turn: number; seat: number; message: string; log: string[]; composing: { display: string; mode: string; cards: string[] } };
  const call = async (method: string, params: unknown = {}) => b.call<View>(method, params);
  const created = await call('cardwords/create', { url: srv.url, options: { owner: srv.ownerToken, name: 'Ann', humans: 2, robots: 0, grace: 'never', seed: 'words-1' } });
  const id = (created as unknown as { welcome: { gameId: string } }).welcome.gameId;
  // defect: `4d` went into a composition nobody saw, C-c C-t began a trade still there at the
  // deal, a pass was sent for nothing, RET said the raw "the game has not started"
  const sentence = 'Refused: the game has not started: it starts when every human seat is taken.';
  let n = 0;
  for (const [method, params] of [['cardwords/key', { key: '4' }], ['cardwords/key', { key: 'd' }], ['cardwords/locate', { col: 0, row: 0 }], ['cardwords/pick', { index: 0 }], ['cardwords/trade', {}], ['cardwords/submit', {}], ['cardwords/pass', {}], ['cardwords/hint', {}], ['cardwords/hint-step', { delta: 1 }]] as const) {
    const r = (await b.send(JSON.stringify({ id: ++n, method, params }))) as { error?: { message: string } };
    expect([method, r.error?.message]).toEqual([method, sentence]);
  }
  const bob = await cwJoin(srv.url, id, { name: 'Bob' });
  await expect.poll(async () => (await call('cardwords/view')).status).toBe('playing');
  // nothing kept into the game: an empty area for a move, not a trade
  expect((await call('cardwords/view')).composing).toMatchObject({ display: '_', mode: 'coord', cards: [] });
  // Ann passes; Bob's move has words the dictionary lacks: the playing owner is asked at the
  // round's end (both pass twice in a row)
  await call('cardwords/pass');
  await until(() => bob.state.turn === 1 && handOf(bob).length > 0, 5000, "Bob's turn");
  const { text, unknown } = await unknownMove(bob, copySample('tiny'));
  expect((await bob.request('action', { text })).payload).toMatchObject({ code: 'unknown-words', later: true });
  const pass = async (p: 'Ann' | 'Bob') => {
    const moves = bob.state.moves;
    if (p === 'Bob') expect((await bob.request('action', { text: 'pass' })).type).toBe('ack');
    else await call('cardwords/pass');
    await until(() => bob.state.moves > moves || bob.state.status !== 'playing', 5000, 'the pass');
  };
  for (const p of ['Bob', 'Ann', 'Bob'] as const) await pass(p);
  const asked = await b.notification((m) => m.method === 'cardwords/word-request');
  expect(asked.params).toMatchObject({ words: unknown, player: 'Bob' });
  // answered once the end is in the log, as a person answers who has read it (answered before
  // the end reached the bridge, the decision came before the end's line: a clean run)
  await expect.poll(async () => (await call('cardwords/view')).log.some((l) => l.startsWith('The game is over.'))).toBe(true);
  const said = unknown.map((w) => `You rejected ${w}.`);
  for (const [i, w] of unknown.entries()) expect(await call('cardwords/words', { words: [w], approve: false })).toEqual({ said: said[i] });
  // defect: Bob's log had "The owner rejected …", the owner's had nothing of it
  await expect.poll(async () => (await call('cardwords/view')).log.slice(-unknown.length)).toEqual(said);
  await expect.poll(() => bob.state.status).toBe('over');
  // defect: a resume rebuilt the owner's log from the room's history, which has the decisions
  // for Bob only: they went. Remembered with the seat (the owner's rematch remembers it again)
  await call('cardwords/rematch');
  await until(() => bob.state.round === 2 && bob.state.status === 'playing', 5000, 'the rematch');
  await expect.poll(async () => (await call('cardwords/view')).log.at(-1)).toBe('Rematch: game 2 begins.');
  const live = (await call('cardwords/view')).log;
  expect(live).toEqual(expect.arrayContaining(said));
  await call('cardwords/leave');
  await call('cardwords/resume', { url: srv.url, id });
  await expect.poll(async () => (await call('cardwords/view')).log).toEqual(live);
});

it("a word the owner decides in another client (a web tab) is told to Emacs, which drops its question; a late reject from Emacs is refused", async () => {
  const srv = await tinyServer();
  const b = bridge();
  const call = async (method: string, params: unknown = {}) => b.call<{ status: string }>(method, params);
  const created = await call('cardwords/create', { url: srv.url, options: { owner: srv.ownerToken, name: 'Ann', humans: 2, robots: 0, grace: 'never', seed: 'words-1' } });
  const id = (created as unknown as { welcome: { gameId: string } }).welcome.gameId;
  const bob = await cwJoin(srv.url, id, { name: 'Bob' });
  const tab = await cwJoin(srv.url, id, { watch: true, owner: srv.ownerToken });
  await expect.poll(async () => (await call('cardwords/view')).status).toBe('playing');
  // Ann passes; Bob's move has a word the dictionary lacks: the playing owner is asked at the
  // round's end (both pass twice in a row), in both of the owner's clients
  await call('cardwords/pass');
  await until(() => bob.state.turn === 1 && handOf(bob).length > 0, 5000, "Bob's turn");
  const { text, unknown } = await unknownMove(bob, copySample('tiny'));
  expect((await bob.request('action', { text })).payload).toMatchObject({ code: 'unknown-words', later: true });
  for (const p of ['Bob', 'Ann', 'Bob'] as const) {
    const moves = bob.state.moves;
    if (p === 'Bob') expect((await bob.request('action', { text: 'pass' })).type).toBe('ack');
    else await call('cardwords/pass');
    await until(() => bob.state.moves > moves || bob.state.status !== 'playing', 5000, 'the pass');
  }
  await b.notification((m) => m.method === 'cardwords/word-request');
  const word = unknown[0]!;
  expect((await tab.request('approve', { words: [word] })).type).toBe('ack');
  const settled = await b.notification((m) => m.method === 'cardwords/word-settled');
  expect(settled.params).toEqual({ word, approved: true });
  // answered in Emacs after all (its question was open): refused, nothing decided twice
  const late = (await b.send(JSON.stringify({ id: 900, method: 'cardwords/words', params: { words: [word], approve: false } }))) as { error?: { message: string } };
  expect(late.error?.message).toBe(`${word} is no open question any more: it was decided already`);
  // the log has no decision of Emacs's on it
  expect(((await call('cardwords/view')) as unknown as { log: string[] }).log.some((l) => l.includes(`rejected ${word}`))).toBe(false);
  for (const p of [bob, tab]) await p.room.leave();
});

it('an idle end near is said in the game buffer as the web panels say it, and goes with an action (Cardwords and Yatzee); the end names no winner', async () => {
  // a 4 s idle time: the warning in its last fifth
  const srv = await startServer({ args: ['--ruleset', copySample('tiny'), '--robot-delay', '5', '--idle-timeout', '4000'] });
  try {
    const b = bridge();
    type View = { message: string; status: string };
    const cw = async (method: string, params: unknown = {}) => b.call<View>(method, params);
    await cw('cardwords/create', { url: srv.url, options: { owner: srv.ownerToken, name: 'Ivy', humans: 1, robots: 1, seed: 'idle-1' } });
    const warning = /^Nobody has played for a while: the game ends in \d seconds? unless someone plays\.$/;
    await expect.poll(async () => (await cw('cardwords/view')).message, { timeout: 10_000 }).toMatch(warning);
    await expect.poll(async () => (await cw('cardwords/view')).status, { timeout: 10_000 }).toBe('ended');
    // (the results say why, and name no winner)
    expect(JSON.stringify(await cw('cardwords/view'))).toContain('No winner: nobody played for a long time.');
    const y = bridge();
    const yz = async (method: string, params: unknown = {}) => y.call<View>(method, params);
    await yz('yatzee/create', { url: srv.url, owner: srv.ownerToken, name: 'me', robots: 0, seed: 'idle-2' });
    await expect.poll(async () => (await yz('yatzee/view')).message, { timeout: 10_000 }).toMatch(warning);
    // an action clears it (a throw)
    await yz('yatzee/throw');
    await expect.poll(async () => (await yz('yatzee/view')).message).not.toMatch(warning);
  } finally {
    await srv.stop();
  }
});

it('the owner removes a player through the bridge (C-c C-d): the room takes it, the view says so and marks the seat; a player who is not the owner is refused', async () => {
  const srv = await tinyServer();
  const b = bridge();
  type View = { status: string; message: string; welcome: { gameId: string }; players: Array<{ name: string; left: boolean; standIn: boolean }>; removable: string[] };
  let n = 0;
  const call = async (method: string, params: unknown = {}) => (await b.send(JSON.stringify({ id: ++n, method, params }))) as { result?: View; error?: { message: string } };
  const id = (await call('cardwords/create', { url: srv.url, options: { owner: srv.ownerToken, name: 'Ann', humans: 2, robots: 0, watchers: 2, grace: 'never' } })).result!.welcome.gameId;
  // Bo plays in Emacs too
  const bob = bridge();
  type BoView = View & { connected: boolean; closed: boolean; down: string; watchable: boolean; hand: unknown[]; unseen: string[]; log: string[]; welcome: { role: string }; turn: number; seat: number; away: string; statusText: string };
  const boCall = async (method: string, params: unknown = {}) => (await bob.send(JSON.stringify({ id: ++n, method, params }))) as { result?: BoView; error?: { message: string } };
  expect((await boCall('cardwords/join', { url: srv.url, id, name: 'Bo' })).error).toBeUndefined();
  await expect.poll(async () => (await boCall('cardwords/view')).result!.hand.length).toBeGreaterThan(0);
  expect((await boCall('cardwords/view')).result!.status).toBe('playing');
  // removed on his turn (Ann passes first if it is hers)
  if ((await boCall('cardwords/view')).result!.turn !== (await boCall('cardwords/view')).result!.seat) expect((await call('cardwords/pass')).error).toBeUndefined();
  await expect.poll(async () => { const v = (await boCall('cardwords/view')).result!; return v.turn === v.seat; }).toBe(true);
  // Bo's table is the one he is removed at: the room sends him nothing after
  const seated = (await boCall('cardwords/view')).result!;
  // at once (the bridge may not have the deal yet: the room sends the state before its ack)
  expect((await call('cardwords/remove', { name: 'Bo' })).error).toBeUndefined();
  await expect.poll(async () => (await call('cardwords/view')).result!.message).toBe('Bo was removed from the game.');
  // Bo's bridge says so and takes nothing back (it joined again by name: "That name is
  // taken" every few seconds for ever); a key is refused with it
  await expect.poll(async () => (await boCall('cardwords/view')).result!.message).toBe('The owner removed you from the game.');
  expect((await boCall('cardwords/view')).result!).toMatchObject({ connected: false, closed: true, down: 'The owner removed you from the game.' });
  expect((await boCall('cardwords/key', { key: 'a' })).error?.message).toBe('The owner removed you from the game.');
  // defect: Unseen went on leaving out the hand taken away; now it counts as a watcher's (the
  // web panel's rule): the hand's cards are unseen too
  const removedView = (await boCall('cardwords/view')).result!;
  expect(removedView).toMatchObject({ hand: [], watchable: true });
  // said in the first person in the message and the status line; the turn's line under the
  // pile said it a third time, of Bo ("The owner removed Bo from the game: …"): none for him
  expect(removedView).toMatchObject({ statusText: 'The owner removed you from the game.', away: '' });
  // defect: Bo's own log had no line of his removal (every other log had it; the web page's has)
  expect(removedView.log.at(-1)).toBe('The owner removed Bo from the game: a robot plays for Bo to the end.');
  expect(removedView.unseen).toHaveLength(seated.unseen.length + seated.hand.length);
  // defect: the web page offers Watch the game after a removal, Emacs nothing: C-c C-v watches
  expect((await boCall('cardwords/watch-here')).result).toMatchObject({ connected: true, closed: false, watchable: false, welcome: { role: 'watcher' } });
  expect((await call('cardwords/view')).result!.players.find((p) => p.name === 'Bo')).toMatchObject({ left: true, standIn: true });
  // the view offers nobody now (Bo is gone, Ann is the owner's own seat); the room refuses Ann, saying why
  expect((await call('cardwords/view')).result!.removable).toEqual([]);
  await call('cardwords/remove', { name: 'Ann' });
  await expect.poll(async () => (await call('cardwords/view')).result!.message).toBe('Refused: the owner does not remove their own seat: leave the game instead.');
  expect((await call('cardwords/view')).result!.players.find((p) => p.name === 'Ann')).toMatchObject({ left: false, standIn: false });
  // the room's refusal comes in the message, as the web panel says it
  await call('cardwords/remove', { name: 'Zed' });
  await expect.poll(async () => (await call('cardwords/view')).result!.message).toBe("Refused: no human player named 'Zed' is in this game.");
  // a bridge that is not the owner's is refused before anything is sent
  const c = bridge();
  await c.send(JSON.stringify({ id: 1, method: 'cardwords/join', params: { url: srv.url, id, watch: true } }));
  expect(((await c.send(JSON.stringify({ id: 2, method: 'cardwords/remove', params: { name: 'Ann' } }))) as { error?: { message: string } }).error?.message).toBe('only the owner removes players');
  expect(((await c.send(JSON.stringify({ id: 3, method: 'cardwords/end' }))) as { error?: { message: string } }).error?.message).toBe('only the owner ends the game');
  // the owner ends the game (C-c C-e): the results, then the end, said as the web panel says it
  expect((await call('cardwords/end')).error).toBeUndefined();
  await expect.poll(async () => (await call('cardwords/view')).result!.status).toBe('ended');
  // (the state that says ended may come before the end's message: polled, a red CI run)
  await expect.poll(async () => (await call('cardwords/view')).result!.message).toBe('The game has ended.');
  // the owner's own log says it as the owner's web page does (it read "The owner ended the game.")
  await expect.poll(async () => ((await call('cardwords/view')).result as unknown as { log: string[] }).log.at(-1)).toMatch(/^You ended the game\. The game is over\./);
  // and Bo's, in the third person (a watcher's after the removal)
  await expect.poll(async () => (await boCall('cardwords/view')).result!.log.at(-1)).toMatch(/^The owner ended the game\. The game is over\./);
});

it("the bridge tells the owner's removal from a leave: the view's `removed` (Emacs writes \"removed by the owner\", not \"left\") and the turn's line under the pile", async () => {
  // defect: a removed player read as one who left ("Bo  left, a robot plays"), never that the owner removed them
  const srv = await startServer({ args: ['--ruleset', copySample('tiny'), '--robot-delay', '60000'] });
  try {
    const b = bridge();
    type View = { message: string; away: string; players: Array<{ name: string; left: boolean; removed: boolean }> };
    let n = 0;
    const call = async (method: string, params: unknown = {}) => (await b.send(JSON.stringify({ id: ++n, method, params }))) as { result?: View & { welcome: { gameId: string } }; error?: { message: string } };
    // Ann (the owner) moves first; Bo and Cy follow, so that Bo's turn comes after a pass
    const id = (await call('cardwords/create', { url: srv.url, options: { owner: srv.ownerToken, name: 'Ann', humans: 4, robots: 0, grace: 'never', seed: 'bridge-removed-1' } })).result!.welcome.gameId;
    await cwJoin(srv.url, id, { name: 'Bo' });
    const cy = await cwJoin(srv.url, id, { name: 'Cy' });
    await cwJoin(srv.url, id, { name: 'Dee' });
    await until(() => cy.state.status === 'playing', 5000, 'the deal');
    const players = async () => (await call('cardwords/view')).result!.players;
    expect((await call('cardwords/remove', { name: 'Bo' })).error).toBeUndefined();
    // the bridge sends the removal and returns (the room's answer comes in the message): Cy's
    // leave, on another connection, could reach the room first (seen in a loaded CI run)
    await expect.poll(async () => (await players()).find((p) => p.name === 'Bo')?.removed).toBe(true);
    expect((await cy.leaveGame()).type).toBe('ack');
    await expect.poll(async () => (await players()).find((p) => p.name === 'Cy')?.left).toBe(true);
    // a leave is said, as the web panel says it (it went to the log and the score board alone);
    // the owner's own removal of Bo was said by its acknowledgement
    expect((await call('cardwords/view')).result!.message).toBe('Cy left the game: a robot plays for Cy to the end.');
    expect((await players()).find((p) => p.name === 'Bo')).toMatchObject({ left: true, removed: true });
    expect((await players()).find((p) => p.name === 'Cy')).toMatchObject({ left: true, removed: false });
    // a removal the owner makes elsewhere (another tab, watching) is said here as a leave is
    // (the bridge took every removal as its own, said by an acknowledgement it never had)
    const elsewhere = await cwJoin(srv.url, id, { owner: srv.ownerToken });
    // that tab offers neither Ann's seat, taken with the owner token in this editor (the room
    // refused it), nor those given up
    await until(() => elsewhere.state.players.some((p) => p.name === 'Ann' && p.owner), 5000, "Ann's seat marked the owner's");
    expect(cardwordsRemovable(elsewhere.state, -1)).toEqual(['Dee']);
    expect((await elsewhere.request('remove', { name: 'Dee' })).type).toBe('ack');
    await expect.poll(async () => (await call('cardwords/view')).result!.message).toBe('The owner removed Dee from the game: a robot plays for Dee to the end.');
    // Ann passes: Bo's turn, which a robot plays (not before a minute here): the line under the pile says why
    expect((await call('cardwords/pass')).error).toBeUndefined();
    await expect.poll(async () => (await call('cardwords/view')).result!.away).toBe('The owner removed Bo from the game: a robot plays for Bo to the end.');
    // the owner ends the game: the results mark the seats given up as the score board does
    // (Emacs wrote "(a robot stood in)" of a removed player)
    expect((await call('cardwords/end')).error).toBeUndefined();
    type Results = { results: { results: Array<{ name: string; gone: string }> } | null };
    await expect.poll(async () => ((await call('cardwords/view')).result as unknown as Results).results?.results.map((r) => [r.name, r.gone]).sort()).toEqual([['Ann', ''], ['Bo', 'removed'], ['Cy', 'left'], ['Dee', 'removed']]);
  } finally {
    await srv.kill9();
  }
});

it("the bridge's log line of a seat given up says what became of it: after the round a robot plays it in a rematch; the last person's leave ends the game, no robot plays on", async () => {
  // defects: "a robot plays for Bo to the end" of a game over, and above "The game is over" after the last leave
  const srv = await startServer({ args: ['--ruleset', copySample('tiny'), '--robot-delay', '30'] });
  try {
    const b = bridge();
    type View = { log: string[] };
    let n = 0;
    const call = async (method: string, params: unknown = {}) => (await b.send(JSON.stringify({ id: ++n, method, params }))) as { result?: View & { welcome: { gameId: string } }; error?: { message: string } };
    const log = async () => (await call('cardwords/view')).result!.log;
    const id = (await call('cardwords/create', { url: srv.url, options: { owner: srv.ownerToken, name: 'Ann', humans: 2, robots: 0, seed: 'bridge-gone-1' } })).result!.welcome.gameId;
    // Bo plays from a bridge of his own, to read what his editor shows once removed
    const bb = bridge();
    type Seen = { status: string; moves: number; turn: number; seat: number; closed: boolean; removed: boolean; message: string; players: Array<{ name: string; rematch: boolean }> };
    let m = 0;
    const boCall = async (method: string, params: unknown = {}) => (await bb.send(JSON.stringify({ id: ++m, method, params }))) as { result?: Seen; error?: { message: string } };
    const seen = async (of: typeof call | typeof boCall) => (await of('cardwords/view')).result as unknown as Seen;
    expect((await boCall('cardwords/join', { url: srv.url, id, name: 'Bo' })).error).toBeUndefined();
    await expect.poll(async () => (await seen(boCall)).status).toBe('playing');
    // everyone passes twice: over by the rules
    for (let k = 0; k < 4; k++) {
      await expect.poll(async () => (await seen(boCall)).moves).toBe(k);
      const v = await seen(boCall);
      const mover = v.turn === v.seat ? boCall : call;
      // the mover's own bridge has the move too (Ann's lagging behind Bo's refused her pass as
      // not her turn: a full run met it)
      // (and the deal: Ann's still waiting for it refused the first pass as not started)
      await expect.poll(async () => { const s = await seen(mover); return `${s.status} ${s.moves}`; }).toBe(`playing ${k}`);
      expect((await mover('cardwords/pass')).error).toBeUndefined();
    }
    await expect.poll(async () => (await seen(boCall)).status).toBe('over');
    // Bo's vote is said to the others, as the web panel says it under the results (it showed on
    // the score board alone, below an 80x24 window)
    expect((await boCall('cardwords/rematch')).error).toBeUndefined();
    await expect.poll(async () => (await seen(call)).message).toBe('Bo asks for a rematch.');
    expect((await seen(call)).players.find((p) => p.name === 'Bo')?.rematch).toBe(true);
    expect((await call('cardwords/remove', { name: 'Bo' })).error).toBeUndefined();
    await expect.poll(log).toContain('The owner removed Bo from the game: a robot plays for Bo in a rematch.');
    // a removed player's vote is stale: the score board said "asks for a rematch" of Bo, on
    // Ann's screen and on his own
    expect((await seen(call)).players.find((p) => p.name === 'Bo')?.rematch).toBe(false);
    await expect.poll(async () => (await seen(boCall)).removed).toBe(true);
    expect(await seen(boCall)).toMatchObject({ closed: true, message: 'The owner removed you from the game.' });
    expect((await seen(boCall)).players.find((p) => p.name === 'Bo')?.rematch).toBe(false);
    expect((await log()).filter((l) => l.includes('to the end'))).toEqual([]);
    // the owner watches the next game; Cy, the only person against a robot, leaves: the game ends with it
    const id2 = (await call('cardwords/create', { url: srv.url, options: { owner: srv.ownerToken, humans: 1, robots: 1, seed: 'bridge-gone-2' } })).result!.welcome.gameId;
    const cy = await cwJoin(srv.url, id2, { name: 'Cy' });
    await until(() => cy.state.status === 'playing', 5000, 'the deal');
    await expect.poll(async () => (await call('cardwords/view')).result!.welcome.gameId).toBe(id2);
    expect((await cy.leaveGame()).type).toBe('ack');
    await expect.poll(log).toContain('Cy left the game.');
    expect((await log()).filter((l) => l.startsWith('Cy left'))).toEqual(['Cy left the game.']);
  } finally {
    await srv.kill9();
  }
});

it('cardwords/rulesets lists the rulesets a server offers, for Emacs to ask which a new game plays; the create takes its name and watcher places', async () => {
  // defect: a game created from Emacs on a server with several rulesets played the first, unasked
  const srv = await startServer({ args: ['--ruleset', copySample('tiny'), '--ruleset', 'samples/seed-example'] });
  try {
    const b = bridge();
    const rulesets = (await b.send(JSON.stringify({ id: 1, method: 'cardwords/rulesets', params: { url: srv.url } }))) as { result: string[] };
    expect(rulesets.result).toEqual(['tiny', 'example']);
    const created = (await b.send(JSON.stringify({ id: 2, method: 'cardwords/create', params: { url: srv.url, options: { owner: srv.ownerToken, name: 'Ann', robots: 1, ruleset: 'example', watchers: 2 } } }))) as { result: { welcome: { gameId: string } } };
    const games = (await (await fetch(`${srv.url}/games`)).json()) as Array<{ id: string; watchers?: number }>;
    expect(games.find((g) => g.id === created.result.welcome.gameId)?.watchers).toBe(2);
    // the example's table (19 x 10), not the first ruleset's (7 x 7)
    await expect.poll(async () => ((await b.send(JSON.stringify({ id: 3, method: 'cardwords/view' }))) as { result: { width: number } }).result.width).toBe(19);
  } finally {
    await srv.kill9();
  }
});

it('the view gives the web page\'s questions before a leave and a removal: what becomes of the seat, or that the game ends (the last person)', async () => {
  // defect: Emacs asked "a robot plays your seat to the end" of the last person, whose going ends the game
  const srv = await tinyServer();
  const b = bridge();
  type View = { status: string; leaveQuestion: string; removeQuestions: Array<{ name: string; question: string }>; welcome: { gameId: string } };
  let n = 0;
  const view = async () => ((await b.send(JSON.stringify({ id: ++n, method: 'cardwords/view' }))) as { result: View }).result;
  const created = (await b.send(JSON.stringify({ id: ++n, method: 'cardwords/create', params: { url: srv.url, options: { owner: srv.ownerToken, name: 'Ann', humans: 2, robots: 0, seed: 's2' } } }))) as { result: View };
  const bo = await cwJoin(srv.url, created.result.welcome.gameId, { name: 'Bo' });
  await expect.poll(async () => (await view()).status).toBe('playing');
  expect(await view()).toMatchObject({
    leaveQuestion: 'Leave for good? A robot plays your seat to the end. ',
    removeQuestions: [{ name: 'Bo', question: 'Remove Bo? A robot plays the seat to the end. ' }],
  });
  // Bo gone: Ann is the last person, her leave ends the game
  expect((await bo.leaveGame()).type).toBe('ack');
  await expect.poll(async () => (await view()).leaveQuestion).toBe('Leave for good? No other person plays, so the game ends. ');
  // her leave ends the game: its results have come when the leave is answered, for Emacs to
  // show (the buffer vanished with nothing said)
  expect(((await b.send(JSON.stringify({ id: ++n, method: 'cardwords/leave', params: { forget: true } }))) as { error?: unknown }).error).toBeUndefined();
  expect(((await view()) as View & { results: unknown }).results).not.toBeNull();
});

it("Cardwords through the bridge: the last person removed is told so with the game's end, as the web panel words it", async () => {
  // defect: the end came before the close, and the view said only "The game has ended."
  const srv = await tinyServer();
  const b = bridge();
  type View = { status: string; closed: boolean; message: string; results: unknown };
  let n = 0;
  const call = async (method: string, params: unknown = {}) => (await b.send(JSON.stringify({ id: ++n, method, params }))) as { result?: View; error?: { message: string } };
  // the owner watches; Ann (here) plays against a robot
  const owner = await cwCreate(srv.url, { owner: srv.ownerToken, humans: 1, robots: 1, watchers: 1, grace: 'never', seed: 's2' });
  expect((await call('cardwords/join', { url: srv.url, id: owner.room.roomId, name: 'Ann' })).error).toBeUndefined();
  await expect.poll(async () => (await call('cardwords/view')).result?.status).toBe('playing');
  expect((await owner.request('remove', { name: 'Ann' })).type).toBe('ack');
  await expect.poll(async () => (await call('cardwords/view')).result?.message).toBe(translator('en')('cw.removedLast'));
  expect((await call('cardwords/view')).result?.results).not.toBeNull();
  // let go, as any removal: nothing to leave
  expect((await call('cardwords/view')).result?.closed).toBe(true);
  // no rematch follows a game whose room ended: refused by the bridge in the web page's words
  expect((await call('cardwords/rematch')).error).toEqual({ code: 'refused', message: 'The game has ended.' });
});

it('a rematch vote waiting on an away player: the view says whom it waits for, as the web panel does', async () => {
  // defect: Emacs showed the others' "asks for a rematch" and nothing of whom the vote waited for
  const srv = await tinyServer();
  const b = bridge();
  type View = { status: string; rematchWaits: string; welcome: { gameId: string } };
  let n = 0;
  const call = async (method: string, params: unknown = {}) => (await b.send(JSON.stringify({ id: ++n, method, params }))) as { result?: View; error?: { message: string } };
  // the owner watches: Ann (here) and Bo play; every player passes twice, and the game is over
  const owner = await cwCreate(srv.url, { owner: srv.ownerToken, humans: 2, robots: 0, watchers: 1, grace: 'never', seed: 's2' });
  expect((await call('cardwords/join', { url: srv.url, id: owner.room.roomId, name: 'Ann' })).error).toBeUndefined();
  const bo = await cwJoin(srv.url, owner.room.roomId, { name: 'Bo' });
  await until(() => bo.state.status === 'playing', 5000, 'the deal');
  // Ann's bridge too: before the deal it refuses her keys, a pass among them
  await expect.poll(async () => (await call('cardwords/view')).result!.status).toBe('playing');
  // during play the bridge itself refuses, in the web panel's words (the room's `not-over`),
  // a sentence: it sent it on, and the refusal came later in the message
  expect((await call('cardwords/rematch')).error).toEqual({ code: 'refused', message: 'A rematch follows the end of a game.' });
  while (bo.state.status === 'playing') {
    const moves = bo.state.moves;
    if (bo.state.players[bo.state.turn]?.name === 'Bo') expect((await bo.request('action', { text: 'pass' })).type).toBe('ack');
    else expect((await call('cardwords/pass')).error).toBeUndefined();
    await until(() => bo.state.moves > moves || bo.state.status !== 'playing', 5000, 'the pass');
  }
  expect((await call('cardwords/view')).result!.rematchWaits).toBe('');
  bo.raw.transport.ws.close(3000); // Bo's connection drops: away
  expect((await call('cardwords/rematch')).error).toBeUndefined();
  await expect.poll(async () => (await call('cardwords/view')).result!.rematchWaits).toBe('The rematch waits for Bo (away). Away players are waited for until they come back.');
});

it('the owner of a Yatzee game removes a player and ends the game through the bridge (-, C-c C-e); another player cannot', async () => {
  const srv = await fastRobotServer();
  const b = bridge();
  type View = { message: string; status: string; sheets: Array<{ name: string }>; welcome: { gameId: string }; removable: string[] };
  let n = 0;
  const call = async (method: string, params: unknown = {}) => (await b.send(JSON.stringify({ id: ++n, method, params }))) as { result?: View; error?: { message: string } };
  const id = (await call('yatzee/create', { url: srv.url, owner: srv.ownerToken, name: 'me', robots: 1, seed: 'bridge-remove' })).result!.welcome.gameId;
  const c = bridge();
  expect(((await c.send(JSON.stringify({ id: 1, method: 'yatzee/join', params: { url: srv.url, id, name: 'Cy' } }))) as { error?: unknown }).error).toBeUndefined();
  expect(((await c.send(JSON.stringify({ id: 2, method: 'yatzee/remove', params: { name: 'me' } }))) as { error?: { message: string } }).error?.message).toBe('only the owner removes players');
  expect(((await c.send(JSON.stringify({ id: 3, method: 'yatzee/end' }))) as { error?: { message: string } }).error?.message).toBe('only the owner ends the game');
  await expect.poll(async () => (await call('yatzee/view')).result!.sheets.map((x) => x.name).sort()).toEqual(['Cy', 'Robot1', 'me']);
  // the owner's view offers every player but the owner's own sheet, robots too; Cy's offers nobody
  expect((await call('yatzee/view')).result!.removable.sort()).toEqual(['Cy', 'Robot1']);
  expect(((await c.send(JSON.stringify({ id: 4, method: 'yatzee/view' }))) as { result: View }).result.removable).toEqual([]);
  expect((await call('yatzee/remove', { name: 'Robot1' })).error).toBeUndefined();
  await expect.poll(async () => (await call('yatzee/view')).result!.message).toBe('Robot1 was removed from the game.');
  expect((await call('yatzee/view')).result!.sheets.map((x) => x.name).sort()).toEqual(['Cy', 'me']);
  expect((await call('yatzee/view')).result!.removable).toEqual(['Cy']);
  // defect: a refused removal marked the name removed, and that player's real leave went
  // unsaid. Di plays with the owner token (the owner's sheet in another editor): refused here
  const di = await Player.join(srv.url, id, { name: 'Di', owner: srv.ownerToken });
  await expect.poll(async () => (await call('yatzee/view')).result!.sheets.map((x) => x.name)).toContain('Di');
  // not offered (the state marks a sheet taken with the owner token); asked anyway, refused
  await expect.poll(async () => (await call('yatzee/view')).result!.removable).toEqual(['Cy']);
  await call('yatzee/remove', { name: 'Di' });
  await expect.poll(async () => (await call('yatzee/view')).result!.message).toBe('Refused: the owner does not remove their own sheet: leave the game instead.');
  expect((await call('yatzee/view')).result!.sheets.map((x) => x.name)).toContain('Di');
  // Di leaves: said as a leave, as the web panel says it
  expect((await di.leaveGame()).type).toBe('ack');
  await expect.poll(async () => (await call('yatzee/view')).result!.message).toBe('Di left the game: that sheet is closed.');
  // the room refuses the owner's own sheet, saying why
  await call('yatzee/remove', { name: 'me' });
  await expect.poll(async () => (await call('yatzee/view')).result!.message).toBe('Refused: the owner does not remove their own sheet: leave the game instead.');
  // Cy removed: Cy's bridge says so and takes nothing back (it joined again by name, and
  // "That name is taken" came every few seconds for ever); a key is refused with it
  expect((await call('yatzee/remove', { name: 'Cy' })).error).toBeUndefined();
  const cyView = async () => ((await c.send(JSON.stringify({ id: 5, method: 'yatzee/view' }))) as { result: View & { connected: boolean; closed: boolean; down: string } }).result;
  await expect.poll(async () => (await cyView()).message).toBe('The owner removed you from the game.');
  // let go: no sheet to give up (Emacs leaves without asking), keys refused with why
  // (removed, for Emacs to say so where it said "Disconnected"; no invite to a game Cy is out of)
  expect(await cyView()).toMatchObject({ connected: false, closed: true, removed: true, watchable: true, invite: '', down: 'The owner removed you from the game.' });
  expect(((await c.send(JSON.stringify({ id: 6, method: 'yatzee/throw' }))) as { error?: { message: string } }).error?.message).toBe('The owner removed you from the game.');
  // defect: the web page offers Watch the game after a removal, Emacs nothing: w watches
  expect(((await c.send(JSON.stringify({ id: 7, method: 'yatzee/watch-here' }))) as { result?: unknown }).result).toMatchObject({ connected: true, closed: false, watchable: false, welcome: { role: 'watcher' } });
  await expect.poll(async () => (await call('yatzee/view')).result!.sheets.map((x) => x.name)).toEqual(['me']);
  expect((await call('yatzee/end')).error).toBeUndefined();
  // the owner's own bridge: 'You ended the game.', as the owner's web page (it read 'The owner ended the game.')
  await expect.poll(async () => (await call('yatzee/view')).result!.message).toMatch(/^The game has ended\. You ended the game\./);
});

it('C-c C-q in a game going on gives the seat up (a stand-in plays it at once, even with a grace of never); a bridge that closes is a drop, the seat held', async () => {
  const srv = await tinyServer();
  for (const how of ['drop', 'leave'] as const) {
    const ann = await cwCreate(srv.url, { owner: srv.ownerToken, humans: 2, robots: 0, watchers: 0, name: 'Ann', grace: 'never', seed: 's2' });
    const b = bridge();
    const joined = (await b.send(JSON.stringify({ id: 1, method: 'cardwords/join', params: { url: srv.url, id: ann.room.roomId, name: 'Bo' } }))) as { error?: unknown };
    expect(joined.error).toBeUndefined();
    await until(() => ann.state.status === 'playing' && handOf(ann).length > 0, 10_000, 'the deal');
    const bo = ann.state.players.findIndex((p) => p.name === 'Bo');
    if (ann.state.turn === seatOf(ann)) expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
    await until(() => ann.state.turn === bo, 10_000, "Bo's turn");
    const moves = ann.state.moves;
    if (how === 'leave') {
      // what C-c C-q sends once Bo said yes to "Leave this game?"; its answer says what the web
      // page says then, for Emacs to say as the buffer goes (it went with nothing said)
      const left = (await b.send(JSON.stringify({ id: 2, method: 'cardwords/leave', params: { forget: true } }))) as { error?: unknown; result?: unknown };
      expect(left.error).toBeUndefined();
      expect(left.result).toEqual({ said: 'You left the game: a robot plays your seat to the end.' });
      await until(() => ann.state.players[bo]!.auto && ann.state.moves > moves, 10_000, "the stand-in's action for Bo");
      expect(ann.state.last).toMatchObject({ player: bo, standIn: true });
      // not away: he gave the seat up (the score boards say "left")
      expect(ann.state.players[bo]!.left).toBe(true);
    } else {
      // a buffer killed, the editor gone: Bo may come back, nobody plays for him (grace never)
      expect(((await b.send(JSON.stringify({ id: 2, method: 'cardwords/leave', params: {} }))) as { error?: unknown }).error).toBeUndefined();
      await until(() => !ann.state.players[bo]!.connected, 10_000, 'Bo away');
      expect(ann.state.players[bo]!.auto).toBe(false);
      expect(ann.state.players[bo]!.left).toBe(false);
      expect(ann.state.moves).toBe(moves);
    }
    await ann.request('end');
  }
});

it('a move composed in Emacs while waiting, whose cells the other player\'s move took, is cleared and said (it turned into a trade), and the next RET does not pass', async () => {
  const srv = await tinyServer();
  const ann = await cwCreate(srv.url, { owner: srv.ownerToken, humans: 2, robots: 0, watchers: 0, name: 'Ann', grace: 'never', seed: 's2' });
  const b = bridge();
  type View = { message: string; turn: number; moves: number; hand: { i: number; text: string }[]; composing: { display: string; cards: string[] } };
  const call = (method: string, params: unknown = {}) => b.call<View>(method, params);
  await call('cardwords/join', { url: srv.url, id: ann.room.roomId, name: 'Bo' });
  await until(() => ann.state.status === 'playing' && handOf(ann).length > 0, 10_000, 'the deal');
  const bo = ann.state.players.findIndex((p) => p.name === 'Bo');
  if (ann.state.turn === bo) {
    await call('cardwords/submit');
    await until(() => ann.state.turn !== bo, 10_000, "Ann's turn");
  }
  // Bo composes from D4 across (the start cell: Ann's first move covers it), two natural cards
  await expect.poll(async () => (await call('cardwords/view')).hand.length).toBeGreaterThan(1);
  for (const key of ['4', 'D']) await call('cardwords/key', { key });
  const natural = (await call('cardwords/view')).hand.filter((c) => !c.text.startsWith('[ '));
  for (const c of natural.slice(0, 2)) await call('cardwords/pick', { index: c.i });
  expect((await call('cardwords/view')).composing).toMatchObject({ display: '4D', cards: [expect.any(String), expect.any(String)] });
  // Ann leaves: her stand-in plays her turn at once, on D4
  const moves = ann.state.moves;
  ann.room.send('leave', {});
  const said = 'The last move covered your move at 4D: it was cleared, not traded. Compose it again.';
  await expect.poll(async () => (await call('cardwords/view')).message, { timeout: 20_000 }).toBe(said);
  const view = await call('cardwords/view');
  expect(view.moves).toBeGreaterThan(moves);
  expect(view.turn).toBe(bo);
  expect(view.composing.cards).toEqual([]);
  // the first RET says it again and sends nothing; the second passes
  expect(await call('cardwords/submit')).toMatchObject({ message: said, moves: view.moves, turn: bo });
  await call('cardwords/submit');
  await expect.poll(async () => (await call('cardwords/view')).moves, { timeout: 20_000 }).toBeGreaterThan(view.moves);
});

it('back after a stand-in played for you: the bridge says how many of your turns it played, as the web panel does', async () => {
  const srv = await shortHoldServer();
  // Ann over the SDK, Bo through a bridge; a stand-in at once for a dropped player
  const ann = await cwCreate(srv.url, { owner: srv.ownerToken, humans: 2, robots: 0, watchers: 0, name: 'Ann', grace: 0, seed: 's2' });
  const id = ann.room.roomId;
  const joined = (await bridge().send(JSON.stringify({ id: 1, method: 'cardwords/join', params: { url: srv.url, id, name: 'Bo' } }))) as { result: { welcome: { key: string } } };
  await until(() => ann.state.status === 'playing' && handOf(ann).length > 0, 5000, 'the start');
  if (ann.state.turn === seatOf(ann)) expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
  const bo = ann.state.players.findIndex((p) => p.name === 'Bo');
  await until(() => ann.state.turn === bo, 5000, "Bo's turn");
  const moves = ann.state.moves;
  child!.kill('SIGKILL'); // the editor goes on Bo's turn: a drop
  await until(() => ann.state.moves > moves && ann.state.last.standIn, 10_000, "the stand-in's action");
  // a new bridge takes the seat back with its key
  const data = tempDir('cardwords-bridge-');
  const again = bridge({ CARDWORDS_DATA_DIR: data });
  expect(((await again.send(JSON.stringify({ id: 1, method: 'cardwords/join', params: { url: srv.url, id, name: 'Bo', key: joined.result.welcome.key } }))) as { error?: unknown }).error).toBeUndefined();
  const message = async () => ((await again.send(JSON.stringify({ id: 2, method: 'cardwords/view' }))) as { result: { message: string } }).result.message;
  const said = 'While you were away, a robot played 1 turn for you: see the game log.';
  await expect.poll(message, { timeout: 10_000 }).toBe(said);
  // Emacs started again (on Ann's turn: no stand-in plays meanwhile): what was said is not said again
  child!.kill('SIGKILL');
  const third = bridge({ CARDWORDS_DATA_DIR: data });
  expect(((await third.send(JSON.stringify({ id: 1, method: 'cardwords/join', params: { url: srv.url, id, name: 'Bo', key: joined.result.welcome.key } }))) as { error?: unknown }).error).toBeUndefined();
  type View = { result: { message: string; log: string[] } };
  const view = async () => ((await third.send(JSON.stringify({ id: 2, method: 'cardwords/view' }))) as View).result;
  // the round's log comes after the state that counts the stand-in's turns
  await expect.poll(async () => (await view()).log.some((l) => l.startsWith('Bo (robot standing in): ')), { timeout: 10_000 }).toBe(true);
  expect((await view()).message).not.toBe(said);
});

it("a stand-in's action is marked in the bridge's log; the results carry each player's hand points and end adjustment", async () => {
  const srv = await shortHoldServer();
  // a stand-in at once for a dropped one (grace 0)
  const { ann, b, moves } = await boDropsOnHisTurn(srv.url, srv.ownerToken, 0);
  await until(() => ann.state.moves > moves && ann.state.last.standIn, 10_000, "the stand-in's action");
  type View = { result: { log: string[]; results: { reasonText: string; marks: { winner: string; stoodIn: string }; results: Array<{ name: string; score: number; handPoints: number; adjustment: number; standIn: boolean }> } | null } };
  const view = async () => ((await b.send(JSON.stringify({ id: 2, method: 'cardwords/view' }))) as View).result;
  await expect.poll(async () => (await view()).log.join('\n'), { timeout: 10_000 }).toMatch(/^Bo \(robot standing in\): /m);
  expect((await view()).log.some((l) => l.startsWith('Bo: '))).toBe(false);
  // a turn of Ann's after it, so that the review below has one to show
  await until(() => ann.state.turn === seatOf(ann), 10_000, "Ann's turn");
  expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
  const annHand = handOf(ann).reduce((sum, c) => sum + c.points, 0);
  expect((await ann.request('end')).type).toBe('ack');
  await expect.poll(async () => (await view()).results !== null, { timeout: 10_000 }).toBe(true);
  // the owner ended it: the room sent the review with the end; a person's turns carry the
  // best robot's choice, a stand-in's none
  await expect.poll(async () => (await view()).log.filter((l) => l.startsWith('Ann: ')).every((l) => l.includes(' · The best robot here: ')), { timeout: 10_000 }).toBe(true);
  const endLog = (await view()).log;
  expect(endLog.filter((l) => l.startsWith('Ann: ')).length).toBeGreaterThan(0);
  expect(endLog.filter((l) => l.startsWith('Bo (robot standing in): ')).every((l) => !l.includes('best robot'))).toBe(true);
  const results = (await view()).results!.results;
  // the rows' marks in the web panel's words (Emacs draws them after the final score)
  expect((await view()).results!.marks).toEqual({ winner: 'winner', stoodIn: 'a robot stood in' });
  expect(results.find((r) => r.name === 'Bo')!.standIn).toBe(true);
  expect(results.find((r) => r.name === 'Ann')!.standIn).toBe(false);
  // the points left in each hand count against (4 in Ann's, dealt from the seed)
  expect(annHand).not.toBe(0);
  expect(results.find((r) => r.name === 'Ann')!.handPoints).toBe(annHand);
  for (const r of results) expect(r.adjustment + r.handPoints).toBe(0);
  // the score board says the final scores, as the results do (it said those before the hands counted)
  const board = ((await b.send(JSON.stringify({ id: 6, method: 'cardwords/view' }))) as { result: { players: Array<{ name: string; score: number }> } }).result.players;
  for (const r of results) expect(board.find((p) => p.name === r.name)!.score).toBe(r.score);
  // the room closes after `ended`: the end's message stays (not "Disconnected from the game"),
  // and leaving the closed room answers at once: it once held every later request for good.
  // Why it ended is said once, in the results, not again in the message
  await expect.poll(async () => ((await b.send(JSON.stringify({ id: 3, method: 'cardwords/view' }))) as { result: { message: string } }).result.message, { timeout: 10_000 }).toBe('The game has ended.');
  expect((await view()).results!.reasonText).toBe('The owner ended the game.');
  expect(((await b.send(JSON.stringify({ id: 4, method: 'cardwords/leave' }))) as { result: unknown }).result).toEqual({ said: '' });
  expect(((await b.send(JSON.stringify({ id: 5, method: 'lines/scores' }))) as { result?: unknown; error?: unknown }).error).toBeUndefined();
});

it('leaving a game whose server was killed answers at once, and the bridge answers the next request', async () => {
  const srv = await startServer({ args: ['--ruleset', copySample('tiny')] });
  try {
    const ann = await cwCreate(srv.url, { owner: srv.ownerToken, humans: 1, robots: 1, watchers: 1, name: 'Ann', seed: 's2' });
    const b = bridge();
    await b.send(JSON.stringify({ id: 1, method: 'cardwords/join', params: { url: srv.url, id: ann.room.roomId, watch: true } }));
    // SIGKILL: the connection drops without a close frame and the client library tries to
    // reconnect; a leave then waited for an answer that never came, and the bridge, which
    // answers one request at a time, answered nothing more (Emacs: "no answer to lines/new")
    await srv.kill9();
    const t0 = Date.now();
    expect(((await b.send(JSON.stringify({ id: 2, method: 'cardwords/leave' }))) as { result: unknown }).result).toEqual({ said: '' });
    expect(((await b.send(JSON.stringify({ id: 3, method: 'lines/scores' }))) as { error?: unknown }).error).toBeUndefined();
    expect(Date.now() - t0).toBeLessThan(5000);
  } finally {
    await srv.stop().catch(() => undefined);
  }
});

it('a seat on a server given by URL is remembered: after a drop, and after the editor and the server restarted, the games list offers it and resume takes it back with its key (Yatzee too); C-c C-q forgets it', async () => {
  // defect: only a local server's seat was remembered; on a URL server the list said "Every
  // seat is taken." and Emacs watched, and Yatzee's join by name was refused (name-taken)
  const data = tempDir('cardwords-bridge-data-');
  let srv = await startServer({ args: ['--ruleset', copySample('tiny')] });
  try {
    type Listed = { id: string; seat: string | null; seatText: string; joinRefusal: string | null };
    type Entered = { welcome: { gameId: string; role: string; name: string; seat?: number } };
    let b = bridge({ CARDWORDS_DATA_DIR: data });
    const cw = await b.call<Entered>('cardwords/create', { url: srv.url, options: { owner: srv.ownerToken, name: 'Emi', robots: 1, level: 'casual', grace: 'never' } });
    const yz = await b.call<Entered>('yatzee/create', { url: srv.url, owner: srv.ownerToken, name: 'Emi', robots: 1 });
    // C-x k: a drop, the seat kept
    await b.call('cardwords/leave');
    const listed = async (kind: string) => (await b.call<Listed[]>(`${kind}/games`, { url: srv.url })).find((g) => g.id === (kind === 'yatzee' ? yz : cw).welcome.gameId)!;
    expect(await listed('cardwords')).toMatchObject({ seat: 'Emi', seatText: 'Your seat as Emi is kept: resume it.', joinRefusal: 'Every seat is taken.' });
    expect(await b.call<Entered>('cardwords/resume', { url: srv.url, id: cw.welcome.gameId })).toMatchObject({ welcome: { gameId: cw.welcome.gameId, role: 'player', name: 'Emi', seat: cw.welcome.seat, owner: true } });
    // the editor is killed and the server restarts on its port: both seats are offered and taken back
    child!.kill('SIGKILL');
    await srv.stop();
    srv = await startServer({ dataDir: srv.dataDir, args: ['--ruleset', copySample('tiny'), '--port', String(srv.port)] });
    b = bridge({ CARDWORDS_DATA_DIR: data });
    for (const [kind, game] of [['cardwords', cw], ['yatzee', yz]] as const) {
      expect(await listed(kind)).toMatchObject({ seat: 'Emi' });
      expect(await b.call<Entered>(`${kind}/resume`, { url: srv.url, id: game.welcome.gameId })).toMatchObject({ welcome: { gameId: game.welcome.gameId, role: 'player', name: 'Emi', owner: true } });
    }
    // a game you hold no seat in is offered as before
    const other = await cwCreate(srv.url, { owner: srv.ownerToken, humans: 1, robots: 1, name: 'Ann' });
    // (polled: a room just made is listed a moment later, and a game left updates its listing so)
    await expect.poll(async () => (await b.call<Listed[]>('cardwords/games', { url: srv.url })).find((g) => g.id === other.room.roomId)).toMatchObject({ seat: null, seatText: '' });
    // C-c C-q: left on purpose, not offered again
    await b.call('cardwords/leave', { forget: true });
    // (the game, its only person gone, may also have ended and left the list: no seat offered either way)
    await expect.poll(async () => (await listed('cardwords'))?.seat ?? null).toBe(null);
    // the game the editor is in now is not offered (its seat is taken already)
    await expect.poll(() => listed('yatzee')).toMatchObject({ seat: null });
  } finally {
    await srv.kill9();
  }
});

it('the server stopping or lost: the bridge says so at once (the web panels\' words), refuses keys with it, and takes the seats back with their keys when the server is back', async () => {
  // defect: after SIGKILL nothing was said for ~25 s and keys were queued silently; after
  // SIGTERM only "Disconnected from the game", and the game never came back
  let srv = await startServer({ args: ['--ruleset', copySample('tiny')] });
  const restart = async () => (srv = await startServer({ dataDir: srv.dataDir, args: ['--ruleset', copySample('tiny'), '--port', String(srv.port)] }));
  try {
    type View = { connected: boolean; message: string; welcome: { gameId: string; role: string; name: string } };
    const b = bridge();
    const cw = await b.call<View>('cardwords/create', { url: srv.url, options: { owner: srv.ownerToken, name: 'Emi', robots: 1, level: 'casual', grace: 'never' } });
    await b.call('yatzee/create', { url: srv.url, owner: srv.ownerToken, name: 'Emi', robots: 0 });
    const view = (kind: string) => b.call<View>(`${kind}/view`);
    const refusal = async (method: string, params: unknown = {}) => ((await b.send(JSON.stringify({ id: 1, method, params }))) as { error?: { message: string } }).error?.message;
    const stopping = 'The server is stopping. The game is kept: reconnecting when the server is back…';
    await srv.stop();
    const stopped = Date.now();
    for (const kind of ['cardwords', 'yatzee']) await expect.poll(async () => view(kind), { timeout: 5000 }).toMatchObject({ connected: false, message: stopping });
    expect(await refusal('cardwords/key', { key: 'a' })).toBe(stopping);
    expect(await refusal('cardwords/pass')).toBe(stopping);
    expect(await refusal('yatzee/throw')).toBe(stopping);
    // the server back on its port 7 s after the stop (a slow restart): both seats taken back
    // with their keys within a second or so (it tried 1, 3 and 7 s after the stop and next at
    // 15 s, about 7 s after the server was back; every half second for the first 10 s now)
    await expect.poll(() => Date.now() - stopped >= 7000, { timeout: 10_000 }).toBe(true);
    await restart();
    const listening = Date.now();
    const connected = new Map<string, number>();
    // both views asked in each poll: the two rejoins come together, and the notice gives way
    // after 4 s (asked one kind after the other, Yatzee's had gone by the time Cardwords' was
    // seen, on a loaded machine)
    const noticed = new Set<string>();
    await expect
      .poll(
        async () => {
          for (const kind of ['cardwords', 'yatzee']) {
            const v = await view(kind);
            if (v.connected && !connected.has(kind)) connected.set(kind, Date.now() - listening);
            if (v.connected && v.message === 'Connected again.' && v.welcome.role === 'player' && v.welcome.name === 'Emi') noticed.add(kind);
          }
          return [...noticed].sort();
        },
        { timeout: 20_000 },
      )
      .toEqual(['cardwords', 'yatzee']);
    for (const kind of ['cardwords', 'yatzee']) expect(connected.get(kind), kind).toBeLessThan(2500);
    expect((await view('cardwords')).welcome.gameId).toBe(cw.welcome.gameId);
    // and gives way after a while, nothing having changed (Yatzee's stood for ever)
    await expect.poll(async () => (await view('yatzee')).message, { timeout: 10_000 }).toBe('');
    expect(await refusal('yatzee/throw')).toBeUndefined();
    // lost without a word (SIGKILL): said at once, in the web panels' words (no raw close code)
    await srv.kill9();
    for (const kind of ['cardwords', 'yatzee']) await expect.poll(async () => view(kind), { timeout: 5000 }).toMatchObject({ connected: false, message: 'Connection lost: reconnecting…' });
    expect(await refusal('yatzee/throw')).toBe('Connection lost: reconnecting…');
    await restart();
    // (the client library's own tries first, then the key's every 10 s at most; a room
    // not restored yet is asked again: it gave up at once, and this failed a clean run)
    for (const kind of ['cardwords', 'yatzee']) await expect.poll(async () => view(kind), { timeout: 90_000 }).toMatchObject({ connected: true, welcome: { role: 'player', name: 'Emi' } });
  } finally {
    await srv.kill9();
  }
}, 180_000);

it('a seat taken back from another connection: the first bridge\'s view says so, `closed` (nothing to leave) and keys refused with why', async () => {
  const srv = await tinyServer();
  type View = { connected: boolean; down: string; closed: boolean; elsewhere: boolean; message: string; welcome: { gameId: string; key: string } };
  const b = bridge();
  const cw = await b.call<View>('cardwords/create', { url: srv.url, options: { owner: srv.ownerToken, name: 'Emi', robots: 1, level: 'casual', grace: 'never', watchers: 1 } });
  expect(cw).toMatchObject({ down: '', closed: false, elsewhere: false });
  const other = bridge2();
  await other.call('cardwords/join', { url: srv.url, id: cw.welcome.gameId, name: 'Emi', key: cw.welcome.key });
  // the web page's sentence for the same event, word for word (the bridge had words of its own)
  const taken = translator('en')('conn.takenBack');
  expect(taken).toMatch(/another tab, window or editor/);
  await expect.poll(async () => b.call<View>('cardwords/view'), { timeout: 5000 }).toMatchObject({ connected: false, closed: true, down: taken, message: taken, elsewhere: true });
  expect(((await b.send(JSON.stringify({ id: 1, method: 'cardwords/key', params: { key: '4' } }))) as { error?: { message: string } }).error?.message).toBe(taken);
  // defect: the seat was forgotten, the game listed as "Every seat is taken", only watching left
  const games = await b.call<{ id: string; seat?: unknown }[]>('cardwords/games', { url: srv.url });
  expect(games.find((g) => g.id === cw.welcome.gameId)?.seat).toBeTruthy();
  // the web page's "Play here": the seat back with its key, the other bridge let go in turn
  const here = await b.call<View>('cardwords/play-here');
  expect(here).toMatchObject({ connected: true, closed: false, elsewhere: false, down: '', message: translator('en')('conn.playingHereEditor'), welcome: { role: 'player', name: 'Emi' } });
  await expect.poll(async () => other.call<View>('cardwords/view'), { timeout: 5000 }).toMatchObject({ closed: true, elsewhere: true, down: taken });
  // and its "Watch the game": the other bridge watches, its seat still remembered
  expect(await other.call<View>('cardwords/watch-here')).toMatchObject({ connected: true, closed: false, elsewhere: false, welcome: { role: 'watcher' } });
});

it('a Yatzee sheet taken back from another connection: kept, played here again with its key, or the game watched', async () => {
  // defect: the bridge forgot the sheet (only watching was left) and the mode line said Disconnected
  const srv = await tinyServer();
  type View = { connected: boolean; down: string; closed: boolean; elsewhere: boolean; message: string; welcome: { gameId: string; key: string; role: string } };
  const b = bridge();
  const yz = await b.call<View>('yatzee/create', { url: srv.url, owner: srv.ownerToken, name: 'Emi', robots: 1 });
  expect(yz).toMatchObject({ closed: false, elsewhere: false });
  const other = bridge2();
  await other.call('yatzee/join', { url: srv.url, id: yz.welcome.gameId, name: 'Emi', key: yz.welcome.key, owner: srv.ownerToken });
  const taken = translator('en')('conn.takenBack');
  await expect.poll(async () => b.call<View>('yatzee/view'), { timeout: 5000 }).toMatchObject({ connected: false, closed: true, elsewhere: true, down: taken });
  const games = await b.call<{ id: string; seat?: unknown }[]>('yatzee/games', { url: srv.url });
  expect(games.find((g) => g.id === yz.welcome.gameId)?.seat).toBeTruthy();
  expect(await b.call<View>('yatzee/play-here')).toMatchObject({ connected: true, closed: false, elsewhere: false, down: '', message: translator('en')('conn.playingHereEditor'), welcome: { role: 'player' } });
  await expect.poll(async () => other.call<View>('yatzee/view'), { timeout: 5000 }).toMatchObject({ closed: true, elsewhere: true });
  expect(await other.call<View>('yatzee/watch-here')).toMatchObject({ connected: true, closed: false, elsewhere: false, welcome: { role: 'watcher' } });
});

it('back after the server restarted: "Connected again." gives way at the next change of the game or after a while, and the composition\'s direction is kept', async () => {
  // defect: "Connected again." stayed under the action area through later moves, and the
  // direction typed (down) came back as across
  let srv = await startServer({ args: ['--ruleset', copySample('tiny')] });
  const restart = async () => (srv = await startServer({ dataDir: srv.dataDir, args: ['--ruleset', copySample('tiny'), '--port', String(srv.port)] }));
  try {
    type View = { status: string; connected: boolean; down: string; closed: boolean; message: string; composing: { direction: string } | null };
    const b = bridge();
    const id = (await b.call<{ welcome: { gameId: string } }>('cardwords/create', { url: srv.url, options: { owner: srv.ownerToken, name: 'Emi', humans: 2, robots: 0, grace: 'never', seed: 'bridge-back-1' } })).welcome.gameId;
    const bo = await cwJoin(srv.url, id, { name: 'Bo' });
    const boKey = (await bo.next((m) => m.type === 'welcome')).payload.key as string;
    const view = () => b.call<View>('cardwords/view');
    await expect.poll(async () => (await view()).status).toBe('playing');
    await b.call('cardwords/key', { key: '/' });
    expect((await view()).composing?.direction).toBe('down');
    const back = async () => {
      await srv.stop();
      await expect.poll(async () => (await view()).connected, { timeout: 5000 }).toBe(false);
      expect((await view()).down).toBe('The server is stopping. The game is kept: reconnecting when the server is back…');
      await restart();
      await expect.poll(async () => view(), { timeout: 30_000 }).toMatchObject({ connected: true, down: '', closed: false, message: 'Connected again.' });
    };
    await back();
    expect((await view()).composing?.direction).toBe('down');
    // Bo comes back too: the game changed, the notice goes at once (well before its 4 s)
    await cwJoin(srv.url, id, { name: 'Bo', key: boKey });
    await expect.poll(async () => (await view()).message, { timeout: 2000 }).toBe('');
    // nothing changes at the table: it goes after a while
    await back();
    await expect.poll(async () => (await view()).message, { timeout: 8000 }).toBe('');
    expect((await view()).composing?.direction).toBe('down');
  } finally {
    await srv.kill9();
  }
}, 120_000);

it('Yatzee against a robot, back after the server restarted: "Connected again." is not taken away by the robot\'s throws', async () => {
  // defect: with a robot throwing every half second the notice went within 300 ms (a robot's
  // throw counted as a change of the game), never seen in Emacs
  let srv = await startServer({ args: ['--ruleset', copySample('tiny')] });
  try {
    type View = { connected: boolean; message: string; sheets: { name: string; robot: boolean; throwsMade: number; dice: number[]; total: number }[] };
    const b = bridge();
    await b.call('yatzee/create', { url: srv.url, owner: srv.ownerToken, name: 'Emi', robots: 1, hints: true });
    const view = () => b.call<View>('yatzee/view');
    await srv.stop();
    await expect.poll(async () => (await view()).connected, { timeout: 5000 }).toBe(false);
    // the robot steps every 50 ms after the restart: its throws come well inside the notice's
    // 4 s (at the default half second, the first after the restored room loaded its table came
    // after the 3 s this waits, once, on a loaded machine)
    srv = await startServer({ dataDir: srv.dataDir, args: ['--ruleset', copySample('tiny'), '--port', String(srv.port), '--robot-delay', '50'] });
    await expect.poll(async () => (await view()).message, { timeout: 30_000, interval: 20 }).toBe('Connected again.');
    const robot = async () => JSON.stringify((await view()).sheets.find((x) => x.robot));
    const before = await robot();
    // the robot plays on meanwhile; the notice stays
    await expect.poll(robot, { timeout: 3000, interval: 50 }).not.toBe(before);
    expect((await view()).message).toBe('Connected again.');
    // and gives way after a while
    await expect.poll(async () => (await view()).message, { timeout: 8000 }).toBe('');
  } finally {
    await srv.kill9();
  }
}, 90_000);

it('a watcher of a game whose players are all away: no seat is said to be played by a robot, the game waits', async () => {
  // defect: the mode line said "(Cardwords Ann's turn (a robot plays))" and the score board
  // "away, a robot plays" while the game waited and nothing moved; the web page marks them away
  const srv = await tinyServer();
  type View = { paused: boolean; away: string; turn: number; players: { name: string; away: boolean; standIn: boolean }[] };
  const ann = await cwCreate(srv.url, { owner: srv.ownerToken, name: 'Ann', humans: 2, robots: 0, grace: 0, watchers: 1 });
  const bo = await cwJoin(srv.url, ann.room.roomId, { name: 'Bo' });
  const b = bridge();
  await b.call('cardwords/join', { url: srv.url, id: ann.room.roomId, watch: true });
  const view = () => b.call<View>('cardwords/view');
  await expect.poll(async () => (await view()).turn, { timeout: 10_000 }).toBeGreaterThanOrEqual(0);
  // Ann away: a robot plays for her while Bo is there (Bo passes until it is her turn)
  await ann.leave();
  await until(async () => {
    const v = await view();
    if (v.players[v.turn]?.name === 'Bo') bo.room.send('action', { type: 'pass' });
    return v.players.find((p) => p.name === 'Ann')?.standIn === true;
  }, 20_000, 'a robot standing in for Ann');
  // Bo gone too: nobody is connected, the game waits, no robot plays
  await bo.leave();
  await expect.poll(async () => (await view()).paused, { timeout: 10_000 }).toBe(true);
  const v = await view();
  expect(v.players.find((p) => p.name === 'Ann')).toMatchObject({ away: true, standIn: false });
  expect(v.away).toBe(translator('en')('cw.awayNote.paused'));
}, 60_000);

it('a local server comes back on the port it had (a guest\'s page and link still reach it), or on a new one when that is taken, which `serve` says', async () => {
  // defect: it restarted on --port 0, a new port each time, so a browser guest's link was dead
  const fx = tinyRuleset();
  const blocker = createServer();
  try {
    const data = tempDir('cardwords-bridge-data-');
    type Served = { url: string; pid: number; moved: string; resume: { gameId: string } | null };
    const first = await bridge({ CARDWORDS_DATA_DIR: data }).call<Served>('serve', { ruleset: fx.dir });
    const port = Number(new URL(first.url).port);
    child!.kill('SIGKILL');
    await expect.poll(() => pidAlive(first.pid), { timeout: 20_000 }).toBe(false);
    const again = await bridge({ CARDWORDS_DATA_DIR: data }).call<Served>('serve', { ruleset: fx.dir });
    expect(again.url).toBe(first.url);
    expect(again.moved).toBe('');
    child!.kill('SIGKILL');
    await expect.poll(() => pidAlive(again.pid), { timeout: 20_000 }).toBe(false);
    // the port taken meanwhile: a new one, said once
    await new Promise<void>((ok) => blocker.listen(port, '127.0.0.1', ok));
    const b = bridge({ CARDWORDS_DATA_DIR: data });
    const moved = await b.call<Served>('serve', { ruleset: fx.dir });
    const now = Number(new URL(moved.url).port);
    expect(now).not.toBe(port);
    expect(moved.moved).toBe(`The local game server's port ${port} is taken, so it runs on port ${now} now: links given before (and a guest's page) no longer reach it.`);
    expect((await b.call<Served>('serve', { ruleset: fx.dir })).moved).toBe('');
  } finally {
    blocker.close();
    fx.remove();
  }
});

it('a local server killed under a game (kill -9) is started again on its folder and port: the game comes back by itself, the composition kept; one that keeps dying is left stopped, and said', async () => {
  // defect: Emacs said "Connection lost: reconnecting…" for ever, never why; only the server
  // started again by hand on the same folder and port brought the game back
  const fx = tinyRuleset();
  try {
    type Served = { url: string; pid: number };
    type View = { status: string; connected: boolean; message: string; hand: unknown; composing: { direction: string } | null; welcome: { gameId: string } };
    const b = bridge();
    const first = await b.call<Served>('serve', { ruleset: fx.dir });
    await b.call('cardwords/create', { url: first.url, options: { owner: (first as Served & { owner: string }).owner, name: 'Emi', robots: 1, seed: 'killed-local' } });
    const view = () => b.call<View>('cardwords/view');
    await expect.poll(async () => (await view()).status).toBe('playing');
    await b.call('cardwords/key', { key: '/' });
    const before = await view();
    expect(before.composing?.direction).toBe('down');
    const kill = async (pid: number) => {
      process.kill(pid, 'SIGKILL');
      return b.notification((m) => m.method === 'server/stopped');
    };
    let pid = first.pid;
    for (let n = 1; n <= 3; n++) {
      const said = await kill(pid);
      expect(said.params).toEqual({ url: first.url, restarted: true, text: 'The local game server was killed (signal SIGKILL) and was started again on the same port: the games reconnect by themselves.' });
      await expect.poll(async () => view(), { timeout: 30_000 }).toMatchObject({ connected: true, message: 'Connected again.' });
      const back = await view();
      // the same game, hand and composition
      expect(back.welcome.gameId).toBe(before.welcome.gameId);
      expect(back.hand).toEqual(before.hand);
      expect(back.composing?.direction).toBe('down');
      const again = await b.call<Served>('serve', { ruleset: fx.dir });
      expect(again.url).toBe(first.url);
      expect(again.pid).not.toBe(pid);
      pid = again.pid;
    }
    // a fourth time within a minute: a crash loop, not started again, and said with what to do
    const lost = 'The local game server was killed (signal SIGKILL); it stopped 4 times in a minute, so it is not started again. See what stops it, then start the game again (it is kept, and offered to resume).';
    expect((await kill(pid)).params).toEqual({ url: first.url, restarted: false, text: lost });
    await expect.poll(async () => (await view()).connected).toBe(false);
    // defect: the buffer still said "Connection lost: reconnecting…", the reason in the echo area alone
    await expect.poll(async () => (await view()).message).toBe(lost);
  } finally {
    fx.remove();
  }
}, 120_000);

it('a join the server refuses is said as the web pages word it, a sentence: not the room\'s raw `name-taken: …`', async () => {
  // defect: Emacs said "name-taken: a player named 'Emi' is already in this game"
  const srv = await tinyServer();
  const ann = await cwCreate(srv.url, { owner: srv.ownerToken, humans: 2, robots: 0, watchers: 0, name: 'Emi' });
  const b = bridge();
  const refused = async (method: string, params: unknown) => ((await b.send(JSON.stringify({ id: 1, method, params }))) as { error?: { code: string; message: string } }).error;
  expect(await refused('cardwords/join', { url: srv.url, id: ann.room.roomId, name: 'Emi' })).toEqual({ code: 'refused', message: 'That name is taken in this game (try an alternative name).' });
  // a watcher refused for want of watcher places, not of seats
  expect((await refused('cardwords/join', { url: srv.url, id: ann.room.roomId, watch: true }))?.message).toBe('Every watcher place of this game is taken.');
  const yz = await new Client(srv.url).create('yatzee', { owner: srv.ownerToken, name: 'Emi' });
  expect(await refused('yatzee/join', { url: srv.url, id: yz.roomId, name: 'Emi' })).toEqual({ code: 'refused', message: 'That name is taken in this game.' });
  await yz.leave();
});

it('a server given as ws://host:port is listed and joined as http://host:port (the games list fetched "fetch failed")', async () => {
  const srv = await tinyServer();
  const ann = await cwCreate(srv.url, { owner: srv.ownerToken, humans: 2, robots: 0, watchers: 1, name: 'Ann' });
  const b = bridge();
  const ws = srv.url.replace(/^http:/, 'ws:');
  for (const kind of ['cardwords', 'yatzee']) expect(Array.isArray(await b.call(`${kind}/games`, { url: ws }))).toBe(true);
  expect((await b.call<Array<{ id: string }>>('cardwords/games', { url: ws })).map((g) => g.id)).toContain(ann.room.roomId);
  expect(await b.call('cardwords/join', { url: ws, id: ann.room.roomId, name: 'Bo' })).toMatchObject({ welcome: { role: 'player', name: 'Bo' } });
});
