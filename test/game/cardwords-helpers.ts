// Helpers for Cardwords room tests: the decoded room state as the SDK hands it out, a temp
// copy of a sample ruleset, a human player's move chosen by core's robot from what that
// client received, and a recorder of every state a client decodes.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@colyseus/sdk';
import { expect } from 'vitest';
import { formatAction } from '../../core/games/cardwords/notation.js';
import { generateMoves, sortMoves, type GenContext } from '../../core/robots/cardwords/generate.js';
import type { Board, Card } from '../../core/games/cardwords/types.js';
import { chooseAction, choiceToAction, moveWords, tilesToPlaced, type RobotLevel } from '../../core/robots/cardwords/robot.js';
import { Rng } from '../../core/random.js';
import { WordStore } from '../../core/words/store.js';
import { loadRulesetDir } from '../../server/ruleset/fs.js';
import type { Ruleset } from '../../core/ruleset/types.js';
import type { CardwordsRoomState } from '../../core/protocol/game.js';
import { Player, tempDir, until } from '../support/game-server.js';
import type { CardwordsClientMessages } from '../../core/protocol/messages.js';

export type { CardwordsCardState as CwCardV, CardwordsPlacedState as CwPlacedV, CardwordsSeatState as CwSeatV } from '../../core/protocol/game.js';

/** The decoded room state as the SDK hands it out. */
export interface CwView extends CardwordsRoomState {
  toJSON(): CwJSON;
}

export type CwJSON = Omit<CwView, 'toJSON'>;

export type CwPlayer = Player<CwView, CardwordsClientMessages>;

/** A copy of samples/<name> in a fresh temp folder (tests never write to samples/). */
export function copySample(name: string): string {
  const dir = join(tempDir('cardwords-ruleset-'), name);
  mkdirSync(dir, { recursive: true });
  cpSync(join('samples', name), dir, { recursive: true });
  return dir;
}

/**
 * A ruleset 'aa' in a fresh temp folder: every card is an A, and the only word is BB, so
 * nobody can move until the owner approves a word of A's (AA, AAA, ...). Every pass and
 * trade scores 0, but for the `bonus` lines given (e.g. '-2:3': trading two cards scores 3).
 */
export function aaRuleset(bonus: Record<number, number> = {}): string {
  const dir = join(tempDir('cw-aa-'), 'aa');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'aa.charset'), '2\nAa\nBb\n');
  writeFileSync(join(dir, 'aa.cardset'), `20\n${'[A 1] '.repeat(20).trim()}\n`);
  writeFileSync(join(dir, 'aa.cardtable'), '5*5\n(2,2)\n(5,5)\n');
  writeFileSync(join(dir, 'aa.bonus'), Array.from({ length: 15 }, (_, i) => `${i - 7}:${bonus[i - 7] ?? 0}`).join('\n') + '\n');
  writeFileSync(join(dir, 'aa.dict'), 'BB\n');
  return dir;
}

export async function loadTestRuleset(dir: string): Promise<Ruleset> {
  const r = await loadRulesetDir(dir);
  if (!r.ruleset) throw new Error(`ruleset ${dir} does not load`);
  return r.ruleset;
}

export function genContext(ruleset: Ruleset, extraWords: readonly string[] = []): GenContext {
  const chars = ruleset.charset.entries.map((e) => e.canonical);
  return { table: ruleset.table, bonus: ruleset.bonus.values, store: WordStore.build(chars, [...new Set([...ruleset.words, ...extraWords])].sort()) };
}

/** Records the decoded state after every patch the client receives, and every message. */
export class Recorder {
  readonly states: CwJSON[] = [];
  constructor(readonly p: CwPlayer) {
    p.room.onStateChange((s: unknown) => this.states.push(JSON.parse(JSON.stringify((s as CwView).toJSON())) as CwJSON));
  }
}

export async function cwCreate(url: string, options: Record<string, unknown>): Promise<CwPlayer> {
  return welcome(new Player<CwView, CardwordsClientMessages>(await new Client(url).create('cardwords', options)));
}

export async function cwJoin(url: string, id: string, options: Record<string, unknown>): Promise<CwPlayer> {
  return welcome(new Player<CwView, CardwordsClientMessages>(await new Client(url).joinById(id, options)));
}

async function welcome(p: CwPlayer): Promise<CwPlayer> {
  const w = await p.next((m) => m.type === 'welcome');
  p.name = w.payload.name;
  return p;
}

/**
 * A game of the tiny ruleset the owner watches, Ann and Bo playing (and the players named in
 * `more`, after them: `others`; a grace of 0.3 s unless
 * `grace` says otherwise), over by the rules: every player passed twice. The room stays for a rematch.
 */
export async function overByPasses(url: string, ownerToken: string, seed: string, grace = 0.3, more: readonly string[] = []): Promise<{ owner: CwPlayer; ann: CwPlayer; bo: CwPlayer; others: CwPlayer[]; id: string }> {
  const owner = await cwCreate(url, { owner: ownerToken, ruleset: 'tiny', humans: 2 + more.length, grace, seed });
  const id = owner.room.roomId;
  const ann = await cwJoin(url, id, { name: 'Ann' });
  const bo = await cwJoin(url, id, { name: 'Bo' });
  const others: CwPlayer[] = [];
  for (const name of more) others.push(await cwJoin(url, id, { name }));
  await until(() => ann.state.status === 'playing', 5000, 'the start');
  const all = [ann, bo, ...others];
  for (const p of [...all, ...all]) expect((await p.request('action', { text: 'pass' })).type).toBe('ack');
  await until(() => ann.state.status === 'over', 5000, 'the end');
  return { owner, ann, bo, others, id };
}

export function seatOf(p: CwPlayer): number {
  return [...p.state.players].findIndex((s) => s.name === p.name);
}

export function boardOf(s: CwView): Board {
  const cells: Array<Card | null> = new Array<Card | null>(s.width * s.height).fill(null);
  for (const c of s.board) cells[c.row * s.width + c.col] = c.char === '' ? { char: null, points: c.points, meaning: c.meaning } : { char: c.char, points: c.points };
  return { width: s.width, height: s.height, cells };
}

export function handOf(p: CwPlayer): Card[] {
  const me = p.state.players[seatOf(p)]!;
  return [...(me.hand ?? [])].map((c) => ({ char: c.char === '' ? null : c.char, points: c.points }));
}

/** The action core's robot would play for this client, in notation, from its own view only. */
export function chooseText(p: CwPlayer, gctx: GenContext, level: RobotLevel = 'good', seed = 1): string {
  const s = p.state;
  const seat = seatOf(p);
  const choice = chooseAction(gctx, boardOf(s), handOf(p), s.pile, level, new Rng([seed, 2, 3, s.moves]));
  return formatAction(choiceToAction(seat, s.width, choice));
}

/** A copy of a list of words, sorted (the order words are named in is no promise). */
export function sorted(words: unknown): string[] {
  return Array.isArray(words) ? words.map(String).sort() : [];
}

/**
 * Ann, the owner, plays a seat and passes; Bob's move makes words the dictionary lacks: it is
 * refused, and his question waits for the end of the round (the owner is an opponent).
 * `watching`: the owner's other window, watching, joins first.
 */
/** A move of `p`'s hand (on `p`'s seat) whose words the ruleset's dictionary partly lacks: its text and those words. */
export async function unknownMove(p: CwPlayer, rulesetDir: string): Promise<{ text: string; unknown: string[] }> {
  const ruleset = await loadTestRuleset(rulesetDir);
  const chars = ruleset.charset.entries.map((e) => e.canonical);
  const known = new Set(ruleset.words);
  // every two-letter string a word: moves whose words the real dictionary lacks
  const wide = genContext(ruleset, chars.flatMap((a) => chars.map((b) => a + b)));
  const board = boardOf(p.state);
  const move = sortMoves(generateMoves(wide, board, handOf(p))).find((m) => moveWords(wide, board, m).some((w) => !known.has(w)))!;
  return { text: formatAction({ type: 'move', player: seatOf(p), cards: tilesToPlaced(board.width, move) }), unknown: sorted(moveWords(wide, board, move).filter((w) => !known.has(w))) };
}

export async function heldQuestion(url: string, ownerToken: string, rulesetDir: string, watching = false) {
  const ann = await cwCreate(url, { owner: ownerToken, ruleset: 'tiny', humans: 2, name: 'Ann', seed: 'words-1' });
  const bob = await cwJoin(url, ann.room.roomId, { name: 'Bob' });
  const ownerWatch = watching ? await cwJoin(url, ann.room.roomId, { owner: ownerToken }) : null;
  await until(() => ann.state.status === 'playing', 5000, 'the start');
  expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
  await until(() => bob.state.turn === 1 && handOf(bob).length > 0, 5000, "Bob's turn");
  const { text, unknown } = await unknownMove(bob, rulesetDir);
  const refused = await bob.request('action', { text });
  // and Bob is told so: the owner is asked at the end of the round (he read "has been asked")
  expect(refused.payload).toMatchObject({ code: 'unknown-words', asked: true, later: true });
  return { ann, bob, ownerWatch, unknown };
}
