// How long the server has been up, as the landing page says it: in the largest whole unit
// ("up 18 minutes"; it said "up 1102 s").
import type { Translate } from '../ui/l10n/index.js';

const UNITS = [
  ['lobby.up.days', 86_400],
  ['lobby.up.hours', 3_600],
  ['lobby.up.minutes', 60],
] as const;

/** `seconds` (the health endpoint's uptime) in words: "18 minutes", "1 day", "5 seconds". */
export function uptimeText(t: Translate, seconds: number): string {
  for (const [key, size] of UNITS) if (seconds >= size) return t(key, Math.floor(seconds / size));
  return t('lobby.up.seconds', Math.max(0, Math.floor(seconds)));
}
