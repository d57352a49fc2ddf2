// A small lexer per file kind for semantic tokens (and the grammars' snapshot tests say the
// same in TextMate terms). Linear in the text; tolerant of anything (it never fails, it only
// colours less).
import type { TextDocumentView } from './document.js';

export const TOKEN_TYPES = ['number', 'keyword', 'variable', 'string', 'property', 'parameter', 'operator'] as const;
export const TOKEN_MODIFIERS = ['declaration', 'readonly'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

export interface Token {
  line: number;
  start: number;
  length: number;
  type: TokenType;
  /** Bit set over TOKEN_MODIFIERS. */
  modifiers: number;
}

/** Semantic tokens are skipped for texts longer than this (huge dictionaries have none anyway). */
export const MAX_TOKENIZED = 4 * 1024 * 1024;

const isWs = (c: number) => c === 32 || c === 9 || c === 0xa0 || c === 0x3000 || c === 0xfeff || (c >= 0x2000 && c <= 0x200a);
const isDigit = (c: number) => c >= 48 && c <= 57;

/** Length of an optionally signed integer at `i`, or 0. */
function intAt(s: string, i: number): number {
  let j = i;
  if (s.charCodeAt(j) === 45 || s.charCodeAt(j) === 43) j++;
  const d = j;
  while (j < s.length && isDigit(s.charCodeAt(j))) j++;
  return j > d ? j - i : 0;
}

function codePointLength(s: string, i: number): number {
  const c = s.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < s.length ? 2 : 1;
}

export function tokenize(doc: TextDocumentView): Token[] {
  if (doc.text.length > MAX_TOKENIZED) return [];
  const out: Token[] = [];
  const push = (line: number, start: number, length: number, type: TokenType, modifiers = 0) => {
    if (length > 0) out.push({ line, start, length, type, modifiers });
  };
  const n = doc.lineCount;
  switch (doc.kind) {
    case 'charset':
      for (let l = 0; l < n; l++) {
        const s = doc.line(l);
        if (l === 0) {
          for (let i = 0; i < s.length; i++) {
            const k = intAt(s, i);
            if (k) {
              push(l, i, k, 'number');
              i += k;
            }
          }
          continue;
        }
        let i = 0;
        while (i < s.length && isWs(s.charCodeAt(i))) i++;
        if (i >= s.length) continue;
        const first = codePointLength(s, i);
        push(l, i, first, 'variable', 1);
        let end = s.length;
        while (end > i + first && isWs(s.charCodeAt(end - 1))) end--;
        push(l, i + first, end - i - first, 'string');
      }
      break;
    case 'cardset': {
      let expectCount = true;
      for (let l = 0; l < n; l++) {
        const s = doc.line(l);
        let i = 0;
        while (i < s.length) {
          const c = s.charCodeAt(i);
          if (isWs(c)) {
            i++;
            continue;
          }
          if (expectCount) {
            expectCount = false;
            const k = intAt(s, i);
            if (k) {
              push(l, i, k, 'number', 2);
              i += k;
              continue;
            }
          }
          if (c === 91) {
            // [x #]
            push(l, i, 1, 'operator');
            const x = i + 1;
            if (x < s.length && s.charCodeAt(x) !== 93) {
              const len = codePointLength(s, x);
              if (s.charCodeAt(x) === 32) push(l, x, 1, 'keyword');
              else push(l, x, len, 'variable');
              let j = x + len;
              while (j < s.length && s.charCodeAt(j) === 32) j++;
              const k = intAt(s, j);
              if (k) push(l, j, k, 'number');
              j += k;
              while (j < s.length && s.charCodeAt(j) !== 93 && s.charCodeAt(j) !== 91) j++;
              if (s.charCodeAt(j) === 93) {
                push(l, j, 1, 'operator');
                j++;
              }
              i = j;
            } else i++;
            continue;
          }
          i++;
        }
      }
      break;
    }
    case 'cardtable': {
      for (let l = 0; l < n; l++) {
        const s = doc.line(l);
        let depth = 0;
        let lastKeyword = '';
        for (let i = 0; i < s.length; ) {
          const c = s.charCodeAt(i);
          if (c === 40) {
            depth++;
            i++;
            continue;
          }
          if (c === 41) {
            depth = Math.max(0, depth - 1);
            i++;
            continue;
          }
          const k = intAt(s, i);
          if (k && (isDigit(c) || (i + 1 < s.length && isDigit(s.charCodeAt(i + 1))))) {
            push(l, i, k, depth > 0 ? 'parameter' : 'number', lastKeyword === '' && depth === 0 ? 2 : 0);
            i += k;
            continue;
          }
          if (depth === 0 && (c === 66 || c === 67 || c === 76 || c === 87)) {
            push(l, i, 1, 'keyword');
            lastKeyword = s[i]!;
            i++;
            continue;
          }
          if (c === 42 || c === 59) push(l, i, 1, 'operator');
          i++;
        }
      }
      break;
    }
    case 'bonus':
      for (let l = 0; l < n; l++) {
        const m = /^(\s*)([-+]?\d+)(\s*):(\s*)([-+]?\d+)/.exec(doc.line(l));
        if (!m) continue;
        const keyStart = m[1]!.length;
        push(l, keyStart, m[2]!.length, 'property');
        const colon = keyStart + m[2]!.length + m[3]!.length;
        push(l, colon, 1, 'operator');
        push(l, colon + 1 + m[4]!.length, m[5]!.length, 'number');
      }
      break;
    case 'dictionary':
      break;
  }
  return out;
}

/** LSP's relative encoding: deltaLine, deltaStart, length, type, modifiers per token. */
export function encodeTokens(tokens: Token[]): number[] {
  const data: number[] = [];
  let line = 0;
  let start = 0;
  for (const t of tokens) {
    const dl = t.line - line;
    data.push(dl, dl === 0 ? t.start - start : t.start, t.length, TOKEN_TYPES.indexOf(t.type), t.modifiers);
    line = t.line;
    start = t.start;
  }
  return data;
}
