// Answers for a client that cannot take the richer form (LSP client capabilities): plain text
// for a hover where it declares no Markdown (eglot without markdown-mode shows the text as it
// comes), and flat SymbolInformation for a client without hierarchical document symbols.
import type { DocumentSymbol, Hover, SymbolInformation } from './lsp.js';

/**
 * Markdown as plain text: code spans keep their text (the hovers write characters and words
 * in them), `**strong**` and `*emphasis*` lose their marks, backslash escapes are resolved.
 * Only what the service's texts use; other text passes unchanged.
 */
export function markdownToPlain(markdown: string): string {
  // split off the code spans first: their content is literal
  return markdown
    .split(/(`[^`\n]*`)/)
    .map((part, i) =>
      i % 2 === 1
        ? part.slice(1, -1)
        : part
            // a mark hugs its text (CommonMark's flanking rule): "2 * 3 * 4" is no emphasis
            .replace(/\*\*(?=\S)([^*\n]*?\S)\*\*/g, '$1')
            .replace(/(^|[^\w*\\])\*(?=\S)([^*\n]*?[^\s\\])\*(?![\w*])/g, '$1$2')
            .replace(/\\([\\`*_{}[\]()#+\-.!|])/g, '$1'),
    )
    .join('');
}

/** The hover with its Markdown as plain text (MarkupKind plaintext). */
export function plainHover(h: Hover | null): Hover | null {
  if (!h || typeof h.contents !== 'object' || !('kind' in h.contents) || h.contents.kind !== 'markdown') return h;
  return { ...h, contents: { kind: 'plaintext', value: markdownToPlain(h.contents.value) } };
}

/** Document symbols as a flat list, each naming its parent (`containerName`), in document order. */
export function flatSymbols(uri: string, symbols: DocumentSymbol[], containerName?: string, out: SymbolInformation[] = []): SymbolInformation[] {
  for (const s of symbols) {
    out.push({ name: s.name, kind: s.kind, location: { uri, range: s.range }, ...(containerName !== undefined ? { containerName } : {}) });
    if (s.children?.length) flatSymbols(uri, s.children, s.name, out);
  }
  return out;
}
