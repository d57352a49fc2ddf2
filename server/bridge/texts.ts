// The bridge's words for the editor: English, the Emacs package's language. Why a game ended
// comes from the one table the web panels use (media/ui/end-reason.ts), so a new end reason
// gets its text in one place.
import { endReasonText } from '../../media/ui/end-reason.js';
import { translator, type StringKey } from '../../media/ui/l10n/index.js';

const en = translator('en');

/** Why a game ended, as a sentence ('The pile is empty and a player laid the last card.'). */
export function endText(reason: string | null | undefined): string {
  return endReasonText(en, reason);
}

/** The message when a room closes for good after `ended`. */
export function endedMessage(reason: string | null | undefined): string {
  return `The game has ended. ${endText(reason)}`;
}

/** A refusal of the composer (core/games/cardwords/compose.ts) in words, as the web panel words it. */
export function refusalText(r: { key: string; args: ReadonlyArray<string | number> }): string {
  const text = en(r.key as StringKey, ...r.args);
  return text === r.key ? [r.key, ...r.args].join(' ') : text;
}

/**
 * Why the location is in braces (the composer's `bracesWhy`), as the web panel's preview
 * says it: the cards do not fit from there, or the first move misses the start condition.
 * RET then trades the cards: the editor shows why before it does.
 */
export function bracesText(why: 'fit' | 'start', start: { touchColumn: number | null; touchRow: number | null }, coords: { name(c: number, r: number): string; colLabel(c: number): string; rowLabel(r: number): string }): string {
  if (why === 'fit') return en('cw.braces.fit');
  const { touchColumn: c, touchRow: r } = start;
  const where = c !== null && r !== null ? en('cw.start.cell', coords.name(c, r)) : c !== null ? en('cw.start.col', coords.colLabel(c)) : r !== null ? en('cw.start.row', coords.rowLabel(r)) : '';
  return en('cw.braces.start', where);
}
