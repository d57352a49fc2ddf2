// Strings the webviews show, translated on the host (vscode.l10n, l10n/bundle.l10n.*.json)
// and sent along with each model. Keys are the English texts.
import * as vscode from 'vscode';
import type { Strings } from './webview/messages.js';

export const TABLE_PREVIEW_STRINGS = [
  'Card table {0} × {1}',
  'The first move must cover {0}.',
  'The first move must touch column {0}.',
  'The first move must touch row {0}.',
  'No start condition: the first move may go anywhere.',
  '{0} error(s) in the file: the preview may be incomplete.',
  'The table size cannot be read.',
  '{0}L',
  '{0}W',
  'blocked',
  'letter factor',
  'word factor',
  'cell points',
  'start condition',
  'letter factor {0}',
  'word factor {0}',
  'cell points {0}',
] as const;

export const DISTRIBUTION_STRINGS = [
  'Distribution: {0}',
  '{0} cards ({1} wildcards); {2} characters counted in {3} words.',
  'The charset has no characters.',
  'cards',
  'suggested by the dictionary frequency',
  'Cards per character against the dictionary frequency',
  'cards in the card set',
  'cards a frequency-proportional card set would hold',
  'Character',
  'Cards',
  'Card share',
  'Frequency',
  'Suggested',
  'Mean points',
] as const;

const PLACEHOLDERS = ['{0}', '{1}', '{2}', '{3}'];

export function translate(keys: readonly string[]): Strings {
  const out: Strings = {};
  // Placeholders pass through untouched; the webview fills them in.
  for (const k of keys) out[k] = vscode.l10n.t(k, ...PLACEHOLDERS);
  return out;
}
