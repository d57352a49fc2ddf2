// Texts of the Cardwords action area that the web panel and the Emacs bridge both show, in
// the language of the `t` given (the bridge's is English): one wording for both.
import type { CardTable } from '../../core/formats/types.js';
import type { Coords, Refusal } from '../../core/games/cardwords/compose.js';
import type { StringKey, Translate } from '../ui/l10n/index.js';

/** A refusal or note of the composer in words (the key itself when it has no text). */
export function refusalText(t: Translate, r: Refusal): string {
  const key = r.key as StringKey;
  const s = t(key, ...r.args);
  return s === key ? r.key : s;
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
