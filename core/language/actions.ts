// Quick fixes for the diagnostics that have one obvious repair: the declared count, a
// character missing from the charset, letters of several kinds made one, missing bonus keys,
// a duplicate cell line, a missing `;` after an attribute line, a letter's cases written on
// two lines; a letter of another script
// that looks like one of the charset's, replaced by it; a card or word with a character the
// charset lacks, removed; a cell line outside the table, removed.
import { meantBonusLine } from '../formats/bonus.js';
import { caseSplits, kindLookAlike, letterKinds } from '../formats/charset.js';
import { lookAlike, otherCase, withCode } from '../formats/lookalike.js';
import type { CellLine } from '../formats/types.js';
import { missingBonusKeys } from './completion.js';
import type { ParseCache, RulesetContext } from './context.js';
import { TextDocumentView } from './document.js';
import type { Translate } from '../l10n/message.js';
import { CodeActionKind, type CodeAction, type LspDiagnostic, type Position, type Range, type TextEdit } from './lsp.js';

/**
 * The quick fixes of the diagnostics a client sent. `published`: what the server last published
 * for the document; the fixes act on those (see `ownDiagnostics`), and each names the client's
 * diagnostic it came from.
 */
export function codeActions(doc: TextDocumentView, sent: LspDiagnostic[], ctx: RulesetContext, cache: ParseCache, t: Translate, published?: readonly LspDiagnostic[], range?: Range): CodeAction[] {
  let pairs = ownDiagnostics(doc, sent, published);
  // Neovim 0.7 sends every diagnostic of the cursor's line: those at the cursor when there are
  // some (three Ä cards on a line offered "Remove this card ([Ä 3])" three times, one for each)
  const here = range ? pairs.filter((p) => touches(p.own.range, range)) : [];
  if (here.length > 0) pairs = here;
  const theirs = new Map(pairs.map((p) => [p.own, p.sent]));
  const actions = fixesOf(doc, pairs.map((p) => p.own), ctx, cache, t);
  for (const a of actions) a.diagnostics = a.diagnostics?.map((d) => theirs.get(d) ?? d);
  return actions;
}

/**
 * The server's own diagnostic for each one a client sent, the fixes reading the text at the
 * server's range: a client may send them back otherwise than it got them (Neovim 0.7 sends
 * byte columns, not UTF-16: on a line with `Ä` the text read was `3]`, a good card removed).
 * Matched by code and lines, the columns equal in UTF-16, UTF-8 bytes or code points, the
 * message alike first. One the server has not published (stale, or not its own) is taken as
 * it is only where every encoding reads its columns alike (ASCII before them: a fix that reads
 * the text as it is now, bonus keys, still comes); else it is left out.
 */
export function ownDiagnostics(doc: TextDocumentView, sent: readonly LspDiagnostic[], published: readonly LspDiagnostic[] = []): Array<{ sent: LspDiagnostic; own: LspDiagnostic }> {
  const pairs: Array<{ sent: LspDiagnostic; own: LspDiagnostic }> = [];
  const ascii = (p: Position) => /^[\x00-\x7f]*$/.test(doc.line(p.line).slice(0, p.character));
  for (const d of sent.slice(0, 1000)) {
    let best: { own: LspDiagnostic; score: number } | undefined;
    for (const p of published) {
      if (p.code !== d.code || p.range.start.line !== d.range.start.line || p.range.end.line !== d.range.end.line) continue;
      const start = columns(doc.line(p.range.start.line), p.range.start.character);
      const end = columns(doc.line(p.range.end.line), p.range.end.character);
      // UTF-16 (the protocol's) before the others; the same message before another
      const encoding = start.findIndex((c, i) => c === d.range.start.character && end[i] === d.range.end.character);
      if (encoding < 0) continue;
      const score = (p.message === d.message ? 0 : 3) + encoding;
      if (!best || score < best.score) best = { own: p, score };
    }
    if (best) pairs.push({ sent: d, own: best.own });
    else if (ascii(d.range.start) && ascii(d.range.end)) pairs.push({ sent: d, own: d });
  }
  return pairs;
}

/** A UTF-16 column of a line in UTF-16, UTF-8 bytes and code points. */
function columns(line: string, character: number): [number, number, number] {
  let bytes = 0;
  let points = 0;
  for (const ch of line.slice(0, character)) {
    const c = ch.codePointAt(0)!;
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    points++;
  }
  return [character, bytes, points];
}

function fixesOf(doc: TextDocumentView, diagnostics: LspDiagnostic[], ctx: RulesetContext, cache: ParseCache, t: Translate): CodeAction[] {
  const out: CodeAction[] = [];
  // removals of a card or word: after the repairs (a word's three "Add" first, then its removal)
  const removals: CodeAction[] = [];
  let semicolons: Set<string> | undefined;
  for (const d of diagnostics) {
    if (d.source !== undefined && d.source !== 'cardwords') continue;
    // Only the diagnostics of this kind of file (a client may send anything).
    if (typeof d.code !== 'string' || !d.code.startsWith(`${doc.kind}/`)) continue;
    switch (d.code) {
      case 'cardset/count-mismatch':
      case 'charset/count-mismatch': {
        const listed = d.code === 'cardset/count-mismatch' ? cardsListed(doc, d.range) : charsetLines(doc);
        // a line written twice (10 lines under a count of 9): its removal first, the count kept
        const twice = d.code === 'charset/count-mismatch' ? repeatedLines(doc) : [];
        const declared = Number(doc.text.slice(doc.offsetAt(d.range.start), doc.offsetAt(d.range.end)));
        for (const line of twice) {
          const del = removeRange(doc, { start: { line, character: 0 }, end: { line, character: doc.line(line).length } });
          out.push(fix(t('action.removeLine', line + 1, doc.line(line).trim()), d, { [doc.name]: [{ range: del, newText: '' }] }, listed - twice.length === declared));
        }
        out.push(fix(t('action.changeCount', listed), d, { [doc.name]: [{ range: d.range, newText: String(listed) }] }, twice.length === 0 || listed - twice.length !== declared));
        break;
      }
      case 'cardtable/invalid-dimensions': {
        // `11x6` (the message says it is `11*6`): written with `*`
        const written = doc.text.slice(doc.offsetAt(d.range.start), doc.offsetAt(d.range.end));
        const m = /^(\d+)\s*[xX×]\s*(\d+)$/.exec(written);
        if (m) out.push(fix(t('action.dimensions', `${m[1]}*${m[2]}`), d, { [doc.name]: [{ range: d.range, newText: `${m[1]}*${m[2]}` }] }, true));
        break;
      }
      case 'bonus/invalid-line': {
        // `4 = 3`: written `4:3` (the message says so)
        const meant = meantBonusLine(doc.text.slice(doc.offsetAt(d.range.start), doc.offsetAt(d.range.end)));
        if (meant) out.push(fix(t('action.write', meant), d, { [doc.name]: [{ range: d.range, newText: meant }] }, true));
        break;
      }
      case 'cardtable/invalid-end-tag': {
        // the file ends with a pair inside the table (`(9,9)` in 10*10): the end tag the size asks
        if (doc.text.slice(doc.offsetAt(d.range.end)).trim() !== '') break;
        const table = cache.get('cardtable', doc).value;
        if (!(table.width > 0 && table.height > 0)) break;
        const tag = `(${table.width},${table.height})`;
        out.push(fix(t('action.write', tag), d, { [doc.name]: [{ range: d.range, newText: tag }] }, true));
        break;
      }
      case 'cardtable/unknown-attribute': {
        // `w 2`: in upper case (the message says so)
        const written = doc.text.slice(doc.offsetAt(d.range.start), doc.offsetAt(d.range.end));
        if (/^[bclw](\s|$)/.test(written)) {
          const at = { start: d.range.start, end: { line: d.range.start.line, character: d.range.start.character + 1 } };
          out.push(fix(t('action.write', written.charAt(0).toUpperCase()), d, { [doc.name]: [{ range: at, newText: written.charAt(0).toUpperCase() }] }, true));
        }
        break;
      }
      case 'cardset/unknown-character':
      case 'dictionary/unknown-character': {
        const like = replaceLookalike(doc, d, ctx, cache, t);
        if (like) out.push(like);
        const a = addToCharset(doc, d, ctx, cache, t, !like);
        if (a) out.push(a);
        // or the card or word dropped (a word of another language, a card typed by mistake)
        const r = d.code === 'cardset/unknown-character' ? removeCard(doc, d, t) : removeWord(doc, d, t);
        if (r) removals.push(r);
        break;
      }
      case 'cardtable/cell-outside': {
        const line = readCellLine(doc, d.range.start);
        if (!line) break;
        const table = cache.get('cardtable', doc).value;
        out.push(fix(t('action.removeOutside', `(${line.column},${line.row})`, `${table.width}*${table.height}`), d, { [doc.name]: [{ range: removeRange(doc, line.range), newText: '' }] }, true));
        break;
      }
      case 'bonus/missing-key': {
        const keys = missingBonusKeys(doc, cache);
        if (keys.length === 0) break;
        out.push(fix(t('action.addKeys', keys.length, keys.join(', ')), d, { [doc.name]: bonusKeyEdits(doc, cache, keys) }, true));
        break;
      }
      case 'cardtable/duplicate-cell':
        out.push(...duplicateCell(doc, d, cache, t));
        break;
      case 'charset/several-letters': {
        const a = splitLetters(doc, d, t);
        if (a) out.push(a);
        break;
      }
      case 'charset/split-case': {
        const a = joinCases(doc, d, cache, t);
        if (a) out.push(a);
        break;
      }
      case 'cardtable/missing-semicolon': {
        // Only where the text as it is now misses one (a client may send a stale diagnostic).
        semicolons ??= missingSemicolons(doc, cache);
        const at = d.range.start;
        if (!semicolons.has(`${at.line}:${at.character}`)) break;
        out.push(fix(t('action.addSemicolon'), d, { [doc.name]: [{ range: { start: at, end: at }, newText: ';' }] }, true));
        break;
      }
    }
  }
  return merged([...out, ...removals], doc, t);
}

/** Whether two ranges overlap or touch (a cursor just after a card is on it). */
function touches(a: Range, b: Range): boolean {
  const before = (p: Position, q: Position) => p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

/**
 * The same fix once: several diagnostics in the range asked about gave it (a word's four
 * look-alikes, "Add 'Tt' to the charset" for each T), which a client listed under one title
 * several times; one action then, for all of their diagnostics. Fixes of one title that do
 * different things (three [Ä 3] cards on a line: "Remove this card ([Ä 3])" for each) each
 * name the place of their diagnostic (line and character, counted from 1), which a menu
 * listed alike.
 */
function merged(actions: CodeAction[], doc: TextDocumentView, t: Translate): CodeAction[] {
  const byFix = new Map<string, CodeAction>();
  for (const a of actions) {
    const key = JSON.stringify([a.title, a.edit]);
    const was = byFix.get(key);
    if (was) was.diagnostics = [...(was.diagnostics ?? []), ...(a.diagnostics ?? [])];
    else byFix.set(key, a);
  }
  const out = [...byFix.values()];
  const titles = new Map<string, number>();
  for (const a of out) titles.set(a.title, (titles.get(a.title) ?? 0) + 1);
  for (const a of out) {
    const at = a.diagnostics?.[0]?.range.start;
    if (titles.get(a.title)! > 1 && at) a.title = t('action.at', a.title, at.line + 1, Array.from(doc.line(at.line).slice(0, at.character)).length + 1);
  }
  return out;
}

/**
 * The lines `k:0` for the missing keys: each in its place where the file's keys go up line by
 * line (`-3:0` between `-4` and `-2`; it was added at the end), else at the end, as before.
 */
function bonusKeyEdits(doc: TextDocumentView, cache: ParseCache, keys: readonly number[]): TextEdit[] {
  const eol = doc.eol;
  const entries = cache.get('bonus', doc).value.entries;
  const ordered = entries.length > 0 && entries.every((e, i) => i === 0 || (entries[i - 1]!.key < e.key && entries[i - 1]!.range.start.line < e.range.start.line));
  const last = doc.lineCount - 1;
  const tail = doc.line(last);
  const atEnd = { line: last, character: tail.length };
  const byLine = new Map<number, number[]>();
  const after: number[] = [];
  for (const k of keys) {
    const next = ordered ? entries.find((e) => e.key > k) : undefined;
    if (next) byLine.set(next.range.start.line, [...(byLine.get(next.range.start.line) ?? []), k]);
    else after.push(k);
  }
  const edits: TextEdit[] = [...byLine].map(([line, ks]) => ({ range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: ks.map((k) => `${k}:0${eol}`).join('') }));
  if (after.length > 0) {
    const lines = after.map((k) => `${k}:0`).join(eol);
    edits.push({ range: { start: atEnd, end: atEnd }, newText: tail.length > 0 ? `${eol}${lines}${eol}` : `${lines}${eol}` });
  }
  return edits;
}

/**
 * `CHch` → `Cc` and `Hh`, each letter on a line of its own (the count raised when it matched):
 * offered where the line holds letters only, as the warning's range has it now.
 */
function splitLetters(doc: TextDocumentView, d: LspDiagnostic, t: Translate): CodeAction | null {
  const { start, end } = d.range;
  if (start.line !== end.line || start.line === 0) return null;
  const chars = [...doc.line(start.line).slice(start.character, end.character)];
  const kinds = letterKinds(chars);
  // `Hη`: the look-alike of the line's other kind in place of the stranger, not two lines
  const swap = kindLookAlike(kinds);
  if (swap && kinds.reduce((n, k) => n + k.length, 0) === chars.length) {
    const at = chars.slice(0, chars.indexOf(swap.from)).join('').length + start.character;
    return fix(t('action.replaceLookalike', withCode(swap.from), withCode(swap.to)), d, { [doc.name]: [{ range: { start: { line: start.line, character: at }, end: { line: start.line, character: at + swap.from.length } }, newText: swap.to }] }, true);
  }
  if (kinds.length < 2 || kinds.reduce((n, k) => n + k.length, 0) !== chars.length) return null;
  // a letter another line lists already is left out (`CHch` after `Hη`: a line `Hh` was a
  // duplicate H), and the title says so; a kind with nothing left gets no line
  const elsewhere = listedElsewhere(doc, start.line);
  const leftOut: string[] = [];
  const lines: string[] = [];
  for (const k of kinds) {
    const kept = k.filter((ch) => !elsewhere.has(ch));
    for (const ch of k) if (elsewhere.has(ch)) leftOut.push(t('action.splitLetters.listed', ch, elsewhere.get(ch)! + 1));
    if (kept.length > 0) lines.push(kept.join(''));
  }
  if (lines.length === 0) return null;
  const edits: TextEdit[] = [{ range: d.range, newText: lines.join(doc.eol) }];
  const count = /^(\s*)(\d+)/.exec(doc.line(0));
  if (count && Number(count[2]) === charsetLines(doc) && lines.length > 1) {
    edits.push({ range: { start: { line: 0, character: count[1]!.length }, end: { line: 0, character: count[0].length } }, newText: String(Number(count[2]) + lines.length - 1) });
  }
  const title = leftOut.length > 0 ? t('action.splitLetters.leftOut', lines.join(', '), leftOut.join(', ')) : t('action.splitLetters', lines.join(', '));
  return fix(title, d, { [doc.name]: edits }, true);
}

/**
 * `A` and, on a later line, `a` (other lines pairing the cases): one line `Aa` in place of
 * the earlier, the later removed, the count lowered when it matched. The pair as the warning
 * found it (`caseSplits`), where the text still has it (a client may send a stale diagnostic).
 */
function joinCases(doc: TextDocumentView, d: LspDiagnostic, cache: ParseCache, t: Translate): CodeAction | null {
  const charset = cache.get('charset', doc).value;
  const split = [...caseSplits(charset.entries, charset.index)].find((s) => s.later.range.start.line === d.range.start.line);
  if (!split) return null;
  const edits: TextEdit[] = [{ range: split.earlier.range, newText: split.joined }, { range: removeRange(doc, split.later.range), newText: '' }];
  const count = /^(\s*)(\d+)/.exec(doc.line(0));
  if (count && Number(count[2]) === charsetLines(doc)) {
    edits.push({ range: { start: { line: 0, character: count[1]!.length }, end: { line: 0, character: count[0].length } }, newText: String(Number(count[2]) - 1) });
  }
  return fix(t('action.joinCases', split.joined, split.earlier.range.start.line + 1, split.later.range.start.line + 1), d, { [doc.name]: edits }, true);
}

/** The characters of a charset's entry lines other than `line`, each with the first line listing it. */
function listedElsewhere(doc: TextDocumentView, line: number): Map<string, number> {
  const at = new Map<string, number>();
  for (let l = 1; l < doc.lineCount; l++) {
    if (l === line) continue;
    for (const ch of doc.line(l)) if (!/\s/.test(ch) && !at.has(ch)) at.set(ch, l);
  }
  return at;
}

function fix(title: string, d: LspDiagnostic, changes: Record<string, TextEdit[]>, isPreferred = false): CodeAction {
  return { title, kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred, edit: { changes } };
}

/** Cards written after the count token (each `[` starts one, well-formed or not). */
function cardsListed(doc: TextDocumentView, countRange: Range): number {
  const from = doc.offsetAt(countRange.end);
  let n = 0;
  for (let i = doc.text.indexOf('[', from); i >= 0; i = doc.text.indexOf('[', i + 1)) n++;
  return n;
}

/** The charset's entry lines that repeat an earlier one (as trimmed), 0-based. */
function repeatedLines(doc: TextDocumentView): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  for (let l = 1; l < doc.lineCount; l++) {
    const s = doc.line(l).trim();
    if (s === '') continue;
    if (seen.has(s)) out.push(l);
    seen.add(s);
  }
  return out;
}

/** Non-blank lines after the count line of a charset. */
function charsetLines(doc: TextDocumentView): number {
  let n = 0;
  for (let l = 1; l < doc.lineCount; l++) if (doc.line(l).trim() !== '') n++;
  return n;
}

/** The diagnostic's character, as written, when the charset does not have it; else null. */
function unknownChar(doc: TextDocumentView, d: LspDiagnostic, ctx: RulesetContext, cache: ParseCache): { ch: string; charset: NonNullable<ReturnType<ParseCache['charsetOf']>> } | null {
  if (!ctx.charset || ctx.charset.name === doc.name) return null;
  const ch = doc.line(d.range.start.line).slice(d.range.start.character, d.range.end.character).normalize('NFC');
  // U+FFFD stands for a byte that was not UTF-8 (a client's decoding): never a character to add
  if (ch === '' || /\s/.test(ch) || ch.includes('\uFFFD')) return null;
  const charset = cache.charsetOf(ctx);
  if (!charset || charset.index.has(ch)) return null;
  return { ch, charset };
}

/**
 * A letter of another script that looks like one of the charset's: that one put in its place
 * (the preferred fix). In a dictionary, every such letter of the word at once (a word typed on
 * another keyboard layout has several: `TOTE` for Greek `ΤΟΤΕ`); in a card set, every card
 * of that letter (`[А 1] [А 1]`: one fix, where two of one title were offered).
 */
function replaceLookalike(doc: TextDocumentView, d: LspDiagnostic, ctx: RulesetContext, cache: ParseCache, t: Translate): CodeAction | null {
  const u = unknownChar(doc, d, ctx, cache);
  const has = (c: string) => u!.charset.index.has(c);
  const like = u ? lookAlike(u.ch, has) : null;
  if (!u || like === null) return null;
  if (doc.kind === 'dictionary') {
    const line = d.range.start.line;
    const text = doc.line(line);
    const edits: TextEdit[] = [];
    let word = '';
    let at = 0;
    for (const ch of text) {
      const other = has(ch.normalize('NFC')) ? null : lookAlike(ch, has);
      if (other !== null) edits.push({ range: { start: { line, character: at }, end: { line, character: at + ch.length } }, newText: other });
      word += other ?? ch;
      at += ch.length;
    }
    if (edits.length > 1) return fix(t('action.replaceLookalikes', text.trim(), word.trim()), d, { [doc.name]: edits }, true);
  }
  const edits: TextEdit[] = [];
  if (doc.kind === 'cardset') {
    for (let line = 0; line < doc.lineCount; line++) {
      const text = doc.line(line);
      for (let i = text.indexOf(u.ch); i >= 0; i = text.indexOf(u.ch, i + u.ch.length)) edits.push({ range: { start: { line, character: i }, end: { line, character: i + u.ch.length } }, newText: like });
    }
  }
  if (edits.length === 0) edits.push({ range: d.range, newText: like });
  return fix(t(edits.length > 1 ? 'action.replaceLookalikeAll' : 'action.replaceLookalike', withCode(u.ch), withCode(like)), d, { [doc.name]: edits }, true);
}

function addToCharset(doc: TextDocumentView, d: LspDiagnostic, ctx: RulesetContext, cache: ParseCache, t: Translate, preferred: boolean): CodeAction | null {
  const u = unknownChar(doc, d, ctx, cache);
  if (!u || !ctx.charset) return null;
  const { ch, charset } = u;
  // its other case listed (`a`, a charset of one case per line): on that line, one letter (a
  // line `A` of its own made it another letter, whose words no card of `a` spells)
  const other = otherCase(ch, (c) => charset.index.has(c));
  if (other !== null) {
    const range = charset.entries[charset.index.get(other)!]!.range;
    const at = range.end;
    return fix(t('action.addToLine', ch, range.start.line + 1, baseOf(ctx.charset.name), other), d, { [ctx.charset.name]: [{ range: { start: at, end: at }, newText: ch }] }, true);
  }
  // Upper and lower case together, the way charsets are usually written ("Ää").
  const upper = ch.toUpperCase();
  const lower = ch.toLowerCase();
  const variants = [...new Set([upper, lower, ch])].filter((c) => [...c].length === 1 && !charset.index.has(c));
  const entry = variants.length ? variants.join('') : ch;
  const view = new TextDocumentView(ctx.charset.name, 'charset', ctx.charset.text);
  const edits: TextEdit[] = [];
  const lastEntry = charset.entries[charset.entries.length - 1];
  const afterLine = lastEntry ? lastEntry.range.end.line : 0;
  const at = { line: afterLine, character: view.line(afterLine).length };
  edits.push({ range: { start: at, end: at }, newText: `${view.eol}${entry}` });
  if (charset.declaredCount !== null && charset.declaredCount === charset.entries.length) {
    const m = /^(\s*)(\d+)/.exec(view.line(0));
    if (m) edits.push({ range: { start: { line: 0, character: m[1]!.length }, end: { line: 0, character: m[0].length } }, newText: String(charset.entries.length + 1) });
  }
  return fix(t('action.addToCharset', entry, baseOf(ctx.charset.name)), d, { [ctx.charset.name]: edits }, preferred);
}

/** The card holding the diagnostic's character removed, with the space after it; the total lowered when it matched. */
function removeCard(doc: TextDocumentView, d: LspDiagnostic, t: Translate): CodeAction | null {
  const { line, character } = d.range.start;
  const text = doc.line(line);
  const open = text.lastIndexOf('[', character);
  const close = text.indexOf(']', d.range.end.character);
  if (open < 0 || close < 0 || (line === 0 && (/^\s*\d+/.exec(text)?.[0].length ?? 0) > open)) return null;
  // the spaces after it go too; a card that ends its line takes the spaces before it
  let from = open;
  let to = close + 1;
  while (to < text.length && text[to] === ' ') to++;
  if (to === text.length) while (from > 0 && text[from - 1] === ' ') from--;
  const edits: TextEdit[] = [{ range: { start: { line, character: from }, end: { line, character: to } }, newText: '' }];
  const count = /^(\s*)(\d+)/.exec(doc.line(0));
  if (count && Number(count[2]) === cardsListed(doc, lineRange0(count[0].length))) {
    edits.push({ range: { start: { line: 0, character: count[1]!.length }, end: { line: 0, character: count[0].length } }, newText: String(Number(count[2]) - 1) });
  }
  return fix(t('action.removeCard', text.slice(open, close + 1)), d, { [doc.name]: edits });
}

/** The dictionary line of the diagnostic's word removed, with its line break. */
function removeWord(doc: TextDocumentView, d: LspDiagnostic, t: Translate): CodeAction | null {
  const line = d.range.start.line;
  const word = doc.line(line).trim();
  if (word === '') return null;
  const del = removeRange(doc, { start: { line, character: 0 }, end: { line, character: doc.line(line).length } });
  return fix(t('action.removeWord', word), d, { [doc.name]: [{ range: del, newText: '' }] });
}

function lineRange0(end: number): Range {
  return { start: { line: 0, character: 0 }, end: { line: 0, character: end } };
}

function attributeText(a: CellLine['attributes'][number]): string {
  return a.kind === 'B' ? 'B' : `${a.kind} ${a.value}`;
}

function duplicateCell(doc: TextDocumentView, d: LspDiagnostic, cache: ParseCache, t: Translate): CodeAction[] {
  const table = cache.get('cardtable', doc).value;
  const dup = readCellLine(doc, d.range.start);
  if (!dup) return [];
  // the first item of the cell, not the duplicate itself (the two may share a line)
  const same = (a: CellLine['range']['start'], b: CellLine['range']['start']) => a.line === b.line && a.character === b.character;
  const first = table.lines.find((l) => l.column === dup.column && l.row === dup.row && !same(l.range.start, dup.range.start));
  if (!first) return [];
  const removal = removeRange(doc, dup.range);
  const merged = [...first.attributes];
  for (const a of dup.attributes) if (!merged.some((m) => m.kind === a.kind)) merged.push(a);
  const mergedText = `(${first.column},${first.row}) ${merged.map(attributeText).join(' ')};`;
  const name = `(${dup.column},${dup.row})`;
  // two items of the cell on one line: "item", not "line" (as the diagnostic says it)
  const sameLine = first.range.start.line === dup.range.start.line;
  return [
    fix(t(sameLine ? 'action.mergeCell.sameLine' : 'action.mergeCell', name, mergedText), d, { [doc.name]: [{ range: first.range, newText: mergedText }, { range: removal, newText: '' }] }, true),
    fix(t(sameLine ? 'action.removeCell.sameLine' : 'action.removeCell', name), d, { [doc.name]: [{ range: removal, newText: '' }] }),
  ];
}

/** Where the parse of the card table misses a `;` (`line:character`, zero-width ranges). */
function missingSemicolons(doc: TextDocumentView, cache: ParseCache): Set<string> {
  const at = new Set<string>();
  for (const x of cache.get('cardtable', doc).diagnostics) {
    if (x.code === 'cardtable/missing-semicolon') at.add(`${x.range.start.line}:${x.range.start.character}`);
  }
  return at;
}

/**
 * The attribute item starting at `at` (the parser keeps only the first item of a cell), to
 * its `;` across lines ("(1,1)\n  B;": the merge dropped the B, the removal left "  B;"),
 * or to the next item when the `;` is missing.
 */
function readCellLine(doc: TextDocumentView, at: { line: number; character: number }): CellLine | null {
  const start = doc.offsetAt(at);
  const m = /^\(\s*(\d+)\s*,\s*(\d+)\s*\)([^;(]*);?/.exec(doc.text.slice(start, start + 4096));
  if (!m) return null;
  const attributes: CellLine['attributes'] = [];
  for (const a of m[3]!.matchAll(/\b(B)\b|\b([CLW])\s+(-?\d+)/g)) {
    if (a[1]) attributes.push({ kind: 'B' });
    else attributes.push({ kind: a[2] as 'C' | 'L' | 'W', value: Number(a[3]) });
  }
  return { column: Number(m[1]), row: Number(m[2]), attributes, range: { start: at, end: doc.positionAt(start + m[0].trimEnd().length) } };
}

/**
 * The range to delete for a cell item, a word, a charset line: its whole lines with the break
 * after them when it stands alone on them (the break before them on a last line without
 * one), else the range itself.
 */
function removeRange(doc: TextDocumentView, r: Range): Range {
  const first = doc.line(r.start.line);
  const last = doc.line(r.end.line);
  const alone = first.slice(0, r.start.character).trim() === '' && last.slice(r.end.character).trim() === '';
  if (alone && r.end.line + 1 < doc.lineCount) return { start: { line: r.start.line, character: 0 }, end: { line: r.end.line + 1, character: 0 } };
  if (alone && r.start.line > 0) return { start: { line: r.start.line - 1, character: doc.line(r.start.line - 1).length }, end: { line: r.end.line, character: last.length } };
  if (alone) return { start: { line: r.start.line, character: 0 }, end: { line: r.end.line, character: last.length } };
  return r;
}

function baseOf(name: string): string {
  return decodeURIComponent(name.split(/[\\/]/).pop() ?? name);
}
