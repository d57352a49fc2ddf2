// Lines sentences every client says alike: the web page (translated), the terminal client
// and the Emacs bridge (English, through the same messages).
import type { LinesAction, LinesError, LinesTurn, OptionsWarning } from '../../core/games/lines/index.js';
import type { Translate } from '../ui/l10n/index.js';

/** Why the game is over (core's overReason), as a sentence; '' while it goes on. */
export function overReasonText(t: Translate, r: { free: number; chips: number } | null): string {
  if (!r) return '';
  if (r.free === 0) return t('lines.overWhy.full');
  // with -n 0 a game ends when its board is cleared: "The next 0 chips do not fit in the 3 free cells" said nothing
  return r.chips === 0 ? t('lines.overWhy.empty') : t('lines.overWhy.noRoom', r.chips, r.free);
}

/** Why a move or a hint does nothing after the end (the web panel's refusal, the Emacs bridge's). */
export function overRefusalText(t: Translate): string {
  return t('lines.refused.over');
}

/** What is hopeless about the settings (core's optionsWarning), as a sentence; '' when nothing is. */
export function optionsWarningText(t: Translate, w: OptionsWarning | null): string {
  if (!w) return '';
  return t('lines.warn.noLine', w.minLine, w.width, w.height);
}

/**
 * A move, an undo or a hint the engine refused, as the web panel words it (the Emacs bridge said
 * the engine's own "there is no move to take back"); `cellName` names a cell as the client does.
 */
export function refusalText(t: Translate, err: Pick<LinesError, 'code' | 'message'>, a: LinesAction, cellName: (i: number) => string): string {
  if (err.code === 'unreachable' && a.type === 'move') return t('lines.refused.unreachable', cellName(a.from), cellName(a.to));
  if (err.code === 'game-over') return overRefusalText(t);
  if (err.code === 'nothing-to-undo') return t('lines.refused.undo');
  return t('lines.refused.other', err.message);
}

/** A cell's name, row first (the web grid's and every message's: "row 6, column 1"). */
export function cellNameText(t: Translate, width: number, i: number): string {
  return t('lines.pos', Math.floor(i / width) + 1, (i % width) + 1);
}

/** SPC on an empty cell with no chip selected. */
export function selectFirstText(t: Translate): string {
  return t('lines.refused.empty');
}

/** How many thrown chips a move's message names one by one; more are counted ("and 4 more"). */
const CHIPS_NAMED = 5;

/**
 * The chips a throw put on the board, by colour and cell ("3 new chips: red at row 2, column 5;
 * blue at row 1, column 1; …"): "3 new chips." alone left a screen reader to search the board.
 * `chips`: those still on it (a line the throw made took the others: said so here, the line
 * after this).
 */
export function thrownText(t: Translate, count: number, chips: readonly { color: string; cell: string }[]): string {
  if (chips.length === 0) return t('lines.thrown', count);
  const named = chips.slice(0, CHIPS_NAMED).map((c) => t('lines.chipAt', c.color, c.cell));
  if (chips.length > CHIPS_NAMED) named.push(t('lines.andMore', chips.length - CHIPS_NAMED));
  // some went in a line the throw made: "3 new chips: green at row 1, column 2." named one of
  // three as if it were all; the others are said to have made the line
  if (chips.length < count) return t('lines.thrownAtSome', count, named.join('; '), count - chips.length);
  return t('lines.thrownAt', count, named.join('; '));
}

/**
 * A move's outcome, as the web panel says it and the Emacs bridge now does (it said nothing, or
 * "+10 points"): "Moved green from row 1, column 2 to row 3, column 4.", then the line it made,
 * the chips thrown after it still on `board` (the board after the move), and a line the throw
 * made. `colorName` names a chip's colour as the client draws it.
 */
export function movedText(t: Translate, turn: Pick<LinesTurn, 'from' | 'to' | 'removed' | 'points' | 'thrown' | 'thrownRemoved' | 'throwPoints'>, color: number, board: readonly number[], colorName: (c: number) => string, cellName: (i: number) => string): string {
  const msgs = [t('lines.moved', colorName(color), cellName(turn.from), cellName(turn.to))];
  if (turn.removed.length) msgs.push(t('lines.scored', turn.removed.length, turn.points));
  // a move that cleared the board scores and is followed by a throw
  if (turn.thrown.length) {
    const chips = turn.thrown.filter((c) => board[c]).map((c) => ({ color: colorName(board[c]!), cell: cellName(c) }));
    msgs.push(thrownText(t, turn.thrown.length, chips));
  }
  if (turn.thrownRemoved.length) msgs.push(t('lines.thrownScored', turn.thrownRemoved.length, turn.throwPoints));
  return msgs.join(' ');
}
