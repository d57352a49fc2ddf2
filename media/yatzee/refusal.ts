// A Yatzee room's refusal in the player's words, for the web panel and the Emacs bridge alike:
// the page's text for the code when it has one, else the server's own words (the owner's
// removal's, which have no full stop), after "Refused:", a sentence.
import { fullStop, type StringKey, type Translate } from '../ui/l10n/index.js';

export function yatzeeRefusalText(t: Translate, code: string | undefined, message: string | undefined): string {
  const key = `err.${code ?? ''}` as StringKey;
  const text = code && t(key) !== key ? t(key) : (message ?? code ?? '?');
  return t('yatzee.error', fullStop(text));
}
