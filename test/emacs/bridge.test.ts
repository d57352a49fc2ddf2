// The game bridge (`cardwords client --stdio`, the real built CLI): JSON lines in and out,
// one response per request line even for garbage, refusals with the engine's message.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../lines/helpers.js';
import { pidAlive } from '../support/processes.js';
import { tinyRuleset } from '../language/fixtures.js';
import { startServer, until } from '../support/game-server.js';
import { copySample, cwCreate, cwJoin, handOf, seatOf } from '../game/cardwords-helpers.js';

let child: ChildProcessWithoutNullStreams | undefined;
let second: ChildProcessWithoutNullStreams | undefined;

afterEach(() => {
  child?.kill();
  second?.kill();
  child = undefined;
  second = undefined;
});

/** A second bridge (another editor). */
function bridge2() {
  const first = child;
  const b = bridge();
  second = child;
  child = first;
  return b;
}

function bridge(env: NodeJS.ProcessEnv = {}) {
  child = spawn(process.execPath, [resolve('dist/cli.js'), 'client', '--stdio'], { env: { ...process.env, CARDWORDS_DATA_DIR: tempDir('cardwords-bridge-'), ...env } });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const c = child;
  return {
    /** Sends one request line; answers its response (notifications in between are skipped). */
    async send(line: string): Promise<Record<string, unknown>> {
      c.stdin.write(line + '\n');
      for (;;) {
        const next = await lines.next();
        const m = JSON.parse(next.value as string) as Record<string, unknown>;
        if ('id' in m) return m;
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
  expect(await b.send(JSON.stringify({ id: 6, method: 'lines/move', params: { from, to: occupied } }))).toMatchObject({ id: 6, error: { code: 'refused' } });
  const hint = (await b.send('{"id":7,"method":"lines/hint"}')) as { result: { hint: { from: number; to: number }; eligible: boolean } };
  expect(game.result.board[hint.result.hint.from]).toBeGreaterThan(0);
  expect(game.result.board[hint.result.hint.to]).toBe(0);
  const moved = (await b.send(JSON.stringify({ id: 8, method: 'lines/move', params: hint.result.hint }))) as { result: { board: number[]; moves: number } };
  expect(moved.result.moves).toBe(1);
  expect(moved.result.board[hint.result.hint.from]).toBe(0);
  expect(moved.result.board.filter((c) => c > 0)).toHaveLength(6);
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
    expect(braced.text).toMatch(/^trade 1: /);
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
    const call = async (method: string, params: unknown = {}) => {
      const r = (await b.send(JSON.stringify({ id: ++id, method, params }))) as { result?: Record<string, unknown>; error?: { message: string } };
      expect(r.error).toBeUndefined();
      return r.result!;
    };
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
    // each server's temporary data folder (owner token, game logs), named on its command line
    const dataOf = (pid: number) => {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return args[args.indexOf('--data') + 1]!;
    };
    const tinyData = dataOf(tiny.pid);
    const plainData = dataOf(plain.pid);
    expect(tinyData).toMatch(/cardwords-emacs-server-/);
    expect(existsSync(tinyData) && existsSync(plainData)).toBe(true);
    // leaving Cardwords (C-c C-q: leave, then stop-server) stops its server, process and all...
    await call('cardwords/leave');
    await call('stop-server');
    await expect.poll(() => pidAlive(tiny.pid), { timeout: 20_000 }).toBe(false);
    expect(await up(tiny.url)).toBe('down');
    // its data folder goes with it
    await expect.poll(() => existsSync(tinyData), { timeout: 20_000 }).toBe(false);
    expect(existsSync(plainData)).toBe(true);
    // ...and not the one the Yatzee game plays on: it still answers
    expect(pidAlive(plain.pid)).toBe(true);
    await call('yatzee/throw');
    await expect.poll(async () => ((await call('yatzee/view')) as { sheets: Array<{ throwsMade: number }> }).sheets[0]?.throwsMade, { timeout: 20_000 }).toBe(1);
    // the last game on it leaves: that server is gone too, while the bridge runs on
    await call('yatzee/leave');
    await expect.poll(() => pidAlive(plain.pid), { timeout: 20_000 }).toBe(false);
    expect(await up(plain.url)).toBe('down');
    await expect.poll(() => existsSync(plainData), { timeout: 20_000 }).toBe(false);
    expect(((await b.send(JSON.stringify({ id: ++id, method: 'lines/scores' }))) as { error?: unknown }).error).toBeUndefined();
  } finally {
    fx.remove();
  }
});

it('a bridge that is killed (SIGKILL: no chance to stop anything) leaves no game server behind, and the next bridge removes its data folder', async () => {
  // the bridges' temporary folder: this test's own
  const tmp = tempDir('cardwords-bridge-tmp-');
  const serve = async (b: ReturnType<typeof bridge>) => ((await b.send(JSON.stringify({ id: 1, method: 'serve', params: {} }))) as { result: { url: string; pid: number } }).result;
  const folders = () => readdirSync(tmp).sort();
  const b = bridge({ TMPDIR: tmp });
  const server = await serve(b);
  const port = Number(new URL(server.url).port);
  expect(await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status)).toBe(200);
  const [killed] = folders();
  expect(killed).toMatch(/^cardwords-emacs-server-/);
  expect(readFileSync(join(tmp, killed!, 'server.pid'), 'utf8')).toBe(String(server.pid));
  child!.kill('SIGKILL');
  await expect.poll(async () => fetch(`http://127.0.0.1:${port}/health`).then(() => 'up', () => 'down'), { timeout: 20_000 }).toBe('down');
  await expect.poll(() => pidAlive(server.pid), { timeout: 20_000 }).toBe(false);
  // nobody was left to remove the killed bridge's folder
  expect(folders()).toEqual([killed]);
  // beside it: the folder of a server still running (this process stands in for it), and one
  // being created (no server.pid yet)
  mkdirSync(join(tmp, 'cardwords-emacs-server-running'));
  writeFileSync(join(tmp, 'cardwords-emacs-server-running', 'server.pid'), String(process.pid));
  mkdirSync(join(tmp, 'cardwords-emacs-server-starting'));
  const next = await serve(bridge({ TMPDIR: tmp }));
  const pidIn = (n: string) => (existsSync(join(tmp, n, 'server.pid')) ? readFileSync(join(tmp, n, 'server.pid'), 'utf8') : '');
  const nextFolder = folders().find((n) => pidIn(n) === String(next.pid));
  expect(nextFolder).toBeDefined();
  expect(folders()).toEqual([nextFolder, 'cardwords-emacs-server-running', 'cardwords-emacs-server-starting'].sort());
});

type YatzeeView = {
  hints: boolean;
  categories: { id: string }[];
  sheets: { name: string; scores: (number | null)[]; dice: number[]; throwsMade: number; phase: string; total: number }[];
  mine: {
    suggestion: string | null;
    hint: { expectedFinal: number; categories: (number | null)[]; best: string | null; keep: { dice: number[]; transferNow: boolean; expected: number } | null } | null;
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
  expect(hint.keep!.expected).toBeGreaterThanOrEqual(Math.max(...(hint.categories as number[])) - 1e-9);
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

it('Yatzee to its end through the bridge: the end names the winner, and a key after it is refused without taking that line away', async () => {
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
  await call('yatzee/create', { url: server.result.url, owner: server.result.owner, name: 'me', robots: 0, seed: 'to-the-end' });
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
});

it("a stand-in's action is marked in the bridge's log; the results carry each player's hand points and end adjustment", async () => {
  const srv = await startServer({ args: ['--ruleset', copySample('tiny'), '--reconnect-timeout', '1000'] });
  try {
    // two humans, a stand-in at once for a dropped one (grace 0); the bridge watches
    const ann = await cwCreate(srv.url, { owner: srv.ownerToken, humans: 2, robots: 0, watchers: 1, name: 'Ann', grace: 0, seed: 's2' });
    const id = ann.room.roomId;
    const bo = await cwJoin(srv.url, id, { name: 'Bo' });
    const b = bridge();
    await b.send(JSON.stringify({ id: 1, method: 'cardwords/join', params: { url: srv.url, id, watch: true } }));
    await until(() => ann.state.status === 'playing' && handOf(ann).length > 0, 5000, 'the start');
    if (ann.state.turn === seatOf(ann)) expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
    await until(() => ann.state.turn === seatOf(bo), 5000, "Bo's turn");
    const moves = ann.state.moves;
    bo.raw.transport.ws.close(3000); // a drop on his turn
    await until(() => ann.state.moves > moves && ann.state.last.standIn, 10_000, "the stand-in's action");
    type View = { result: { log: string[]; results: { results: Array<{ name: string; score: number; handPoints: number; adjustment: number; standIn: boolean }> } | null } };
    const view = async () => ((await b.send(JSON.stringify({ id: 2, method: 'cardwords/view' }))) as View).result;
    await expect.poll(async () => (await view()).log.join('\n'), { timeout: 10_000 }).toMatch(/^Bo \(robot standing in\): /m);
    expect((await view()).log.some((l) => l.startsWith('Bo: '))).toBe(false);
    const annHand = handOf(ann).reduce((sum, c) => sum + c.points, 0);
    expect((await ann.request('end')).type).toBe('ack');
    await expect.poll(async () => (await view()).results !== null, { timeout: 10_000 }).toBe(true);
    const results = (await view()).results!.results;
    expect(results.find((r) => r.name === 'Bo')!.standIn).toBe(true);
    expect(results.find((r) => r.name === 'Ann')!.standIn).toBe(false);
    // the points left in each hand count against (4 in Ann's, dealt from the seed)
    expect(annHand).not.toBe(0);
    expect(results.find((r) => r.name === 'Ann')!.handPoints).toBe(annHand);
    for (const r of results) expect(r.adjustment + r.handPoints).toBe(0);
    // the room closes after `ended`: the end's message stays (not "Disconnected from the game"),
    // and leaving the closed room answers at once: it once held every later request for good
    await expect.poll(async () => ((await b.send(JSON.stringify({ id: 3, method: 'cardwords/view' }))) as { result: { message: string } }).result.message, { timeout: 10_000 }).toBe('The game has ended. The owner ended the game.');
    expect(((await b.send(JSON.stringify({ id: 4, method: 'cardwords/leave' }))) as { result: unknown }).result).toBeNull();
    expect(((await b.send(JSON.stringify({ id: 5, method: 'lines/scores' }))) as { result?: unknown; error?: unknown }).error).toBeUndefined();
  } finally {
    await srv.stop();
  }
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
    expect(((await b.send(JSON.stringify({ id: 2, method: 'cardwords/leave' }))) as { result: unknown }).result).toBeNull();
    expect(((await b.send(JSON.stringify({ id: 3, method: 'lines/scores' }))) as { error?: unknown }).error).toBeUndefined();
    expect(Date.now() - t0).toBeLessThan(5000);
  } finally {
    await srv.stop().catch(() => undefined);
  }
});
