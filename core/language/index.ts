// The editor-independent language service for the five Cardwords file types (the
// yaml-language-server way): every feature is a function of a document, the other files of
// its ruleset and the settings, answering in LSP shapes. No I/O: the server (server/language)
// reads files, tracks editors and speaks the protocol.
import type { FileKind } from '../formats/types.js';
import type { DistributionStats, LanguageSettings, TablePreview } from '../protocol/language.js';
import type { CoordinateOptions } from '../coordinates.js';
import { render, translator, type Translate } from '../l10n/message.js';
import { codeActions } from './actions.js';
import { complete } from './completion.js';
import { ParseCache, resolveSettings, type RulesetContext } from './context.js';
import { validate, type ValidationHooks } from './diagnostics.js';
import { TextDocumentView } from './document.js';
import { foldingRanges } from './folding.js';
import { format, formatBlocker } from './format.js';
import { hover } from './hover.js';
import { inlayHints } from './inlay.js';
import type { LearnedValues } from './learned.js';
import { codeLenses } from './lens.js';
import type { CodeAction, CodeLens, CompletionList, DocumentSymbol, FoldingRange, Hover, InlayHint, LspDiagnostic, Position, Range, TextEdit } from './lsp.js';
import { tablePreview } from './preview.js';
import { distributionStats } from './stats.js';
import { documentSymbols } from './symbols.js';
import { encodeTokens, tokenize, TOKEN_MODIFIERS, TOKEN_TYPES } from './tokens.js';

export { TextDocumentView, type SourceText } from './document.js';
export { EMPTY_CONTEXT, ParseCache, type RulesetContext } from './context.js';
export { dependsOn, CHUNKED_ABOVE } from './diagnostics.js';
export { statsText } from './stats.js';
export type { LearnedValues } from './learned.js';
export { Coordinates } from '../coordinates.js';
export const SEMANTIC_TOKENS_LEGEND = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

export class LanguageService {
  readonly cache = new ParseCache();
  private settings = resolveSettings(undefined);
  private lang = 'en';
  private t: Translate = translator('en');

  constructor(settings?: LanguageSettings, locale?: string) {
    this.configure(settings);
    if (locale) this.locale = locale;
  }

  configure(settings: LanguageSettings | undefined): void {
    this.settings = resolveSettings(settings);
  }

  /** The language every text is answered in (a BCP 47 tag such as the client's `initialize` locale). */
  get locale(): string {
    return this.lang;
  }
  set locale(tag: string) {
    this.lang = tag;
    this.t = translator(tag);
  }

  get coordinates(): CoordinateOptions {
    return this.settings.coordinates;
  }

  get players(): number {
    return this.settings.players;
  }

  validate(doc: TextDocumentView, ctx: RulesetContext, hooks?: ValidationHooks): Promise<LspDiagnostic[] | null> {
    return validate(doc, ctx, this.cache, this.settings.players, hooks, this.lang);
  }

  complete(doc: TextDocumentView, pos: Position, ctx: RulesetContext): CompletionList {
    return complete(doc, pos, ctx, this.cache);
  }

  /** `learned`: the ruleset's learned card values (server/language/learned.ts), for a card set. */
  hover(doc: TextDocumentView, pos: Position, ctx: RulesetContext, learned?: LearnedValues): Hover | null {
    return hover(doc, pos, ctx, this.cache, this.settings.coordinates, this.t, this.lang, learned);
  }

  /** `published`: the diagnostics last published for `doc`, which the fixes act on; `range`: the one asked about. */
  codeActions(doc: TextDocumentView, diagnostics: LspDiagnostic[], ctx: RulesetContext, published?: readonly LspDiagnostic[], range?: Range): CodeAction[] {
    return codeActions(doc, diagnostics, ctx, this.cache, this.t, published, range);
  }

  /** The ruleset's context gives a card set its charset (equivalent characters share a line). */
  format(doc: TextDocumentView, ctx?: RulesetContext): TextEdit[] {
    return format(doc, this.cache, ctx);
  }

  /** Why `format` leaves the document alone (an error that would lose text), in the client's language; null when it formats. */
  formatRefusal(doc: TextDocumentView): string | null {
    const d = formatBlocker(doc, this.cache);
    if (d === null) return null;
    const file = doc.name.split(/[\\/]/).pop() ?? doc.name;
    let name = file;
    try {
      name = decodeURIComponent(file);
    } catch {
      // as written
    }
    return this.t('format.refused', name, d.range.start.line + 1, d.code, d.l10n ? render(d.l10n, this.lang) : d.message);
  }

  documentSymbols(doc: TextDocumentView, ctx: RulesetContext): DocumentSymbol[] {
    return documentSymbols(doc, ctx, this.cache, this.settings.coordinates, this.t);
  }

  foldingRanges(doc: TextDocumentView): FoldingRange[] {
    return foldingRanges(doc, this.cache);
  }

  semanticTokens(doc: TextDocumentView): { data: number[] } {
    return { data: encodeTokens(tokenize(doc)) };
  }

  /** `learned` and the ruleset's context (for its charset) add the learned card values to a card set. */
  inlayHints(doc: TextDocumentView, range: Range, ctx?: RulesetContext, learned?: LearnedValues): InlayHint[] {
    return inlayHints(doc, range, this.cache, this.settings.coordinates, this.t, this.lang, ctx, learned);
  }

  codeLenses(doc: TextDocumentView): CodeLens[] {
    return codeLenses(doc, this.t);
  }

  tablePreview(doc: TextDocumentView): TablePreview {
    return tablePreview(doc, this.cache, this.settings.coordinates, this.t);
  }

  distribution(ctx: RulesetContext, yieldNow?: () => Promise<void>): Promise<DistributionStats> {
    return distributionStats(ctx, this.cache, yieldNow);
  }
}

export function view(name: string, kind: FileKind, text: string, version: number | null = null): TextDocumentView {
  return new TextDocumentView(name, kind, text, version);
}
