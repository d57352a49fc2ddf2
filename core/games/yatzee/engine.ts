// The Yatzee engine: a deterministic state machine `apply(state, action) -> { state } |
// { error }` (docs/architecture.md#engines-and-randomness). No turns: every player plays their own sheet whenever they like,
// so actions of different players interleave freely; the one random generator lives in the
// state, so a game is its seed plus its action log (`replay`). States are plain, frozen-by-
// convention JSON data; `apply` never mutates its input, and an illegal action returns a
// typed error and no state (the caller keeps the old one).
import { MAX_NAME_LENGTH, normalizeName, sameName } from '../names.js';
import { Rng, seedState, type RngState } from '../../random.js';
import { CATEGORIES, DICE, FACES, THROWS_PER_ROUND, emptyScores, isCategory, isFull, score, type Category, type Die, type Scores } from './rules.js';

export const MAX_PLAYERS = 10;
export { MAX_NAME_LENGTH };

/** What the player did last on this sheet, which decides what they may do next. */
export type SheetPhase =
  /** Before the first throw of the game (fresh sheet). */
  | 'start'
  /** After a throw (throwsMade 1..3). */
  | 'thrown'
  /** Right after a transfer: Undo transfer and Reset dices are possible. */
  | 'transferred'
  /** After Reset dices: the dice show five aces, nothing held. */
  | 'reset';

/** What Undo transfer restores: the situation just before the transfer. */
export interface UndoRecord {
  readonly category: Category;
  readonly throwsMade: number;
  readonly held: readonly boolean[];
}

export interface Sheet {
  readonly name: string;
  /** False once the player has left; the sheet stays visible but takes no actions. */
  readonly present: boolean;
  readonly scores: Scores;
  /** The five dice as shown (the last throw, or aces after Reset dices). */
  readonly dice: readonly Die[];
  /** Dice held (deselected in the seed's words): they do not take part in the next throw. */
  readonly held: readonly boolean[];
  /** Throws made in the current round, 0..3. */
  readonly throwsMade: number;
  readonly phase: SheetPhase;
  /** Present only right after a transfer. */
  readonly undo: UndoRecord | null;
}

export interface YatzeeState {
  readonly game: 'yatzee';
  readonly rng: RngState;
  readonly players: readonly Sheet[];
  /** Number of actions applied so far (successful ones only). */
  readonly moves: number;
}

export type YatzeeAction =
  | { readonly type: 'join'; readonly name: string }
  | { readonly type: 'leave'; readonly player: string }
  | { readonly type: 'throw'; readonly player: string }
  | { readonly type: 'hold'; readonly player: string; readonly dice: readonly number[] }
  | { readonly type: 'release'; readonly player: string; readonly dice: readonly number[] }
  | { readonly type: 'transfer'; readonly player: string; readonly category: Category }
  | { readonly type: 'undoTransfer'; readonly player: string }
  | { readonly type: 'resetDices'; readonly player: string };

export type YatzeeErrorCode =
  | 'bad-action'
  | 'name-invalid'
  | 'name-taken'
  | 'table-full'
  | 'unknown-player'
  | 'player-left'
  | 'sheet-full'
  | 'no-throws-left'
  | 'nothing-to-throw'
  | 'dice-locked'
  | 'bad-die'
  | 'not-thrown'
  | 'bad-category'
  | 'category-filled'
  | 'undo-unavailable'
  | 'reset-unavailable';

export interface YatzeeError {
  readonly code: YatzeeErrorCode;
  readonly message: string;
}

export type ApplyResult = { readonly state: YatzeeState; readonly error?: undefined } | { readonly error: YatzeeError; readonly state?: undefined };

const ACES: readonly Die[] = Array.from({ length: DICE }, () => 1);
const NONE_HELD: readonly boolean[] = Array.from({ length: DICE }, () => false);

export function newGame(seed: number | string): YatzeeState {
  return { game: 'yatzee', rng: seedState(seed), players: [], moves: 0 };
}

function fail(code: YatzeeErrorCode, message: string): ApplyResult {
  return { error: { code, message } };
}

// names: core/games/names.ts (NFC, no invisible or bidi characters, look-alikes are the same name)
export { normalizeName };

export function findPlayer(state: YatzeeState, name: string): number {
  return state.players.findIndex((p) => sameName(p.name, name));
}

export function presentCount(state: YatzeeState): number {
  return state.players.reduce((n, p) => n + (p.present ? 1 : 0), 0);
}

/**
 * The game is over when it has a present player and every present player has filled every
 * category. It is a derived fact, not a frozen phase: the seed lets a player join after all
 * the others have finished, which reopens the game (the server decides when it really ends).
 */
export function isGameOver(state: YatzeeState): boolean {
  const present = state.players.filter((p) => p.present);
  return present.length > 0 && present.every((p) => isFull(p.scores));
}

function newSheet(name: string): Sheet {
  return { name, present: true, scores: emptyScores(), dice: ACES, held: NONE_HELD, throwsMade: 0, phase: 'start', undo: null };
}

function withSheet(state: YatzeeState, i: number, sheet: Sheet, rng: RngState = state.rng): YatzeeState {
  const players = state.players.slice();
  players[i] = sheet;
  return { ...state, rng, players, moves: state.moves + 1 };
}

function diceIndices(dice: unknown): number[] | null {
  if (!Array.isArray(dice) || dice.length === 0) return null;
  const out: number[] = [];
  for (const d of dice) {
    if (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d >= DICE) return null;
    if (!out.includes(d)) out.push(d);
  }
  return out;
}

/** Applies one action; never mutates `state`. */
export function apply(state: YatzeeState, action: YatzeeAction): ApplyResult {
  if (typeof action !== 'object' || action === null || typeof (action as { type?: unknown }).type !== 'string') return fail('bad-action', 'an action is an object with a type');
  if (action.type === 'join') {
    const name = normalizeName(action.name);
    if (name === null) return fail('name-invalid', `a player name has 1 to ${MAX_NAME_LENGTH} characters and no control characters`);
    const i = findPlayer(state, name);
    if (i >= 0 && state.players[i]!.present) return fail('name-taken', `a player named '${state.players[i]!.name}' is already playing`);
    if (presentCount(state) >= MAX_PLAYERS) return fail('table-full', `at most ${MAX_PLAYERS} players can play at the same time`);
    return { state: { ...state, players: [...state.players, newSheet(name)], moves: state.moves + 1 } };
  }
  const known = ['leave', 'throw', 'hold', 'release', 'transfer', 'undoTransfer', 'resetDices'];
  if (!known.includes(action.type)) return fail('bad-action', `unknown action '${String(action.type)}'`);
  if (typeof action.player !== 'string') return fail('bad-action', 'the action names no player');
  const i = findPlayer(state, action.player);
  if (i < 0) return fail('unknown-player', `no player named '${action.player}'`);
  const p = state.players[i]!;
  if (!p.present) return fail('player-left', `${p.name} has left the game`);

  switch (action.type) {
    case 'leave':
      // as the seed: a player who terminates closes their sheet; the name may join again, afresh
      return { state: { ...state, players: state.players.filter((_, j) => j !== i), moves: state.moves + 1 } };

    case 'throw': {
      if (isFull(p.scores)) return fail('sheet-full', `${p.name} has filled every category`);
      if (p.throwsMade >= THROWS_PER_ROUND) return fail('no-throws-left', 'three throws made: transfer the throw to the score-board');
      // The first throw of a round throws all five dice; later throws the dice not held.
      const fresh = p.throwsMade === 0;
      if (!fresh && p.held.every(Boolean)) return fail('nothing-to-throw', 'every die is held: release one or transfer');
      const rng = new Rng(state.rng);
      const dice = p.dice.map((d, k) => (fresh || !p.held[k] ? 1 + rng.int(FACES) : d));
      const held = fresh ? NONE_HELD : p.held;
      return { state: withSheet(state, i, { ...p, dice, held, throwsMade: p.throwsMade + 1, phase: 'thrown', undo: null }, rng.state) };
    }

    case 'hold':
    case 'release': {
      const idx = diceIndices(action.dice);
      if (idx === null) return fail('bad-die', `dice are numbered 0 to ${DICE - 1}; give at least one`);
      if (p.phase !== 'thrown') return fail('dice-locked', 'dice can be held only after a throw in this round');
      if (p.throwsMade >= THROWS_PER_ROUND) return fail('dice-locked', 'three throws made: the dice are locked until the transfer');
      const on = action.type === 'hold';
      const held = p.held.map((h, k) => (idx.includes(k) ? on : h));
      return { state: withSheet(state, i, { ...p, held }) };
    }

    case 'transfer': {
      if (!isCategory(action.category)) return fail('bad-category', `no category '${String(action.category)}'`);
      if (p.phase !== 'thrown' || p.throwsMade === 0) return fail('not-thrown', 'throw the dice before transferring');
      const c = CATEGORIES.indexOf(action.category);
      if (p.scores[c] !== null) return fail('category-filled', `${action.category} is already filled`);
      const scores = p.scores.slice();
      scores[c] = score(c, p.dice);
      const undo: UndoRecord = { category: action.category, throwsMade: p.throwsMade, held: p.held };
      return { state: withSheet(state, i, { ...p, scores, held: NONE_HELD, throwsMade: 0, phase: 'transferred', undo }) };
    }

    case 'undoTransfer': {
      if (p.phase !== 'transferred' || p.undo === null) return fail('undo-unavailable', 'Undo transfer is possible only right after a transfer');
      const c = CATEGORIES.indexOf(p.undo.category);
      const scores = p.scores.slice();
      scores[c] = null;
      return { state: withSheet(state, i, { ...p, scores, held: p.undo.held, throwsMade: p.undo.throwsMade, phase: 'thrown', undo: null }) };
    }

    case 'resetDices':
      if (p.phase !== 'transferred') return fail('reset-unavailable', 'Reset dices is possible only right after a transfer');
      return { state: withSheet(state, i, { ...p, dice: ACES, held: NONE_HELD, phase: 'reset', undo: null }) };
  }
}

/** A game as data: its seed and the actions applied, in order. */
export interface YatzeeRecord {
  readonly seed: number | string;
  readonly actions: readonly YatzeeAction[];
}

export type ReplayResult = { readonly state: YatzeeState; readonly error?: undefined } | { readonly error: YatzeeError; readonly index: number; readonly state?: undefined };

/** Rebuilds a game from its record; an illegal action stops the replay with its index. */
export function replay(record: YatzeeRecord): ReplayResult {
  let state = newGame(record.seed);
  for (let k = 0; k < record.actions.length; k++) {
    const r = apply(state, record.actions[k]!);
    if (r.error) return { error: r.error, index: k };
    state = r.state;
  }
  return { state };
}

/** What a player may do now (for UIs: enabled menu items). */
export interface Affordances {
  throw: boolean;
  hold: boolean;
  transfer: boolean;
  undoTransfer: boolean;
  resetDices: boolean;
}

/**
 * Whether the dice show a throw of this round: before its first throw (a new round, after a
 * transfer) they hold the last round's dice or aces, which read as a throw (five aces as a
 * Yatzee) that cannot be transferred; the clients show them blank (Emacs: `[ ]`).
 */
export function diceThrown(sheet: Pick<Sheet, 'throwsMade'>): boolean {
  return sheet.throwsMade > 0;
}

export function affordances(sheet: Sheet): Affordances {
  const full = isFull(sheet.scores);
  const thrown = sheet.phase === 'thrown';
  return {
    throw: sheet.present && !full && sheet.throwsMade < THROWS_PER_ROUND && (sheet.throwsMade === 0 || !sheet.held.every(Boolean)),
    hold: sheet.present && thrown && sheet.throwsMade < THROWS_PER_ROUND,
    transfer: sheet.present && thrown && sheet.throwsMade > 0,
    undoTransfer: sheet.present && sheet.phase === 'transferred',
    resetDices: sheet.present && sheet.phase === 'transferred',
  };
}
