// Strings the extension shows, translated by vscode.l10n (l10n/bundle.l10n.*.json; keys
// are the English templates, in the project's one message syntax with plurals,
// core/l10n/format.ts). The webviews' strings are translated on the host and sent along
// with each model; the webview fills them in (extension/webview/vscodeApi.ts).
import * as vscode from 'vscode';
import { formatMessage, type MessageArg } from '../core/l10n/format.js';
import type { Strings } from './webview/messages.js';
import { FINDING_TEXT, PLAYED_WORDS_TEXT } from '../core/robots/cardwords/findings.js';

export const TABLE_PREVIEW_STRINGS = [
  'Card table {0} × {1}',
  'The first move must cover {0}.',
  'The first move must touch column {0}.',
  'The first move must touch row {0}.',
  'No start condition: the first move may go anywhere.',
  '{0, plural, one {# error} other {# errors}} in the file: the preview may be incomplete.',
  'The table size cannot be read.',
  'Line {0}: {1}',
  'Too large to preview: more than {0} cells.',
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
  '{0}: not in the charset',
  '{0, plural, one {# card} other {# cards}} ({1, plural, one {# wildcard} other {# wildcards}}); {2, plural, one {# character} other {# characters}} counted in {3, plural, one {# word} other {# words}}.',
  'The charset has no characters.',
  'cards',
  'suggested by the dictionary frequency',
  'Cards per character against the dictionary frequency',
  'cards in the card set',
  'cards the suggested card set would hold: one for every character, the rest by frequency',
  'Character',
  'Cards',
  'Card share',
  'Frequency',
  'Suggested',
  'Mean points',
  '{0, plural, one {# dictionary line is} other {# dictionary lines are}} left out for errors (cardwords check names them).',
  'No game can lay {0, plural, one {# word} other {# words}} longer than the longest run of free cells ({1}), such as {2}.',
  'No game can lay {0, plural, one {# word} other {# words}} needing more cards of a character than the card set has, such as {1}.',
] as const;

export const PLAYTEST_STRINGS = [
  'Playtest: {0}',
  'Cards',
  '{0, plural, one {# game} other {# games}}, {1, plural, one {# player} other {# players}}, level {2}, seed "{3}"',
  'Scores',
  'Winning margin',
  'Turns per game',
  'Endings',
  'First player',
  'Turns',
  '{0} (sd {1}, {2}..{3})',
  'went out {0}, all passed {1}',
  'wins {0} (95 % confidence interval {1} to {2}), {3} points against the others',
  'moves {0}, trades {1}, passes {2}',
  'Average move score by round',
  'mean move score',
  'points',
  'Table: how often each cell is covered',
  '{0}: covered in {1} of the games',
  '{0}: covered in {1} of the games, mean move score {2}',
  'Card',
  'Copies',
  'Laid / game',
  'Traded / game',
  'Stuck / game',
  'Copies laid',
  'Learned value',
  'never laid',
  'Cards per move and per trade',
  'moves laying this many cards',
  'trades of this many cards',
  'share of the moves, of the trades',
  'Moves',
  'Lay bonus',
  'Trades',
  'Trade score',
  'Points from the bonus file: the lay bonus a move earns for laying this many cards, the score of a trade of this many.',
  '(none)',
  'What the games say',
  ...Object.values(FINDING_TEXT),
  ...Object.values(PLAYED_WORDS_TEXT),
] as const;

export function translate(keys: readonly string[]): Strings {
  const out: Strings = {};
  // With no arguments vscode.l10n.t leaves the placeholders alone; the webview fills them in.
  for (const k of keys) out[k] = vscode.l10n.t(k);
  return out;
}

/** `english` in VS Code's language, its arguments (and plurals) filled in. */
export function tr(english: string, ...args: MessageArg[]): string {
  return formatMessage(vscode.l10n.t(english), args, vscode.env.language);
}
