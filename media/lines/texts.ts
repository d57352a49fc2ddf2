// Lines sentences every client says alike: the web page (translated), the terminal client
// and the Emacs bridge (English, through the same messages).
import type { Translate } from '../ui/l10n/index.js';

/** Why the game is over (core's overReason), as a sentence; '' while it goes on. */
export function overReasonText(t: Translate, r: { free: number; chips: number } | null): string {
  if (!r) return '';
  return r.free === 0 ? t('lines.overWhy.full') : t('lines.overWhy.noRoom', r.chips, r.free);
}
