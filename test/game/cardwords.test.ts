// Cardwords rooms on a real `cardwords serve` process with real SDK clients over WebSocket:
// a whole game of a human (its moves picked by core's robot from what its client received)
// against a robot, refused moves, private hands (every decoded state of every client
// checked), unknown words approved by the owner into the personal dictionary, a dropped
// player's seat played by a robot and taken back. Rulesets: temp copies of samples/tiny.
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@colyseus/sdk';
import { generateMoves, sortMoves } from '../../core/robots/cardwords/generate.js';
import { moveWords, tilesToPlaced } from '../../core/robots/cardwords/robot.js';
import { formatAction } from '../../core/games/cardwords/notation.js';
import { Player, getJSON, idleWarningsOf, logRecord, startServer, until, type ServerProcess } from '../support/game-server.js';
import { Recorder, aaRuleset, sorted, boardOf, chooseText, copySample, cwCreate, cwJoin, genContext, handOf, heldQuestion, loadTestRuleset, overByPasses, seatOf, unknownMove, type CwJSON, type CwPlayer, type CwView } from './cardwords-helpers.js';
import { CLOSE, CLOSE_REASON, type CardwordsClientMessages } from '../../core/protocol/messages.js';

/** No state a client decoded holds a hand other than its own seat's (none for a watcher). */
function assertPrivate(states: CwJSON[], ownSeat: number | null): void {
  expect(states.length).toBeGreaterThan(0);
  for (const s of states) {
    s.players.forEach((p, i) => {
      if (i !== ownSeat) expect(p.hand ?? [], `seat ${i}'s hand reached ${ownSeat === null ? 'a watcher' : `seat ${ownSeat}`}`).toEqual([]);
    });
    expect(typeof s.pile).toBe('number');
  }
}

/** What the room's `check` of `words` says of how playing them asks the owner (`ask`). */
let checks = 0;
/** The room's answer to `p`'s `check` of `words` (the preview's: which the dictionary lacks, how playing them asks the owner). */
async function check(p: CwPlayer, words: readonly string[]): Promise<{ words: string[]; unknown: string[]; rejected?: string[]; ask?: string; asked?: string[] }> {
  const id = `check-${++checks}`;
  const from = p.messages.length;
  p.room.send('check', { id, words });
  return (await p.next((m) => m.type === 'checked' && m.payload.id === id, 5000, from)).payload as unknown as { words: string[]; unknown: string[]; ask?: string };
}

async function checkAsk(p: CwPlayer, words: readonly string[]): Promise<string | undefined> {
  return (await check(p, words)).ask;
}

async function myTurn(p: CwPlayer): Promise<boolean> {
  await until(() => p.state.status !== 'playing' || p.state.turn === seatOf(p), 30_000, `${p.name}'s turn or the end`);
  return p.state.status === 'playing';
}

describe('cardwords rooms', () => {
  let srv: ServerProcess;
  let rulesetDir: string;
  let brokenDir: string;
  beforeAll(async () => {
    rulesetDir = copySample('tiny');
    // a second ruleset, 'broken', that cannot be played (too few cards declared)
    brokenDir = join(copySample('tiny'), '..', 'broken');
    mkdirSync(brokenDir);
    for (const ext of ['charset', 'cardset', 'cardtable', 'bonus', 'dict']) copyFileSync(join(rulesetDir, `tiny.${ext}`), join(brokenDir, `broken.${ext}`));
    writeFileSync(join(brokenDir, 'broken.cardset'), '2\n[A 1]\n');
    srv = await startServer({ args: ['--ruleset', rulesetDir, '--ruleset', brokenDir, '--rate', '1000', '--robot-delay', '5', '--reconnect-timeout', '5000'] });
  });
  afterAll(async () => {
    if (process.env.CW_DEBUG) console.log(srv?.output());
    await srv?.stop();
  });

  it('a human plays a whole game against a robot; refusals change nothing; hands stay private; results; rematch', async () => {
    const ruleset = await loadTestRuleset(rulesetDir);
    const gctx = genContext(ruleset);
    await expect(new Client(srv.url).create('cardwords', { ruleset: 'tiny', name: 'Eve' })).rejects.toThrow(/not-owner/);
    await expect(new Client(srv.url).create('cardwords', { owner: srv.ownerToken, ruleset: 'english' })).rejects.toThrow(/unknown-ruleset.*tiny/);
    // a ruleset that cannot be played: its errors by the files' names, not the server's folders
    const unplayable = (await new Client(srv.url).create('cardwords', { owner: srv.ownerToken, ruleset: 'broken' }).catch((e: unknown) => e)) as Error;
    expect(unplayable.message).toContain('ruleset-unplayable: the ruleset broken cannot be played:\nbroken.cardset:1:1: error: 2 cards are declared but 1 is listed [cardset/count-mismatch]');
    expect(unplayable.message).not.toContain(brokenDir);
    await expect(new Client(srv.url).create('cardwords', { owner: srv.ownerToken, humans: 9 })).rejects.toThrow(/table-full: .*too few/);

    // the owner creates the game and watches; Ann takes the human seat
    // a fixed deal: a random one may end with no card laid (both sides pass), once seen
    const owner = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 1, robots: ['best'], watchers: 1, seed: 'whole-game-1' });
    const ownerRec = new Recorder(owner);
    const id = owner.room.roomId;
    expect((await owner.next((m) => m.type === 'welcome')).payload).toMatchObject({ gameId: id, kind: 'cardwords', role: 'watcher', owner: true });
    await expect(cwJoin(srv.url, id, { name: 'x'.repeat(40) })).rejects.toThrow(/name-invalid/);
    await expect(cwJoin(srv.url, id, { name: 'Robot1' })).rejects.toThrow(/name-robot/);
    const ann = await cwJoin(srv.url, id, { name: 'Ann' });
    const annRec = new Recorder(ann);
    expect((await ann.next((m) => m.type === 'welcome')).payload).toMatchObject({ gameId: id, kind: 'cardwords', role: 'player', owner: false, name: 'Ann', seat: 0 });
    // the ruleset's files, as on disk (never the dictionaries)
    const files = (await ann.next((m) => m.type === 'ruleset')).payload as unknown as { name: string; files: Record<string, string> };
    expect(files.name).toBe('tiny');
    expect(files.files.cardtable).toBe(readFileSync(join(rulesetDir, 'tiny.cardtable'), 'utf8'));
    expect(Object.keys(files.files).sort()).toEqual(['bonus', 'cardset', 'cardtable', 'charset']);

    const watcher = await cwJoin(srv.url, id, { watch: true });
    const watchRec = new Recorder(watcher);
    await expect(cwJoin(srv.url, id, { watch: true })).rejects.toThrow(/table-full/);
    await expect(cwJoin(srv.url, id, { name: 'Bob' })).rejects.toThrow(/table-full/);
    await expect(cwJoin(srv.url, id, { name: 'Bo b' })).rejects.toThrow(/name-invalid/);

    // the hand comes in its own patch (the seat's view), maybe after the shared one
    await until(() => ann.state.status === 'playing' && ann.state.players.length === 2 && handOf(ann).length > 0, 5000, 'the start');
    expect([...ann.state.players].map((p) => [p.name, p.robot, p.level])).toEqual([
      ['Ann', false, ''],
      ['Robot1', true, 'best'],
    ]);
    expect(ann.state.turn).toBe(0);
    expect(handOf(ann)).toHaveLength(ruleset.handSize);
    expect(ann.state.pile).toBe(ruleset.cards.length - 2 * ruleset.handSize);
    const listed = (await getJSON<{ id: string; kind: string; players: number; robots: number; state: string }[]>(`${srv.url}/games`)).body.find((g) => g.id === id);
    expect(listed).toMatchObject({ kind: 'cardwords', players: 1, robots: 1, state: 'playing' });

    // refusals: each answered with its reason, nothing changes, the connection stays
    const before = JSON.stringify(ann.state.toJSON());
    const card = handOf(ann)[0]!;
    const offStart = await ann.request('action', { text: formatAction({ type: 'move', player: 0, cards: [{ col: 0, row: 1, card: card.char === null ? { ...card, meaning: 'A' } : card }] }) });
    expect(offStart.payload).toMatchObject({ code: 'illegal-move', type: 'action' });
    expect(offStart.payload.message).toMatch(/first move/);
    expect((offStart.payload as { errors?: { code: string }[] }).errors?.map((e) => e.code)).toContain('start-condition');
    const notMine = await ann.request('action', { text: 'move 3,3 [B 99]' });
    expect(notMine.payload.code).toMatch(/illegal-move|not-in-hand/);
    expect(notMine.payload.message).toMatch(/\[B 99\]/);
    expect((await ann.request('action', { text: 'move three' })).payload).toMatchObject({ code: 'move/syntax' });
    expect((await ann.request('action', { text: 'fly' })).payload).toMatchObject({ code: 'action/unknown' });
    expect((await ann.request('action', { type: 'trade', cards: [] })).payload).toMatchObject({ code: 'empty-trade' });
    expect((await ann.requestRaw('action', { type: 'fly' })).payload).toMatchObject({ code: 'bad-action' });
    expect((await watcher.request('action', { text: 'pass' })).payload).toMatchObject({ code: 'not-player' });
    expect((await ann.request('approve', { word: 'ZZ' })).payload).toMatchObject({ code: 'not-owner' });
    expect((await ann.request('rematch')).payload).toMatchObject({ code: 'not-over' });
    expect(JSON.stringify(ann.state.toJSON())).toBe(before);
    expect(ann.left).toBeNull();

    // the whole game: the human's moves come from core's robot, on what Ann's client received
    let turns = 0;
    // the hint at each of Ann's turns: the review after the game shows the same first choice
    const hints = new Map<number, { type: string; score: number; cards: unknown[] }>();
    while (await myTurn(ann)) {
      ann.room.send('hint', { id: `turn-${turns}` });
      // the first of its list, which the panels put in the action area
      const hint = (await ann.next((m) => m.type === 'hint' && m.payload.id === `turn-${turns}`)).payload as unknown as { moves: number; ranked: Array<{ kind: string; score: number; cards: unknown[] }> };
      const first = hint.ranked[0]!;
      hints.set(hint.moves, { type: first.kind, score: first.score, cards: first.kind === 'move' ? first.cards : [] });
      const text = chooseText(ann, gctx, 'good', turns);
      const r = await ann.request('action', { text });
      expect(r.type, `${text}: ${JSON.stringify(r.payload)}`).toBe('ack');
      turns++;
      if (turns === 1) {
        // not her turn now (unless the robot was quicker still)
        const again = await ann.request('action', { text: 'pass' });
        if (again.type === 'error') expect(again.payload.code).toBe('not-your-turn');
      }
    }
    expect(turns).toBeGreaterThan(0);
    const results = await ann.next((m) => m.type === 'results');
    // best first, each with its seat; the winners by name
    const res = results.payload.results!.slice().sort((a, b) => a.seat! - b.seat!);
    expect(res.map((r) => r.name)).toEqual(['Ann', 'Robot1']);
    expect(results.payload.results!.map((r) => r.score)).toEqual(res.map((r) => r.score).sort((a, b) => b - a));
    expect(results.payload.winners).toEqual(res.filter((r) => r.winner).map((r) => r.name));
    expect(results.payload.winners!.length).toBeGreaterThan(0);
    expect(['out', 'passes']).toContain(results.payload.reason);
    expect(res.every((r) => !r.standIn)).toBe(true);
    await watcher.next((m) => m.type === 'results');
    await until(() => ann.state.status === 'over', 5000, 'over');
    expect(ann.state.players.map((p) => p.score)).toEqual(res.map((r) => r.score));
    expect(['out', 'idle']).toContain(ann.state.endReason);
    expect(ann.state.turn).toBe(-1);

    // someone who joins now gets the round's log whole: every turn as `last` showed it
    const late = await cwJoin(srv.url, id, { owner: srv.ownerToken });
    late.room.send('history', { id: 'h1' });
    const history = (await late.next((m) => m.type === 'history')).payload as unknown as { id: string; round: number; players: string[]; turns: Array<CwJSON['last'] & { cells?: unknown[] }> };
    expect(history.id).toBe('h1');
    expect(history.round).toBe(1);
    expect(history.players).toEqual(['Ann', 'Robot1']);
    expect(history.turns).toHaveLength(ann.state.moves);
    let compared = 0;
    for (const st of annRec.states) {
      if (st.round !== 1 || st.moves === 0) continue;
      const { cells, best: _best, hands, ...shown } = history.turns[st.moves - 1] as (typeof history.turns)[number] & { best?: unknown; hands?: unknown[] };
      expect(shown, `turn ${st.moves}`).toEqual(st.last);
      // the game is over: both hands before the turn (the review's)
      expect(hands, `turn ${st.moves}`).toHaveLength(2);
      // a move also names the cards it laid (they are on the table for all to see)
      if (st.last.type === 'move') {
        // compared with the table one turn before, when Ann's client saw that state (patches
        // may arrive together, so a turn's state is not always recorded on its own)
        const prev = annRec.states.find((x) => x.round === 1 && x.moves === st.moves - 1);
        if (prev) expect(cells, `turn ${st.moves}`).toHaveLength(st.board.length - prev.board.length);
        else expect((cells ?? []).length, `turn ${st.moves}`).toBeGreaterThan(0);
      }
      compared++;
    }
    expect(compared).toBeGreaterThan(turns);
    // only the public fields: a trade would show how many cards, never which; the game is
    // over, so each of Ann's turns (the human's) carries the review's best choice, the
    // robot's none, and every turn the hands before it
    const taken = new Set<string>();
    let hinted = 0;
    for (const turn of history.turns) {
      const human = history.players[turn.player] === 'Ann';
      expect(Object.keys(turn).sort()).toEqual(['drawn', 'hands', 'player', 'score', 'standIn', 'traded', 'type', 'words', ...(turn.type === 'move' ? ['cells'] : []), ...(human ? ['best'] : [])].sort());
      if (human) {
        const best = (turn as { best?: { score: number; type: string; words: string[]; cards?: Array<{ col: number; row: number; card: { char: string | null; points: number; meaning?: string } }> } }).best!;
        // the review's choice is the hint's first at that turn (one measure: equity), which
        // Ann (a 'good' robot, by score) did not always follow
        expect(['move', 'trade', 'pass']).toContain(best.type);
        // (a pass sent at once after her first move may be taken: no hint was asked there)
        const i = history.turns.indexOf(turn);
        const hint = hints.get(i);
        if (hint) {
          expect({ type: best.type, score: best.score, cards: (best as { cards?: unknown[] }).cards ?? [] }, `turn ${i}`).toEqual(hint);
          hinted++;
        }
        // a move names its cards (the review shows where, and its wildcards' letters): on
        // cells free before the turn, a wildcard with its meaning
        expect(Object.keys(best).sort()).toEqual(['score', 'type', 'words', ...(best.type === 'move' ? ['cards'] : best.type === 'trade' ? ['tradedCards'] : [])].sort());
        // a trade names the cards it gives back: cards of Ann's hand then (the game is over)
        const traded = (best as { tradedCards?: Array<{ char: string | null; points: number }> }).tradedCards;
        if (traded) {
          const then = annRec.states.find((x) => x.round === 1 && x.moves === history.turns.indexOf(turn))?.players[0]?.hand;
          expect(traded.length).toBeGreaterThan(0);
          if (then) {
            const left = then.map((c) => `${c.char}/${c.points}`);
            for (const c of traded) {
              const i = left.indexOf(`${c.char}/${c.points}`);
              expect(i, `${c.char}/${c.points} in ${then.map((h) => h.char).join('')}`).toBeGreaterThanOrEqual(0);
              left.splice(i, 1);
            }
          }
        }
        for (const p of best.cards ?? []) {
          expect(taken.has(`${p.col},${p.row}`)).toBe(false);
          expect(p.card.char !== null || typeof p.card.meaning === 'string').toBe(true);
        }
        if (best.type === 'move') expect(best.cards!.length).toBeGreaterThan(0);
      }
      for (const c of (turn as { cells?: Array<{ col: number; row: number }> }).cells ?? []) taken.add(`${c.col},${c.row}`);
    }
    expect(hinted).toBeGreaterThan(0);
    await late.leave();

    expect(ann.state.board.length).toBeGreaterThan(0);
    // every player (Ann is the only human) asks for a rematch: the same seats, a new deal
    expect((await ann.request('rematch')).type).toBe('ack');
    await until(() => ann.state.round === 2 && ann.state.status === 'playing' && handOf(ann).length > 0, 5000, 'the rematch');
    expect(ann.state.board).toHaveLength(0);
    expect(handOf(ann)).toHaveLength(ruleset.handSize);
    expect([...ann.state.players].map((p) => p.name)).toEqual(['Ann', 'Robot1']);
    await until(() => watcher.state.round === 2, 5000, 'the watcher sees the rematch');

    // hands: Ann saw only her own, the watcher none, in every state they decoded
    assertPrivate(annRec.states, 0);
    assertPrivate(watchRec.states, null);
    assertPrivate(ownerRec.states, null);
    expect(annRec.states.some((s) => (s.players[0]!.hand ?? []).length > 0)).toBe(true);
    expect(watchRec.states.some((s) => s.board.length > 0)).toBe(true);

    // Ann leaves for good (`leave`): no human is left, the game ends with the round's results
    expect((await ann.leaveGame()).type).toBe('ack');
    const ended = await watcher.next((m) => m.type === 'ended', 30_000);
    expect(ended.payload.reason).toBe('left');
    expect(watcher.messages.filter((m) => m.type === 'results').at(-1)!.payload.reason).toBe('left');
    assertPrivate(watchRec.states, null);
    await until(() => !existsSync(join(srv.dataDir, 'games', `${id}.log`)), 5000, 'log finished');
    expect(readdirSync(join(srv.dataDir, 'games', 'ended'))).toContain(`${id}.log`);
  });

  it('an unknown word: refused naming it, the owner approves it into the personal dictionary, the retry is accepted; nobody else is told', async () => {
    const ruleset = await loadTestRuleset(rulesetDir);
    const chars = ruleset.charset.entries.map((e) => e.canonical);
    const twoLetter = chars.flatMap((a) => chars.map((b) => a + b));
    const known = new Set(ruleset.words);
    const wide = genContext(ruleset, twoLetter);

    // a fixed deal: Bob surely holds a move that makes an unknown word (a random deal failed once)
    // the owner watches (an owner who plays is the next test's)
    const owner = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 2, watchers: 1, seed: 'words-1' });
    const id = owner.room.roomId;
    const ann = await cwJoin(srv.url, id, { name: 'Ann' });
    // a name clash takes the alternative name; white space is refused
    await expect(cwJoin(srv.url, id, { name: 'ann' })).rejects.toThrow(/name-taken/);
    await expect(cwJoin(srv.url, id, { name: 'Robot1', alt: 'Ro bot' })).rejects.toThrow(/name-invalid/);
    const bob = await cwJoin(srv.url, id, { name: 'Ann', alt: 'Bob' });
    expect(bob.name).toBe('Bob');
    const watcher = await cwJoin(srv.url, id, { watch: true });
    await until(() => ann.state.status === 'playing', 5000, 'the start');
    expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
    await until(() => bob.state.turn === 1 && handOf(bob).length > 0, 5000, "Bob's turn");

    // a move whose words are fine but for one the server does not know
    const board = boardOf(bob.state);
    const moves = sortMoves(generateMoves(wide, board, handOf(bob))).filter((m) => moveWords(wide, board, m).some((w) => !known.has(w)));
    expect(moves.length).toBeGreaterThan(0);
    const move = moves[0]!;
    const unknown = moveWords(wide, board, move).filter((w) => !known.has(w));
    // before the move, the preview's check: the words the dictionary lacks, the others known
    const moveWordsNow = moveWords(wide, board, move);
    const checked = await check(bob, moveWordsNow);
    expect(checked.words).toEqual(moveWordsNow);
    expect(sorted(checked.unknown)).toEqual(sorted(unknown));
    expect(checked.asked).toBeUndefined();
    // written in lower case: the dictionary's canonical form
    expect((await check(bob, moveWordsNow.map((w) => w.toLowerCase()))).words).toEqual(moveWordsNow);
    // watchers make no moves; a malformed check is refused
    expect((await watcher.request('check', { words: moveWordsNow })).payload).toMatchObject({ code: 'not-player' });
    for (const words of [[], Array<string>(33).fill('AT'), ['A'.repeat(65)], [3], 'AT'] as unknown[]) expect((await bob.request('check', { words } as never)).payload).toMatchObject({ code: 'bad-message' });
    const text = formatAction({ type: 'move', player: 1, cards: tilesToPlaced(board.width, move) });
    const before = JSON.stringify(bob.state.toJSON());
    const refused = await bob.request('action', { text });
    expect(refused.payload.code).toBe('unknown-words');
    expect(sorted((refused.payload as { words?: unknown }).words)).toEqual(sorted(unknown));
    expect(refused.payload.message).toContain(unknown[0]!);
    expect(JSON.stringify(bob.state.toJSON())).toBe(before);

    // the owner is asked; approves
    const asked = await owner.next((m) => m.type === 'word-request');
    expect(asked.payload).toMatchObject({ player: 'Bob', ruleset: 'tiny' });
    expect(sorted((asked.payload as { words?: unknown }).words)).toEqual(sorted(unknown));
    // the preview's check says so from now on, from the room's open questions (a restart keeps
    // them: its preview said "Playing the move asks the owner" of a word asked before)
    expect(sorted((await check(bob, moveWordsNow)).asked ?? [])).toEqual(sorted(unknown));
    const approved = await owner.request('approve', { words: unknown });
    expect(approved.type, JSON.stringify(approved.payload)).toBe('ack');
    const personal = readFileSync(join(rulesetDir, 'tiny.personal.dict'), 'utf8').split('\n');
    for (const w of unknown) expect(personal).toContain(w);
    for (const w of unknown) expect((await bob.next((m) => m.type === 'word' && (m.payload as { word?: string }).word === w)).payload).toMatchObject({ approved: true });

    // approved: the check knows them now
    const known2 = await check(bob, unknown);
    expect([known2.unknown, known2.asked]).toEqual([[], undefined]);
    // the retry is accepted
    const retry = await bob.request('action', { text });
    expect(retry.type, JSON.stringify(retry.payload)).toBe('ack');
    await until(() => ann.state.last.player === 1 && ann.state.last.type === 'move', 5000, 'the move seen by Ann');
    expect([...ann.state.last.words]).toEqual(expect.arrayContaining(unknown));

    // a rejected word: the refused player is told it was rejected
    expect(await myTurn(ann)).toBe(true);
    const board2 = boardOf(ann.state);
    const more = sortMoves(generateMoves(wide, board2, handOf(ann))).filter((m) => moveWords(wide, board2, m).some((w) => !known.has(w) && !unknown.includes(w)));
    expect(more.length).toBeGreaterThan(0);
    const m2 = more[0]!;
    const words2 = moveWords(wide, board2, m2).filter((w) => !known.has(w) && !unknown.includes(w));
    const text2 = formatAction({ type: 'move', player: 0, cards: tilesToPlaced(board2.width, m2) });
    const r2 = await ann.request('action', { text: text2 });
    expect(r2.payload.code).toBe('unknown-words');
    expect(sorted((r2.payload as { words?: unknown }).words)).toEqual(sorted(words2));
    expect(r2.payload).toMatchObject({ asked: true });
    // the owner watches: asked now, not later
    expect((r2.payload as { later?: unknown }).later).toBeUndefined();
    expect((r2.payload as { rejected?: unknown }).rejected).toBeUndefined();
    await until(() => owner.messages.filter((m) => m.type === 'word-request').length === 2, 5000, 'the second question');
    expect((await owner.request('reject', { words: words2 })).type).toBe('ack');
    expect((await ann.next((m) => m.type === 'word' && (m.payload as { approved?: boolean }).approved === false)).payload).toMatchObject({ word: words2[0] });
    expect(readFileSync(join(rulesetDir, 'tiny.personal.dict'), 'utf8').split('\n')).not.toContain(words2[0]);
    // defect: the same move again asked the owner again; rejected in this game, it is refused
    // at once, saying so, and the check says which words the owner rejected
    const r3 = await ann.request('action', { text: text2 });
    expect(r3.payload).toMatchObject({ code: 'unknown-words', asked: false, rejected: words2 });
    expect(await check(ann, words2)).toEqual({ id: expect.any(String), words: words2, unknown: words2, rejected: words2, ask: 'now' });
    await owner.barrier();
    expect(owner.messages.filter((m) => m.type === 'word-request')).toHaveLength(2);
    // only the owner was asked, and not while playing; only the refused player told (what was sent has arrived)
    await Promise.all([bob.barrier(), watcher.barrier(), ann.barrier()]);
    for (const p of [ann, bob, watcher]) expect(p.messages.filter((m) => m.type === 'word-request')).toEqual([]);
    expect(ann.messages.filter((m) => m.type === 'word' && (m.payload as { approved?: boolean }).approved === true)).toEqual([]);
    expect(watcher.messages.filter((m) => m.type === 'word')).toEqual([]);
    // not the owner: no approvals
    expect((await bob.request('approve', { word: 'BBBB' })).payload).toMatchObject({ code: 'not-owner' });
    await owner.request('end');
  });

  it("an owner who plays a seat is an opponent too: another player's unknown words wait for the end of the round (they would show cards of that hand)", async () => {
    // the owner's other window, watching: the same person, so no questions there either
    const { ann, bob, ownerWatch, unknown } = await heldQuestion(srv.url, srv.ownerToken, rulesetDir, true);
    const id = ann.room.roomId;
    // the preview's check says so before a move: Bob's words wait for the round's end, the owner's own are asked at once
    expect(await checkAsk(bob, unknown)).toBe('later');
    expect(await checkAsk(ann, unknown)).toBe('owner');
    // a watcher of the owner joining now is not told either
    const late = await cwJoin(srv.url, id, { owner: srv.ownerToken });
    // the round goes on: everyone passes twice (Ann's first pass counts) and it ends; only then is the owner asked
    for (const p of [bob, ann, bob]) {
      expect(ann.messages.filter((m) => m.type === 'word-request')).toEqual([]);
      expect((await p.request('action', { text: 'pass' })).type).toBe('ack');
    }
    for (const p of [ann, ownerWatch!, late]) {
      const r = await p.next((m) => m.type === 'results');
      const q = await p.next((m) => m.type === 'word-request');
      expect(p.messages.indexOf(q)).toBeGreaterThan(p.messages.indexOf(r));
      expect(q.payload).toMatchObject({ player: 'Bob', ruleset: 'tiny' });
      expect(sorted(q.payload.words)).toEqual(unknown);
    }
    expect(bob.messages.filter((m) => m.type === 'word-request')).toEqual([]);
    await ann.request('end');
  });

  it("a player's unknown words with no owner's client in the game: the check and the refusal say the owner is asked on joining; joining, the owner is", async () => {
    // the owner creates the game and watches it; Bob and Cy play
    const owner = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 2, watchers: 1, seed: 'ask-1' });
    const id = owner.room.roomId;
    const bob = await cwJoin(srv.url, id, { name: 'Bob' });
    const cy = await cwJoin(srv.url, id, { name: 'Cy' });
    await until(() => bob.state.status === 'playing' && handOf(bob).length > 0 && handOf(cy).length > 0, 5000, 'the start');
    const p = bob.state.turn === seatOf(bob) ? bob : cy;
    const { text, unknown } = await unknownMove(p, rulesetDir);
    expect(await checkAsk(p, unknown)).toBe('now');
    // the owner's page closes: nobody would read the question now (the player read "The owner has been asked")
    await owner.leave();
    await until(async () => (await checkAsk(p, unknown)) === 'absent', 5000, "the owner's client gone");
    const refused = await p.request('action', { text });
    expect(refused.payload).toMatchObject({ code: 'unknown-words', asked: true, absent: true });
    expect(refused.payload.later).toBeUndefined();
    // the owner comes back: asked at the join, and the check says so again
    const back = await cwJoin(srv.url, id, { owner: srv.ownerToken });
    const q = await back.next((m) => m.type === 'word-request');
    expect(q.payload).toMatchObject({ player: p.name });
    expect(sorted(q.payload.words)).toEqual(unknown);
    expect(await checkAsk(p, unknown)).toBe('now');
    await back.request('end');
  });

  it('a question still open when the owner ends the game is asked in the owner\'s other games of the ruleset (one open already, at once), after a restart too; decided there, it is asked no more', async () => {
    // its own server and ruleset copy: the questions kept are the data folder's and the ruleset's
    const dir = copySample('tiny');
    const args = ['--ruleset', dir, '--rate', '1000', '--robot-delay', '5'];
    let s = await startServer({ args });
    try {
      // the owner plays a seat (Ann): Bob's unknown words wait for the end of the round...
      const { ann, bob, unknown } = await heldQuestion(s.url, s.ownerToken, dir);
      // the owner's other game of the ruleset, open already (watching it)
      const next = await cwCreate(s.url, { owner: s.ownerToken, ruleset: 'tiny', humans: 1, robots: ['best'], watchers: 1 });
      // ...and the owner ends the game before it is over: the question is not lost with the room
      await ann.request('end');
      const ended = await ann.next((m) => m.type === 'ended');
      expect(ann.messages.filter((m) => m.type === 'word-request')).toEqual([]);
      // the owner is told at that end which words wait for the next game (nothing said so), after
      // the history (which rebuilds a page's log) and before the close; Bob is not: the questions are the owner's
      const told = ann.messages.find((m) => m.type === 'carried')!;
      expect(told.payload).toEqual({ words: expect.any(Array), ruleset: 'tiny' });
      expect(sorted(told.payload.words)).toEqual(unknown);
      expect(ann.messages.indexOf(told)).toBeGreaterThan(ann.messages.findIndex((m) => m.type === 'history'));
      expect(ann.messages.indexOf(told)).toBeLessThan(ann.messages.indexOf(ended));
      await bob.next((m) => m.type === 'ended');
      expect(bob.messages.filter((m) => m.type === 'carried')).toEqual([]);
      // the other game asks it at once, in Bob's name
      const q = await next.next((m) => m.type === 'word-request');
      expect(q.payload).toMatchObject({ player: 'Bob', ruleset: 'tiny', earlier: true });
      expect(sorted(q.payload.words)).toEqual(unknown);
      await next.request('end');
      // a game created now asks it when the owner joins; a player (not the owner) is never asked
      const other = await cwCreate(s.url, { owner: s.ownerToken, ruleset: 'tiny', humans: 1, robots: ['best'], watchers: 1 });
      const eve = await cwJoin(s.url, other.room.roomId, { name: 'Eve' });
      await Promise.all([other.next((m) => m.type === 'word-request'), eve.barrier()]);
      expect(eve.messages.filter((m) => m.type === 'word-request')).toEqual([]);
      // the last person's leave ends it (Eve against a robot), the question still open: the
      // owner (watching) is told it waits again, Eve (who left) is not
      await until(() => eve.state.status === 'playing', 5000, 'the start');
      await eve.request('leave');
      expect((await other.next((m) => m.type === 'ended')).payload).toEqual({ reason: 'left' });
      expect(sorted(other.messages.find((m) => m.type === 'carried')!.payload.words)).toEqual(unknown);
      expect(eve.messages.filter((m) => m.type === 'carried')).toEqual([]);
      // kept on disk: after a restart on the same data the owner is asked again
      await s.stop();
      s = await startServer({ args, dataDir: s.dataDir });
      const after = await cwCreate(s.url, { owner: s.ownerToken, ruleset: 'tiny', humans: 1, robots: ['best'], watchers: 1 });
      const q2 = await after.next((m) => m.type === 'word-request');
      expect(sorted(q2.payload.words)).toEqual(unknown);
      // decided in this game: the first word approved (into the personal dictionary), the others rejected
      const [first, ...rest] = unknown;
      expect((await after.request('approve', { word: first })).payload).toMatchObject({ words: [first] });
      if (rest.length) expect((await after.request('reject', { words: rest })).payload).toMatchObject({ words: rest });
      expect(readFileSync(join(dir, 'tiny.personal.dict'), 'utf8').split('\n')).toContain(first);
      await after.request('end');
      // decided: nothing waits, nothing is said at the end
      await after.next((m) => m.type === 'ended');
      expect(after.messages.filter((m) => m.type === 'carried')).toEqual([]);
      // and asked no more
      const last = await cwCreate(s.url, { owner: s.ownerToken, ruleset: 'tiny', humans: 1, robots: ['best'], watchers: 1 });
      await last.barrier();
      expect(last.messages.filter((m) => m.type === 'word-request')).toEqual([]);
      expect(JSON.parse(readFileSync(join(s.dataDir, 'questions.json'), 'utf8'))).toEqual({});
      await last.request('end');
    } finally {
      await s.stop();
    }
  });

  it('a question held back when the owner ends the game survives a crash between the end and its keeping: asked after the restart', async () => {
    const dir = copySample('tiny');
    const args = ['--ruleset', dir, '--rate', '1000', '--robot-delay', '5'];
    // test only: the process dies (SIGKILL) just after a game's log moved to games/ended/, the
    // end stored, the questions not kept yet; the product has no such hook: fs is patched here
    const crash = `import fs from 'node:fs/promises'; import { syncBuiltinESMExports } from 'node:module';
      const rename = fs.rename;
      fs.rename = async (from, to) => { await rename(from, to); if (String(to).includes('/games/ended/')) process.kill(process.pid, 'SIGKILL'); };
      syncBuiltinESMExports();`;
    let s = await startServer({ args, nodeArgs: ['--import', `data:text/javascript,${encodeURIComponent(crash)}`] });
    try {
      const { ann, unknown } = await heldQuestion(s.url, s.ownerToken, dir);
      const id = ann.room.roomId;
      ann.room.send('end', {});
      await new Promise((ok) => s.proc.once('exit', ok));
      // the end is stored; nothing was said to anyone before the crash
      expect(readdirSync(join(s.dataDir, 'games', 'ended'))).toContain(`${id}.log`);
      expect(ann.messages.filter((m) => m.type === 'word-request')).toEqual([]);
      s = await startServer({ args, dataDir: s.dataDir });
      const next = await cwCreate(s.url, { owner: s.ownerToken, ruleset: 'tiny', humans: 1, robots: ['best'], watchers: 1 });
      const q = await next.next((m) => m.type === 'word-request');
      expect(q.payload).toMatchObject({ player: 'Bob', ruleset: 'tiny', earlier: true });
      expect(sorted(q.payload.words)).toEqual(unknown);
      expect(JSON.parse(readFileSync(join(s.dataDir, 'questions-ending.json'), 'utf8'))).toEqual({});
      await next.request('end');
    } finally {
      await s.stop();
    }
  });

  it("one player cannot fill the owner's list: past 32 open words a refusal says the owner was not asked", async () => {
    const ruleset = await loadTestRuleset(rulesetDir);
    const known = new Set(ruleset.words);
    const ann = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 1, robots: ['best'], name: 'Ann', seed: 'cap-1' });
    await until(() => ann.state.status === 'playing' && ann.state.turn === 0 && handOf(ann).length > 0, 5000, 'the start');
    // first moves of Ann's cards (her wildcard as any letter) that make one unknown word each
    const letters = ruleset.charset.entries.map((e) => e.canonical);
    let strings = [''];
    const cands: string[] = [];
    for (let len = 1; len <= 4; len++) {
      strings = strings.flatMap((x) => letters.map((l) => x + l));
      if (len >= 2) cands.push(...strings.filter((w) => !known.has(w)));
    }
    const g = genContext(ruleset, cands);
    const board = boardOf(ann.state);
    const byWord = new Map<string, string>();
    for (const m of generateMoves(g, board, handOf(ann))) {
      const words = moveWords(g, board, m);
      if (words.length === 1 && !known.has(words[0]!) && !byWord.has(words[0]!)) byWord.set(words[0]!, formatAction({ type: 'move', player: 0, cards: tilesToPlaced(board.width, m) }));
    }
    expect(byWord.size).toBeGreaterThan(40);
    const asked: boolean[] = [];
    for (const text of [...byWord.values()].slice(0, 40)) {
      const r = await ann.request('action', { text });
      expect(r.payload.code).toBe('unknown-words');
      asked.push((r.payload as { asked?: boolean }).asked === true);
    }
    expect(asked).toEqual([...Array<boolean>(32).fill(true), ...Array<boolean>(8).fill(false)]);
    // the owner was asked exactly 32 words of this game: every question went out before the
    // barrier's reply (those of games ended before, asked at the join, say `earlier`)
    await ann.barrier();
    expect(ann.messages.filter((m) => m.type === 'word-request' && m.payload.earlier !== true).flatMap((m) => m.payload.words)).toHaveLength(32);
    await ann.request('end');
  });

  it('a dropped player takes the seat back by the reconnection token on a Node without a global WebSocket (VS Code 1.90 runs the local server on Node 20)', async () => {
    // Colyseus core reads the global's WebSocket.OPEN on a reconnection: without it ("WebSocket
    // is not defined") every drop was for good. Node 20 is simulated by taking the global away.
    const s = await startServer({ args: ['--ruleset', rulesetDir, '--robot-delay', '5'], env: { ...process.env, NODE_OPTIONS: '--no-experimental-websocket' } });
    try {
      const ann = await cwCreate(s.url, { owner: s.ownerToken, ruleset: 'tiny', humans: 2, name: 'Ann', grace: 30, seed: 'away-20' });
      const bob = await cwJoin(s.url, ann.room.roomId, { name: 'Bob' });
      await until(() => ann.state.status === 'playing' && handOf(bob).length > 0, 5000, 'the start');
      const hand = handOf(bob);
      const token = bob.room.reconnectionToken;
      bob.raw.transport.ws.close(3000); // a drop, not a consented leave
      await until(() => !ann.state.players[1]!.connected, 5000, 'Bob seen away');
      const back = new Player<CwView, CardwordsClientMessages>(await new Client(s.url).reconnect(token));
      back.name = 'Bob';
      await until(() => ann.state.players[1]!.connected, 5000, 'Bob back on his seat');
      await until(() => (back.state.players?.length ?? 0) > 0 && handOf(back).length > 0, 5000, "Bob's hand after the reconnection");
      expect(handOf(back)).toEqual(hand);
      expect(s.output()).not.toMatch(/WebSocket is not defined/);
      await ann.request('end');
    } finally {
      await s.stop();
    }
  });

  it('a game nobody plays is warned of its end in the state, and its idle end names no winner (it said "you win with -14 points!")', async () => {
    const IDLE_MS = 2000;
    const s = await startServer({ args: ['--ruleset', rulesetDir, '--robot-delay', '5', '--idle-timeout', String(IDLE_MS)] });
    try {
      const ivy = await cwCreate(s.url, { owner: s.ownerToken, ruleset: 'tiny', humans: 1, robots: 1, name: 'Ivy', seed: 'idle-1' });
      await until(() => ivy.state.status === 'playing' && ivy.state.players[ivy.state.turn]?.name === 'Ivy', 5000, "Ivy's turn");
      expect(ivy.state.idleEndsIn).toBe(0);
      // the idle time's last fifth: the seconds left, for every page's status line (before the results)
      const warnings = idleWarningsOf(ivy);
      const results = (await ivy.next((m) => m.type === 'results', 3 * IDLE_MS)).payload as { reason: string; winners: string[]; results: { winner: boolean }[] };
      expect(warnings.some((w) => w > 0), `the warning; seen ${JSON.stringify(warnings)}`).toBe(true);
      expect(Math.max(...warnings)).toBeLessThanOrEqual(Math.ceil(IDLE_MS / 5 / 1000));
      expect(results.reason).toBe('idle');
      expect(results.results).toHaveLength(2);
      expect(results.winners).toEqual([]);
      expect(results.results.some((r) => r.winner)).toBe(false);
      // the ended state's score board names nobody either, and the warning is over
      await until(() => ivy.state.status === 'ended', 5000, 'the ended state');
      expect([...ivy.state.winners]).toEqual([]);
      expect(ivy.state.idleEndsIn).toBe(0);
    } finally {
      await s.stop();
    }
  });

  it('a dropped player keeps the seat: a stand-in plays it only after the grace period, marked; the player takes it back (reconnection token, seat key)', async () => {
    const grace = 0.4;
    const ann = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 2, name: 'Ann', grace, seed: 'away-1' });
    const id = ann.room.roomId;
    const bob = await cwJoin(srv.url, id, { name: 'Bob' });
    const bobKey = (await bob.next((m) => m.type === 'welcome')).payload.key!;
    await until(() => ann.state.status === 'playing', 5000, 'the start');
    expect(ann.state.grace).toBe(grace * 1000);
    expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');

    // Bob drops on his turn: his seat is held, away, and the game waits for the grace period
    const token = bob.room.reconnectionToken;
    const dropped = Date.now();
    bob.raw.transport.ws.close(3000); // not a consented leave: a drop
    await until(() => !ann.state.players[1]!.connected && ann.state.players[1]!.awaySince > 0, 5000, 'Bob seen away');
    await until(() => ann.state.moves === 2, 10_000, "the stand-in played Bob's turn");
    expect(Date.now() - dropped).toBeGreaterThanOrEqual(grace * 1000);
    expect(ann.state.players[1]!.auto).toBe(true);
    // marked, for everyone: the last turn, the seat's count, the history and the log
    expect(ann.state.last).toMatchObject({ player: 1, standIn: true });
    expect(ann.state.players[1]!.standIns).toBe(1);
    ann.typed.send('history', { id: 'h-away' });
    const h = await ann.next((m) => m.type === 'history' && m.payload.id === 'h-away');
    expect((h.payload.turns as { standIn: boolean }[]).map((t) => t.standIn)).toEqual([false, true]);
    // during the game no turn carries the best robot's choice (the review, its cards: after the end)
    expect((h.payload.turns as object[]).some((t) => 'best' in t)).toBe(false);
    const log = readFileSync(join(srv.dataDir, 'games', `${id}.log`), 'utf8').trim().split('\n').map((l) => logRecord<{ a?: { player: number }; standIn?: boolean }>(l));
    expect(log.filter((e) => e.a).map((e) => e.standIn === true)).toEqual([false, true]);

    const back = new Player<CwView, CardwordsClientMessages>(await new Client(srv.url).reconnect(token));
    back.name = 'Bob';
    await until(() => !ann.state.players[1]!.auto && ann.state.players[1]!.connected && ann.state.players[1]!.awaySince === 0, 5000, 'Bob back');
    await until(() => handOf(back).length > 0, 5000, "Bob's hand after the reconnection");
    expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
    // no robot plays for Bob now: the seat is not a stand-in's, and Bob's own pass below is taken
    expect(ann.state.players[1]!.auto).toBe(false);
    expect(ann.state.turn).toBe(1);
    expect((await back.request('action', { text: 'pass' })).type).toBe('ack');
    // the ack goes to Bob at once; Ann's state follows with the next patch
    await until(() => ann.state.moves === 4, 5000, "Bob's own pass seen by Ann");
    expect(ann.state.last).toMatchObject({ player: 1, standIn: false });

    // a closed connection (consented) is a drop too; back with the seat key; a wrong key gets no seat
    await back.leave();
    await until(() => !ann.state.players[1]!.connected, 5000, 'Bob gone');
    await expect(cwJoin(srv.url, id, { name: 'Bob', key: 'wrong' })).rejects.toThrow(/name-taken|table-full/);
    const bob2 = await cwJoin(srv.url, id, { name: 'Bob', key: bobKey });
    expect((await bob2.next((m) => m.type === 'welcome')).payload).toMatchObject({ name: 'Bob', seat: 1, key: bobKey });
    await until(() => !ann.state.players[1]!.auto && ann.state.players[1]!.connected, 5000, 'Bob seated again');
    await until(() => handOf(bob2).length > 0, 5000, "Bob's hand again");
    expect(bob2.state.players[0]!.hand ?? []).toHaveLength(0);
    // the owner watching in another tab does not remove the owner's own seat (Ann's): refused
    // saying so (the removal went through, and told the owner "The owner removed you")
    const ownerTab = await cwJoin(srv.url, id, { watch: true, owner: srv.ownerToken });
    expect(await ownerTab.requestRaw('remove', { name: 'Ann' })).toMatchObject({ type: 'error', payload: { code: 'unknown-player', message: 'the owner does not remove their own seat: leave the game instead' } });
    await ownerTab.leave();
    expect(ann.left).toBeNull();
    // the owner removes Bob: his key is void, a robot plays his seat
    expect((await ann.request('remove', { name: 'Bob' })).type).toBe('ack');
    await until(() => bob2.left === CLOSE.REMOVED, 5000, 'Bob removed');
    await until(() => ann.state.players[1]!.auto, 5000, 'a stand-in for Bob');
    await expect(cwJoin(srv.url, id, { name: 'Bob', key: bobKey })).rejects.toThrow(/^seat-removed:/); // it read name-taken, the page said the name was another's
    await ann.request('end');
  });

  it('a player removed while away is told on coming back that the owner removed them, not that the seat was taken back', async () => {
    const owner = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 2, seed: 'removed-away' });
    const id = owner.room.roomId;
    await cwJoin(srv.url, id, { name: 'Ann' });
    const bob = await cwJoin(srv.url, id, { name: 'Bob' });
    await until(() => owner.state.status === 'playing', 5000, 'dealt');
    const token = bob.room.reconnectionToken;
    bob.raw.transport.ws.close(3000); // a drop: the SDK would reconnect with the token
    await until(() => !owner.state.players[1]!.connected, 5000, 'Bob away');
    expect((await owner.request('remove', { name: 'Bob' })).type).toBe('ack');
    // (the reconnection is closed at once: the SDK's call fails with the close's reason)
    await expect(new Client(srv.url).reconnect(token)).rejects.toThrow(CLOSE_REASON.REMOVED);
    await owner.request('end');
  });

  it('before the start a leaving player frees the seat for another', async () => {
    const owner = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 2, seed: 'removed-1' });
    const id = owner.room.roomId;
    const bob = await cwJoin(srv.url, id, { name: 'Bob' });
    await until(() => owner.state.players[0]!.name === 'Bob', 5000, 'Bob seated');
    expect(owner.state.status).toBe('waiting');
    expect((await bob.request('action', { text: 'pass' })).payload).toMatchObject({ code: 'not-started' });
    expect((await bob.leaveGame()).type).toBe('ack');
    await until(() => owner.state.players[0]!.name === '', 5000, 'the seat free again');
    const cleo = await cwJoin(srv.url, id, { name: 'Cleo' });
    const dan = await cwJoin(srv.url, id, { name: 'Dan' });
    await until(() => owner.state.status === 'playing', 5000, 'the start');
    expect([...owner.state.players].map((p) => p.name)).toEqual(['Cleo', 'Dan']);
    await until(() => handOf(cleo).length > 0 && handOf(dan).length > 0, 5000, 'the hands');
    expect(cleo.state.players[1]!.hand ?? []).toEqual([]);
    expect(dan.state.players[0]!.hand ?? []).toEqual([]);
    expect(owner.state.players.every((p) => (p.hand ?? []).length === 0)).toBe(true);
    expect((await owner.request('end')).type).toBe('ack');
    expect((await cleo.next((m) => m.type === 'ended')).payload.reason).toBe('owner');
  });

  it("the owner's removal is told from a leave (the seat's `removed`); the last human's leave ends the game, and the leaver gets that end too (results, ended), not only a close", async () => {
    // defects: "Bo (left)" for a removal; the last leaver was told a robot plays on while the game had ended
    const owner = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 2, robots: 1, seed: 'last-leave-1' });
    const id = owner.room.roomId;
    const ann = await cwJoin(srv.url, id, { name: 'Ann' });
    await cwJoin(srv.url, id, { name: 'Bo' });
    await until(() => owner.state.status === 'playing', 5000, 'the start');
    expect((await owner.request('remove', { name: 'Bo' })).type).toBe('ack');
    await until(() => ann.state.players[1]!.left, 5000, 'Bo gone, for Ann');
    expect(ann.state.players[1]).toMatchObject({ name: 'Bo', left: true, removed: true, auto: true });
    expect(ann.state.players[0]).toMatchObject({ left: false, removed: false });
    // Ann is the last human seated: her leave ends the game, for her too
    expect((await ann.leaveGame()).type).toBe('ack');
    expect((await ann.next((m) => m.type === 'results')).payload.reason).toBe('left');
    expect((await ann.next((m) => m.type === 'ended')).payload.reason).toBe('left');
    await until(() => ann.left === CLOSE.ENDED, 5000, "Ann's close");
    expect((await owner.next((m) => m.type === 'ended')).payload.reason).toBe('left');
    // nobody plays Ann's seat on (her leave ended the game): no stand-in, so the score boards read
    // her as a person who left (it was \`auto\`: Type R, a robot); Bo's seat a stand-in played
    expect(owner.state.players.find((p) => p.name === 'Ann')).toMatchObject({ left: true, auto: false });
    expect(owner.state.players.find((p) => p.name === 'Bo')).toMatchObject({ left: true, auto: true });
  });

  it("the last human's removal ends the game, and the removed player gets that end too (the state ended, results, the history, ended) before the close that says removed", async () => {
    // defect: Cy's connection was closed before the end: the page stood at "Cy's turn", no results, an empty log
    const owner = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 1, robots: 1, seed: 'last-removal-1' });
    const cy = await cwJoin(srv.url, owner.room.roomId, { name: 'Cy' });
    await until(() => cy.state.status === 'playing' && cy.state.turn === 0, 5000, "the start, Cy's turn");
    // a turn played: the end sends the history (the review)
    expect((await cy.request('action', { text: 'pass' })).type).toBe('ack');
    await until(() => cy.state.turn === 0, 5000, "the robot's turn played");
    expect((await owner.request('remove', { name: 'Cy' })).type).toBe('ack');
    const results = (await cy.next((m) => m.type === 'results')).payload;
    expect(results.reason).toBe('left');
    const history = (await cy.next((m) => m.type === 'history')).payload as { events?: Array<Record<string, unknown>> };
    // the line says the game ended with the removal: no robot plays the seat on; then the
    // end's own line, as the pages log it at the results (only an end by the rules had it)
    expect(history.events?.slice(-2)).toEqual([
      { round: 1, at: cy.state.moves, kind: 'remove', name: 'Cy', then: 'end' },
      { round: 1, at: cy.state.moves, kind: 'end', winners: results.winners, reason: 'left' },
    ]);
    expect((await cy.next((m) => m.type === 'ended')).payload.reason).toBe('left');
    expect(cy.state.status).toBe('ended');
    expect(cy.state.turn).toBe(-1);
    // no stand-in for a seat whose removal ended the game
    expect(cy.state.players[0]).toMatchObject({ name: 'Cy', left: true, removed: true, auto: false });
    await until(() => cy.left === CLOSE.REMOVED, 5000, "Cy's close");
    expect(cy.leftReason).toBe(CLOSE_REASON.REMOVED);
    expect((await owner.next((m) => m.type === 'ended')).payload.reason).toBe('left');
  });

  it("the history's line of a seat given up says what became of it: a removal after the round, a robot in a rematch; the last human's leave, the game's end", async () => {
    // defects: "a robot plays for Bo to the end" for a game over, and for the leave that ended it
    const owner = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 2, robots: 0, seed: 'gone-then-1' });
    const id = owner.room.roomId;
    const ann = await cwJoin(srv.url, id, { name: 'Ann' });
    const bo = await cwJoin(srv.url, id, { name: 'Bo' });
    await until(() => ann.state.status === 'playing', 5000, 'the start');
    for (const p of [ann, bo, ann, bo]) expect((await p.request('action', { text: 'pass' })).type).toBe('ack');
    await until(() => ann.state.status === 'over', 5000, 'the end of the round');
    expect((await owner.request('remove', { name: 'Bo' })).type).toBe('ack');
    expect((await ann.leaveGame()).type).toBe('ack');
    const history = (await ann.next((m) => m.type === 'history')).payload as { events?: Array<Record<string, unknown>> };
    expect(history.events?.filter((e) => e.kind === 'remove' || e.kind === 'leave')).toEqual([
      { round: 1, at: 4, kind: 'remove', name: 'Bo', then: 'rematch' },
      { round: 1, at: 4, kind: 'leave', name: 'Ann', then: 'end' },
    ]);
    expect((await ann.next((m) => m.type === 'ended')).payload.reason).toBe('left');
  });

  it("a rematch vote waits on an away player only until a stand-in plays the seat (the game's grace), then starts without another vote; the seat stays the away player's", async () => {
    // defect: the vote waited on a player away for as long as the room held the connection, and then for a vote more
    const { owner, ann, bo } = await overByPasses(srv.url, srv.ownerToken, 'rematch-away-1');
    bo.raw.transport.ws.close(3000); // a drop: the room holds Bo's connection for the SDK's reconnection (5 s here)
    await until(() => !ann.state.players[1]!.connected && ann.state.players[1]!.awaySince > 0, 5000, 'Bo seen away');
    expect((await ann.request('rematch')).type).toBe('ack');
    await until(() => ann.state.round === 2 && ann.state.status === 'playing', 10_000, 'the rematch without Bo');
    expect(ann.state.players[1]).toMatchObject({ name: 'Bo', left: false, connected: false });
    expect((await owner.request('end')).type).toBe('ack');
  });

  it("history carries the earlier rounds' turns and the lines that are no turn, each placed among the turns; a word decision only to its asker, no hand or best choice during a round; the same after a restart", async () => {
    // defect: `history` held the current round's turns only: a reload lost the earlier rounds,
    // the rematch, the approvals and the leaves
    type Hist = { id?: string; round: number; turns: Array<Record<string, unknown>>; earlier?: Array<{ round: number; turns: Array<Record<string, unknown>> }>; events?: Array<Record<string, unknown>> };
    // its own server: it restarts at the end (the room notes the lines again as it replays its log)
    const args = ['--ruleset', rulesetDir, '--rate', '1000', '--robot-delay', '5', '--reconnect-timeout', '5000'];
    let own = await startServer({ args });
    try {
      const owner = await cwCreate(own.url, { owner: own.ownerToken, ruleset: 'tiny', humans: 2, watchers: 2, seed: 'whole-log-1' });
      const id = owner.room.roomId;
      const ann = await cwJoin(own.url, id, { name: 'Ann' });
      const annKey = ((await ann.next((m) => m.type === 'welcome')).payload as { key?: string }).key;
      const bo = await cwJoin(own.url, id, { name: 'Bo' });
      await until(() => ann.state.status === 'playing' && ann.state.turn === 0 && handOf(ann).length > 0, 5000, 'the start');
      // Ann's move makes words the dictionary lacks: the owner approves them, Ann is told
      const { text, unknown } = await unknownMove(ann, rulesetDir);
      expect((await ann.request('action', { text })).payload).toMatchObject({ code: 'unknown-words', asked: true });
      await owner.next((m) => m.type === 'word-request');
      expect((await owner.request('approve', { words: unknown })).type).toBe('ack');
      for (const w of unknown) await ann.next((m) => m.type === 'word' && m.payload.word === w);
      // round 1: everyone passes twice (over by the rules); the owner's rematch
      for (const p of [ann, bo, ann, bo]) expect((await p.request('action', { text: 'pass' })).type).toBe('ack');
      const results = (await ann.next((m) => m.type === 'results')).payload;
      expect((await owner.request('rematch')).type).toBe('ack');
      await until(() => ann.state.round === 2 && ann.state.status === 'playing' && ann.state.turn === 0, 5000, 'the rematch');
      // round 2: Ann passes, Bo leaves, a stand-in plays his turn
      expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
      expect((await bo.leaveGame()).type).toBe('ack');
      await until(() => ann.state.moves === 2 && ann.state.turn === 0, 10_000, "the stand-in's turn for Bo");
      const ask = async (p: CwPlayer, hid: string): Promise<Hist> => {
        const from = p.messages.length;
        p.room.send('history', { id: hid });
        return (await p.next((m) => m.type === 'history' && (m.payload as { id?: string }).id === hid, 5000, from)).payload as unknown as Hist;
      };
      const watcher = await cwJoin(own.url, id, { watch: true });
      await until(() => watcher.state.round === 2, 5000, "the watcher's state");
      const seen = await ask(watcher, 'w');
      expect(seen.round).toBe(2);
      expect(seen.turns.map((t) => [t.player, t.standIn])).toEqual([
        [0, false],
        [1, true],
      ]);
      expect(seen.earlier?.map((r) => [r.round, r.turns.map((t) => [t.player, t.type])])).toEqual([
        [
          1,
          [
            [0, 'pass'],
            [1, 'pass'],
            [0, 'pass'],
            [1, 'pass'],
          ],
        ],
      ]);
      const publicEvents = [
        { round: 1, at: 4, kind: 'end', winners: results.winners },
        { round: 2, at: 0, kind: 'rematch' },
        { round: 2, at: 1, kind: 'leave', name: 'Bo' },
      ];
      // the watcher and the owner (watching): no word decision, which only the asker was told
      expect(seen.events).toEqual(publicEvents);
      expect((await ask(owner, 'o')).events).toEqual(publicEvents);
      // Ann's: her approved words, where she was told them (before the round's first turn)
      const annSeen = await ask(ann, 'a');
      expect(annSeen.events).toEqual([...unknown.map((word) => ({ round: 1, at: 0, kind: 'word', word, approved: true })), ...publicEvents]);
      // during a round: no hand and no best robot's choice in any round's turns
      for (const t of [...seen.turns, ...(seen.earlier ?? []).flatMap((r) => r.turns)]) {
        expect(t.hands).toBeUndefined();
        expect(t.best).toBeUndefined();
      }
      expect(JSON.stringify(seen)).not.toMatch(/"hands"|"best"|"askers"/);
      // a restart: the room replays its log, and Ann's history is what it was
      for (const p of [owner, ann, watcher]) await p.leave();
      expect(await own.stop()).toBe(0);
      own = await startServer({ args, dataDir: own.dataDir });
      const back = await cwJoin(own.url, id, { name: 'Ann', key: annKey });
      await until(() => back.state.round === 2 && back.state.moves === 2, 10_000, 'the game restored');
      const { id: _a, ...was } = annSeen;
      const { id: _b, ...now } = await ask(back, 'again');
      expect(now).toEqual(was);
      await back.request('end');
    } finally {
      await own.stop();
    }
  });

  it('the owner may fix the first deal: the same seed deals the same hands; a bad seed is refused', async () => {
    await expect(new Client(srv.url).create('cardwords', { owner: srv.ownerToken, ruleset: 'tiny', seed: 'no spaces allowed' })).rejects.toThrow(/bad-message: seed/);
    const deal = async (seed: string) => {
      const g = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 1, robots: 1, name: 'Ann', seed });
      await until(() => g.state.status === 'playing' && handOf(g).length > 0, 5000, 'the deal');
      const hand = handOf(g);
      await g.request('end');
      return hand;
    };
    const a = await deal('same-deal');
    expect(await deal('same-deal')).toEqual(a);
    expect(await deal('other-deal')).not.toEqual(a);
  });
});

describe("the review of a game where the best robot trades", () => {
  let srv: ServerProcess;
  beforeAll(async () => {
    // no word can be laid (every card an A, the only word BB), and trading two cards scores 3
    srv = await startServer({ args: ['--ruleset', aaRuleset({ [-2]: 3 }), '--robot-delay', '5'] });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it("names the cards the best robot's trade gives back, and every hand before each turn, only after the end", async () => {
    const ann = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'aa', humans: 1, robots: ['best'], name: 'Ann', seed: 'trade-review' });
    await until(() => ann.state.status === 'playing' && ann.state.turn === 0 && handOf(ann).length > 0, 5000, 'the start');
    expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
    // during the game the history has no best choices (they would show the hand)
    ann.room.send('history', { id: 'during' });
    const during = (await ann.next((m) => m.type === 'history' && (m.payload as { id?: string }).id === 'during')).payload as unknown as { turns: Array<{ best?: unknown; hands?: unknown }> };
    expect(during.turns.length).toBeGreaterThan(0);
    expect(during.turns.every((t) => t.best === undefined)).toBe(true);
    // nor hands: the robot's is secret while the game goes on
    expect(during.turns.every((t) => t.hands === undefined)).toBe(true);
    const annFirst = handOf(ann).map((c) => `${c.char} ${c.points}`).sort();
    await until(() => ann.state.turn === 0, 10_000, "Ann's turn again");
    expect((await ann.request('end')).type).toBe('ack');
    // the review comes with the end: Ann's pass, where the best robot traded two of her A's for 3
    const review = (await ann.next((m) => m.type === 'history' && (m.payload as { id?: string }).id === undefined)).payload as unknown as { turns: Array<{ player: number; type: string; best?: unknown; hands?: Array<Array<{ char: string | null; points: number }>> }> };
    // every turn with both hands before it: Ann's first is the hand she passed with
    for (const t of review.turns) expect(t.hands?.map((h) => h.length)).toEqual([handOf(ann).length, handOf(ann).length]);
    expect(review.turns[0]!.hands![0]!.map((c) => `${c.char} ${c.points}`).sort()).toEqual(annFirst);
    expect(review.turns[0]).toMatchObject({ player: 0, type: 'pass' });
    expect(review.turns[0]!.best).toEqual({ type: 'trade', score: 3, words: [], tradedCards: [{ char: 'A', points: 1 }, { char: 'A', points: 1 }] });
    // the robot's turn carries none
    expect(review.turns[1]).toMatchObject({ player: 1 });
    expect(review.turns[1]!.best).toBeUndefined();
  });
});
