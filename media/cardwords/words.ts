// Texts of the Cardwords action area that the web panel and the Emacs bridge both show, in
// the language of the `t` given (the bridge's is English): one wording for both.
import type { CardTable } from '../../core/formats/types.js';
import type { Coords, Refusal } from '../../core/games/cardwords/compose.js';
import type { MoveError } from '../../core/games/cardwords/rules.js';
import { scoreMove } from '../../core/games/cardwords/scoring.js';
import { shownChar, type Board, type Card, type PlacedCard } from '../../core/games/cardwords/types.js';
import type { StringKey, Translate } from '../ui/l10n/index.js';
import { isAway, waitText, type AwayNote } from '../../core/protocol/away.js';
import { asksRematch, cardwordsEndsWithout, rematchWaitsFor, type CardwordsSeatState } from '../../core/protocol/game.js';
import type { ErrorMessage, WordAsk } from '../../core/protocol/messages.js';
import { goneText } from './log-lines.js';

/** A refusal or note of the composer in words (the key itself when it has no text). */
export function refusalText(t: Translate, r: Refusal): string {
  const key = r.key as StringKey;
  const s = t(key, ...r.args);
  return s === key ? r.key : s;
}

/** The deal, said to those who waited for it: who plays first (`you`: the reader's seat). */
export function startedText(t: Translate, names: readonly string[], turn: number, you: number): string {
  return turn === you ? t('cw.started.you') : t('cw.started', names[turn] ?? '?');
}

/** The preview's sentence on unknown words, by how playing them asks the owner. */
const UNKNOWN_SAID: Record<WordAsk, StringKey> = { now: 'cw.preview.unknown', owner: 'cw.preview.unknown.owner', later: 'cw.preview.unknown.later', absent: 'cw.preview.unknown.absent' };

/**
 * What the move preview says of its words the dictionary lacks (the web panel's and the Emacs
 * bridge's): how playing asks the owner (now, the owner being you, when the round is over,
 * when the owner joins), except for words the owner rejected in this game.
 */
export function lackingWordsText(t: Translate, lacking: { unknown: readonly string[]; rejected: readonly string[]; asked?: readonly string[]; ask?: WordAsk }): string[] {
  const out: string[] = [];
  // asked already (the refusal said so; a restart's preview said playing would ask)
  if (lacking.asked?.length) out.push(t('cw.preview.unknown.asked', lacking.asked.join(', '), lacking.asked.length));
  if (lacking.unknown.length) out.push(t(UNKNOWN_SAID[lacking.ask ?? 'now'], lacking.unknown.join(', '), lacking.unknown.length));
  if (lacking.rejected.length) out.push(t('cw.preview.rejected', lacking.rejected.join(', '), lacking.rejected.length));
  return out;
}

/** Why the pile refuses a trade of `cards` cards, unpunctuated (with an empty pile it read "Only 0 cards are in the pile"). */
export function pileTooSmallText(t: Translate, pile: number, cards: number): string {
  return pile === 0 ? t('err.pile-empty') : t('err.pile-too-small.n', pile, cards);
}

/** The table's start condition ("cover D4", "touch column C"), in the coordinates given. */
export function startText(t: Translate, table: CardTable, coords: Coords): string {
  const { touchColumn: c, touchRow: r } = table.start;
  if (c !== null && r !== null) return t('cw.start.cell', coords.name(c, r));
  if (c !== null) return t('cw.start.col', coords.colLabel(c));
  if (r !== null) return t('cw.start.row', coords.rowLabel(r));
  return '';
}

/** Why the location is in braces (the composer's `bracesWhy`): Return then trades the cards. */
export function bracesText(t: Translate, why: 'fit' | 'start', table: CardTable, coords: Coords): string {
  return why === 'fit' ? t('cw.braces.fit') : t('cw.braces.start', startText(t, table, coords));
}

/**
 * One broken rule of a move in words, its cell named in the player's coordinates ('D3
 * between the cards is free'; the engine's message says 'cell 3,2 ...'). `e` may come from
 * the wire, so its fields are read as unknown; `start` gives the start condition in words,
 * asked only when that is the rule broken.
 */
export function moveErrorText(t: Translate, e: MoveError | (Record<string, unknown> & { code: string; message?: string }), coords: Coords | null, start: () => string): string {
  const x = e as Record<string, unknown>;
  const cell = typeof x.col === 'number' && typeof x.row === 'number' && coords ? coords.name(x.col, x.row) : '';
  switch (e.code) {
    case 'start-condition':
      return t('cw.err.start-condition', start());
    case 'unknown-words':
      return t('cw.err.unknown-words', ((x.words as string[]) ?? []).join(', '));
    case 'not-in-hand':
      return t('cw.err.not-in-hand', String(x.card ?? ''));
    case 'unknown-char':
    case 'off-table':
    case 'blocked':
    case 'occupied':
    case 'same-cell':
    case 'gap':
    case 'wildcard-without-meaning':
    case 'meaning-on-card':
      return t(`cw.err.${e.code}` as StringKey, cell);
    case 'no-cards':
    case 'not-in-line':
    case 'not-touching':
    case 'no-word':
      return t(`cw.err.${e.code}` as StringKey);
    default:
      return String(x.message ?? e.code);
  }
}

/**
 * A move the server refused by the rules, each broken rule in words after the language's
 * separator ("; " where a rule reads on in lower case; Danish and German, whose rules start
 * a sentence after the colon, a full stop).
 */
export function illegalMoveText(t: Translate, errors: ReadonlyArray<MoveError | (Record<string, unknown> & { code: string; message?: string })>, coords: Coords | null, start: () => string): string {
  return t('cw.err.illegal', errors.map((e) => moveErrorText(t, e, coords, start)).join(t('cw.err.sep')));
}

/**
 * The room's refusal of an action (its `error`) but unknown words (each client asks the owner its
 * own way), as the web panel and the Emacs bridge word it: a move's broken rules in the client's
 * coordinates, whose turn it is, the cards the pile cannot take or the hand lacks, else the
 * catalogue's words for the code, or the server's own (the bridge said the server's for all).
 */
export function refusedActionText(t: Translate, p: ErrorMessage, coords: Coords | null, start: () => string, playerName: (seat: number) => string | undefined): string {
  switch (p.code) {
    case 'illegal-move':
      return illegalMoveText(t, p.errors ?? [], coords, start);
    case 'not-your-turn':
      return t('cw.err.not-your-turn.n', playerName(p.turn ?? -1) ?? '?');
    case 'pile-too-small':
      return pileTooSmallText(t, p.pile ?? 0, p.wanted ?? 0);
    case 'not-in-hand':
      return t('cw.err.not-in-hand', (p.cards ?? []).join(' '));
    case 'not-asked':
      return t('cw.err.not-asked', (p.words ?? []).join(', '));
    default: {
      const key = `cw.err.${p.code ?? ''}` as StringKey;
      const generic = `err.${p.code ?? ''}` as StringKey;
      return t(key) !== key ? t(key) : t(generic) !== generic ? t(generic) : (p.message ?? p.code ?? '?');
    }
  }
}

/** A letter of a word a move makes, and whether a wildcard the move lays stands for it there. */
export interface WordLetter {
  ch: string;
  wild: boolean;
}

/**
 * The words a move makes on `board`, letter by letter (a cell each): a list of moves marks the
 * wildcards' letters, or two moves that lay a wildcard for different E's of TEES read alike.
 */
export function spelledWords(table: CardTable, bonus: ReadonlyMap<number, number>, board: Board, cards: readonly PlacedCard[]): WordLetter[][] {
  const laid = new Map(cards.map((p) => [p.row * board.width + p.col, p.card]));
  return scoreMove(table, bonus, board, cards).words.map((w) =>
    w.cells.map((c) => {
      const mine = laid.get(c);
      const card = mine ?? board.cells[c];
      // the move's own wildcards: one already on the table is the same in every move
      return { ch: (card && shownChar(card)) ?? '?', wild: mine?.char === null };
    }),
  );
}

/** The 1-based letters of a word that wildcards stand for. */
export function wildLetters(word: readonly WordLetter[]): number[] {
  return word.flatMap((l, i) => (l.wild ? [i + 1] : []));
}

/** Where a word's wildcards are, in words ("wildcard at letter 3"); empty without one. */
export function wildNote(t: Translate, word: readonly WordLetter[]): string {
  const at = wildLetters(word);
  return at.length === 0 ? '' : t('cw.hintLine.wild', at.length, at.join(', '));
}

/** Words as text, each followed by where its wildcards are: "TEES (wildcard at letter 3), AT". */
export function spelledText(t: Translate, words: readonly WordLetter[][]): string {
  return words
    .map((w) => {
      const note = wildNote(t, w);
      return `${w.map((l) => l.ch).join('')}${note ? ` (${note})` : ''}`;
    })
    .join(', ');
}

/** Where a move goes: its first cell, the shared coordinate first (as a location is typed). */
export function moveWhere(coords: Coords, cards: ReadonlyArray<{ col: number; row: number }>): string {
  const sorted = cards.slice().sort((a, b) => a.row - b.row || a.col - b.col);
  const first = sorted[0];
  if (!first) return '';
  const across = sorted.length > 1 && sorted.every((c) => c.row === first.row);
  return coords.name(first.col, first.row, across ? 'across' : 'down');
}

/** The best robot's move of a turn in the review: its words on the table before the turn, letter by letter, and where it goes. */
export function bestMoveWords(table: CardTable, bonus: ReadonlyMap<number, number>, coords: Coords, before: Board, cards: readonly PlacedCard[]): { spelled: WordLetter[][]; place: string } {
  return { spelled: spelledWords(table, bonus, before, cards), place: moveWhere(coords, cards) };
}

/**
 * The review's turn after a step through n turns (null: the final table): back (-1, `[`) from
 * the final table to the last turn, not before the first; on (1, `]`) from the last turn to
 * the final table, which stays.
 */
export function reviewStepped(k: number | null, n: number, delta: -1 | 1): number | null {
  if (delta < 0) return k === null ? n - 1 : Math.max(0, k - 1);
  return k === null || k + 1 >= n ? null : k + 1;
}

/** What the review needs of a turn: the cells it laid, and the best robot's choice there. */
export interface ReviewTurn {
  cells?: ReadonlyArray<{ col: number; row: number }>;
  best?: { type: 'move' | 'trade' | 'pass'; cards?: readonly PlacedCard[] };
  /** Every seat's hand before the turn (the finished round's history). */
  hands?: ReadonlyArray<readonly Card[]>;
}

/** The final table without the cards of `turns` (a review's table before or after a turn). */
function tableWithout(board: Board, turns: Iterable<ReviewTurn>): Board {
  const cells = board.cells.slice();
  for (const t of turns) for (const c of t.cells ?? []) cells[c.row * board.width + c.col] = null;
  return { ...board, cells };
}

/**
 * The review's table at turn k of a finished round, from the final table: the table after the
 * turn with its cards ringed; or, with `showBest` and a turn whose best robot's choice lays
 * cards, the table before it with those cards on it, ringed (`best`). `before`: the table
 * before the turn, on which that choice's words are spelled.
 */
export function reviewTable(board: Board, turns: readonly ReviewTurn[], k: number, showBest: boolean): { board: Board; before: Board; ringed: ReadonlyArray<{ col: number; row: number }>; best: boolean } {
  const turn = turns[k]!;
  const later = turns.slice(k + 1);
  const before = tableWithout(board, [...later, turn]);
  const cards = showBest && turn.best?.type === 'move' ? turn.best.cards : undefined;
  if (!cards?.length) return { board: tableWithout(board, later), before, ringed: turn.cells ?? [], best: false };
  const cells = before.cells.slice();
  for (const p of cards) cells[p.row * board.width + p.col] = p.card;
  return { board: { ...before, cells }, before, ringed: cards, best: true };
}

/**
 * What the unseen cards are counted from while the review shows turn k (`table`: its
 * `reviewTable`): the table shown after the turn and the viewer's hand then, the one held
 * before the next turn (`finalHand` after the last); with the best robot's move on the
 * table, the table before the turn and the hand held then: the position chosen in. A
 * watcher (`seat` -1) holds none; a history without hands counts the final hand.
 */
export function reviewUnseenBasis(turns: readonly ReviewTurn[], k: number, table: { board: Board; before: Board; best: boolean }, seat: number, finalHand: readonly Card[]): { board: Board; hand: readonly Card[] } {
  if (seat < 0) return { board: table.best ? table.before : table.board, hand: [] };
  if (table.best) return { board: table.before, hand: turns[k]?.hands?.[seat] ?? finalHand };
  return { board: table.board, hand: k + 1 < turns.length ? (turns[k + 1]?.hands?.[seat] ?? finalHand) : finalHand };
}

/** The cards of `all` neither on `board` nor in `hand` (a card is its letter and points; a wildcard's letter is null). */
export function unseenCards(all: readonly Card[], board: Board, hand: readonly Card[]): Card[] {
  const left = all.map((c) => ({ char: c.char, points: c.points }));
  const take = (c: Card) => {
    const i = left.findIndex((u) => u.char === c.char && u.points === c.points);
    if (i >= 0) left.splice(i, 1);
  };
  for (const c of board.cells) if (c) take(c);
  for (const c of hand) take(c);
  return left;
}

/**
 * The review's line on the best robot's choice: "The best robot here: TEES at 8H (12)", a
 * move's words given as `what` (the panel gives SLOT and draws them there), with its place
 * when known.
 */
export function reviewBestText(t: Translate, best: { type: 'move' | 'trade' | 'pass'; score: number; tradedCards?: ReadonlyArray<{ char: string | null }> }, what: string, place: string): string {
  // a trade's cards by their letters, a wildcard as the hand shows it (*)
  if (best.type === 'trade' && best.tradedCards?.length) return t('cw.review.best', t('cw.review.bestTradeOf', best.tradedCards.map((c) => c.char ?? '*').join(' ')), best.score);
  if (best.type !== 'move') return t('cw.review.best', t(best.type === 'trade' ? 'cw.review.bestTrade' : 'cw.review.bestPass'), best.score);
  return place ? t('cw.review.bestMove', what, place, best.score) : t('cw.review.best', what, best.score);
}

/**
 * Why the review's Best move has nothing to lay on the table at a step (null: it has the best
 * robot's move): `final`, the final table (no turn); `robot`, a robot's turn, a stand-in's
 * too (the best robot's choice is kept beside people's turns only); `no-cards`, the best
 * robot's choice lays no cards (a trade, a pass: the review's line names it). Its button was
 * pressed with nothing shown.
 */
export function reviewBestMissing(turn: ReviewTurn | null): 'final' | 'robot' | 'no-cards' | null {
  if (!turn) return 'final';
  if (!turn.best) return 'robot';
  return turn.best.type === 'move' && (turn.best.cards?.length ?? 0) > 0 ? null : 'no-cards';
}

/** `reviewBestMissing` in words: the Best move button's tooltip, the line under the step, `b`'s answer. */
export function reviewBestMissingText(t: Translate, why: NonNullable<ReturnType<typeof reviewBestMissing>>): string {
  return t(why === 'final' ? 'cw.review.noBest.final' : why === 'robot' ? 'cw.review.noBest.robot' : 'cw.review.noBest.noCards');
}

/** Marks where a component goes in a formatted message (no translation contains it). */
export const SLOT = '\u0001';

/** What the table waits on when the turn's player is away (core/protocol/away.ts), as a sentence. */
export function awayNoteText(t: Translate, n: AwayNote): string {
  switch (n.kind) {
    case 'paused':
      return t('cw.awayNote.paused');
    case 'standIn':
      return t('cw.awayNote.standIn', n.name);
    case 'left':
      return goneText(t, n.removed ? 'remove' : 'leave', n.name);
    case 'waits':
      return t('cw.awayNote.waits', n.name);
    case 'soon':
      return n.msLeft > 0 ? t('cw.awayNote.soon', n.name, waitText(n.msLeft)) : t('cw.awayNote.now', n.name);
  }
}

/**
 * The owner's question before removing `name`: what becomes of the seat (free again before the
 * deal, a robot's to the end or in a rematch) or, the last person's, that the game ends.
 */
export function removeQuestion(s: { status: string; players: ReadonlyArray<Pick<CardwordsSeatState, 'name' | 'robot' | 'left'>> }, name: string): StringKey {
  if (s.status === 'waiting') return 'remove.question.free';
  if (cardwordsEndsWithout(s, s.players.findIndex((p) => p.name === name))) return 'remove.question.last';
  return s.status === 'over' ? 'remove.question.rematch' : 'remove.question.seat';
}

type RematchSeat = Pick<CardwordsSeatState, 'name' | 'robot' | 'left' | 'auto' | 'rematch' | 'connected'>;

/**
 * Once someone asked for a rematch, whom the vote waits for (the room's rule,
 * `rematchWaitsFor`) other than `me`, who has the key or the button: the vote seemed
 * stuck on nobody. None before anyone asked.
 */
export function rematchWaiting<P extends RematchSeat>(players: readonly P[], me: string | undefined): P[] {
  if (!players.some(asksRematch)) return [];
  return players.filter((p) => p.name !== me && rematchWaitsFor(p));
}

// (a vote is a line of the log too: its words are log-lines.ts's, which this module imports)
export { rematchVotesText } from './log-lines.js';

/** The web panel's and the Emacs buffer's sentence on them, the away ones marked; `grace` the game's (-1: never). */
export function rematchWaitsText(t: Translate, waiting: readonly RematchSeat[], grace: number): string {
  const names = waiting.map((p) => (isAway(p) ? t('cw.rematchAway', p.name) : p.name)).join(', ');
  const away = waiting.some((p) => isAway(p));
  return away ? `${t('cw.rematchWaits', names)} ${t(grace < 0 ? 'cw.rematchAwayNever' : 'cw.rematchAwayGrace')}` : t('cw.rematchWaits', names);
}

/** A given-up seat's mark, as the score board and the results say it: removed (by the owner), left, or ''. */
export function goneMark(t: Translate, p: { removed?: boolean; left?: boolean } | undefined): string {
  return p?.removed ? t('cw.removedMark') : p?.left ? t('cw.leftMark') : '';
}
