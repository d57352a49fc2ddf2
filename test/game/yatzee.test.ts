// Yatzee rooms on a real `cardwords serve` process with real SDK clients over WebSocket:
// whole games by humans and robots at the same time, late joins, owner-only actions, the
// seed's lifetime rules (with short durations), and the server's HTTP side.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { Client } from '@colyseus/sdk';
import { CATEGORIES } from '../../core/games/yatzee/rules.js';
import { apply, newGame } from '../../core/games/yatzee/engine.js';
import { CLOSE, CLOSE_REASON } from '../../core/protocol/messages.js';
import { Player, getJSON, idleWarningsOf, logRecord, startServer, until, type Msg, type ServerProcess } from '../support/game-server.js';

/** The lifetime tests' idle timeout, in ms. */
const IDLE_MS = 2000;

/** Plays a whole sheet: throw once, transfer to the first open category; 15 rounds. */
async function playSheet(p: Player): Promise<void> {
  for (let round = 0; round < CATEGORIES.length; round++) {
    const t = await p.request('action', { type: 'throw' });
    expect(t.type, JSON.stringify(t.payload)).toBe('ack');
    const me = [...p.state.players].find((s) => s.name === p.name)!;
    const open = CATEGORIES.find((_, i) => me.scores[i] === -1)!;
    const r = await p.request('action', { type: 'transfer', category: open });
    expect(r.type, JSON.stringify(r.payload)).toBe('ack');
  }
}

async function named(p: Promise<Player>): Promise<Player> {
  const pl = await p;
  const w = await pl.next((m) => m.type === 'welcome');
  pl.name = w.payload.name;
  return pl;
}

describe('yatzee rooms', () => {
  let srv: ServerProcess;
  beforeAll(async () => {
    srv = await startServer({ args: ['--rate', '1000', '--robot-delay', '5'] });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it('humans and a robot play whole games at the same time; the game ends when every sheet is full, with the results and the winner for everyone', async () => {
    const ann = await named(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Ann', robots: 1 }));
    const id = ann.room.roomId;
    expect((await ann.next((m) => m.type === 'welcome')).payload).toMatchObject({ gameId: id, role: 'player', owner: true, name: 'Ann' });
    const bob = await named(Player.join(srv.url, id, { name: 'Bob' }));
    expect((await bob.next((m) => m.type === 'welcome')).payload.owner).toBe(false);
    // listed in the lobby and on /games
    const games = (await getJSON<{ id: string }[]>(`${srv.url}/games`)).body;
    expect(games.find((g) => g.id === id)).toMatchObject({ kind: 'yatzee', players: 2, robots: 1 });
    const lobby = new Player(await new Client(srv.url).joinOrCreate('lobby'));
    const listed = await lobby.next((m) => m.type === 'rooms');
    expect((listed.payload as unknown as { roomId: string }[]).some((r) => r.roomId === id)).toBe(true);
    await lobby.leave();
    // names: taken (any case), robots' names, too long
    await expect(Player.join(srv.url, id, { name: 'ann' })).rejects.toThrow(/name-taken/);
    await expect(Player.join(srv.url, id, { name: 'Robot7' })).rejects.toThrow(/name-robot/);
    await expect(Player.join(srv.url, id, { name: 'x'.repeat(40) })).rejects.toThrow(/name-invalid/);
    const watcher = await named(Player.join(srv.url, id, { watch: true }));

    await Promise.all([playSheet(ann), playSheet(bob)]);
    // the robot plays its sheet by itself; the last transfer ends the game
    const results = await Promise.all([ann, bob, watcher].map((p) => p.next((m) => m.type === 'results', 60_000)));
    expect([...ann.state.players].map((s) => s.name)).toEqual(['Robot1', 'Ann', 'Bob']);
    expect([...ann.state.players].every((s) => [...s.scores].every((x: number) => x >= 0))).toBe(true);
    // every client sees every sheet, live: Bob's view equals Ann's
    expect(JSON.stringify(bob.state.players.toJSON())).toBe(JSON.stringify(ann.state.players.toJSON()));
    const totals = new Map([...ann.state.players].map((s) => [s.name, s.total]));
    const top = Math.max(...totals.values());
    for (const r of results) {
      expect(r.payload).toMatchObject({ reason: 'sheets-full' });
      expect(r.payload).toEqual(results[0]!.payload);
      expect(r.payload.results!.map((x) => [x.name, x.score])).toEqual([...totals].sort((a, b) => b[1] - a[1]));
      expect(r.payload.winners).toEqual([...totals].filter(([, t]) => t === top).map(([n]) => n));
    }
    // then `ended`, and a normal close (no error to show), exactly one `results` each
    for (const p of [ann, bob, watcher]) {
      expect((await p.next((m) => m.type === 'ended')).payload.reason).toBe('sheets-full');
      await until(() => p.left !== null, 5000, 'closed');
      expect(p.left).toBe(CLOSE.ENDED);
      expect(p.messages.filter((m) => m.type === 'results')).toHaveLength(1);
    }
    expect(ann.state.status).toBe('ended');
    await until(() => !existsSync(join(srv.dataDir, 'games', `${id}.log`)), 5000, 'log finished');
    expect(readdirSync(join(srv.dataDir, 'games', 'ended'))).toContain(`${id}.log`);
  });

  it('ten players act at the same time; an eleventh is refused', async () => {
    const owner = await named(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'P0' }));
    const id = owner.room.roomId;
    const others = await Promise.all(Array.from({ length: 9 }, (_, i) => named(Player.join(srv.url, id, { name: `P${i + 1}` }))));
    await expect(Player.join(srv.url, id, { name: 'P10' })).rejects.toThrow(/table-full/);
    const all = [owner, ...others];
    await Promise.all(all.map((p) => playSheet(p)));
    const results = await owner.next((m) => m.type === 'results');
    expect(results.payload.reason).toBe('sheets-full');
    expect(results.payload.results).toHaveLength(10);
    // every client's state reaches the end and the same last move (patches may follow the results)
    await until(() => all.every((p) => p.state.status === 'ended'), 30_000, 'every client at the end');
    for (const p of all) expect(p.state.moves).toBe(owner.state.moves);
    expect(owner.state.moves).toBeGreaterThan(0);
  });

  it('takes 20 watchers, listed; a 21st is refused, the owner watches beyond them, and a full house of watchers never locks a player out', async () => {
    const ann = await named(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Ann' }));
    const id = ann.room.roomId;
    const listed = async () => (await getJSON<{ id: string; watchers?: number; watching?: number }[]>(`${srv.url}/games`)).body.find((g) => g.id === id);
    expect(await listed()).toMatchObject({ watchers: 20, watching: 0 });
    // 39 would-be watchers at once, as many as the room's 40 connections leave beside Ann (with
    // no places they filled the room, and Colyseus then locked it against the players): 20 are
    // taken, 19 refused with why
    const tries = await Promise.allSettled(Array.from({ length: 39 }, () => Player.join(srv.url, id, { watch: true })));
    const watchers = tries.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
    expect(watchers).toHaveLength(20);
    for (const t of tries) if (t.status === 'rejected') expect(String(t.reason)).toMatch(/table-full: all 20 watcher places are taken/);
    await until(async () => (await listed())?.watching === 20, 10_000, 'twenty watching, listed');
    // the owner, by the protocol, watches beyond the places
    const owner = await Player.join(srv.url, id, { owner: srv.ownerToken });
    expect((await owner.next((m) => m.type === 'welcome')).payload).toMatchObject({ role: 'watcher', owner: true });
    // every sheet still takes its player, and a player takes their sheet back from another connection
    const others = await Promise.all(Array.from({ length: 9 }, (_, i) => named(Player.join(srv.url, id, { name: `Q${i + 1}` }))));
    const annKey = (ann.messages.find((m) => m.type === 'welcome')!.payload as { key: string }).key;
    const annAgain = await named(Player.join(srv.url, id, { name: 'Ann', key: annKey }));
    expect(annAgain.name).toBe('Ann');
    // a watcher who goes frees a place
    await watchers[0]!.leave();
    await until(async () => (await listed())?.watching === 19, 10_000, 'a place free, listed');
    const late = await Player.join(srv.url, id, { watch: true });
    expect((await late.next((m) => m.type === 'welcome')).payload.role).toBe('watcher');
    for (const p of [...watchers.slice(1), late, owner, ...others, annAgain]) await p.leave();
  });

  it('only the owner creates and ends games, adds robots and removes players', async () => {
    await expect(Player.create(srv.url, 'yatzee', { name: 'Mallory' })).rejects.toThrow(/not-owner/);
    await expect(Player.create(srv.url, 'yatzee', { name: 'Mallory', owner: 'guess' })).rejects.toThrow(/not-owner/);
    const owner = await named(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken }));
    expect((await owner.next((m) => m.type === 'welcome')).payload).toMatchObject({ role: 'watcher', owner: true });
    const id = owner.room.roomId;
    const eve = await named(Player.join(srv.url, id, { name: 'Eve' }));
    const dan = await named(Player.join(srv.url, id, { name: 'Dan', owner: 'not-the-token' }));
    for (const [type, payload] of [
      ['end', {}],
      ['remove', { name: 'Dan' }],
      ['robots', { add: 1 }],
    ] as const) {
      const r = await eve.request(type, payload);
      expect(r.type).toBe('error');
      expect(r.payload).toMatchObject({ code: 'not-owner', type });
    }
    expect(eve.left).toBeNull();
    // a watcher cannot play
    expect((await owner.request('action', { type: 'throw' })).payload.code).toBe('not-player');
    // the owner removes Dan: Dan's sheet is released (the name may join again, afresh)
    expect((await dan.request('action', { type: 'throw' })).type).toBe('ack');
    const told = eve.next((m) => m.type === 'removed');
    expect((await owner.request('remove', { name: 'Dan' })).type).toBe('ack');
    // the others are told it was a removal (their pages said "Dan left the game")
    expect((await told).payload).toEqual({ name: 'Dan' });
    await until(() => dan.left !== null, 5000, 'Dan removed');
    await until(() => [...eve.state.players].every((s) => s.name !== 'Dan'), 5000, "Dan's sheet released");
    const dan2 = await named(Player.join(srv.url, id, { name: 'Dan' }));
    await until(() => [...eve.state.players].some((s) => s.name === 'Dan' && s.throwsMade === 0), 5000, 'a fresh sheet for Dan');
    expect((await owner.request('robots', { add: 2 })).payload.robots).toEqual(['Robot1', 'Robot2']);
    // the owner ends it: everyone gets the results ("ended by the owner") and a normal close
    const results = [eve, dan2, owner].map((p) => p.next((m) => m.type === 'results'));
    const from = [eve, dan2, owner].map((p) => p.messages.length);
    expect((await owner.request('end')).type).toBe('ack');
    for (const r of await Promise.all(results)) {
      expect(r.payload.reason).toBe('owner');
      expect(r.payload.results!.map((x) => x.name).sort()).toEqual(['Dan', 'Eve', 'Robot1', 'Robot2']);
    }
    for (const [i, p] of [eve, dan2, owner].entries()) {
      await until(() => p.left !== null, 5000, 'closed');
      expect(p.left).toBe(CLOSE.ENDED);
      expect(p.messages.slice(from[i]).map((m) => m.type)).toEqual(i === 2 ? ['ack', 'results', 'ended'] : ['results', 'ended']);
    }
    // after the end, nothing more is taken
    await expect(Player.join(srv.url, id, { name: 'Late' })).rejects.toThrow();
  });

  it('a player removed while away is told on coming back that the owner removed them (by its reconnection, or its kept key later); a leaver\'s kept key, that they left; one whose sheet was taken back meanwhile, that', async () => {
    const owner = await named(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken }));
    const id = owner.room.roomId;
    const eve = await named(Player.join(srv.url, id, { name: 'Eve' }));
    const eveKey = (await eve.next((m) => m.type === 'welcome')).payload.key!;
    const dan = await named(Player.join(srv.url, id, { name: 'Dan' }));
    const danKey = (await dan.next((m) => m.type === 'welcome')).payload.key!;
    const away = async (p: Player, name: string) => {
      const token = p.room.reconnectionToken;
      p.raw.transport.ws.close(3000); // a drop: the SDK would reconnect with the token
      await until(() => [...owner.state.players].some((s) => s.name === name && !s.connected), 5000, `${name} away`);
      return token;
    };
    // the removal came while Eve's reconnection was pending: her close said "taken back"
    const eveToken = await away(eve, 'Eve');
    expect((await owner.request('remove', { name: 'Eve' })).type).toBe('ack');
    // (the reconnection is closed at once: the SDK's call fails with the close's reason)
    await expect(new Client(srv.url).reconnect(eveToken)).rejects.toThrow(CLOSE_REASON.REMOVED);
    // her page back after the reconnection's time (a join with her kept key): told so too; it
    // was seated on a fresh sheet under her name
    await expect(Player.join(srv.url, id, { name: 'Eve', key: eveKey })).rejects.toThrow(/^seat-removed:/);
    expect([...owner.state.players].map((s) => s.name)).toEqual(['Dan']);
    // a leaver's kept key (another tab, a buffer) is told that they left
    const flo = await named(Player.join(srv.url, id, { name: 'Flo' }));
    const floKey = (await flo.next((m) => m.type === 'welcome')).payload.key!;
    expect((await flo.leaveGame()).type).toBe('ack');
    await expect(Player.join(srv.url, id, { name: 'Flo', key: floKey })).rejects.toThrow(/^seat-left:/);
    // the name itself is free for a newcomer (no key)
    const flo2 = await named(Player.join(srv.url, id, { name: 'Flo' }));
    expect((await flo2.leaveGame()).type).toBe('ack');
    // Dan's sheet taken back by another window while he was away: that window plays it, and
    // his old connection is closed on its return (it stayed open before, playing nothing)
    const danToken = await away(dan, 'Dan');
    const dan2 = await named(Player.join(srv.url, id, { name: 'Dan', key: danKey }));
    await expect(new Client(srv.url).reconnect(danToken)).rejects.toThrow(CLOSE_REASON.TAKEN_BACK);
    expect((await dan2.request('action', { type: 'throw' })).type).toBe('ack');
    expect((await owner.request('end')).type).toBe('ack');
  });

  it('the owner may fix the seed: the dice are the engine\'s from that seed; a bad seed is refused', async () => {
    await expect(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'S', seed: '' })).rejects.toThrow(/bad-message/);
    await expect(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'S', seed: 'with space' })).rejects.toThrow(/bad-message/);
    await expect(Player.create(srv.url, 'yatzee', { name: 'S', seed: 'x' })).rejects.toThrow(/not-owner/);
    // the engine, from the same seed and the same actions, throws these dice
    let g = newGame('dice-1');
    for (const a of [{ type: 'join', name: 'Sol' }, { type: 'throw', player: 'Sol' }, { type: 'hold', player: 'Sol', dice: [0, 1] }, { type: 'throw', player: 'Sol' }] as const) {
      const r = apply(g, a);
      if (!r.state) throw new Error(JSON.stringify(r.error));
      g = r.state;
    }
    const expected = g.players[0]!.dice;
    for (let n = 0; n < 2; n++) {
      const p = await named(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Sol', seed: 'dice-1' }));
      expect((await p.request('action', { type: 'throw' })).type).toBe('ack');
      expect((await p.request('action', { type: 'hold', dice: [0, 1] })).type).toBe('ack');
      expect((await p.request('action', { type: 'throw' })).type).toBe('ack');
      expect([...p.state.players[0]!.dice]).toEqual([...expected]);
      expect((await p.request('end')).type).toBe('ack');
    }
  });

  it('answers every malformed, illegal, oversized or unknown message with an error and changes nothing', async () => {
    const p = await named(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Fuzz' }));
    expect((await p.request('action', { type: 'throw' })).type).toBe('ack');
    const before = JSON.stringify(p.state.toJSON());
    const bad: [string, unknown][] = [
      ['action', { type: 'transfer', category: 'nonsense' }],
      ['action', { type: 'hold', dice: [7] }],
      ['action', { type: 'hold', dice: 'all' }],
      ['action', { type: 'join', name: 'Other' }],
      ['action', { type: 'leave' }],
      ['action', { type: 42 }],
      ['action', { type: 'undoTransfer' }],
      ['action', { type: 'resetDices' }],
      ['action', {}],
      ['nonsense', { a: 1 }],
      ['robots', { add: 'many' }],
      ['remove', { name: 'Nobody' }],
    ];
    for (const [type, payload] of bad) {
      const r = await p.requestRaw(type, payload as Record<string, unknown>);
      expect(r.type, `${type} ${JSON.stringify(payload)}`).toBe('error');
    }
    // not objects at all
    const from = p.messages.length;
    for (const payload of [null, 7, 'x', [1, 2], true]) p.room.send('action', payload);
    await until(() => p.messages.slice(from).filter((m) => m.type === 'error').length === 5, 5000, 'five errors');
    // raw frames: garbage, a truncated message, text, an oversized message
    const conn = p.raw;
    const from2 = p.messages.length;
    conn.send(new Uint8Array([13, 0xff, 0xff, 0xff]));
    conn.send(new Uint8Array([13]));
    conn.send(new Uint8Array([13, 0xa6, 0x61, 0x63, 0x74, 0x69, 0x6f, 0x6e, 0xc1]));
    conn.transport.ws.send('hello');
    p.room.send('action', { type: 'throw', pad: 'x'.repeat(20_000) });
    await until(() => p.messages.slice(from2).filter((m) => m.type === 'error').length >= 5, 5000, 'raw errors');
    const codes = p.messages.slice(from2).map((m) => m.payload.code);
    expect(codes).toContain('malformed');
    expect(codes).toContain('too-large');
    expect(p.left).toBeNull();
    expect(JSON.stringify(p.state.toJSON())).toBe(before);
    // still playing
    expect((await p.request('action', { type: 'transfer', category: 'chance' })).type).toBe('ack');
    await p.leave();
  });

  it('logs only the known fields of an action; a leaving name releases its sheet (join and leave 30 times: one sheet at most)', async () => {
    const p = await named(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Keeper' }));
    const id = p.room.roomId;
    const logLines = () => readFileSync(join(srv.dataDir, 'games', `${id}.log`), 'utf8').trim().split('\n').map((l) => logRecord<{ a?: Record<string, unknown> }>(l));
    // extra fields of every kind ride along: none reaches the log
    expect((await p.requestRaw('action', { type: 'throw', pad: 'x'.repeat(4000), nested: { deep: [1, 2, 3] }, player: 'Someone' })).type).toBe('ack');
    expect((await p.requestRaw('action', { type: 'hold', dice: [0, 2], junk: 'y'.repeat(1000) })).type).toBe('ack');
    expect((await p.requestRaw('action', { type: 'transfer', category: 'chance', extra: true })).type).toBe('ack');
    const actions = logLines().flatMap((e) => (e.a ? [e.a] : []));
    expect(actions.slice(-3)).toEqual([
      { type: 'throw', player: 'Keeper' },
      { type: 'hold', player: 'Keeper', dice: [0, 2] },
      { type: 'transfer', player: 'Keeper', category: 'chance' },
    ]);
    for (const line of readFileSync(join(srv.dataDir, 'games', `${id}.log`), 'utf8').split('\n')) expect(line.length).toBeLessThan(300);

    // names that come and go: each leave releases the sheet; the state stays one sheet bigger at most
    for (let i = 0; i < 30; i++) {
      const v = await named(Player.join(srv.url, id, { name: `Visitor${i}` }));
      expect((await v.request('action', { type: 'throw' })).type).toBe('ack');
      expect((await v.leaveGame()).type).toBe('ack');
      await until(() => v.left !== null, 5000, 'visitor gone');
    }
    await until(() => p.state.players.length === 1, 5000, 'sheets released');
    expect([...p.state.players].map((s) => s.name)).toEqual(['Keeper']);
    // the name may come back, on a fresh sheet
    const again = await named(Player.join(srv.url, id, { name: 'Visitor0' }));
    await until(() => again.state.players.length === 2, 5000, 'Visitor0 again');
    expect([...again.state.players].find((s) => s.name === 'Visitor0')!.scores.every((x: number) => x === -1)).toBe(true);
    await p.request('end');
  });

  it('refuses a flood with rate-limited errors and keeps the connection', async () => {
    const slow = await startServer({ args: ['--rate', '5'] });
    try {
      const p = await named(Player.create(slow.url, 'yatzee', { owner: slow.ownerToken, name: 'Flood' }));
      for (let i = 0; i < 200; i++) p.room.send('action', { type: 'hold', dice: [0], id: i });
      await until(() => p.messages.filter((m) => m.type === 'error').length >= 200, 10_000, '200 replies');
      const codes = new Set(p.messages.filter((m) => m.type === 'error').map((m) => m.payload.code));
      expect(codes.has('rate-limited')).toBe(true);
      expect(p.left).toBeNull();
      // the budget refills with time; a refused message costs nothing, so ask again until
      // the throw is taken (polled, not a fixed wait for the refill)
      let reply: Msg;
      let n = 0;
      do {
        const from = p.messages.length;
        const id = `after-flood-${++n}`;
        p.room.send('action', { type: 'throw', id });
        reply = await p.next((m) => m.type === 'ack' || (m.type === 'error' && (m.payload.id === id || m.payload.code === 'rate-limited')), 10_000, from);
        if (reply.payload.code === 'rate-limited') await new Promise((r) => setTimeout(r, 50)); // the poll interval
      } while (reply.payload.code === 'rate-limited' && n < 200);
      expect(reply.type, JSON.stringify(reply.payload)).toBe('ack');
      expect(p.left).toBeNull();
    } finally {
      await slow.stop();
    }
  });

  it('serves only the client files, /health and /games over HTTP', async () => {
    const health = await getJSON(`${srv.url}/health`);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ name: 'cardwords', version: expect.any(String), uptime: expect.any(Number), rooms: expect.any(Number) });
    const index = await fetch(`${srv.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/text\/html/);
    expect(await index.text()).toContain('src="lobby.js"');
    expect((await fetch(`${srv.url}/lobby.js`)).status).toBe(200);
    for (const path of ['/package.json', '/media/index.html', '/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/dist/cli.js', '/etc/passwd', '/index.html/../../package.json', '/nope']) {
      const r = await fetch(`${srv.url}${path}`);
      expect(r.status, path).toBe(404);
    }
    // a browser asking for a page gets one, in the site's style, with a link to the games (it
    // showed raw JSON); API clients keep the JSON
    expect(await (await fetch(`${srv.url}/nope`)).json()).toEqual({ error: 'not found' });
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const [path, up] of [['/nope', './'], ['/a/b/%3Cscript%3E', './../../']] as const) {
      const r = await fetch(`${srv.url}${path}`, { headers: { Accept: browser } });
      expect(r.status, path).toBe(404);
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await r.text();
      // links relative to the path (they hold under a proxy's prefix too), nothing of the path written in
      expect(page).toContain(`<link rel="stylesheet" href="${up}style.css">`);
      expect(page).toContain(`<a href="${up}">See the open games</a>`);
      expect(page).not.toMatch(/script|nope/i);
    }
    // raw request line with a traversal that fetch would normalise away
    const net = await import('node:net');
    const raw = await new Promise<string>((resolve) => {
      const s = net.connect(srv.port, '127.0.0.1', () => s.write('GET /../../../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
      let data = '';
      s.on('data', (d) => (data += d.toString()));
      s.on('end', () => resolve(data));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 404/);
    expect((await getJSON<{ owner: boolean }>(`${srv.url}/owner`)).body.owner).toBe(false);
    const own = await fetch(`${srv.url}/owner`, { headers: { Authorization: `Bearer ${srv.ownerToken}` } });
    expect(((await own.json()) as { owner: boolean }).owner).toBe(true);
  });
});

describe('yatzee lifetime (seed: 2 minutes without a player, last player leaves, 15 minutes idle; shortened here)', () => {
  let srv: ServerProcess;
  beforeAll(async () => {
    // idle 2 s: the keep-alive test below acts without pauses, so only a stall of 2 s between
    // two of its actions could end the game early. First join 3 s: a creator's own join comes
    // after the room exists, and at 400 ms a loaded clean run ended the game before it
    // ("game-ended" on create)
    // rate 100,000 (the most): the keep-alive test sends back-to-back requests, each after the
    // other's ack, and on a quiet machine they came faster than 1,000 a second (a clean run
    // was refused with rate-limited); a round trip of 10 µs is out of reach
    srv = await startServer({ args: ['--first-join-timeout', '3000', '--idle-timeout', String(IDLE_MS), '--reconnect-timeout', '1000', '--rate', '100000'] });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it('a game nobody joins ends', async () => {
    const owner = await named(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken }));
    const ended = await owner.next((m) => m.type === 'ended', 15_000);
    expect(ended.payload.reason).toBe('no-players');
  });

  it('a game without any action ends, warned first, and names no winner', async () => {
    // (the idle end named a winner of a game nobody played: "Winner: Robot1.", here the lone player)
    const p = await named(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Idle' }));
    // actions keep it alive: held and released dice, one after the other's ack, for longer
    // than the idle timeout (this server's rate limit is out of reach of back-to-back requests)
    expect((await p.request('action', { type: 'throw' })).type).toBe('ack');
    const t0 = Date.now();
    let actions = 0;
    while (Date.now() - t0 < 1.5 * IDLE_MS) {
      const r = await p.request('action', { type: actions % 2 === 0 ? 'hold' : 'release', dice: [0] });
      expect(r.type, JSON.stringify(r.payload)).toBe('ack');
      actions++;
    }
    expect(actions).toBeGreaterThan(1);
    expect(p.messages.some((m) => m.type === 'ended')).toBe(false);
    // the warning: in the idle time's last fifth, the seconds left (the end came unannounced);
    // an action puts it off. Each value the state took is recorded as it comes: polling the
    // state could miss a warning of 400 ms on a loaded machine.
    const warnings = idleWarningsOf(p);
    await until(() => warnings.some((w) => w > 0), 4 * IDLE_MS, 'the idle warning');
    expect(Math.max(...warnings)).toBeLessThanOrEqual(Math.ceil(IDLE_MS / 5 / 1000));
    expect((await p.request('action', { type: 'hold', dice: [1] })).type).toBe('ack');
    await until(() => p.state.idleEndsIn === 0, IDLE_MS, 'the warning put off');
    const from = warnings.length;
    const ended = await p.next((m) => m.type === 'ended', 4 * IDLE_MS);
    expect(warnings.slice(from).some((w) => w > 0), 'the idle warning again, before the end').toBe(true);
    expect(ended.payload.reason).toBe('idle');
    const results = p.messages.find((m) => m.type === 'results')!.payload as { winners: string[]; results: { name: string; winner: boolean }[] };
    expect(results.results.map((r) => r.name)).toEqual(['Idle']);
    expect(results.winners).toEqual([]);
    expect(results.results.some((r) => r.winner)).toBe(false);
  });

  it('a server that stalls past the idle time warns first all the same (it ended the game unannounced)', async () => {
    const p = await named(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Stalled' }));
    expect((await p.request('action', { type: 'throw' })).type).toBe('ack');
    const warnings = idleWarningsOf(p);
    let endedAfter = -1; // how many warnings had come when the end came
    void p.next((m) => m.type === 'ended', 10 * IDLE_MS).then(() => (endedAfter = warnings.length));
    // the whole process stopped (a machine asleep, a debugger) from before the warning's time
    // to after the end's: its first lifetime check after that is late
    const t0 = Date.now();
    process.kill(srv.proc.pid!, 'SIGSTOP');
    try {
      await until(() => Date.now() - t0 > 1.5 * IDLE_MS, 3 * IDLE_MS, 'the stall');
    } finally {
      process.kill(srv.proc.pid!, 'SIGCONT');
    }
    await until(() => endedAfter >= 0, 10 * IDLE_MS, 'the idle end');
    expect(warnings.slice(0, endedAfter).some((w) => w > 0), `the warning before the end; seen ${JSON.stringify(warnings)}`).toBe(true);
    expect(p.messages.find((m) => m.type === 'ended')!.payload.reason).toBe('idle');
  });

  it('the game ends when its last player leaves (a drop is no leave)', async () => {
    // a server of its own, without the short idle timeout: only leaves may end this game
    const srv = await startServer({ args: ['--reconnect-timeout', '1000'] });
    onTestFinished(async () => {
      await srv.stop();
    });
    const a = await named(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'A' }));
    const id = a.room.roomId;
    const b = await named(Player.join(srv.url, id, { name: 'B' }));
    const watcher = await named(Player.join(srv.url, id, { watch: true }));
    // closing a panel is a drop, not a leave: the sheet stays, away, and the game goes on
    await a.leave();
    await until(() => [...watcher.state.players].some((s) => s.name === 'A' && !s.connected && s.awaySince > 0), 5000, 'A away');
    expect((await a.next((m) => m.type === 'welcome')).payload.key).toBeTruthy();
    expect((await b.leaveGame()).type).toBe('ack');
    await until(() => b.left !== null, 5000, 'B gone');
    expect(b.left).toBe(CLOSE.ENDED);
    expect([...watcher.state.players].map((s) => s.name)).toEqual(['A']);
    expect(watcher.messages.some((m) => m.type === 'ended')).toBe(false);
    // A comes back with the seat key and leaves for good: the last player left
    const key = (await a.next((m) => m.type === 'welcome')).payload.key!;
    const a2 = await named(Player.join(srv.url, id, { name: 'A', key }));
    expect((await a2.leaveGame()).type).toBe('ack');
    expect((await watcher.next((m) => m.type === 'ended', 5000)).payload.reason).toBe('left');
  });

  it("the last human's leave ends the game for the leaver too: results and `ended`, as the others get them, not only a close", async () => {
    // defect: Ann, the last human, was told "your sheet is closed" and offered to watch a game that had ended
    const ann = await named(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Ann', robots: 1, seed: 'last-leave-1' }));
    const id = ann.room.roomId;
    const bo = await named(Player.join(srv.url, id, { name: 'Bo' }));
    const cy = await named(Player.join(srv.url, id, { name: 'Cy' }));
    const watcher = await named(Player.join(srv.url, id, { watch: true }));
    // the owner watching in a second tab: Ann's is the owner's own sheet, refused saying so (the
    // removal went through, and told the owner "The owner removed you from the game")
    const ownerTab = await named(Player.join(srv.url, id, { owner: srv.ownerToken }));
    const own = await ownerTab.requestRaw('remove', { name: 'Ann' });
    expect(own).toMatchObject({ type: 'error', payload: { code: 'unknown-player', message: 'the owner does not remove their own sheet: leave the game instead' } });
    await ownerTab.leave();
    expect((await ann.request('remove', { name: 'Cy' })).type).toBe('ack');
    await until(() => cy.left !== null, 5000, 'Cy removed');
    expect((await bo.leaveGame()).type).toBe('ack');
    await until(() => bo.left === CLOSE.ENDED, 5000, "Bo's close");
    expect(bo.messages.some((m) => m.type === 'ended')).toBe(false);
    await until(() => [...watcher.state.players].map((s) => s.name).join() === 'Robot1,Ann', 5000, 'Ann and Robot1 left');
    // Ann scores her Chance (5 at least), then, the last human, leaves: that ends the game, for her too
    expect((await ann.request('action', { type: 'throw' })).type).toBe('ack');
    expect((await ann.request('action', { type: 'transfer', category: 'chance' })).type).toBe('ack');
    const annTotal = [...ann.state.players].find((p) => p.name === 'Ann')!.total;
    expect(annTotal).toBeGreaterThanOrEqual(5);
    expect((await ann.leaveGame()).type).toBe('ack');
    const results = await ann.next((m) => m.type === 'results', 5000);
    expect(results.payload).toMatchObject({ reason: 'left' });
    // her sheet is in the results as it stood (the leave released it: the results were Robot1's
    // alone, and Ann found her own score nowhere); Bo and Cy, gone before the end, are not
    const lines = results.payload.results!;
    expect(lines.map((r) => r.name).sort()).toEqual(['Ann', 'Robot1']);
    expect(lines.find((r) => r.name === 'Ann')).toMatchObject({ robot: false, score: annTotal });
    const top = Math.max(...lines.map((r) => r.score));
    expect(results.payload.winners).toEqual(lines.filter((r) => r.score === top).map((r) => r.name));
    expect((await ann.next((m) => m.type === 'ended', 5000)).payload.reason).toBe('left');
    await until(() => ann.left === CLOSE.ENDED, 5000, "Ann's close");
    expect((await watcher.next((m) => m.type === 'results', 5000)).payload).toEqual(results.payload);
    expect((await watcher.next((m) => m.type === 'ended', 5000)).payload.reason).toBe('left');
  });

  it('the game ends when the last open sheet is closed by a leave or a removal while the other sheets are full', async () => {
    // defect: Bo left with the only open sheet; Ann's sheet was full, and the game stood at "playing" for ever
    for (const how of ['leave', 'remove'] as const) {
      const ann = await named(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Ann', seed: `last-open-${how}` }));
      const bo = await named(Player.join(srv.url, ann.room.roomId, { name: 'Bo' }));
      expect((await bo.request('action', { type: 'throw' })).type).toBe('ack');
      await playSheet(ann);
      // Ann's sheet full, Bo's open: the game goes on for Bo
      expect(ann.messages.some((m) => m.type === 'results')).toBe(false);
      if (how === 'leave') expect((await bo.leaveGame()).type).toBe('ack');
      else expect((await ann.request('remove', { name: 'Bo' })).type).toBe('ack');
      const results = await ann.next((m) => m.type === 'results', 5000);
      expect(results.payload, how).toMatchObject({ reason: 'sheets-full', winners: ['Ann'] });
      expect(results.payload.results!.map((x) => x.name)).toEqual(['Ann']);
      expect((await ann.next((m) => m.type === 'ended', 5000)).payload.reason).toBe('sheets-full');
      await until(() => ann.left === CLOSE.ENDED, 5000, "Ann's close");
    }
  });

  it("the owner's removal of the last human ends the game for the removed player too: results and `ended`, then the close that says removed", async () => {
    // defect: Cy's connection was closed first, then the game ended: Cy got no results, no `ended`
    const owner = await named(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, robots: 1, seed: 'last-removal-1' }));
    const cy = await named(Player.join(srv.url, owner.room.roomId, { name: 'Cy' }));
    expect((await owner.request('remove', { name: 'Cy' })).type).toBe('ack');
    const results = await cy.next((m) => m.type === 'results', 5000);
    expect(results.payload).toMatchObject({ reason: 'left' });
    // Cy's sheet (0 points) is in the results, as the last leaver's is; the winners the top score's
    const lines = results.payload.results!;
    expect(lines.map((r) => r.name).sort()).toEqual(['Cy', 'Robot1']);
    expect(lines.find((r) => r.name === 'Cy')).toMatchObject({ robot: false, score: 0 });
    const top = Math.max(...lines.map((r) => r.score));
    expect(results.payload.winners).toEqual(lines.filter((r) => r.score === top).map((r) => r.name));
    expect((await cy.next((m) => m.type === 'ended', 5000)).payload.reason).toBe('left');
    expect(cy.state.status).toBe('ended');
    await until(() => cy.left !== null, 5000, "Cy's close");
    expect(cy.left).toBe(CLOSE.REMOVED);
    expect(cy.leftReason).toBe(CLOSE_REASON.REMOVED);
    expect((await owner.next((m) => m.type === 'results', 5000)).payload).toEqual(results.payload);
  });
});
