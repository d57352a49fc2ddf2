// LSP shapes for the language service. The service answers in LSP terms (the
// yaml-language-server way), but core/ stays free of runtime dependencies: the types come
// from vscode-languageserver-types (type-only), the few enum values are spelled out here.
export type {
  CodeAction,
  CodeLens,
  CompletionItem,
  CompletionList,
  Diagnostic as LspDiagnostic,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InlayHint,
  Position,
  Range,
  SymbolInformation,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-types';

export const CompletionItemKind = { Text: 1, Keyword: 14, Snippet: 15, Constant: 21, Value: 12, Property: 10, EnumMember: 20 } as const;
export const InsertTextFormat = { PlainText: 1, Snippet: 2 } as const;
export const DiagnosticSeverity = { Error: 1, Warning: 2, Information: 3, Hint: 4 } as const;
export const SymbolKind = { File: 1, Module: 2, Namespace: 3, Property: 7, Field: 8, Constant: 14, String: 15, Number: 16, Key: 20, Struct: 23, Event: 24, EnumMember: 22 } as const;
export const FoldingRangeKind = { Region: 'region' } as const;
export const InlayHintKind = { Type: 1, Parameter: 2 } as const;
export const CodeActionKind = { QuickFix: 'quickfix' } as const;
