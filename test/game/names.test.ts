// Look-alike names (core/games/names.ts) against a real server: a name with an invisible or
// bidirectional control character is refused, and so is one that only looks different from
// a taken name or a robot's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeName, sameName } from '../../core/games/names.js';
import { Player, startServer, type ServerProcess } from '../support/game-server.js';

describe('names', () => {
  it('the rule: NFC, no invisible or bidi characters; look-alikes are one name', () => {
    expect(normalizeName('Ann\u200b')).toBeNull();
    expect(normalizeName('\u202eAnn')).toBeNull();
    expect(normalizeName('An\u2066n')).toBeNull();
    expect(normalizeName('Zoe\u0301')).toBe('Zoé');
    expect(normalizeName('José Ñ')).toBe('José Ñ');
    expect(sameName('Robot１', 'robot1')).toBe(true);
    expect(sameName('\u0410nn', 'Ann')).toBe(true); // Cyrillic A
    expect(sameName('Ann', 'Anne')).toBe(false);
  });

  let srv: ServerProcess;
  beforeAll(async () => {
    srv = await startServer();
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it('the server refuses them in Yatzee and Cardwords', async () => {
    const ann = await Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Ann', robots: 1 });
    await ann.next((m) => m.type === 'welcome');
    const id = ann.room.roomId;
    await expect(Player.join(srv.url, id, { name: 'Ann\u200b' })).rejects.toThrow(/name-invalid/);
    await expect(Player.join(srv.url, id, { name: '\u202eAnn' })).rejects.toThrow(/name-invalid/);
    await expect(Player.join(srv.url, id, { name: '\u0410nn' })).rejects.toThrow(/name-taken/);
    await expect(Player.join(srv.url, id, { name: 'Robot１' })).rejects.toThrow(/name-robot/);
    await expect(Player.join(srv.url, id, { name: 'Ｒｏｂｏｔ7' })).rejects.toThrow(/name-robot/);
    await ann.leave();
    const cw = await Player.create(srv.url, 'cardwords', { owner: srv.ownerToken, name: 'Ann', humans: 2, robots: 1 });
    await cw.next((m) => m.type === 'welcome');
    await expect(Player.join(srv.url, cw.room.roomId, { name: '\u0410nn' })).rejects.toThrow(/name-taken/);
    await expect(Player.join(srv.url, cw.room.roomId, { name: 'Ann\u200d' })).rejects.toThrow(/name-invalid/);
    await expect(Player.join(srv.url, cw.room.roomId, { name: 'Robot１' })).rejects.toThrow(/name-robot/);
    await cw.leave();
  });
});
