// Durability of Cardwords rooms: kill -9 of the server in the middle of a game (after an
// approved word and a few moves), a restart on the same data folder: the game comes back
// as it was, the approved word is still known, and the player takes the seat back with
// the game id, the name and the seat key.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateMoves, sortMoves } from '../../core/robots/cardwords/generate.js';
import { moveWords, tilesToPlaced } from '../../core/robots/cardwords/robot.js';
import { formatAction } from '../../core/games/cardwords/notation.js';
import { asksRematch, cardwordsRematchWaits } from '../../core/protocol/game.js';
import { logRecord, startServer, until, type ServerProcess } from '../support/game-server.js';
import { sorted, boardOf, chooseText, copySample, cwCreate, cwJoin, genContext, handOf, loadTestRuleset, overByPasses, seatOf } from './cardwords-helpers.js';

/**
 * A server on a copy of samples/tiny and a game of Ann (the owner) against a robot, at Ann's
 * first turn, with a move of her hand that makes words the server does not know (`fresh`).
 */
async function unknownWordGame() {
  const rulesetDir = copySample('tiny');
  const args = ['--ruleset', rulesetDir, '--rate', '1000', '--robot-delay', '5'];
  const srv = await startServer({ args });
  const ruleset = await loadTestRuleset(rulesetDir);
  const chars = ruleset.charset.entries.map((e) => e.canonical);
  const known = new Set(ruleset.words);
  const wide = genContext(ruleset, chars.flatMap((a) => chars.map((b) => a + b)));
  const ann = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 1, robots: ['best'], name: 'Ann', seed: 'persistence-1' });
  const id = ann.room.roomId;
  const key = (await ann.next((m) => m.type === 'welcome')).payload.key!;
  await until(() => ann.state.status === 'playing' && ann.state.turn === 0 && handOf(ann).length > 0, 5000, 'the start');
  const board = boardOf(ann.state);
  const move = sortMoves(generateMoves(wide, board, handOf(ann))).find((m) => moveWords(wide, board, m).some((w) => !known.has(w)))!;
  const fresh = sorted(moveWords(wide, board, move).filter((w) => !known.has(w)));
  const text = formatAction({ type: 'move', player: 0, cards: tilesToPlaced(board.width, move) });
  return { rulesetDir, args, srv, ruleset, ann, id, key, fresh, text };
}

describe('cardwords persistence', () => {
  it('kill -9 mid-game, restart: the same state, the approved word kept, the player rejoins', async () => {
    const { rulesetDir, args, srv, ruleset, ann, id, key, fresh, text } = await unknownWordGame();
    let srv2: ServerProcess | null = null;
    try {

      // the first move makes a word the server does not know: the owner (Ann) approves it
      const refused = await ann.request('action', { text });
      expect(refused.payload.code).toBe('unknown-words');
      expect(sorted((refused.payload as { words?: unknown }).words)).toEqual(sorted(fresh));
      await ann.next((m) => m.type === 'word-request');
      expect((await ann.request('approve', { words: fresh })).type).toBe('ack');
      expect((await ann.request('action', { text })).type).toBe('ack');

      // one more move each, then Ann's turn: the state she sees is the state at the kill
      await until(() => ann.state.turn === 0 || ann.state.status !== 'playing', 10_000, "the robot's reply");
      expect(ann.state.status).toBe('playing');
      const r = await ann.request('action', { text: chooseText(ann, genContext(ruleset, fresh)) });
      expect(r.type, JSON.stringify(r.payload)).toBe('ack');
      // the robot's reply, and Ann's state holds every action of the log (the last patch is in)
      const logged = () => readFileSync(join(srv.dataDir, 'games', `${id}.log`), 'utf8').trim().split('\n').filter((l) => 'a' in (logRecord(l))).length;
      await until(() => (ann.state.turn === 0 || ann.state.status !== 'playing') && ann.state.moves === logged(), 10_000, "the robot's reply");
      const seen = JSON.parse(JSON.stringify(ann.state.toJSON())) as Record<string, unknown>;
      await srv.kill9();
      const lines = readFileSync(join(srv.dataDir, 'games', `${id}.log`), 'utf8').trim().split('\n').map((l) => logRecord(l));
      expect(lines.filter((l) => 'a' in l)).toHaveLength(seen.moves as number);
      expect(sorted(lines.filter((l) => 'word' in l).map((l) => l.word as string))).toEqual(sorted(fresh));
      for (const w of fresh) expect(readFileSync(join(rulesetDir, 'tiny.personal.dict'), 'utf8').split('\n')).toContain(w);

      srv2 = await startServer({ dataDir: srv.dataDir, args });
      expect(srv2.output()).toContain(`restored games: ${id}`);
      // a stranger cannot take Ann's seat; Ann can, with her key
      await expect(cwJoin(srv2.url, id, { name: 'Ann' })).rejects.toThrow(/name-taken/);
      const ann2 = await cwJoin(srv2.url, id, { name: 'Ann', key });
      await until(() => ann2.state.players.length === 2 && (ann2.state.players[0]!.hand ?? []).length > 0, 5000, 'the restored state');
      expect(ann2.state.toJSON()).toEqual(seen);

      // the game goes on from there, and the approved word is still a word
      if (ann2.state.status === 'playing') {
        const next = await ann2.request('action', { text: chooseText(ann2, genContext(ruleset, fresh)) });
        expect(next.type, JSON.stringify(next.payload)).toBe('ack');
        await until(() => ann2.state.moves >= (seen.moves as number) + 2 || ann2.state.status !== 'playing', 10_000, 'the robot plays on');
      }
      await ann2.leave();
    } finally {
      await srv.kill9();
      await srv2?.stop();
    }
  });

  it('a question to the owner survives kill -9: after the restart the owner is asked again; a rejection reaches the player and survives the next restart', async () => {
    const { rulesetDir, args, srv, ann, id, key, fresh, text } = await unknownWordGame();
    let srv2: ServerProcess | null = null;
    try {
      expect((await ann.request('action', { text })).payload.code).toBe('unknown-words');
      expect(sorted(((await ann.next((m) => m.type === 'word-request')).payload as { words?: unknown }).words)).toEqual(fresh);
      const seen = JSON.parse(JSON.stringify(ann.state.toJSON())) as Record<string, unknown>;
      await srv.kill9();
      const lines = readFileSync(join(srv.dataDir, 'games', `${id}.log`), 'utf8').trim().split('\n').map((l) => logRecord(l));
      expect(lines.filter((l) => 'ask' in l).map((l) => ({ player: l.player, words: sorted(l.ask) }))).toEqual([{ player: 'Ann', words: fresh }]);

      srv2 = await startServer({ dataDir: srv.dataDir, args });
      const ann2 = await cwJoin(srv2.url, id, { name: 'Ann', key, owner: srv.ownerToken });
      const asked = await ann2.next((m) => m.type === 'word-request');
      expect(asked.payload).toMatchObject({ player: 'Ann', ruleset: 'tiny' });
      expect(sorted((asked.payload as { words?: unknown }).words)).toEqual(fresh);
      await until(() => (ann2.state.players[0]?.hand ?? []).length > 0, 5000, 'the restored state');
      expect(ann2.state.toJSON()).toEqual(seen);
      // the owner rejects: the refused player hears it, the log says so
      expect((await ann2.request('reject', { words: fresh })).type).toBe('ack');
      for (const w of fresh) expect((await ann2.next((m) => m.type === 'word' && (m.payload as { word?: string }).word === w)).payload).toMatchObject({ approved: false });
      await ann2.leave();

      // a rejected question is not asked again after another restart (the `reject` entry replays)
      await srv2.kill9();
      srv2 = await startServer({ dataDir: srv.dataDir, args });
      const ann3 = await cwJoin(srv2.url, id, { name: 'Ann', key, owner: srv.ownerToken });
      await until(() => (ann3.state.players[0]?.hand ?? []).length > 0, 5000, 'the restored state');
      await ann3.barrier(); // the questions still open would have come with the welcome
      expect(ann3.messages.filter((m) => m.type === 'word-request')).toEqual([]);
      // nor asked again by the same move: the rejection replayed, it is refused at once
      expect((await ann3.request('action', { text })).payload).toMatchObject({ code: 'unknown-words', asked: false, rejected: fresh });
      await ann3.barrier();
      expect(ann3.messages.filter((m) => m.type === 'word-request')).toEqual([]);
      // the owner changes her mind: approved, into the personal dictionary, and the move goes through
      expect((await ann3.request('approve', { words: fresh })).type).toBe('ack');
      expect((await ann3.request('action', { text })).type).toBe('ack');
      for (const w of fresh) expect(readFileSync(join(rulesetDir, 'tiny.personal.dict'), 'utf8').split('\n')).toContain(w);
      await ann3.leave();
    } finally {
      await srv.kill9();
      await srv2?.kill9();
    }
  });

  it('a rematch vote survives kill -9: after the restart it still shows, and the last vote deals the rematch; a vote made stale by a removal stays stale', async () => {
    // defect: the votes were the room's memory alone: Ann saw hers gone, and Bo's vote, the
    // last one it waited for, dealt nothing
    const args = ['--ruleset', 'samples/tiny'];
    const srv = await startServer({ args });
    let srv2: ServerProcess | null = null;
    try {
      // a grace of a minute: no stand-in takes Bo's seat after the restart (the vote would then wait on nobody)
      const { owner, ann, bo, others: [cy], id } = await overByPasses(srv.url, srv.ownerToken, 'rematch-restart-1', 60, ['Cy']);
      const keyOf = async (p: typeof ann) => (await p.next((m) => m.type === 'welcome')).payload.key!;
      const [annKey, boKey] = [await keyOf(ann), await keyOf(bo)];
      expect((await ann.request('rematch')).type).toBe('ack');
      // Cy's vote, then the owner removes Cy: a stale vote (asksRematch), which deals nothing
      expect((await cy!.request('rematch')).type).toBe('ack');
      expect((await owner.request('remove', { name: 'Cy' })).type).toBe('ack');
      await until(() => bo.state.players[seatOf(ann)]!.rematch && bo.state.players[2]!.left, 5000, "Ann's vote and Cy's removal seen");
      expect(bo.state.round).toBe(1);
      await srv.kill9();
      const lines = readFileSync(join(srv.dataDir, 'games', `${id}.log`), 'utf8').trim().split('\n').map((l) => logRecord(l));
      expect(lines.filter((l) => 'vote' in l).map((l) => l.vote)).toEqual(['Ann', 'Cy']);

      srv2 = await startServer({ dataDir: srv.dataDir, args });
      const ann2 = await cwJoin(srv2.url, id, { name: 'Ann', key: annKey });
      const bo2 = await cwJoin(srv2.url, id, { name: 'Bo', key: boKey });
      await until(() => bo2.state.players.length === 3, 5000, 'the restored state');
      expect(bo2.state.status).toBe('over');
      expect(bo2.state.round).toBe(1);
      expect([...bo2.state.players].map((p) => p.rematch)).toEqual([true, false, true]);
      // Cy's vote replayed before the removal, as it was taken: stale still (Cy removed, not
      // asking), and the rematch waits for Bo alone
      expect([...bo2.state.players].map((p) => [p.name, p.removed, asksRematch(p)])).toEqual([['Ann', false, true], ['Bo', false, false], ['Cy', true, false]]);
      expect(cardwordsRematchWaits([...bo2.state.players])).toEqual(['Bo']);
      // Bo's log has the lines of the votes again ("Ann asks for a rematch.")
      bo2.room.send('history', { id: 'h1' });
      const history = (await bo2.next((m) => m.type === 'history')).payload as unknown as { events: Array<{ kind: string; name?: string }> };
      expect(history.events.filter((e) => e.kind === 'vote')).toMatchObject([{ name: 'Ann' }, { name: 'Cy' }]);
      // Bo's vote, the last: the rematch is dealt
      expect((await bo2.request('rematch')).type).toBe('ack');
      await until(() => ann2.state.round === 2 && ann2.state.status === 'playing' && handOf(ann2).length > 0, 5000, 'the rematch');
      expect([...ann2.state.players].map((p) => p.rematch)).toEqual([false, false, false]);
      await Promise.all([ann2.leave(), bo2.leave()]);
    } finally {
      await srv.kill9();
      await srv2?.kill9();
    }
  });
});
