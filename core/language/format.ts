// Formatting: the canonical printer of core/formats. A file with an error that leaves text
// out of the model is left alone (printing its best-effort model would drop what the
// parser could not read or refused); errors that keep every item (a total that does not
// match, missing bonus keys, characters not in the charset…) do not stop it.
import { printFile } from '../formats/index.js';
import type { Diagnostic } from '../formats/types.js';
import type { ParseCache, RulesetContext } from './context.js';
import type { TextDocumentView } from './document.js';
import type { TextEdit } from './lsp.js';

/**
 * Errors after which the model still holds every item as written, so that printing it
 * loses nothing: the formatter goes ahead (docs/lsp-extensions.md).
 */
export const FORMAT_KEEPS = new Set([
  'charset/count-mismatch',
  'charset/empty',
  'cardset/count-mismatch',
  'cardset/unknown-character',
  'cardtable/factor-range',
  'cardtable/start-blocked',
  'cardtable/no-first-move',
  'bonus/missing-key',
  'bonus/zero-hand-size',
  'dictionary/unknown-character',
]);

/** The first error that keeps a document from being formatted, or null. */
export function formatBlocker(doc: TextDocumentView, cache: ParseCache): Diagnostic | null {
  const parsed = cache.get(doc.kind, doc, undefined, true);
  // a card set's count-mismatch counts broken cards too, which have their own errors
  return parsed.diagnostics.find((d) => d.severity === 'error' && !FORMAT_KEEPS.has(d.code)) ?? null;
}

/** `ruleset` gives a card set its charset, so that equivalent characters (`A`, `a`) share a line. */
export function format(doc: TextDocumentView, cache: ParseCache, ruleset?: RulesetContext): TextEdit[] {
  if (formatBlocker(doc, cache) !== null) return [];
  const parsed = cache.get(doc.kind, doc, undefined, true);
  const charset = doc.kind === 'cardset' && ruleset?.charset ? cache.charsetOf(ruleset) : undefined;
  const printed = printFile(doc.kind, parsed.value, charset);
  if (printed === doc.text) return [];
  return [{ range: doc.fullRange(), newText: printed }];
}
