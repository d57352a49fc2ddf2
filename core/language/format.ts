// Formatting: the canonical printer of core/formats. A file with syntax errors is left alone
// (printing its best-effort model would drop what the parser could not read).
import { printFile } from '../formats/index.js';
import type { ParseCache, RulesetContext } from './context.js';
import type { TextDocumentView } from './document.js';
import type { TextEdit } from './lsp.js';

/** `ruleset` gives a card set its charset, so that equivalent characters (`A`, `a`) share a line. */
export function format(doc: TextDocumentView, cache: ParseCache, ruleset?: RulesetContext): TextEdit[] {
  const parsed = cache.get(doc.kind, doc, undefined, true);
  if (parsed.diagnostics.some((d) => d.severity === 'error' && d.code !== 'dictionary/unknown-character' && d.code !== 'cardset/unknown-character')) return [];
  const charset = doc.kind === 'cardset' && ruleset?.charset ? cache.charsetOf(ruleset) : undefined;
  const printed = printFile(doc.kind, parsed.value, charset);
  if (printed === doc.text) return [];
  return [{ range: doc.fullRange(), newText: printed }];
}
