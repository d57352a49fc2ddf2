// Durability: every acknowledged action is on disk. kill -9 of the server in the middle of
// a game, a restart on the same data folder: the game comes back identical and its players
// take their seats back with the game id, their name and their seat key. A dropped
// connection gets its seat back with the reconnection token while the server lives.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '@colyseus/sdk';
import { Player, getJSON, startServer, tempDir, until } from '../support/game-server.js';
import { RoomLink, reconnectQuickly, sessionUnknown } from '../../media/ui/rejoin.js';
import { Rejoin } from '../../server/bridge/params.js';
import type { Translate } from '../../media/ui/l10n/index.js';

async function welcomed(p: Promise<Player>): Promise<{ p: Player; key: string }> {
  const pl = await p;
  const w = await pl.next((m) => m.type === 'welcome');
  pl.name = w.payload.name;
  return { p: pl, key: w.payload.key! };
}

describe('persistence', () => {
  it('kill -9 mid-game, restart: the same state, nothing acknowledged lost, the players rejoin', async () => {
    const srv = await startServer({ args: ['--rate', '1000', '--robot-delay', '5'] });
    let srv2: Awaited<ReturnType<typeof startServer>> | null = null;
    try {
      const { p: ann, key: annKey } = await welcomed(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Ann', robots: 1 }));
      const id = ann.room.roomId;
      const { p: bob, key: bobKey } = await welcomed(Player.join(srv.url, id, { name: 'Bob' }));
      for (const p of [ann, bob]) {
        for (const category of ['aces', 'chance', 'sixes'] as const) {
          expect((await p.request('action', { type: 'throw' })).type).toBe('ack');
          expect((await p.request('action', { type: 'transfer', category })).type).toBe('ack');
        }
      }
      expect((await ann.request('action', { type: 'throw' })).type).toBe('ack');
      expect((await ann.request('action', { type: 'hold', dice: [0, 2] })).type).toBe('ack');
      const ack = await bob.request('action', { type: 'throw' });
      expect(ack.type).toBe('ack');
      // a second server on the live one's data folder is refused, in one line naming both, and
      // writes nothing there (it took the folder over: both wrote the same game files)
      const holder = readFileSync(join(srv.dataDir, 'server-process'), 'utf8');
      const second = spawn(process.execPath, ['dist/cli.js', 'serve', '--port', '0', '--data', srv.dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
      let err = '';
      second.stderr.on('data', (d: Buffer) => (err += d.toString()));
      second.stdout.on('data', (d: Buffer) => (err += d.toString()));
      expect(await new Promise<number | null>((ok) => second.once('exit', ok))).toBe(1);
      expect(err).toBe(`cardwords serve: the data folder ${srv.dataDir} is in use by another cardwords serve (pid ${srv.proc.pid}): stop it first, or give this one its own --data\n`);
      expect(readFileSync(join(srv.dataDir, 'server-process'), 'utf8')).toBe(holder);
      // the robot keeps playing until the crash: take the state the server had acknowledged at the kill
      await srv.kill9();
      const lines = readFileSync(join(srv.dataDir, 'games', `${id}.log`), 'utf8').trim().split('\n');
      const logged = lines.length - 1;
      expect(logged).toBeGreaterThanOrEqual(ack.payload.moves!);

      // the crashed holder's folder is taken over at once; a holder's pid that runs again as
      // another process (started at another time) is no holder either
      const [pid, started] = holder.trim().split(' ').slice(1);
      writeFileSync(join(srv.dataDir, 'server-process'), `old ${process.pid} ${Number(started) - 1}\n`);
      expect(pid).toBe(String(srv.proc.pid));
      srv2 = await startServer({ dataDir: srv.dataDir, args: ['--rate', '1000', '--robot-delay', '60000'] });
      expect(srv2.output()).toContain(`restored games: ${id}`);
      expect(srv2.ownerToken).toBe(srv.ownerToken);
      expect((await getJSON<{ id: string }[]>(`${srv2.url}/games`)).body.map((g) => g.id)).toContain(id);
      // a stranger cannot take Ann's seat; Ann and Bob can, with their keys
      await expect(Player.join(srv2.url, id, { name: 'Ann' })).rejects.toThrow(/name-taken/);
      const ann2 = (await welcomed(Player.join(srv2.url, id, { name: 'Ann', key: annKey }))).p;
      const bob2 = (await welcomed(Player.join(srv2.url, id, { name: 'Bob', key: bobKey }))).p;
      expect(ann2.state.moves).toBe(logged);
      const sheet = (p: Player, name: string) => [...p.state.players].find((s) => s.name === name)!.toJSON();
      // every acknowledged action of the humans is there, exactly as they saw it
      expect(sheet(ann2, 'Ann')).toEqual({ ...sheet(ann, 'Ann'), connected: true });
      expect(sheet(bob2, 'Bob')).toEqual({ ...sheet(bob, 'Bob'), connected: true });
      expect(sheet(ann2, 'Ann').held).toEqual([true, false, true, false, false]);
      // and the game goes on from there
      expect((await ann2.request('action', { type: 'throw' })).type).toBe('ack');
      expect((await ann2.request('action', { type: 'transfer', category: 'fives' })).type).toBe('ack');
      expect((await bob2.request('action', { type: 'transfer', category: 'fours' })).type).toBe('ack');
      await Promise.all([ann2.leave(), bob2.leave()]);
    } finally {
      await srv.kill9();
      await srv2?.stop();
    }
  });

  it('a clean stop keeps unfinished games too, and the sheets given up: a removed or left key is still told so', async () => {
    const srv = await startServer();
    const { p, key } = await welcomed(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Cleo' }));
    const id = p.room.roomId;
    expect((await p.request('action', { type: 'throw' })).type).toBe('ack');
    const dice = [...p.state.players[0]!.dice];
    const { p: eve, key: eveKey } = await welcomed(Player.join(srv.url, id, { name: 'Eve' }));
    const { p: flo, key: floKey } = await welcomed(Player.join(srv.url, id, { name: 'Flo' }));
    expect((await p.request('remove', { name: 'Eve' })).type).toBe('ack');
    expect((await flo.leaveGame()).type).toBe('ack');
    await eve.leave().catch(() => undefined);
    expect(await srv.stop()).toBe(0);
    const again = await startServer({ dataDir: srv.dataDir });
    try {
      const p2 = (await welcomed(Player.join(again.url, id, { name: 'Cleo', key }))).p;
      expect([...p2.state.players[0]!.dice]).toEqual(dice);
      await expect(Player.join(again.url, id, { name: 'Eve', key: eveKey })).rejects.toThrow(/^seat-removed:/);
      await expect(Player.join(again.url, id, { name: 'Flo', key: floKey })).rejects.toThrow(/^seat-left:/);
      await p2.leave();
    } finally {
      await again.stop();
    }
  });

  it('the game list waits for the games the server brings back at its start: a page that left a game never reads it as over meanwhile', async () => {
    // (a page out of play asks the list whether its game ended: it answered from the moment the
    // server listened, before its games were back, and the page said the game was over)
    const srv = await startServer({ args: ['--ruleset', 'samples/english'] });
    const owner = await Player.create(srv.url, 'cardwords', { owner: srv.ownerToken, name: 'Ann', robots: 1, level: 'casual', seed: 'list-waits-1' });
    const id = owner.room.roomId;
    await owner.next((m) => m.type === 'welcome');
    await srv.kill9();
    // the same data and port; a cache of its own, so that bringing the game back builds the
    // English word graph (about a second) after the server listens
    const again = spawn(process.execPath, ['dist/cli.js', 'serve', '--port', String(srv.port), '--data', srv.dataDir, '--ruleset', 'samples/english'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CARDWORDS_CACHE_DIR: tempDir('cardwords-cache-') },
    });
    try {
      let first: Array<{ id: string }> | null = null;
      for (let i = 0; i < 600 && first === null; i++) {
        first = await fetch(`${srv.url}/games`).then((r) => (r.ok ? (r.json() as Promise<Array<{ id: string }>>) : null), () => null);
        if (first === null) await new Promise((ok) => setTimeout(ok, 20));
      }
      expect(first?.map((g) => g.id)).toContain(id);
    } finally {
      again.kill('SIGKILL');
      await new Promise((ok) => again.once('exit', ok));
    }
  });

  it('a server that watches its standard input (as the editors start it) stops on one SIGTERM, and keeps the game', async () => {
    // its stdin watch kept the process alive after the stop: it took a second SIGTERM
    const srv = await startServer({ args: ['--exit-with-stdin'], stdinPipe: true });
    const { p, key } = await welcomed(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Cleo' }));
    const id = p.room.roomId;
    expect((await p.request('action', { type: 'throw' })).type).toBe('ack');
    srv.proc.kill('SIGTERM');
    const exit = await Promise.race([new Promise<string>((ok) => srv.proc.once('exit', (code) => ok(`exit ${code}`))), new Promise<string>((ok) => setTimeout(() => ok('still running 20 s after one SIGTERM'), 20_000))]);
    if (srv.proc.exitCode === null) await srv.kill9();
    expect(exit).toBe('exit 0');
    const again = await startServer({ dataDir: srv.dataDir });
    try {
      const p2 = (await welcomed(Player.join(again.url, id, { name: 'Cleo', key }))).p;
      expect(p2.state.players[0]!.throwsMade).toBe(1);
      await p2.leave();
    } finally {
      await again.stop();
    }
  });

  it('a game not yet dealt holds its seats through a restart past the grace; only the server itself restores a log', async () => {
    const args = ['--ruleset', 'samples/tiny', '--reconnect-timeout', '1000'];
    const srv = await startServer({ args });
    const { p: ann, key: annKey } = await welcomed(Player.create(srv.url, 'cardwords', { owner: srv.ownerToken, ruleset: 'tiny', name: 'Ann', humans: 4, grace: 0 }));
    const id = ann.room.roomId;
    const { key: boKey } = await welcomed(Player.join(srv.url, id, { name: 'Bo' }));
    expect(await srv.stop()).toBe(0);
    const again = await startServer({ dataDir: srv.dataDir, args });
    try {
      const names = (p: Player) => [...(p.state as unknown as { players: Array<{ name: string }> }).players].map((s) => s.name);
      const owner = (await welcomed(Player.join(again.url, id, { owner: again.ownerToken, watch: true }))).p;
      // Cy sits down and drops: a seat whose player went before the deal is freed after the
      // grace (0 here), at the room's next lifetime check
      const cy = (await welcomed(Player.join(again.url, id, { name: 'Cy' }))).p;
      await until(() => names(owner).includes('Cy'), 5000, 'Cy seated');
      cy.raw.transport.ws.close(3000);
      await until(() => !names(owner).includes('Cy'), 10_000, "Cy's seat freed");
      // that check found Ann's and Bo's seats past the grace too (away since the restart): held
      expect(names(owner).slice(0, 2)).toEqual(['Ann', 'Bo']);
      const bo = (await welcomed(Player.join(again.url, id, { name: 'Bo', key: boKey }))).p;
      expect(bo.name).toBe('Bo');
      expect((await welcomed(Player.join(again.url, id, { name: 'Ann', key: annKey }))).p.name).toBe('Ann');
      // a client, even the owner, cannot open a second room over the live game's log
      await expect(new Client(again.url).create('cardwords', { owner: again.ownerToken, restore: id })).rejects.toThrow(/unknown-game: games come back from their logs by the server itself/);
      expect(names(owner).slice(0, 2)).toEqual(['Ann', 'Bo']);
    } finally {
      await again.stop();
    }
  });

  it('a crash and a start again on the same port: the page and the Emacs bridge join again as soon as the new process refuses their old session', async () => {
    // they kept trying the old session for about 8 s (the SDK's waits grow to 5 s), then waited 1 s more
    const srv = await startServer();
    let again: Awaited<ReturnType<typeof startServer>> | null = null;
    const events: string[] = [];
    const rooms: Array<{ leave(consented?: boolean): Promise<unknown> }> = [];
    try {
      const { p: ann, key: annKey } = await welcomed(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Ann' }));
      const id = ann.room.roomId;
      const { p: bo, key: boKey } = await welcomed(Player.join(srv.url, id, { name: 'Bo' }));
      // marks the turn after the room's close: what comes before it was done at the close, without a wait
      const closeTurn = (who: string, room: typeof ann.room) =>
        room.onLeave((code) => {
          events.push(`${who} closed ${code}`);
          setTimeout(() => events.push(`${who} a turn later`), 0);
        });
      // Ann: the web page's link (media/ui/rejoin.ts), without a page
      closeTurn('Ann', ann.room);
      const link: RoomLink = new RoomLink({
        t: ((key: string) => key) as Translate,
        prefixes: [],
        panel: () => null,
        rejoin: async () => {
          events.push('Ann joins again');
          const room = await new Client(srv.url).joinById(id, { name: 'Ann', key: annKey });
          rooms.push(room);
          events.push('Ann is back');
          link.watch(room);
        },
      });
      link.watch(ann.room);
      // Bo: the Emacs bridge's (server/bridge/params.ts, as yatzee.ts and cardwords.ts use it)
      closeTurn('Bo', bo.room);
      reconnectQuickly(bo.room);
      const rejoin = new Rejoin();
      bo.room.onLeave((code) => {
        rejoin.start(
          () => {
            events.push('Bo joins again');
            return new Client(srv.url).joinById(id, { name: 'Bo', key: boKey });
          },
          (room) => {
            rooms.push(room);
            events.push('Bo is back');
          },
          (e) => events.push(`Bo lost: ${e.message}`),
          sessionUnknown(code),
        );
      });
      // the SDK tries its session again a second apart at most (its waits grew to 5 s)
      for (const r of [ann.room, bo.room]) {
        expect(r.reconnection.maxDelay).toBeLessThanOrEqual(1000);
        expect(r.reconnection.maxRetries * r.reconnection.maxDelay).toBeGreaterThanOrEqual(55_000);
        // the SDK does not try for a room joined less than 5 s ago: the test does not wait for that
        r.reconnection.minUptime = 0;
      }
      await srv.kill9();
      events.push('killed');
      again = await startServer({ dataDir: srv.dataDir, port: srv.port });
      await until(() => events.includes('Ann is back') && events.includes('Bo is back'), 20_000, 'both back');
      // the new process refused the old sessions (4003); each joined again in that very turn
      for (const who of ['Ann', 'Bo']) {
        const mine = events.filter((e) => e.startsWith(who) || e === 'killed');
        expect(mine.slice(0, 4)).toEqual(['killed', `${who} closed 4003`, `${who} joins again`, `${who} a turn later`]);
        expect(mine.at(-1)).toBe(`${who} is back`);
      }
    } finally {
      for (const r of rooms) await r.leave(true).catch(() => undefined);
      await srv.kill9();
      await again?.stop();
    }
  });

  it('a dropped connection takes its seat back with the reconnection token', async () => {
    const srv = await startServer({ args: ['--reconnect-timeout', '5000'] });
    try {
      const { p } = await welcomed(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Dora' }));
      const other = (await welcomed(Player.join(srv.url, p.room.roomId, { name: 'Emil' }))).p;
      expect((await p.request('action', { type: 'throw' })).type).toBe('ack');
      const token = p.room.reconnectionToken;
      p.raw.transport.ws.close(3000); // not a consented leave: a drop
      await until(() => [...other.state.players].find((s) => s.name === 'Dora')?.connected === false, 5000, 'seen as dropped');
      const back = new Player(await new Client(srv.url).reconnect(token));
      await until(() => [...other.state.players].find((s) => s.name === 'Dora')?.connected === true, 5000, 'back');
      expect((await back.request('action', { type: 'transfer', category: 'chance' })).type).toBe('ack');
      await until(() => [...other.state.players].find((s) => s.name === 'Dora')!.scores[13]! > 0, 5000, 'the transfer seen by the other player');
      await Promise.all([back.leave(), other.leave()]);
    } finally {
      await srv.stop();
    }
  });
});
