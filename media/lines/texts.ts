// Lines sentences every client says alike: the web page (translated), the terminal client
// and the Emacs bridge (English, through the same messages).
import type { OptionsWarning } from '../../core/games/lines/index.js';
import type { Translate } from '../ui/l10n/index.js';

/** Why the game is over (core's overReason), as a sentence; '' while it goes on. */
export function overReasonText(t: Translate, r: { free: number; chips: number } | null): string {
  if (!r) return '';
  return r.free === 0 ? t('lines.overWhy.full') : t('lines.overWhy.noRoom', r.chips, r.free);
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
