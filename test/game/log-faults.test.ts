// Faults of the game log (server/game/store.ts, docs/server.md "Faults"): a full disk and a
// damaged record. The disk fills for real: the server process gets a file-size limit
// (RLIMIT_FSIZE through prlimit) just above its log's size, so a write is cut short or
// refused as on a full disk, and the limit is lifted again ("space freed"). No action a
// client saw acknowledged may be missing after a restart.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Player, getJSON, logRecord, startServer, until, type ServerProcess } from '../support/game-server.js';
import { CATEGORIES } from '../../core/games/yatzee/rules.js';
import { copySample, cwCreate, cwJoin, handOf, overByPasses, unknownMove } from './cardwords-helpers.js';

async function welcomed(p: Promise<Player>): Promise<{ p: Player; key: string }> {
  const pl = await p;
  const w = await pl.next((m) => m.type === 'welcome');
  return { p: pl, key: w.payload.key! };
}

/** Sends hold and release of die 0 in turn; the moves count of every ack. */
async function toggle(p: Player, n: number, i0 = 0): Promise<{ acked: number[]; refused: string[] }> {
  const acked: number[] = [];
  const refused: string[] = [];
  for (let i = i0; i < i0 + n; i++) {
    const r = await p.request('action', { type: i % 2 === 0 ? 'hold' : 'release', dice: [0] });
    if (r.type === 'ack') acked.push(r.payload.moves!);
    else refused.push(r.payload.code!);
  }
  return { acked, refused };
}

function fsize(srv: ServerProcess, limit: string): void {
  execFileSync('prlimit', ['--pid', String(srv.proc.pid), `--fsize=${limit}`]);
}

describe('the game log under faults', () => {
  it('a full disk: no acknowledged action lost, refusals meanwhile, play resumes after space is freed', async () => {
    const srv = await startServer({ args: ['--rate', '1000'] });
    let again: ServerProcess | null = null;
    try {
      const { p: ann, key } = await welcomed(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Ann' }));
      const id = ann.room.roomId;
      expect((await ann.request('action', { type: 'throw' })).type).toBe('ack');
      const before = await toggle(ann, 4);
      expect(before.refused).toEqual([]);
      // about two and a half records more fit: one of the next writes is cut short
      const log = join(srv.dataDir, 'games', `${id}.log`);
      const size = statSync(log).size;
      fsize(srv, `${size + 150}:unlimited`);
      const full = await toggle(ann, 8, 4);
      expect(full.refused.length).toBeGreaterThan(0);
      expect(new Set(full.refused)).toEqual(new Set(['storage-failed']));
      expect((await getJSON<{ storage: string }>(`${srv.url}/health`)).body.storage).toBe('failed');
      fsize(srv, 'unlimited:unlimited');
      const after = await toggle(ann, 6, 12);
      expect(after.refused).toEqual([]);
      expect((await getJSON<{ storage: string }>(`${srv.url}/health`)).body.storage).toBe('ok');
      const seen = after.acked.at(-1)!;
      const dice = [...ann.state.players[0]!.held];
      await srv.kill9();

      again = await startServer({ dataDir: srv.dataDir });
      const { p: back } = await welcomed(Player.join(again.url, id, { name: 'Ann', key }));
      expect(back.state.moves).toBe(seen);
      expect([...back.state.players[0]!.held]).toEqual(dice);
      await back.leave();
    } finally {
      await srv.kill9();
      await again?.stop();
    }
  });

  it('a Yatzee end when every sheet is full that the disk cannot keep: the game goes on, and the end is tried again once space is freed', async () => {
    const srv = await startServer({ args: ['--rate', '1000'] });
    try {
      const { p: ann } = await welcomed(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Ann' }));
      const log = join(srv.dataDir, 'games', `${ann.room.roomId}.log`);
      const line = (back: number) => readFileSync(log, 'utf8').trimEnd().split('\n').at(-back)!;
      for (const category of CATEGORIES.slice(0, -1)) {
        expect((await ann.request('action', { type: 'throw' })).type).toBe('ack');
        const t = await ann.request('action', { type: 'transfer', category });
        expect(t.type, JSON.stringify(t.payload)).toBe('ack');
      }
      expect((await ann.request('action', { type: 'throw' })).type).toBe('ack');
      // room for the last transfer's record (as long as the one before, but for its category's
      // name) and not for the end's after it
      const last = CATEGORIES.at(-1)!;
      const before = line(2);
      expect(before).toContain(`"category":"${CATEGORIES.at(-2)}"`);
      const room = Buffer.byteLength(`${before}\n`) - CATEGORIES.at(-2)!.length + last.length;
      fsize(srv, `${statSync(log).size + room + 10}:unlimited`);
      const t = await ann.request('action', { type: 'transfer', category: last });
      expect(t.type, JSON.stringify(t.payload)).toBe('ack');
      await until(() => srv.output().includes('(sheets-full)'), 5000, 'the end refused by the full disk');
      expect(ann.messages.some((m) => m.type === 'ended' || m.type === 'results')).toBe(false);
      fsize(srv, 'unlimited:unlimited');
      // tried again at a lifetime check (every second here), not at the idle end 15 minutes on
      const ended = await ann.next((m) => m.type === 'ended', 5000);
      expect(ended.payload.reason).toBe('sheets-full');
      expect(ann.messages.find((m) => m.type === 'results')?.payload.reason).toBe('sheets-full');
      expect(readdirSync(join(srv.dataDir, 'games', 'ended'))).toContain(`${ann.room.roomId}.log`);
    } finally {
      await srv.stop();
    }
  });

  it('an approval the game log cannot take counts (it is in the dictionary) and is written before the next entry once space is freed', async () => {
    const dir = copySample('tiny');
    const srv = await startServer({ args: ['--ruleset', dir, '--rate', '1000'] });
    try {
      // the owner watches Bob's game; Bob's move with unknown words asks the owner
      const owner = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 1, robots: ['casual'], seed: 'approve-full-1' });
      const bob = await cwJoin(srv.url, owner.room.roomId, { name: 'Bob' });
      await until(() => bob.state.status === 'playing' && bob.state.turn === 0 && handOf(bob).length > 0, 5000, "Bob's turn");
      const { text, unknown } = await unknownMove(bob, dir);
      expect((await bob.request('action', { text })).payload).toMatchObject({ code: 'unknown-words', asked: true });
      const log = join(srv.dataDir, 'games', `${owner.room.roomId}.log`);
      const entries = () => readFileSync(log, 'utf8').trimEnd().split('\n').slice(1).map((l) => logRecord<{ word?: string; a?: unknown }>(l));
      const approved = () => entries().filter((e) => e.word !== undefined).map((e) => e.word);
      fsize(srv, `${statSync(log).size}:unlimited`); // the log takes nothing more
      const ack = await owner.request('approve', { words: unknown });
      expect(ack.type, JSON.stringify(ack.payload)).toBe('ack');
      expect(approved()).toEqual([]);
      fsize(srv, 'unlimited:unlimited');
      // Bob's move, playable now, is the next entry: the approvals come first
      const played = await bob.request('action', { text });
      expect(played.type, JSON.stringify(played.payload)).toBe('ack');
      const after = entries();
      expect(approved().sort()).toEqual([...unknown].sort());
      expect(after.findIndex((e) => e.a !== undefined)).toBeGreaterThan(after.findLastIndex((e) => e.word !== undefined));
      await owner.request('end');
    } finally {
      await srv.stop();
    }
  });

  it('a Cardwords rematch the room starts by itself (the vote waited on a seat a stand-in took) while the disk is full: said once, tried again, started once space is freed', async () => {
    // defect: the room tried again at every lifetime check and logged each failure
    const srv = await startServer({ args: ['--ruleset', 'samples/tiny', '--reconnect-timeout', '5000'] });
    try {
      const { owner, ann, bo, id } = await overByPasses(srv.url, srv.ownerToken, 'rematch-full-1');
      expect((await ann.request('rematch')).type).toBe('ack');
      // the disk is full: no record more fits
      fsize(srv, `${statSync(join(srv.dataDir, 'games', `${id}.log`)).size}:unlimited`);
      bo.raw.transport.ws.close(3000); // Bo drops: a stand-in takes his seat after the grace, and the vote waits on nobody
      const said = () => srv.output().split('\n').filter((l) => l.includes(`game ${id}: the rematch could not be stored`)).length;
      await until(() => said() > 0, 10_000, 'the failed rematch said');
      // the room checks its lifetime every 30 ms here (a tenth of the grace): a second of them
      // with the disk still full, which no state shows (it logged a failure at each)
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(said()).toBe(1);
      expect(ann.state.status).toBe('over');
      fsize(srv, 'unlimited:unlimited');
      // tried again after a while, and started
      await until(() => ann.state.round === 2 && ann.state.status === 'playing', 20_000, 'the rematch once space is freed');
      expect(said()).toBe(1);
      expect((await owner.request('end')).type).toBe('ack');
    } finally {
      await srv.stop();
    }
  });

  it('a damaged record: reported by game, line and reason, the game restored up to it, nothing acknowledged afterwards lost', async () => {
    const srv = await startServer({ args: ['--rate', '1000'] });
    const servers: ServerProcess[] = [srv];
    try {
      const { p: ann, key } = await welcomed(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Ann' }));
      const id = ann.room.roomId;
      expect((await ann.request('action', { type: 'throw' })).type).toBe('ack');
      expect((await toggle(ann, 6)).refused).toEqual([]);
      const { p: bob } = await welcomed(Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Bob' }));
      const other = bob.room.roomId;
      expect(await srv.stop()).toBe(0);

      // line 5 of Ann's game: a digit changed, still JSON (only the checksum can tell)
      const file = join(srv.dataDir, 'games', `${id}.log`);
      const lines = readFileSync(file, 'utf8').split('\n');
      const entriesBefore = 3; // line 1 is the header: lines 2..4 stay
      lines[4] = lines[4]!.replace(/"t":(\d)/, (_m, d: string) => `"t":${(Number(d) + 1) % 10}`);
      writeFileSync(file, lines.join('\n'));
      // Bob's game: its header broken
      const otherFile = join(srv.dataDir, 'games', `${other}.log`);
      writeFileSync(otherFile, readFileSync(otherFile, 'utf8').replace('"kind"', '"kin d"'));

      const s2 = await startServer({ dataDir: srv.dataDir, args: ['--rate', '1000'] });
      servers.push(s2);
      expect(s2.output()).toContain(`game ${id}, line 5: checksum mismatch; the game is restored up to line 4 (${entriesBefore} entries) and marked damaged`);
      expect(s2.output()).toContain(`game ${other}, line 1: checksum mismatch; the game cannot be restored`);
      const owner = await fetch(`${s2.url}/owner`, { headers: { authorization: `Bearer ${s2.ownerToken}` } });
      expect(((await owner.json()) as { damaged: unknown[] }).damaged).toEqual(
        expect.arrayContaining([
          { game: id, line: 5, reason: 'checksum mismatch' },
          { game: other, line: 1, reason: 'checksum mismatch' },
        ]),
      );
      expect(readdirSync(join(srv.dataDir, 'games', 'damaged')).some((f) => f.startsWith(`${id}.`))).toBe(true);
      // the owner hears it on joining
      const { p: ann2 } = await welcomed(Player.join(s2.url, id, { name: 'Ann', key, owner: s2.ownerToken }));
      const notice = await ann2.next((m) => m.type === 'error' && m.payload.code === 'log-damaged');
      expect(notice.payload.message).toContain('line 5');
      // play on: what is acknowledged now survives the next start
      const more = await toggle(ann2, 3, 1);
      expect(more.refused).toEqual([]);
      const seen = more.acked.at(-1)!;
      await s2.kill9();
      const s3 = await startServer({ dataDir: srv.dataDir });
      servers.push(s3);
      expect(s3.output()).not.toContain(`game ${id}, line`);
      const { p: ann3 } = await welcomed(Player.join(s3.url, id, { name: 'Ann', key }));
      expect(ann3.state.moves).toBe(seen);
      await ann3.leave();
    } finally {
      for (const s of servers) await s.stop();
    }
  });
});
