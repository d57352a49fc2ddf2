// The Cardwords engine (docs/rules.md#cardwords): a deterministic state machine
// `apply(rules, state, action, words) -> { ok, state } | { ok: false, error }`.
//
// - The seeded generator's state is part of the game state; the deal and every reshuffle of
//   the pile draw from it, so a game is its ruleset, seed, players and actions (`replay`).
// - States are plain JSON data and never mutated: `apply` builds a new state, and a refused
//   action returns a typed error and leaves the given state as it was.
// - Words are checked through the `words` argument (a WordStore or any `has`), so words the
//   owner approves count at once. A move with unknown words is refused with the code
//   'unknown-words' naming them: the server asks the owner, and the player may retry.
// - Turn order is the order of the player list; the first player moves first.
// - Trading i cards needs i cards in the pile: the player draws i cards, then the traded
//   cards go into the pile and the pile is shuffled.
// - The game ends when the pile is empty and the player who just moved has no cards left
//   ("went out"), or when every player has passed or traded twice in a row with no move in
//   between (2 x players turns without a move). Then each player loses the points of the
//   cards left in their hand, and a player who went out gains the sum of them.
import { MAX_NAME_LENGTH, normalizeName, sameName } from '../names.js';
import { Rng, seedState, type RngState } from '../../random.js';
import { cardKey, checkMove, missingFromHand, type MoveError } from './rules.js';
import { mainWordFirst, passScore, tradeScore } from './scoring.js';
import type { CardwordsRules, RulesetIdentity } from './setup.js';
import { emptyBoard, formatCard, type Board, type Card, type PlacedCard } from './types.js';
import type { CardwordsAction, CardwordsRecord } from './actions.js';

// Declared in actions.ts, which the notation reads too; re-exported for the engine's users.
export type { CardwordsAction, CardwordsRecord } from './actions.js';

export { MAX_NAME_LENGTH };

export interface CardwordsPlayer {
  readonly name: string;
  /** The cards in hand, in the order dealt and drawn (cards played or traded leave it). */
  readonly hand: readonly Card[];
  /** The score; after the end it includes the end adjustment. */
  readonly score: number;
}

/** What the last action did: all of it is public (a trade shows only how many cards). */
export interface TurnSummary {
  readonly player: number;
  readonly type: 'move' | 'trade' | 'pass';
  readonly score: number;
  /** The cards laid by a move (wildcards with their meaning); empty otherwise. */
  readonly laid: readonly PlacedCard[];
  /** The words a move created, main word first; empty otherwise. */
  readonly words: readonly string[];
  /** Cards traded (0 for a move or a pass). */
  readonly traded: number;
  /** Cards drawn from the pile after a move or a trade. */
  readonly drawn: number;
}

export interface GameEnd {
  /** 'out': the pile was empty and a player laid their last card; 'idle': 2 x players turns without a move. */
  readonly reason: 'out' | 'idle';
  /** The seat that went out, or null. */
  readonly out: number | null;
  /** Per seat: the points of the cards left in the hand. */
  readonly handPoints: readonly number[];
  /** Per seat: what the end added to the score (minus its hand points; plus the others' for the one who went out). */
  readonly adjustments: readonly number[];
  /** The seats with the highest final score. */
  readonly winners: readonly number[];
}

export interface CardwordsState {
  readonly game: 'cardwords';
  readonly ruleset: RulesetIdentity;
  readonly seed: string;
  readonly rng: RngState;
  readonly players: readonly CardwordsPlayer[];
  readonly board: Board;
  /** The cards left to draw, in drawing order (never in any view: only its length is public). */
  readonly pile: readonly Card[];
  /** The seat whose turn it is. */
  readonly turn: number;
  /** Turns in a row without a move (passes and trades). */
  readonly idle: number;
  readonly over: boolean;
  readonly end: GameEnd | null;
  readonly last: TurnSummary | null;
  /** Every accepted action, in order: with the seed, the game record. */
  readonly actions: readonly CardwordsAction[];
}

export type CardwordsError =
  | { readonly code: 'bad-action'; readonly message: string }
  | { readonly code: 'game-over'; readonly message: string }
  | { readonly code: 'unknown-player'; readonly message: string }
  | { readonly code: 'not-your-turn'; readonly player: number; readonly turn: number; readonly message: string }
  /** The move breaks a rule: every reason, from the one validator (rules.ts). */
  | { readonly code: 'illegal-move'; readonly errors: readonly MoveError[]; readonly message: string }
  /** The move is fine except for these words (the server may ask the owner about them). */
  | { readonly code: 'unknown-words'; readonly words: readonly string[]; readonly message: string }
  | { readonly code: 'empty-trade'; readonly message: string }
  | { readonly code: 'not-in-hand'; readonly cards: readonly string[]; readonly message: string }
  | { readonly code: 'pile-too-small'; readonly pile: number; readonly wanted: number; readonly message: string };

export type SetupError =
  | { readonly code: 'no-players'; readonly message: string }
  | { readonly code: 'bad-name'; readonly message: string }
  | { readonly code: 'name-taken'; readonly message: string }
  | { readonly code: 'not-enough-cards'; readonly message: string }
  | { readonly code: 'bad-rules'; readonly message: string };

export type ReplayError =
  | SetupError
  | { readonly code: 'ruleset-mismatch'; readonly message: string }
  | (CardwordsError & { readonly actionIndex: number });

export type Result<T, E> = { readonly ok: true; readonly state: T } | { readonly ok: false; readonly error: E };

/** How words are checked: a WordStore (its `has`), a set, or a function. */
export type Words = { has(word: string): boolean } | ((word: string) => boolean);

function wordCheck(words: Words): (word: string) => boolean {
  return typeof words === 'function' ? words : (w) => words.has(w);
}

/** Accepts every word: for replaying records whose moves were checked when played. */
export const ANY_WORD: Words = () => true;

// names: core/games/names.ts (NFC, no invisible or bidi characters, look-alikes are the same name)
export { normalizeName };

/** Starts a game: shuffles the deck with the seeded generator and deals N cards to each player in seat order. */
export function newGame(rules: CardwordsRules, setup: { seed: string | number; players: readonly string[] }): Result<CardwordsState, SetupError> {
  const names: string[] = [];
  if (!Array.isArray(setup.players) || setup.players.length === 0) return { ok: false, error: { code: 'no-players', message: 'a game needs at least one player' } };
  for (const raw of setup.players) {
    const n = normalizeName(raw);
    if (n === null) return { ok: false, error: { code: 'bad-name', message: `player name ${JSON.stringify(raw)}: 1 to ${MAX_NAME_LENGTH} characters, no control characters` } };
    if (names.some((m) => sameName(m, n))) return { ok: false, error: { code: 'name-taken', message: `two players are called ${n}` } };
    names.push(n);
  }
  const N = rules.handSize;
  if (!(Number.isInteger(N) && N >= 1)) return { ok: false, error: { code: 'bad-rules', message: `the hand size must be at least 1 (the bonus file gives ${N})` } };
  if (rules.deck.length < names.length * N) {
    return {
      ok: false,
      error: { code: 'not-enough-cards', message: `${rules.deck.length} cards are too few for ${names.length} players with ${N} cards each (${names.length * N} needed)` },
    };
  }
  const rng = new Rng(seedState(setup.seed));
  const pile = rng.shuffle(rules.deck.map((c) => ({ char: c.char, points: c.points })));
  const players = names.map((name, i) => ({ name, hand: pile.slice(i * N, (i + 1) * N), score: 0 }));
  return {
    ok: true,
    state: {
      game: 'cardwords',
      ruleset: rules.ruleset,
      seed: String(setup.seed),
      rng: rng.state,
      players,
      board: emptyBoard(rules.table),
      pile: pile.slice(names.length * N),
      turn: 0,
      idle: 0,
      over: false,
      end: null,
      last: null,
      actions: [],
    },
  };
}

function fail(error: CardwordsError): Result<CardwordsState, CardwordsError> {
  return { ok: false, error };
}

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);

/** A card from untrusted input, copied to a plain card; null when malformed. */
function readCard(x: unknown): Card | null {
  if (typeof x !== 'object' || x === null) return null;
  const o = x as Record<string, unknown>;
  if (!(o.char === null || (typeof o.char === 'string' && o.char.length > 0))) return null;
  if (!isInt(o.points)) return null;
  if (o.meaning !== undefined && (typeof o.meaning !== 'string' || o.meaning.length === 0)) return null;
  return o.meaning === undefined ? { char: o.char, points: o.points } : { char: o.char, points: o.points, meaning: o.meaning };
}

/** Checks the shape of an action from untrusted input (a client, a file) and copies it; a string names the problem. */
export function readAction(x: unknown): CardwordsAction | string {
  if (typeof x !== 'object' || x === null) return 'an action is an object with "type" and "player"';
  const o = x as Record<string, unknown>;
  if (!isInt(o.player)) return 'the action needs "player", a seat number';
  const player = o.player;
  switch (o.type) {
    case 'pass':
      return { type: 'pass', player };
    case 'trade': {
      if (!Array.isArray(o.cards)) return 'a trade needs "cards", a list of cards';
      const cards: Card[] = [];
      for (const c of o.cards) {
        const card = readCard(c);
        if (!card) return `not a card: ${JSON.stringify(c)}`;
        cards.push(card);
      }
      return { type: 'trade', player, cards };
    }
    case 'move': {
      if (!Array.isArray(o.cards)) return 'a move needs "cards", a list of {col, row, card}';
      const cards: PlacedCard[] = [];
      for (const p of o.cards) {
        const q = (typeof p === 'object' && p !== null ? p : {}) as Record<string, unknown>;
        const card = readCard(q.card);
        if (!isInt(q.col) || !isInt(q.row) || !card) return `not a placed card {col, row, card}: ${JSON.stringify(p)}`;
        cards.push({ col: q.col, row: q.row, card });
      }
      return { type: 'move', player, cards };
    }
    default:
      return `unknown action type ${JSON.stringify(o.type)} (move, trade or pass)`;
  }
}

/**
 * The hand without the given cards (matched by notation; wildcards by their points, their
 * meaning aside): also the robots' leave (the cards kept) and unseen cards.
 */
export function withoutCards(hand: readonly Card[], cards: readonly Card[]): Card[] {
  const take = new Map<string, number>();
  for (const c of cards) take.set(cardKey(c), (take.get(cardKey(c)) ?? 0) + 1);
  const out: Card[] = [];
  for (const c of hand) {
    const k = cardKey(c);
    const n = take.get(k) ?? 0;
    if (n > 0) take.set(k, n - 1);
    else out.push(c);
  }
  return out;
}

function replacePlayer(players: readonly CardwordsPlayer[], seat: number, p: CardwordsPlayer): CardwordsPlayer[] {
  const out = players.slice();
  out[seat] = p;
  return out;
}

/**
 * Applies one action of the player whose turn it is. A refused action returns an error
 * and no state; the given state is never changed.
 */
export function apply(rules: CardwordsRules, state: CardwordsState, action: unknown, words: Words): Result<CardwordsState, CardwordsError> {
  const a = readAction(action);
  if (typeof a === 'string') return fail({ code: 'bad-action', message: a });
  if (state.over) return fail({ code: 'game-over', message: 'the game is over' });
  const seat = a.player;
  if (seat < 0 || seat >= state.players.length) return fail({ code: 'unknown-player', message: `there is no player ${seat} (seats 0..${state.players.length - 1})` });
  if (seat !== state.turn) {
    return fail({ code: 'not-your-turn', player: seat, turn: state.turn, message: `it is ${state.players[state.turn]!.name}'s turn, not ${state.players[seat]!.name}'s` });
  }
  const player = state.players[seat]!;
  switch (a.type) {
    case 'move':
      return move(rules, state, a, player, wordCheck(words));
    case 'trade':
      return trade(rules, state, a, player);
    case 'pass':
      return idleTurn(state, a, { ...player, score: player.score + passScore(rules.bonus) }, state.pile, state.rng, {
        player: seat,
        type: 'pass',
        score: passScore(rules.bonus),
        laid: [],
        words: [],
        traded: 0,
        drawn: 0,
      });
  }
}

function move(
  rules: CardwordsRules,
  state: CardwordsState,
  a: Extract<CardwordsAction, { type: 'move' }>,
  player: CardwordsPlayer,
  isWord: (w: string) => boolean,
): Result<CardwordsState, CardwordsError> {
  const check = checkMove(rules, state.board, player.hand, a.cards, isWord);
  if (!check.ok) {
    const unknown = check.errors.find((e) => e.code === 'unknown-words');
    if (unknown && unknown.code === 'unknown-words') return fail({ code: 'unknown-words', words: unknown.words, message: unknown.message });
    return fail({ code: 'illegal-move', errors: check.errors, message: check.errors.map((e) => e.message).join('; ') });
  }
  const W = state.board.width;
  const cells = state.board.cells.slice();
  const laid: PlacedCard[] = a.cards.map((p) => ({
    col: p.col,
    row: p.row,
    card: p.card.char === null ? { char: null, points: p.card.points, meaning: p.card.meaning! } : { char: p.card.char, points: p.card.points },
  }));
  for (const p of laid) cells[p.row * W + p.col] = p.card;
  const kept = withoutCards(player.hand, laid.map((p) => p.card));
  const drawn = Math.min(laid.length, state.pile.length);
  const hand = kept.concat(state.pile.slice(0, drawn));
  const pile = state.pile.slice(drawn);
  const score = check.score.total;
  const next: CardwordsState = {
    ...state,
    players: replacePlayer(state.players, a.player, { ...player, hand, score: player.score + score }),
    board: { width: W, height: state.board.height, cells },
    pile,
    turn: (state.turn + 1) % state.players.length,
    idle: 0,
    last: { player: a.player, type: 'move', score, laid, words: mainWordFirst(check.score.words, laid), traded: 0, drawn },
    actions: state.actions.concat([{ type: 'move', player: a.player, cards: laid }]),
  };
  if (hand.length === 0 && pile.length === 0) return { ok: true, state: finish(next, 'out', a.player) };
  return { ok: true, state: next };
}

function trade(rules: CardwordsRules, state: CardwordsState, a: Extract<CardwordsAction, { type: 'trade' }>, player: CardwordsPlayer): Result<CardwordsState, CardwordsError> {
  if (a.cards.length === 0) return fail({ code: 'empty-trade', message: 'a trade gives at least one card (to give none, pass)' });
  const missing = missingFromHand(player.hand, a.cards);
  if (missing.length) {
    const shown = missing.map(formatCard);
    return fail({ code: 'not-in-hand', cards: shown, message: `not in the hand: ${shown.join(' ')}` });
  }
  const i = a.cards.length;
  if (state.pile.length < i) {
    return fail({ code: 'pile-too-small', pile: state.pile.length, wanted: i, message: `trading ${i} card${i > 1 ? 's' : ''} needs ${i} in the pile, which holds ${state.pile.length}` });
  }
  const given = a.cards.map((c) => ({ char: c.char, points: c.points }));
  const hand = withoutCards(player.hand, given).concat(state.pile.slice(0, i));
  const rng = new Rng(state.rng);
  const pile = rng.shuffle(state.pile.slice(i).concat(given));
  const score = tradeScore(rules.bonus, i);
  return idleTurn(state, { type: 'trade', player: a.player, cards: given }, { ...player, hand, score: player.score + score }, pile, rng.state, {
    player: a.player,
    type: 'trade',
    score,
    laid: [],
    words: [],
    traded: i,
    drawn: i,
  });
}

/** A pass or a trade: no move, so the idle count grows and may end the game. */
function idleTurn(state: CardwordsState, action: CardwordsAction, player: CardwordsPlayer, pile: readonly Card[], rng: RngState, last: TurnSummary): Result<CardwordsState, CardwordsError> {
  const next: CardwordsState = {
    ...state,
    players: replacePlayer(state.players, action.player, player),
    pile,
    rng,
    turn: (state.turn + 1) % state.players.length,
    idle: state.idle + 1,
    last,
    actions: state.actions.concat([action]),
  };
  if (next.idle >= 2 * state.players.length) return { ok: true, state: finish(next, 'idle', null) };
  return { ok: true, state: next };
}

/** Final scoring: every player loses the points left in hand; the one who went out gains their sum. */
export function finish(state: CardwordsState, reason: GameEnd['reason'], out: number | null): CardwordsState {
  const handPoints = state.players.map((p) => p.hand.reduce((s, c) => s + c.points, 0));
  const total = handPoints.reduce((s, x) => s + x, 0);
  const adjustments = handPoints.map((h, seat) => -h + (seat === out ? total - h : 0));
  const players = state.players.map((p, seat) => ({ ...p, score: p.score + adjustments[seat]! }));
  const top = Math.max(...players.map((p) => p.score));
  const winners = players.flatMap((p, seat) => (p.score === top ? [seat] : []));
  return { ...state, players, over: true, end: { reason, out, handPoints, adjustments, winners } };
}

/** The record of a game so far. */
export function recordOf(state: CardwordsState): CardwordsRecord {
  return { ruleset: state.ruleset, seed: state.seed, players: state.players.map((p) => p.name), actions: state.actions };
}

/**
 * Rebuilds a game from its record. The moves were checked against the words when they were
 * played, and the dictionary may have changed since (approved or removed words), so by
 * default every word is accepted; pass a word store to check them again.
 */
export function replay(rules: CardwordsRules, record: CardwordsRecord, words: Words = ANY_WORD): Result<CardwordsState, ReplayError> {
  if (record.ruleset.digest !== rules.ruleset.digest) {
    return { ok: false, error: { code: 'ruleset-mismatch', message: `the record is of ruleset ${record.ruleset.name} (${record.ruleset.digest}), not of ${rules.ruleset.name} (${rules.ruleset.digest})` } };
  }
  const g = newGame(rules, { seed: record.seed, players: record.players });
  if (!g.ok) return g;
  let s = g.state;
  for (let i = 0; i < record.actions.length; i++) {
    const r = apply(rules, s, record.actions[i], words);
    if (!r.ok) return { ok: false, error: { ...r.error, actionIndex: i, message: `action ${i + 1}: ${r.error.message}` } };
    s = r.state;
  }
  return { ok: true, state: s };
}
