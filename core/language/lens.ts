// Code lenses: "Preview table" on a card table, "Show distribution" on the files the
// distribution statistics read. They name client commands (core/protocol/language.ts
// COMMANDS) whose argument is the document's URI; every client can answer them with the
// custom requests.
import { COMMANDS } from '../protocol/language.js';
import type { TextDocumentView } from './document.js';
import type { CodeLens } from './lsp.js';
import type { Translate } from '../l10n/message.js';

export function codeLenses(doc: TextDocumentView, t: Translate): CodeLens[] {
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const lenses: CodeLens[] = [];
  if (doc.kind === 'cardtable') lenses.push({ range, command: { title: t('lens.previewTable'), command: COMMANDS.previewTable, arguments: [doc.name] } });
  if (doc.kind === 'cardset' || doc.kind === 'charset' || doc.kind === 'dictionary') {
    lenses.push({ range, command: { title: t('lens.showDistribution'), command: COMMANDS.showDistribution, arguments: [doc.name] } });
  }
  return lenses;
}
