// Completion: charset characters inside a card of a card set; attribute keywords with
// snippets on a card-table attribute line; the missing keys of a bonus file.
import type { Charset } from '../formats/types.js';
import type { ParseCache, RulesetContext } from './context.js';
import type { TextDocumentView } from './document.js';
import { CompletionItemKind, InsertTextFormat, type CompletionItem, type CompletionList, type Position } from './lsp.js';

const EMPTY: CompletionList = { isIncomplete: false, items: [] };

export function complete(doc: TextDocumentView, pos: Position, ctx: RulesetContext, cache: ParseCache): CompletionList {
  const line = doc.line(pos.line);
  const prefix = line.slice(0, Math.min(pos.character, line.length));
  switch (doc.kind) {
    case 'cardset':
      return cardChars(prefix, line.slice(prefix.length), pos, ctx.charset && ctx.charset.name !== doc.name ? cache.charsetOf(ctx) : undefined);
    case 'cardtable':
      return isStartOrEnd(doc, pos) ? EMPTY : attributes(prefix, pos, doc);
    case 'bonus':
      return bonusKeys(doc, pos, cache);
    default:
      return EMPTY;
  }
}

const PAIR = /\(\s*-?\d+\s*,\s*-?\d+\s*\)/;
/** PAIR where it stands (`lastIndex` set before each use). */
const PAIR_AT = new RegExp(PAIR.source, 'y');

/**
 * Whether the `(c,r)` on this line is the start condition (the file's first pair) or the end
 * tag (its last, nothing after it): attributes there made it an attribute line, and the
 * file then lacked its start or its end (cardtable/missing-start).
 */
function isStartOrEnd(doc: TextDocumentView, pos: Position): boolean {
  const lineStart = doc.offsetAt({ line: pos.line, character: 0 });
  const indent = /^\s*/.exec(doc.line(pos.line))![0].length;
  PAIR_AT.lastIndex = lineStart + indent;
  if (!PAIR_AT.exec(doc.text)) return false;
  if (!PAIR.test(doc.text.slice(0, lineStart))) return true;
  return doc.text.slice(PAIR_AT.lastIndex).trim() === '';
}

/** Inside `[` with nothing (or one character) typed: the charset's characters. */
function cardChars(prefix: string, rest: string, pos: Position, charset: Charset | undefined): CompletionList {
  if (!charset) return EMPTY;
  const open = prefix.lastIndexOf('[');
  if (open < 0 || prefix.lastIndexOf(']') > open) return EMPTY;
  const typed = prefix.slice(open + 1);
  // Only the character slot: nothing typed yet, or one code point (being replaced).
  if ([...typed].length > 1) return EMPTY;
  const closed = /^[^[]*\]/.test(rest);
  const range = { start: { line: pos.line, character: open + 1 }, end: pos };
  const items: CompletionItem[] = charset.entries.map((e, i) => {
    const body = closed ? e.canonical : `${e.canonical} \${1:1}]`;
    return {
      label: e.canonical,
      kind: CompletionItemKind.Constant,
      detail: e.equivalents.length > 1 ? `charset: ${e.equivalents.join(' ')}` : 'charset character',
      sortText: String(i).padStart(6, '0'),
      filterText: e.equivalents.join(''),
      insertTextFormat: closed ? InsertTextFormat.PlainText : InsertTextFormat.Snippet,
      textEdit: { range, newText: body },
    };
  });
  items.push({
    label: '␣ (wildcard)',
    kind: CompletionItemKind.Keyword,
    detail: 'a wildcard card: it stands for any character',
    sortText: 'zzzzzz',
    filterText: ' ',
    insertTextFormat: closed ? InsertTextFormat.PlainText : InsertTextFormat.Snippet,
    textEdit: { range, newText: closed ? ' ' : '  ${1:0}]' },
  });
  return { isIncomplete: false, items };
}

const KEYWORDS: Array<{ label: string; snippet: string; detail: string }> = [
  { label: 'B', snippet: 'B', detail: 'blocked: the cell holds no card and no word crosses it' },
  { label: 'C', snippet: 'C ${1:5}', detail: 'cell points: added to the score of whoever covers the cell' },
  { label: 'L', snippet: 'L ${1:2}', detail: 'letter factor: multiplies the points of a new card on the cell' },
  { label: 'W', snippet: 'W ${1:2}', detail: 'word factor: multiplies the score of every word through the new card' },
];

/** After `(c,r)` on an attribute line, where a keyword may start. */
function attributes(prefix: string, pos: Position, doc: TextDocumentView): CompletionList {
  const m = /^\s*\(\s*\d+\s*,\s*\d+\s*\)(.*)$/.exec(prefix);
  if (!m) {
    // An empty line before the end tag (a pair after it): a whole attribute line; after the
    // end tag one would be text after the end (cardtable/text-after-end)
    if (/^\s*$/.test(prefix) && pos.line >= 2 && PAIR.test(doc.text.slice(doc.offsetAt(pos)))) {
      return {
        isIncomplete: false,
        items: [{ label: '(c,r) …;', kind: CompletionItemKind.Snippet, detail: 'an attribute line', insertTextFormat: InsertTextFormat.Snippet, insertText: '(${1:0},${2:0}) ${3|B,C 5,L 2,W 2|};' }],
      };
    }
    return EMPTY;
  }
  const after = m[1]!;
  if (after.includes(';')) return EMPTY;
  // The keyword slot: start of the attributes, or after a complete attribute.
  const tokens = after.trim().split(/\s+/).filter(Boolean);
  const typing = /\S$/.test(after) ? tokens.pop() ?? '' : '';
  if (typing !== '' && !/^[BCLW]?$/i.test(typing)) return EMPTY;
  const last = tokens[tokens.length - 1];
  if (last !== undefined && /^[CLW]$/.test(last)) return EMPTY; // a value is due
  const used = new Set(tokens.filter((t) => /^[BCLW]$/.test(t)));
  const start = pos.character - typing.length;
  const items = KEYWORDS.filter((k) => !used.has(k.label)).map((k, i) => ({
    label: k.label,
    kind: CompletionItemKind.Keyword,
    detail: k.detail,
    sortText: String(i),
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range: { start: { line: pos.line, character: start }, end: pos }, newText: k.snippet },
  }));
  return { isIncomplete: false, items };
}

/**
 * The list for a client without snippet support (eglot, lsp-mode without yasnippet): every
 * snippet becomes the plain text it would expand to with its defaults, so `${1:5}` inserts
 * `5` and a choice `${3|B,C 5|}` its first option.
 */
export function withoutSnippets(list: CompletionList): CompletionList {
  const plain = (text: string) => snippetDefaults(text);
  return {
    ...list,
    items: list.items.map((item) =>
      item.insertTextFormat !== InsertTextFormat.Snippet
        ? item
        : {
            ...item,
            insertTextFormat: InsertTextFormat.PlainText,
            ...(item.insertText !== undefined ? { insertText: plain(item.insertText) } : {}),
            ...(item.textEdit ? { textEdit: { ...item.textEdit, newText: plain(item.textEdit.newText) } } : {}),
          },
    ),
  };
}

/** A snippet's text with each tab stop replaced by its default (LSP snippet syntax; the server's snippets do not nest). */
export function snippetDefaults(snippet: string): string {
  let out = '';
  for (let i = 0; i < snippet.length; i++) {
    const c = snippet[i]!;
    if (c === '\\' && i + 1 < snippet.length) {
      out += snippet[++i];
    } else if (c === '$') {
      const simple = /^\$(\d+)/.exec(snippet.slice(i));
      if (simple) {
        i += simple[0].length - 1;
        continue;
      }
      const placeholder = /^\$\{\d+(?::((?:[^}\\]|\\.)*)|\|((?:[^,|\\]|\\.)*)[^}]*\|)?\}/.exec(snippet.slice(i));
      if (!placeholder) {
        out += c;
        continue;
      }
      out += snippetDefaults(placeholder[1] ?? placeholder[2] ?? '');
      i += placeholder[0].length - 1;
    } else {
      out += c;
    }
  }
  return out;
}

/** The keys -N..N that the bonus file does not have yet, as `k:` lines. */
function bonusKeys(doc: TextDocumentView, pos: Position, cache: ParseCache): CompletionList {
  const line = doc.line(pos.line);
  if (line.includes(':')) return EMPTY;
  const missing = missingBonusKeys(doc, cache);
  const range = { start: { line: pos.line, character: 0 }, end: { line: pos.line, character: line.length } };
  return {
    isIncomplete: false,
    items: missing.map((k, i) => ({
      label: `${k}:`,
      kind: CompletionItemKind.Property,
      detail: bonusMeaning(k),
      sortText: String(i).padStart(4, '0'),
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range, newText: `${k}:\${1:0}` },
    })),
  };
}

/** Keys of -N..N absent from the file; N is the largest |key| written (the hand size). */
export function missingBonusKeys(doc: TextDocumentView, cache: ParseCache): number[] {
  const bonus = cache.get('bonus', doc).value;
  const keys = new Set(bonus.entries.map((e) => e.key));
  let n = Math.max(bonus.handSize, 0);
  for (const k of keys) if (Number.isSafeInteger(k)) n = Math.max(n, Math.abs(k));
  if (n > 1000) return [];
  const out: number[] = [];
  for (let k = -n; k <= n; k++) if (!keys.has(k)) out.push(k);
  return out;
}

/** A bonus key in words. */
export function bonusMeaning(key: number): string {
  if (key < 0) return `the score for trading ${-key} card${key === -1 ? '' : 's'}`;
  if (key === 0) return 'the score for passing';
  return `the bonus for a move that lays ${key} card${key === 1 ? '' : 's'}`;
}
