// The real language server over stdio, feature by feature, with a JSON-RPC client.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, CompletionList, DocumentSymbol, FoldingRange, Hover, InlayHint, CodeLens, TextEdit, Diagnostic } from 'vscode-languageserver-protocol';
import { DISTRIBUTION_METHOD, TABLE_PREVIEW_METHOD, tooLargeToPreview, unreadableSize, type DistributionStats, type TablePreview } from '../../core/protocol/language.js';
import { LspClient } from './client.js';
import { tinyRuleset, type Fixture } from './fixtures.js';

let client: LspClient;
let fx: Fixture;
const read = (f: string) => readFileSync(fx.path(f), 'utf8');
const codes = (d: Diagnostic[]) => d.map((x) => x.code).sort();
const hoverText = (h: Hover | null) => (h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '');

/** Applies LSP text edits to a text (no overlaps, any order). */
function applyEdits(text: string, edits: TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((s, l) => s + l.length + 1, 0) + p.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

async function waitFor(pred: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  fx = tinyRuleset();
  client = new LspClient();
  await client.initialize({ players: 2 });
});

afterAll(async () => {
  await client.stop();
  fx.remove();
});

describe('initialize', () => {
  it('announces every feature', async () => {
    const c = new LspClient();
    const r = await c.initialize();
    for (const k of ['hoverProvider', 'completionProvider', 'codeActionProvider', 'documentFormattingProvider', 'documentSymbolProvider', 'foldingRangeProvider', 'semanticTokensProvider', 'inlayHintProvider', 'codeLensProvider']) {
      expect(r.capabilities[k], k).toBeTruthy();
    }
    expect(r.capabilities.textDocumentSync).toMatchObject({ change: 2, openClose: true });
    await c.stop();
    expect(c.exited).toBe(0);
  });
});

describe('pushed diagnostics', () => {
  it('reports syntax and charset errors of a card set, with ranges and codes', async () => {
    const uri = fx.uri('tiny.cardset');
    client.open(uri, '3\n[A 1] [X 2]\n');
    const d = await client.diagnostics(uri);
    expect(codes(d)).toEqual(['cardset/count-mismatch', 'cardset/unknown-character', 'ruleset/not-enough-cards']);
    const unknown = d.find((x) => x.code === 'cardset/unknown-character')!;
    expect(unknown.range).toEqual({ start: { line: 1, character: 7 }, end: { line: 1, character: 8 } });
    expect(unknown.severity).toBe(1);
    expect(d.find((x) => x.code === 'ruleset/not-enough-cards')!.message).toMatch(/^2 cards are too few for 2 players with 4 cards each \(the hand size of tiny\.bonus\)/);
  });

  it('updates on incremental edits', async () => {
    const uri = fx.uri('tiny.cardset');
    // Replace "3" by "2": the count now matches.
    client.change(uri, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, text: '2' }]);
    const d = await client.diagnostics(uri, (x) => !x.some((y) => y.code === 'cardset/count-mismatch'));
    expect(codes(d)).toEqual(['cardset/unknown-character', 'ruleset/not-enough-cards']);
  });

  it('re-checks the card set when the charset changes in the editor', async () => {
    const cardset = fx.uri('tiny.cardset');
    const charset = fx.uri('tiny.charset');
    client.open(charset, read('tiny.charset'));
    await client.diagnostics(charset, (d) => d.length === 0);
    client.change(charset, [{ text: '7\nAa\nBb\nEe\nNn\nSs\nTt\nXx\n' }]);
    const d = await client.diagnostics(cardset, (x) => !x.some((y) => y.code === 'cardset/unknown-character'));
    // X is in the charset now, but no word of the dictionary has it
    expect(codes(d)).toEqual(['ruleset/not-enough-cards', 'ruleset/unused-card']);
    client.close(charset);
    // Closed: the disk's charset (without X) counts again.
    const back = await client.diagnostics(cardset, (x) => x.some((y) => y.code === 'cardset/unknown-character'));
    expect(codes(back)).toContain('cardset/unknown-character');
  });

  it('re-checks the card set when the bonus file changes on disk (hand size)', async () => {
    const cardset = fx.uri('tiny.cardset');
    client.change(cardset, [{ text: read('tiny.cardset') }]);
    await client.diagnostics(cardset, (d) => d.length === 0);
    // Hand size 20: 24 cards are too few for 2 players.
    const lines: string[] = [];
    for (let k = -20; k <= 20; k++) lines.push(`${k}:0`);
    writeFileSync(fx.path('tiny.bonus'), lines.join('\n') + '\n');
    const d = await client.diagnostics(cardset, (x) => x.some((y) => y.code === 'ruleset/not-enough-cards'));
    expect(d.find((y) => y.code === 'ruleset/not-enough-cards')!.message).toMatch(/24 cards are too few for 2 players with 20 cards each/);
    writeFileSync(fx.path('tiny.bonus'), readFileSync('samples/tiny/tiny.bonus'));
    await client.diagnostics(cardset, (x) => x.length === 0);
  });

  it('warns on the first card of a character no word of the dictionary has, and not once a word has it', async () => {
    const cardset = fx.uri('tiny.cardset');
    const charset = fx.uri('tiny.charset');
    client.open(charset, read('tiny.charset').replace(/^\d+/, (n) => String(Number(n) + 1)).trimEnd() + '\nQq\n');
    const text = read('tiny.cardset');
    const withQ = text.replace(/^\d+/, (n) => String(Number(n) + 2)).trimEnd() + '\n[Q 9] [q 9]\n';
    client.change(cardset, [{ text: withQ }]);
    const d = await client.diagnostics(cardset, (x) => x.some((y) => y.code === 'ruleset/unused-card'));
    const unused = d.find((y) => y.code === 'ruleset/unused-card')!;
    expect(unused.message).toBe("no word has the character 'Q': its 2 cards can never be laid, only traded or left in a hand");
    expect(unused.severity).toBe(2);
    const lastLine = withQ.trimEnd().split('\n').length - 1;
    expect(unused.range).toEqual({ start: { line: lastLine, character: 0 }, end: { line: lastLine, character: 5 } });
    // a word with Q written into the dictionary on disk: the warning goes
    writeFileSync(fx.path('tiny.dict'), `${read('tiny.dict').trimEnd()}\nqat\n`);
    try {
      await client.diagnostics(cardset, (x) => !x.some((y) => y.code === 'ruleset/unused-card'));
    } finally {
      writeFileSync(fx.path('tiny.dict'), readFileSync('samples/tiny/tiny.dict'));
    }
    client.close(charset);
    client.change(cardset, [{ text }]);
    await client.diagnostics(cardset, (x) => x.length === 0);
  });

  it('says on the charset line a character words need and no card has (ruleset/no-card-for-character), again when a dictionary changes, and not once a card has it', async () => {
    const cardset = fx.uri('tiny.cardset');
    const charset = fx.uri('tiny.charset');
    // Qq added to the charset, no card of it (the card set open since the tests above)
    client.open(charset, read('tiny.charset').replace(/^\d+/, (n) => String(Number(n) + 1)).trimEnd() + '\nQq\n');
    await client.diagnostics(charset, (x) => x.length === 0);
    // a word with Q written into the dictionary on disk, and one into a second dictionary of
    // the ruleset (the words of both are counted): the charset is checked again
    writeFileSync(fx.path('tiny.extra.dict'), 'qeb\n');
    writeFileSync(fx.path('tiny.dict'), `${read('tiny.dict').trimEnd()}\nqat\n`);
    try {
      const d = await client.diagnostics(charset, (x) => x.some((y) => y.code === 'ruleset/no-card-for-character' && String(y.message).includes('2 words')));
      const w = d.find((y) => y.code === 'ruleset/no-card-for-character')!;
      // the tiny card set has 4 wildcards: QAT can be laid with one, an information
      expect([w.severity, w.range, w.message]).toEqual([3, { start: { line: 7, character: 0 }, end: { line: 7, character: 2 } }, "no card has the character 'Q': 2 words need it, such as 'QAT', and can only be laid with one of the 4 wildcards. Add cards of 'Q' to tiny.cardset to lay them otherwise"]);
      // with no wildcard, a warning: QAT can never be laid (the merged count, kept while the dictionaries stay the same)
      const text = read('tiny.cardset');
      client.change(cardset, [{ text: text.replace('[  0] [  0] [  -2] [  3]', '[A 1] [A 1] [A 1] [A 1]') }]);
      await client.diagnostics(charset, (x) => x.some((y) => y.code === 'ruleset/no-card-for-character' && y.severity === 2 && String(y.message).startsWith("no card has the character 'Q', and the card set has no wildcard: 2 words need it, such as 'QAT', and can never be laid")));
      // a card of Q: said no more
      client.change(cardset, [{ text: text.replace(/^24/, '25').trimEnd() + '\n[Q 9]\n' }]);
      await client.diagnostics(charset, (x) => x.length === 0);
      client.change(cardset, [{ text }]);
    } finally {
      rmSync(fx.path('tiny.extra.dict'));
      writeFileSync(fx.path('tiny.dict'), readFileSync('samples/tiny/tiny.dict'));
    }
    client.close(charset);
    await client.diagnostics(cardset, (x) => x.length === 0);
  });

  it('warns on a card set no word of the dictionaries can be spelled with (ruleset/no-word-spellable), and not once one can', async () => {
    const cardset = fx.uri('tiny.cardset');
    // no A, no E, no wildcard: every word of the tiny dictionary has one of them
    const vowelless = `24\n${'[B 3] [N 1] [S 1] [T 1]\n'.repeat(6)}`;
    // (open since the tests above, with the sample's text)
    client.change(cardset, [{ text: vowelless }]);
    const d = await client.diagnostics(cardset, (x) => x.some((y) => y.code === 'ruleset/no-word-spellable'));
    const w = d.find((y) => y.code === 'ruleset/no-word-spellable')!;
    expect(w.severity).toBe(2);
    expect(w.range).toEqual({ start: { line: 0, character: 0 }, end: { line: 0, character: 2 } });
    expect(w.message).toBe("no word of the dictionaries can be spelled with the cards, which have no wildcard: the nearest, 'AT', needs 1 card the card set does not have ('A'): no move is ever possible");
    // a wildcard spells 'AT'
    client.change(cardset, [{ text: vowelless.replace('[B 3]', '[  0]') }]);
    await client.diagnostics(cardset, (x) => !x.some((y) => y.code === 'ruleset/no-word-spellable'));
    // a dictionary of words of two vowels or more, written on disk: the card set is checked again
    writeFileSync(fx.path('tiny.dict'), 'beat\nseat\n');
    try {
      await client.diagnostics(cardset, (x) => x.some((y) => y.code === 'ruleset/no-word-spellable' && String(y.message).includes("the nearest, 'BEAT', needs 2 cards")));
    } finally {
      writeFileSync(fx.path('tiny.dict'), readFileSync('samples/tiny/tiny.dict'));
    }
    client.change(cardset, [{ text: read('tiny.cardset') }]);
    await client.diagnostics(cardset, (x) => x.length === 0);
  });

  it('warns on a charset line that makes several letters one (charset/several-letters)', async () => {
    const charset = fx.uri('tiny.charset');
    client.open(charset, '6\nAa\nBb\nEe\nNn\nSs\nTtHh\n');
    const d = await client.diagnostics(charset, (x) => x.some((y) => y.code === 'charset/several-letters'));
    const w = d.find((y) => y.code === 'charset/several-letters')!;
    expect(w.severity).toBe(2);
    expect(w.range).toEqual({ start: { line: 6, character: 0 }, end: { line: 6, character: 4 } });
    expect(w.message).toMatch(/^this line makes 'T', 't', 'H', 'h' one letter, .* \(Tt, Hh\)$/);
    client.close(charset);
    await client.diagnostics(charset, (x) => x.length === 0);
  });

  it('warns on a card table no word of the dictionaries fits (ruleset/no-word-fits), and not once one does', async () => {
    const table = fx.uri('tiny.cardtable');
    writeFileSync(fx.path('tiny.dict'), 'bat\nbeans\n');
    try {
      client.open(table, '2*1\n(-1,-1)\n(2,1)\n');
      const d = await client.diagnostics(table, (x) => x.some((y) => y.code === 'ruleset/no-word-fits'));
      const w = d.find((y) => y.code === 'ruleset/no-word-fits')!;
      expect(w.severity).toBe(2);
      expect(w.range.start).toEqual({ line: 0, character: 0 });
      expect(w.message).toBe("no word fits the table: the longest run of free cells a first move can use, (0,0)..(1,0), has 2 cells, and the shortest word of the dictionaries, 'BAT', has 3 characters: no move is ever possible");
      // a two-letter word written into the dictionary: the table is checked again
      writeFileSync(fx.path('tiny.dict'), 'bat\nbeans\nat\n');
      await client.diagnostics(table, (x) => !x.some((y) => y.code === 'ruleset/no-word-fits'));
    } finally {
      writeFileSync(fx.path('tiny.dict'), readFileSync('samples/tiny/tiny.dict'));
    }
    client.close(table);
    await client.diagnostics(table, (x) => x.length === 0);
  });

  it('checks a dictionary against the charset of its ruleset', async () => {
    const uri = fx.uri('tiny.dict');
    client.open(uri, 'bat\nzebra\n\na\n');
    const d = await client.diagnostics(uri);
    // z, r (twice? z,e,b,r,a: z and r unknown) and the one-letter word.
    expect(codes(d)).toEqual(['dictionary/too-short', 'dictionary/unknown-character', 'dictionary/unknown-character']);
    expect(d.filter((x) => x.code === 'dictionary/unknown-character').map((x) => x.range.start)).toEqual([{ line: 1, character: 0 }, { line: 1, character: 3 }]);
    client.close(uri);
    await client.diagnostics(uri, (x) => x.length === 0);
  });

  it('warns on a dictionary line of a word longer than any run of free cells (ruleset/words-too-long), again when the card table changes', async () => {
    const dict = fx.uri('tiny.dict');
    const table = fx.uri('tiny.cardtable');
    // the tiny table is 7*7: no run of free cells holds 8 letters; and 'bat' written twice, a
    // hint; both on the word of an indented line (they started at column 0)
    client.open(dict, 'bat\n\tsensates \nbeans\n  bat\n');
    const d = await client.diagnostics(dict, (x) => x.some((y) => y.code === 'ruleset/words-too-long'));
    const w = d.find((y) => y.code === 'ruleset/words-too-long')!;
    expect([w.severity, w.range, w.message]).toEqual([2, { start: { line: 1, character: 1 }, end: { line: 1, character: 9 } }, "1 word of the 3 is longer than the longest run of free cells on the table (7 cells), so can never be laid, such as 'SENSATES': remove them, or make the table larger or block fewer of its cells"]);
    const repeat = d.find((y) => y.code === 'dictionary/duplicate-word')!;
    expect([repeat.severity, repeat.range, repeat.message]).toEqual([4, { start: { line: 3, character: 2 }, end: { line: 3, character: 5 } }, "'bat' is also on line 1"]);
    // a larger table in the editor: the dictionary is checked again, and the word fits
    client.open(table, read('tiny.cardtable').replace('7*7', '8*8').replace('(7,7)', '(8,8)'));
    await client.diagnostics(dict, (x) => !x.some((y) => y.code === 'ruleset/words-too-long'));
    client.close(table);
    await client.diagnostics(dict, (x) => x.some((y) => y.code === 'ruleset/words-too-long'));
    // the removal list's words count no more than in the check: neither too long nor a repeat
    // (in an editor a removed word was still said to be both; a dictionary change is checked
    // after a pause of a second, so once)
    writeFileSync(fx.path('tiny.removed.dict'), 'SENSATES\nbat\n');
    try {
      await client.diagnostics(dict, (x) => x.length === 0);
      client.close(dict);
      await client.diagnostics(dict, (x) => x.length === 0);
    } finally {
      rmSync(fx.path('tiny.removed.dict'));
    }
  });

  it('clears the diagnostics of a closed document', async () => {
    const uri = fx.uri('tiny.bonus');
    client.open(uri, '-1:0\n1:0\n');
    await client.diagnostics(uri, (d) => d.some((x) => x.code === 'bonus/missing-key'));
    client.close(uri);
    await client.diagnostics(uri, (d) => d.length === 0);
  });
});

describe('completion', () => {
  it('offers charset characters inside a card', async () => {
    const uri = fx.uri('tiny.cardset');
    client.change(uri, [{ text: '1\n[' }]);
    const r = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 1 } });
    const labels = r.items.map((i) => i.label);
    expect(labels.slice(0, 6)).toEqual(['A', 'B', 'E', 'N', 'S', 'T']);
    expect(labels.some((l) => l.includes('wildcard'))).toBe(true);
    expect(r.items[0]!.textEdit).toMatchObject({ newText: 'A ${1:1}]' });
    // Not after a complete card.
    client.change(uri, [{ text: '1\n[A 1] ' }]);
    const none = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 7 } });
    expect(none.items).toEqual([]);
  });

  it('offers attribute keywords with snippets on a card-table line', async () => {
    const uri = fx.uri('tiny.cardtable');
    client.open(uri, read('tiny.cardtable').replace('(1,1) W 2;', '(1,1) W 2 '));
    const r = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 4, character: 10 } });
    expect(r.items.map((i) => i.label)).toEqual(['B', 'C', 'L']);
    expect(r.items.find((i) => i.label === 'C')!.textEdit).toMatchObject({ newText: 'C ${1:5}' });
    expect(r.items[0]!.insertTextFormat).toBe(2);
    // none after the start condition (the file's first pair) nor the end tag (its last): an
    // attribute there made it an attribute line, and the file lacked its start
    const text = read('tiny.cardtable');
    const lines = text.trimEnd().split('\n');
    const startLine = lines.findIndex((l) => /^\s*\(/.test(l));
    const endLine = lines.length - 1;
    for (const line of [startLine, endLine]) {
      const at = { line, character: lines[line]!.length };
      expect((await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: at })).items).toEqual([]);
    }
    // an empty line offers a whole attribute line before the end tag, none after it (text after the end)
    const spaced = text.replace('(1,1) W 2;', '\n(1,1) W 2;').trimEnd() + '\n\n';
    client.change(uri, [{ text: spaced }]);
    const emptyAt = (line: number) => client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line, character: 0 } });
    const blank = spaced.split('\n').indexOf('');
    expect(blank).toBeLessThan(endLine);
    expect((await emptyAt(blank)).items.map((i) => i.label)).toEqual(['(c,r) …;']);
    expect((await emptyAt(endLine + 2)).items).toEqual([]);
    client.close(uri);
  });

  it('a client without snippets, Markdown, symbol trees or CodeAction literals gets plain completions (the snippets\' defaults), plain hovers, a flat symbol list and quick fixes as commands', async () => {
    const plain = new LspClient();
    const vscodeLike = new LspClient();
    const applied: unknown[] = [];
    plain.conn.onRequest('workspace/applyEdit', (p: { edit: unknown }) => {
      applied.push(p.edit);
      return { applied: true };
    });
    const init = await plain.initialize({ players: 2 }, { snippets: false, markdown: false, hierarchical: false, literals: false });
    expect(init.capabilities.executeCommandProvider).toEqual({ commands: ['cardwords.applyFix'] });
    try {
      const uri = fx.uri('tiny.cardtable');
      plain.open(uri, read('tiny.cardtable').replace('(1,1) W 2;', '(1,1) W 2 '));
      const keywords = await plain.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 4, character: 10 } });
      expect(keywords.items.map((i) => [i.label, i.insertTextFormat, i.textEdit && 'newText' in i.textEdit ? i.textEdit.newText : null])).toEqual([
        ['B', 1, 'B'],
        ['C', 1, 'C 5'],
        ['L', 1, 'L 2'],
      ]);
      // an empty line before the end tag (after it, an attribute line would be text after the end)
      const spaced = read('tiny.cardtable').replace('(1,1) W 2;', '\n(1,1) W 2;');
      plain.change(uri, [{ text: spaced }]);
      const blank = spaced.split('\n').indexOf('');
      const line = await plain.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: blank, character: 0 } });
      expect(line.items.map((i) => [i.insertTextFormat, i.insertText])).toEqual([[1, '(0,0) B;']]);
      plain.change(uri, [{ text: read('tiny.cardtable') + '\n' }]);
      const cards = fx.uri('tiny.cardset');
      plain.open(cards, '1\n[');
      const chars = await plain.request<CompletionList>('textDocument/completion', { textDocument: { uri: cards }, position: { line: 1, character: 1 } });
      expect(chars.items[0]).toMatchObject({ label: 'A', insertTextFormat: 1, textEdit: { newText: 'A 1]' } });
      expect(chars.items.every((i) => i.insertTextFormat === 1 && !/\$\{?\d/.test(i.textEdit && 'newText' in i.textEdit ? i.textEdit.newText : ''))).toBe(true);
      // no Markdown declared (eglot without markdown-mode): hovers in plain text, the same words
      // (against a client that declares them, VS Code's way)
      plain.change(cards, [{ text: read('tiny.cardset') }]);
      await vscodeLike.initialize({ players: 2 });
      vscodeLike.open(cards, read('tiny.cardset'));
      vscodeLike.open(fx.uri('tiny.cardtable'), read('tiny.cardtable'));
      const at = { textDocument: { uri: cards }, position: { line: 1, character: 2 } };
      const rich = await vscodeLike.request<Hover>('textDocument/hover', at);
      const bare = await plain.request<Hover>('textDocument/hover', at);
      expect(rich.contents).toMatchObject({ kind: 'markdown', value: expect.stringMatching(/^\*\*A\*\* worth 1\n\nequivalents: `A` `a`\n\n4 cards of A/) });
      expect(bare.contents).toMatchObject({ kind: 'plaintext', value: expect.stringMatching(/^A worth 1\n\nequivalents: A a\n\n4 cards of A/) });
      expect(hoverText(bare)).not.toMatch(/\*|`/);
      expect(bare.range).toEqual(rich.range);
      // no symbol trees declared: a flat list in document order, each naming its parent
      type Tree = { name: string; range: unknown; children?: Tree[] };
      const walk = (ts: Tree[], parent?: string): Array<[string, string | undefined, unknown]> => ts.flatMap((t) => [[t.name, parent, t.range] as [string, string | undefined, unknown], ...walk(t.children ?? [], t.name)]);
      for (const uri of [cards, fx.uri('tiny.cardtable')]) {
        const tree = await vscodeLike.request<Tree[]>('textDocument/documentSymbol', { textDocument: { uri } });
        const flat = await plain.request<Array<{ name: string; containerName?: string; location: { uri: string; range: unknown } }>>('textDocument/documentSymbol', { textDocument: { uri } });
        expect(flat.every((f) => f.location.uri === uri)).toBe(true);
        expect(flat.map((f) => [f.name, f.containerName, f.location.range])).toEqual(walk(tree));
      }
      expect(walk(await vscodeLike.request<Tree[]>('textDocument/documentSymbol', { textDocument: { uri: cards } })).some(([, parent]) => parent !== undefined)).toBe(true);
      // no CodeAction literals declared: each quick fix is a Command, and running it sends the
      // same edit back as workspace/applyEdit
      const wrong = read('tiny.cardset').replace(/^24/, '30');
      plain.change(cards, [{ text: wrong }]);
      vscodeLike.change(cards, [{ text: wrong }]);
      const mismatch = (c: LspClient) => c.diagnostics(cards, (x) => x.some((y) => y.code === 'cardset/count-mismatch')).then((ds) => ds.filter((y) => y.code === 'cardset/count-mismatch'));
      const [dPlain, dRich] = await Promise.all([mismatch(plain), mismatch(vscodeLike)]);
      const at2 = (d: Diagnostic[]) => ({ textDocument: { uri: cards }, range: d[0]!.range, context: { diagnostics: d } });
      const literal = (await vscodeLike.request<CodeAction[]>('textDocument/codeAction', at2(dRich)))[0]!;
      const commands = await plain.request<Array<{ title: string; command: string; arguments: unknown[] }>>('textDocument/codeAction', at2(dPlain));
      expect(commands).toEqual([{ title: literal.title, command: 'cardwords.applyFix', arguments: [literal.edit] }]);
      await plain.request('workspace/executeCommand', { command: commands[0]!.command, arguments: commands[0]!.arguments });
      expect(applied).toEqual([literal.edit]);
      expect(applyEdits(wrong, literal.edit!.changes![cards]!)).toBe(read('tiny.cardset'));
      // anything else is not run
      await plain.request('workspace/executeCommand', { command: 'cardwords.applyFix', arguments: [{ changes: 'x' }] });
      await plain.request('workspace/executeCommand', { command: 'rm -rf', arguments: commands[0]!.arguments });
      expect(applied).toHaveLength(1);
    } finally {
      await plain.stop();
      await vscodeLike.stop();
    }
  });

  it('offers the missing bonus keys', async () => {
    const uri = fx.uri('tiny.bonus');
    client.open(uri, '-2:-1\n0:0\n2:5\n\n');
    const r = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 3, character: 0 } });
    expect(r.items.map((i) => i.label)).toEqual(['-1:', '1:']);
    client.close(uri);
  });
});

describe('hover', () => {
  it('shows a card’s equivalents and how many cards of it exist', async () => {
    const uri = fx.uri('tiny.cardset');
    client.change(uri, [{ text: read('tiny.cardset') }]);
    const h = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 2 } });
    expect(hoverText(h)).toContain('equivalents: `A` `a`');
    expect(hoverText(h)).toContain('4 cards of A in the set of 24: 3 × 1 point, 1 × 2 points');
  });

  it('names a table cell in the UI notation, with its indices as the preview writes them: C5 (2,4)', async () => {
    const uri = fx.uri('tiny.cardtable');
    client.open(uri, '7*7\n(3,3)\n(2,4) W 3 C 5;\n(7,7)\n');
    const h = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 3 } });
    expect(hoverText(h)).toContain('**C5 (2,4)**');
    expect(hoverText(h)).toContain('5 cell points, word factor 3');
    const start = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 1 } });
    expect(hoverText(start)).toContain('the first move must cover D4');
    // a line for a cell outside the table: a hover with the table's size, and its removal
    const outside = '7*7\n(3,3)\n(2,4) W 3;\n(4,9) C 2;\n(7,7)\n';
    client.change(uri, [{ text: outside }]);
    const d = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'cardtable/cell-outside'))).filter((x) => x.code === 'cardtable/cell-outside');
    const out = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 2 } });
    expect(hoverText(out)).toBe('**(4,9)** is outside the 7*7 table (columns 0..6, rows 0..6): this line has no effect');
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: d[0]!.range, context: { diagnostics: d } });
    expect(actions.map((a) => [a.title, a.isPreferred])).toEqual([['Remove the line of (4,9): it is outside the 7*7 table', true]]);
    expect(applyEdits(outside, actions[0]!.edit!.changes![uri]!)).toBe('7*7\n(3,3)\n(2,4) W 3;\n(7,7)\n');
    client.close(uri);
  });

  it('says a bonus line in words', async () => {
    const uri = fx.uri('tiny.bonus');
    client.open(uri, read('tiny.bonus'));
    const h = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 1 } });
    expect(hoverText(h)).toBe('trading 3 cards scores -2');
    const pass = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 4, character: 0 } });
    expect(hoverText(pass)).toBe('passing scores -1');
    client.close(uri);
  });
});

describe('a byte order mark', () => {
  it('opening a charset sent over LSP is not white space at the start of line 1 (the CLI drops it; the server said it)', async () => {
    const uri = fx.uri('tiny.charset');
    const since = client.published.length;
    client.open(uri, `\uFEFF${read('tiny.charset')}`);
    expect(await client.diagnostics(uri, () => true, 10_000, since)).toEqual([]);
    client.close(uri);
    await client.diagnostics(uri, (x) => x.length === 0);
  });
});

describe('quick fixes', () => {
  // the range the diagnostics cover, as a client sends them for a selection (the server fixes
  // those touching the range: Neovim 0.7 sends every diagnostic of the cursor's line)
  const actionsFor = async (uri: string, d: Diagnostic[]) =>
    client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: d[0]!.range.start, end: d[d.length - 1]!.range.end }, context: { diagnostics: d } });

  it('corrects the declared count', async () => {
    const uri = fx.uri('tiny.cardset');
    const text = read('tiny.cardset').replace(/^24/, '30');
    client.change(uri, [{ text }]);
    const d = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'cardset/count-mismatch'))).filter((x) => x.code === 'cardset/count-mismatch');
    const [a] = await actionsFor(uri, d);
    expect(a!.title).toBe('Change the declared count to 24');
    expect(applyEdits(text, a!.edit!.changes![uri]!)).toBe(read('tiny.cardset'));
  });

  it('a charset line written twice: its removal offered first, the count kept; then the count', async () => {
    const uri = fx.uri('tiny.charset');
    const text = '6\nAa\nBb\nEe\nNn\nEe\nSs\nTt\n';
    client.open(uri, text);
    const d = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'charset/count-mismatch'))).filter((x) => x.code === 'charset/count-mismatch');
    const actions = await actionsFor(uri, d);
    // only "Change the declared count to 7" was offered
    expect(actions.map((a) => [a.title, a.isPreferred])).toEqual([['Remove line 6 (Ee): it repeats an earlier line', true], ['Change the declared count to 7', false]]);
    expect(applyEdits(text, actions[0]!.edit!.changes![uri]!)).toBe(read('tiny.charset'));
    client.close(uri);
    await client.diagnostics(uri, (x) => x.length === 0);
  });

  it('a table size written 11x6: written 11*6 (the message said so, and no fix was offered)', async () => {
    const uri = fx.uri('tiny.cardtable');
    const text = read('tiny.cardtable').replace(/^(\d+)\*(\d+)/, '$1x$2');
    client.open(uri, text);
    const d = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'cardtable/invalid-dimensions'))).filter((x) => x.code === 'cardtable/invalid-dimensions');
    const [a] = await actionsFor(uri, d);
    expect([a!.title, a!.isPreferred]).toEqual([`Write the dimensions ${/^\d+\*\d+/.exec(read('tiny.cardtable'))![0]}`, true]);
    expect(applyEdits(text, a!.edit!.changes![uri]!)).toBe(read('tiny.cardtable'));
    // an attribute in lower case (`w 2`, `b`): written in upper case (no fix was offered)
    const lower = read('tiny.cardtable').replace('(1,1) W 2;', '(1,1) w 2;').replace('(0,0) B;', '(0,0) b;');
    client.change(uri, [{ text: lower }]);
    const dl = (await client.diagnostics(uri, (x) => x.filter((y) => y.code === 'cardtable/unknown-attribute').length === 2)).filter((x) => x.code === 'cardtable/unknown-attribute');
    let fixed = lower;
    for (const d1 of dl.reverse()) {
      const [u] = await actionsFor(uri, [d1]);
      expect([u!.title, u!.isPreferred]).toEqual([d1.range.start.line === 2 ? 'Write B' : 'Write W', true]);
      fixed = applyEdits(fixed, u!.edit!.changes![uri]!);
    }
    expect(fixed).toBe(read('tiny.cardtable'));
    // an end tag inside the table (`(6,6)` ending 7*7): the one the size asks
    const small = read('tiny.cardtable').replace('(7,7)', '(6,6)');
    client.change(uri, [{ text: small }]);
    const dt = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'cardtable/invalid-end-tag'))).filter((x) => x.code === 'cardtable/invalid-end-tag');
    const [tag] = await actionsFor(uri, dt);
    expect([tag!.title, tag!.isPreferred]).toEqual(['Write (7,7)', true]);
    expect(applyEdits(small, tag!.edit!.changes![uri]!)).toBe(read('tiny.cardtable'));
    client.close(uri);
    await client.diagnostics(uri, (x) => x.length === 0);
  });

  it("never offers to add U+FFFD (a byte a client could not decode) to the charset", async () => {
    const dict = fx.uri('tiny.dict');
    client.open(dict, 'b\uFFFDe\n');
    const d = await client.diagnostics(dict, (x) => x.some((y) => y.code === 'dictionary/unknown-character'));
    // the word's removal only
    expect((await actionsFor(dict, d)).map((a) => a.title)).toEqual(['Remove this word (b\uFFFDe)']);
    client.close(dict);
    await client.diagnostics(dict, (x) => x.length === 0);
  });

  it('adds a missing character to the charset', async () => {
    const uri = fx.uri('tiny.cardset');
    client.change(uri, [{ text: '1\n[ä 3]\n' }]);
    const d = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'cardset/unknown-character'))).filter((x) => x.code === 'cardset/unknown-character');
    const [a] = await actionsFor(uri, d);
    expect(a!.title).toBe("Add 'Ää' to the charset tiny.charset");
    const edits = a!.edit!.changes![fx.uri('tiny.charset')]!;
    expect(applyEdits(read('tiny.charset'), edits)).toBe('7\nAa\nBb\nEe\nNn\nSs\nTt\nÄä\n');
    // or the card removed (the only fix was adding its character), the total lowered
    const withQ = '4\n[A 1] [Q 10] [B 2]\n[q 3]\n';
    client.change(uri, [{ text: withQ }]);
    const dq = (await client.diagnostics(uri, (x) => x.filter((y) => y.code === 'cardset/unknown-character').length === 2)).filter((x) => x.code === 'cardset/unknown-character');
    const card = await actionsFor(uri, [dq[0]!]);
    expect(card.map((a) => [a.title, a.isPreferred])).toEqual([["Add 'Qq' to the charset tiny.charset", true], ['Remove this card ([Q 10])', false]]);
    expect(applyEdits(withQ, card[1]!.edit!.changes![uri]!)).toBe('3\n[A 1] [B 2]\n[q 3]\n');
    const last = await actionsFor(uri, [dq[1]!]);
    expect(applyEdits(withQ, last[1]!.edit!.changes![uri]!)).toBe('3\n[A 1] [Q 10] [B 2]\n\n');
    // its other case listed on a line of its own (`t`): written on that line, one letter (a line
    // `T` of its own made it another letter)
    const charset = fx.uri('tiny.charset');
    const oneCase = read('tiny.charset').replace('Tt', 't');
    client.open(charset, oneCase);
    client.change(uri, [{ text: '1\n[T 3]\n' }]);
    const dt = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'cardset/unknown-character' && String(y.message).includes("but 't' is")))).filter((x) => x.code === 'cardset/unknown-character');
    const [tt] = await actionsFor(uri, dt);
    expect([tt!.title, tt!.isPreferred]).toEqual(["Add 'T' to line 7 of tiny.charset, one letter with 't'", true]);
    expect(applyEdits(oneCase, tt!.edit!.changes![charset]!)).toBe(oneCase.replace('\nt\n', '\ntT\n'));
    client.close(charset);
    // and a word
    const dict = fx.uri('tiny.dict');
    client.open(dict, 'bat\nquiet\nbe\n');
    const dw = await client.diagnostics(dict, (x) => x.length === 3);
    const word = await actionsFor(dict, dw);
    expect(word.map((a) => a.title)).toEqual(["Add 'Qq' to the charset tiny.charset", "Add 'Uu' to the charset tiny.charset", "Add 'Ii' to the charset tiny.charset", 'Remove this word (quiet)']);
    expect(applyEdits('bat\nquiet\nbe\n', word[3]!.edit!.changes![dict]!)).toBe('bat\nbe\n');
    // a word on the last line, with no line break after it: the break before it goes
    const since = client.published.length;
    client.change(dict, [{ text: 'bat\nquiet' }]);
    const dl = await client.diagnostics(dict, (x) => x.length === 3, 10_000, since);
    const lastWord = (await actionsFor(dict, dl)).find((a) => a.title === 'Remove this word (quiet)')!;
    expect(applyEdits('bat\nquiet', lastWord.edit!.changes![dict]!)).toBe('bat');
    client.close(dict);
    await client.diagnostics(dict, (x) => x.length === 0);
  });

  it('puts the charset\'s letter in place of a look-alike of another script (preferred), adding it to the charset the other choice', async () => {
    const uri = fx.uri('tiny.cardset');
    // a Cyrillic А (U+0410), typed on a Cyrillic keyboard layout, for the charset's Latin A
    client.change(uri, [{ text: '2\n[\u0410 3] [\u0410 1]\n' }]);
    const d = (await client.diagnostics(uri, (x) => x.some((y) => String(y.message).includes('U+0410')))).filter((x) => x.code === 'cardset/unknown-character');
    expect(d.map((x) => x.message)).toEqual(Array(2).fill("'А' (U+0410) is not in the charset, but 'A' (U+0041), which looks the same, is: a letter of another script?"));
    // one action a title: the two cards' fixes are one (eglot's menu kept one of two alike, applied at the other card)
    const actions = await actionsFor(uri, d);
    expect(actions.map((a) => [a.title, a.isPreferred])).toEqual([["Replace every 'А' (U+0410) with 'A' (U+0041), the charset's look-alike", true], ["Add 'Аа' to the charset tiny.charset", false], ['Remove this card ([\u0410 3])', false], ['Remove this card ([\u0410 1])', false]]);
    expect(applyEdits('2\n[\u0410 3] [\u0410 1]\n', actions[0]!.edit!.changes![uri]!)).toBe('2\n[A 3] [A 1]\n');
    expect(actions[1]!.edit!.changes![fx.uri('tiny.charset')]).toHaveLength(2); // the line, and the count raised: once
    // a dictionary word typed on a Cyrillic layout: its look-alikes replaced at once
    const dict = fx.uri('tiny.dict');
    client.open(dict, 'ТЕЅТ\n');
    const dd = await client.diagnostics(dict, (x) => x.length === 4);
    const [word] = await actionsFor(dict, dd);
    expect([word!.title, word!.isPreferred]).toEqual(["Replace 'ТЕЅТ' with 'TEST', the charset's look-alike letters", true]);
    expect(applyEdits('ТЕЅТ\n', word!.edit!.changes![dict]!)).toBe('TEST\n');
    client.close(dict);
    await client.diagnostics(dict, (x) => x.length === 0);
  });

  it('writes the letters a charset line made one on lines of their own, the count raised', async () => {
    const uri = fx.uri('tiny.charset');
    const text = '7\nAa\nBb\nEe\nNn\nSs\nTt\nCHch\n';
    client.open(uri, text);
    const d = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'charset/several-letters'))).filter((x) => x.code === 'charset/several-letters');
    const [a] = await actionsFor(uri, d);
    expect(a!.title).toBe('Write each letter on a line of its own: Cc, Hh');
    expect(applyEdits(text, a!.edit!.changes![uri]!)).toBe('8\nAa\nBb\nEe\nNn\nSs\nTt\nCc\nHh\n');
    // a count that did not match is left to its own fix; a line with more than letters is not split
    const wrong = '9\nAa\nBb\nEe\nNn\nSs\nTt\nCHch\n';
    let since = client.published.length;
    client.change(uri, [{ text: wrong }]);
    const dw = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'charset/several-letters'), 10_000, since)).filter((x) => x.code === 'charset/several-letters');
    expect(applyEdits(wrong, (await actionsFor(uri, dw))[0]!.edit!.changes![uri]!)).toBe('9\nAa\nBb\nEe\nNn\nSs\nTt\nCc\nHh\n');
    since = client.published.length;
    client.change(uri, [{ text: '7\nAa\nBb\nEe\nNn\nSs\nTt\nCH1ch\n' }]);
    const dn = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'charset/several-letters'), 10_000, since)).filter((x) => x.code === 'charset/several-letters');
    expect((await actionsFor(uri, dn)).filter((x) => x.title.startsWith('Write each letter'))).toEqual([]);
    // a Latin H beside a Greek η: the Greek capital in its place, not two lines
    since = client.published.length;
    client.change(uri, [{ text: '7\nAa\nBb\nEe\nNn\nSs\nTt\nHη\n' }]);
    const dh = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'charset/several-letters'), 10_000, since)).filter((x) => x.code === 'charset/several-letters');
    const [swap] = await actionsFor(uri, dh);
    expect([swap!.title, swap!.isPreferred]).toEqual(["Replace 'H' (U+0048) with 'Η' (U+0397), the charset's look-alike", true]);
    expect(applyEdits('7\nAa\nBb\nEe\nNn\nSs\nTt\nHη\n', swap!.edit!.changes![uri]!)).toBe('7\nAa\nBb\nEe\nNn\nSs\nTt\nΗη\n');
    // a letter of the line that another line lists already (H, on the Hη line) is left out of
    // the split, and the title says so: a line `Hh` was a duplicate H
    const both = '8\nAa\nBb\nEe\nNn\nSs\nTt\nHη\nCHch\n';
    since = client.published.length;
    client.change(uri, [{ text: both }]);
    const db = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'charset/several-letters' && y.range.start.line === 8), 10_000, since)).filter((x) => x.code === 'charset/several-letters' && x.range.start.line === 8);
    const [split] = await actionsFor(uri, db);
    expect(split!.title).toBe("Write each letter on a line of its own: Cc, h; left out as listed already: 'H' on line 8");
    expect(applyEdits(both, split!.edit!.changes![uri]!)).toBe('9\nAa\nBb\nEe\nNn\nSs\nTt\nHη\nCc\nh\n');
    client.close(uri);
  });

  it("joins a letter's cases written on two lines into one line, as the others are written (charset/split-case), the count lowered", async () => {
    const uri = fx.uri('tiny.charset');
    const text = '7\nA\nBb\nEe\nNn\nSs\nTt\na\n';
    client.open(uri, text);
    const d = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'charset/split-case'))).filter((x) => x.code === 'charset/split-case');
    const [a] = await actionsFor(uri, d);
    expect([a!.title, a!.isPreferred]).toEqual(['Write one line `Aa` in place of lines 2 and 8', true]);
    const fixed = applyEdits(text, a!.edit!.changes![uri]!);
    expect(fixed).toBe(read('tiny.charset'));
    client.change(uri, [{ text: fixed }]);
    await client.diagnostics(uri, (x) => x.length === 0);
    // the lower case first, the upper on a last line with no break after it: the upper first
    // on the earlier line, the break before the later one gone
    const since = client.published.length;
    const lowerFirst = '7\na\nBb\nEe\nNn\nSs\nTt\nA';
    client.change(uri, [{ text: lowerFirst }]);
    const dl = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'charset/split-case'), 10_000, since)).filter((x) => x.code === 'charset/split-case');
    const [b] = await actionsFor(uri, dl);
    expect(b!.title).toBe('Write one line `Aa` in place of lines 2 and 8');
    expect(applyEdits(lowerFirst, b!.edit!.changes![uri]!)).toBe(read('tiny.charset').trimEnd());
    client.close(uri);
  });

  it('adds the missing bonus keys', async () => {
    const uri = fx.uri('tiny.bonus');
    const text = '-2:-1\n0:0\n2:5\n';
    client.open(uri, text);
    const d = (await client.diagnostics(uri, (x) => x.length > 0)).filter((x) => x.code === 'bonus/missing-key');
    const [a] = await actionsFor(uri, d);
    expect(a!.title).toBe('Add the missing keys -1, 1 (value 0)');
    const fixed = applyEdits(text, a!.edit!.changes![uri]!);
    // each in its place where the keys go up (they were added at the end)
    expect(fixed).toBe('-2:-1\n-1:0\n0:0\n1:0\n2:5\n');
    client.change(uri, [{ text: fixed }]);
    await client.diagnostics(uri, (x) => x.length === 0);
    // a CRLF file gets CRLF lines (it got \n ones, the file's line breaks mixed)
    const crlf = '-2:-1\r\n0:0\r\n2:5\r\n';
    client.change(uri, [{ text: crlf }]);
    const dc = (await client.diagnostics(uri, (x) => x.length > 0)).filter((x) => x.code === 'bonus/missing-key');
    const [c] = await actionsFor(uri, dc);
    expect(applyEdits(crlf, c!.edit!.changes![uri]!)).toBe('-2:-1\r\n-1:0\r\n0:0\r\n1:0\r\n2:5\r\n');
    // a line written with another separator: as `k:v` (the message says what to write)
    const eq = '-2:-1\n-1:0\n0 = 0\n1:0\n2:5\n';
    client.change(uri, [{ text: eq }]);
    const de = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'bonus/invalid-line'))).filter((x) => x.code === 'bonus/invalid-line');
    const [e] = await actionsFor(uri, de);
    expect([e!.title, e!.isPreferred]).toEqual(['Write 0:0', true]);
    expect(applyEdits(eq, e!.edit!.changes![uri]!)).toBe('-2:-1\n-1:0\n0:0\n1:0\n2:5\n');
    // keys in no order: added at the end, as they come
    const unordered = '2:5\n-2:-1\n0:0\n';
    client.change(uri, [{ text: unordered }]);
    const du = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'bonus/missing-key'))).filter((x) => x.code === 'bonus/missing-key');
    const [u] = await actionsFor(uri, du);
    expect(applyEdits(unordered, u!.edit!.changes![uri]!)).toBe('2:5\n-2:-1\n0:0\n-1:0\n1:0\n');
    // a key below the first goes before it, one above the last after it
    for (const [text2, want] of [['-1:-1\n0:0\n1:0\n2:5\n', '-2:0\n-1:-1\n0:0\n1:0\n2:5\n'], ['-2:-1\n-1:0\n0:0\n1:0', '-2:-1\n-1:0\n0:0\n1:0\n2:0\n']] as const) {
      client.change(uri, [{ text: text2 }]);
      const dw = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'bonus/missing-key' && (typeof y.message === 'string' ? y.message : y.message.value).includes(want.includes('-2:0') ? '-2' : ' 2')))).filter((x) => x.code === 'bonus/missing-key');
      const [w] = await actionsFor(uri, dw);
      expect(applyEdits(text2, w!.edit!.changes![uri]!)).toBe(want);
    }
    client.close(uri);
  });

  it('merges or removes a duplicate cell line', async () => {
    const uri = fx.uri('tiny.cardtable');
    const text = '7*7\n(3,3)\n(1,1) W 2;\n(2,2) B;\n(1,1) C 5 W 3;\n(7,7)\n';
    client.open(uri, text);
    const d = (await client.diagnostics(uri, (x) => x.length > 0)).filter((x) => x.code === 'cardtable/duplicate-cell');
    expect(d).toHaveLength(1);
    const actions = await actionsFor(uri, d);
    expect(actions.map((a) => a.title)).toEqual(['Merge into the first line of (1,1): (1,1) W 2 C 5;', 'Remove the duplicate line of (1,1)']);
    expect(applyEdits(text, actions[0]!.edit!.changes![uri]!)).toBe('7*7\n(3,3)\n(1,1) W 2 C 5;\n(2,2) B;\n(7,7)\n');
    expect(applyEdits(text, actions[1]!.edit!.changes![uri]!)).toBe('7*7\n(3,3)\n(1,1) W 2;\n(2,2) B;\n(7,7)\n');
    // the fixes offered once `next` replaces the text (its own diagnostics, not the last text's)
    const fixesOf = async (next: string) => {
      const since = client.published.length;
      client.change(uri, [{ text: next }]);
      const dn = (await client.diagnostics(uri, (x) => x.some((y) => y.code === 'cardtable/duplicate-cell'), 10_000, since)).filter((x) => x.code === 'cardtable/duplicate-cell');
      return actionsFor(uri, dn);
    };
    // an item over two lines: merged whole (the B was dropped), removed whole ("  B;" was left)
    const split = '7*7\n(3,3)\n(1,1) C 2;\n(1,1)\n  B;\n(7,7)\n';
    const a2 = await fixesOf(split);
    expect(a2.map((a) => a.title)).toEqual(['Merge into the first line of (1,1): (1,1) C 2 B;', 'Remove the duplicate line of (1,1)']);
    expect(applyEdits(split, a2[0]!.edit!.changes![uri]!)).toBe('7*7\n(3,3)\n(1,1) C 2 B;\n(7,7)\n');
    expect(applyEdits(split, a2[1]!.edit!.changes![uri]!)).toBe('7*7\n(3,3)\n(1,1) C 2;\n(7,7)\n');
    // two items of one cell on one line: offered too (nothing was)
    const one = '7*7\n(3,3)\n(1,1) W 2; (1,1) C 3; (2,2) B;\n(7,7)\n';
    const a3 = await fixesOf(one);
    expect(a3.map((a) => a.title)).toEqual(['Merge into the first item of (1,1) on this line: (1,1) W 2 C 3;', 'Remove the second item of (1,1) on this line']);
    expect(applyEdits(one, a3[0]!.edit!.changes![uri]!)).toBe('7*7\n(3,3)\n(1,1) W 2 C 3;  (2,2) B;\n(7,7)\n');
    expect(applyEdits(one, a3[1]!.edit!.changes![uri]!)).toBe('7*7\n(3,3)\n(1,1) W 2;  (2,2) B;\n(7,7)\n');
    client.close(uri);
  });

  it('adds a missing `;`, one fix for each of several on a line, the text as if typed', async () => {
    const uri = fx.uri('tiny.cardtable');
    const text = '7*7\n(3,3)\n(1,1) W 2\n(2,2) B;\n(4,4) C 5 (5,5) L 2\n(7,7)\n';
    const typed = '7*7\n(3,3)\n(1,1) W 2;\n(2,2) B;\n(4,4) C 5; (5,5) L 2;\n(7,7)\n';
    client.open(uri, text);
    try {
      const d = await client.diagnostics(uri, (x) => x.some((y) => y.code === 'cardtable/missing-semicolon'));
      expect(d.map((x) => [x.code, x.range])).toEqual([[2, 9], [4, 9], [4, 19]].map(([line, character]) => ['cardtable/missing-semicolon', { start: { line, character }, end: { line, character } }]));
      // the cursor on line 4: the client sends the two diagnostics of that line
      const line4 = d.filter((x) => x.range.start.line === 4);
      const onLine = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } }, context: { diagnostics: line4 } });
      // (each named by its place: a menu listed "Add the missing ';'" twice)
      expect(onLine.map((a) => [a.title, a.kind, a.isPreferred, a.diagnostics])).toEqual(line4.map((x) => [`Add the missing ';' (line 5, character ${x.range.start.character + 1})`, 'quickfix', true, [x]]));
      expect(applyEdits(text, onLine[0]!.edit!.changes![uri]!)).toBe(text.replace('C 5 ', 'C 5; '));
      expect(applyEdits(text, onLine[1]!.edit!.changes![uri]!)).toBe(text.replace('L 2\n', 'L 2;\n'));
      // every fix at once (as an editor's "fix all preferred" applies them): no diagnostic left
      const all = await actionsFor(uri, d);
      expect(all).toHaveLength(3);
      const fixed = applyEdits(text, all.flatMap((a) => a.edit!.changes![uri]!));
      expect(fixed).toBe(typed);
      client.change(uri, [{ text: fixed }]);
      await client.diagnostics(uri, (x) => x.length === 0);
      // a stale diagnostic (the `;` is there now) gets no fix
      expect(await actionsFor(uri, d)).toEqual([]);
    } finally {
      client.close(uri);
    }
  });
});

describe('formatting, symbols, folding, tokens, hints, lenses', () => {
  it('formats with the canonical printer, and leaves a broken file alone', async () => {
    const uri = fx.uri('tiny.cardtable');
    client.open(uri, '7*7\n(3,3)\n(0 ,0) B;\n(1,1)   W 2;\n(7,7)\n');
    const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    expect(edits).toHaveLength(1);
    expect(edits[0]!.newText).toBe('7*7\n(3,3)\n(0,0) B;\n(1,1) W 2;\n(7,7)\n');
    client.change(uri, [{ text: '7*7\n(3,3)\n(0,0) Q;\n' }]);
    expect(await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })).toEqual([]);
    client.close(uri);
  });

  it('formats a card set whose total does not match and a bonus file with missing keys (their layout keeps every item); says why it leaves a file alone', async () => {
    const opts = { tabSize: 2, insertSpaces: true };
    const cards = fx.uri('tiny.cardset');
    client.change(cards, [{ text: '4\n[A 1] [a 1]   [E 1]\n' }]);
    expect((await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: cards }, options: opts })).map((e) => e.newText)).toEqual(['4\n[A 1] [a 1]\n[E 1]\n']);
    client.change(cards, [{ text: read('tiny.cardset') }]);
    const bonus = fx.uri('tiny.bonus');
    client.open(bonus, '1:0\n-1:-1\n 0 : 0\n2:1\n');
    expect((await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: bonus }, options: opts })).map((e) => e.newText)).toEqual(['1:0\n-1:-1\n0:0\n2:1\n']);
    // a repeated key would be dropped: nothing formatted, and the client is told why
    const before = client.shown.length;
    client.change(bonus, [{ text: '1:0\n-1:-1\n0:0\n0:5\n' }]);
    expect(await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: bonus }, options: opts })).toEqual([]);
    await waitFor(() => client.shown.length > before);
    expect(client.shown.at(-1)).toEqual({ type: 3, message: "Not formatted: tiny.bonus has an error on line 4 (bonus/duplicate-key: key 0 is already set on line 3): formatting it would lose text. Fix it, then format again." });
    client.close(bonus);
  });

  it('formats a card set with its ruleset’s charset: equivalent characters (tiny’s Aa) share a line, each spelled as written', async () => {
    const uri = fx.uri('tiny.cardset'); // open since the diagnostics' tests
    client.change(uri, [{ text: '3\n[A 1]   [a 1]  [B 3]\n' }]);
    const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    expect(edits.map((e) => e.newText)).toEqual(['3\n[A 1] [a 1]\n[B 3]\n']);
    client.change(uri, [{ text: read('tiny.cardset') }]);
  });

  it('lists document symbols', async () => {
    const uri = fx.uri('tiny.cardtable');
    client.open(uri, read('tiny.cardtable'));
    const s = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    expect(s.map((x) => x.name)).toEqual(['7*7', 'A1 (0,0)', 'G7 (6,6)', 'B2 (1,1)', 'F6 (5,5)', 'D1 (3,0)', 'D7 (3,6)', 'A4 (0,3)', 'G4 (6,3)']);
    client.change(fx.uri('tiny.cardset'), [{ text: read('tiny.cardset') }]);
    const cs = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: fx.uri('tiny.cardset') } });
    expect(cs.map((x) => `${x.name}:${x.detail}`)).toEqual(['A:4 cards', 'B:2 cards', 'E:4 cards', 'N:3 cards', 'S:3 cards', 'T:4 cards', 'wildcard:4 cards']);
  });

  it('folds the attribute lines of a card table', async () => {
    const uri = fx.uri('tiny.cardtable');
    const f = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
    expect(f).toContainEqual({ startLine: 2, endLine: 9, kind: 'region' });
  });

  it('returns semantic tokens with the announced legend', async () => {
    const uri = fx.uri('tiny.bonus');
    client.open(uri, '-4:-3\n0:1\n');
    const t = await client.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri } });
    // -4 property, ':' operator, -3 number; then the next line.
    expect(t.data).toEqual([0, 0, 2, 4, 0, 0, 2, 1, 6, 0, 0, 1, 2, 0, 0, 1, 0, 1, 4, 0, 0, 1, 1, 6, 0, 0, 1, 1, 0, 0]);
    client.close(uri);
  });

  it('shows inlay hints: the running card count, cell names', async () => {
    const cardset = fx.uri('tiny.cardset');
    client.change(cardset, [{ text: read('tiny.cardset') }]);
    const h = await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: cardset }, range: { start: { line: 0, character: 0 }, end: { line: 99, character: 0 } } });
    expect(h.map((x) => x.label)).toEqual(['4 cards', '6 cards', '10 cards', '13 cards', '16 cards', '20 cards', '24 cards']);
    const t = await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: fx.uri('tiny.cardtable') }, range: { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } } });
    expect(t.map((x) => [x.label, x.position])).toEqual([['A1', { line: 2, character: 5 }], ['G7', { line: 3, character: 5 }]]);
  });

  it('offers the Preview table and Show distribution lenses', async () => {
    const t = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: fx.uri('tiny.cardtable') } });
    expect(t.map((l) => l.command)).toEqual([{ title: 'Preview table', command: 'cardwords.previewTable', arguments: [fx.uri('tiny.cardtable')] }]);
    const c = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: fx.uri('tiny.cardset') } });
    expect(c.map((l) => l.command?.command)).toEqual(['cardwords.showDistribution']);
  });
});

describe('custom requests', () => {
  it('cardwords/tablePreview: grid, attributes, start condition, blocked cells', async () => {
    const p = await client.request<TablePreview>(TABLE_PREVIEW_METHOD, { uri: fx.uri('tiny.cardtable') });
    expect([p.width, p.height, p.cells.length]).toEqual([7, 7, 49]);
    expect(p.blocked).toEqual([[0, 0], [6, 6]]);
    expect(p.cells[3 * 7 + 6]).toEqual({ column: 6, row: 3, name: 'G4', blocked: false, points: 5, letterFactor: 2, wordFactor: 1 });
    expect(p.start).toEqual({ column: 3, row: 3, touchColumn: 3, touchRow: 3, description: 'the first move must cover D4 (3,3)' });
    expect(p.columnLabels.join('')).toBe('ABCDEFG');
    expect(p.special).toHaveLength(8);
    expect(p.errors).toBe(0);
    // From another file of the ruleset, not open: the table on disk.
    const q = await client.request<TablePreview>(TABLE_PREVIEW_METHOD, { uri: fx.uri('tiny.bonus') });
    expect(q.width).toBe(7);
  });

  it('cardwords/tablePreview of an unsaved card table (untitled:, known by its language id): the editor\'s text, as its lens asks; a table too large to preview comes with its real size', async () => {
    const uri = 'untitled:Untitled-1';
    client.open(uri, '3*2\n(0,0)\n(1,1) W 2;\n(3,2)\n', 'cardwords-cardtable');
    try {
      const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
      expect(lenses.map((l) => [l.command?.command, l.command?.arguments])).toEqual([['cardwords.previewTable', [uri]]]);
      const p = await client.request<TablePreview>(TABLE_PREVIEW_METHOD, { uri });
      expect([p.uri, p.version, p.width, p.height, p.errors]).toEqual([uri, 1, 3, 2, 0]);
      expect(p.cells[1 * 3 + 1]).toMatchObject({ name: 'B2', wordFactor: 2 });
      // it follows the text as typed
      client.change(uri, [{ text: '4*2\n(0,0)\n(4,2)\n' }]);
      const q = await client.request<TablePreview>(TABLE_PREVIEW_METHOD, { uri });
      expect([q.version, q.width]).toEqual([2, 4]);
      expect([q.size, q.maxCells]).toEqual([{ width: 4, height: 2 }, 250_000]);
      // too large to preview: no cells, but the real size, so the client can say why (it said 0*0)
      client.change(uri, [{ text: '1000*1000\n(500,500)\n(1000,1000)\n' }]);
      const big = await client.request<TablePreview>(TABLE_PREVIEW_METHOD, { uri });
      expect([big.width, big.height, big.cells.length, big.size, big.maxCells]).toEqual([0, 0, 0, { width: 1000, height: 1000 }, 250_000]);
      expect([tooLargeToPreview(big), tooLargeToPreview(q)]).toEqual([{ width: 1000, height: 1000 }, null]);
      expect([big.sizeUnreadable, unreadableSize(big)]).toEqual([null, null]);
      // a size that cannot be read: 0 x 0, and why (it came with no reason, the editors saying only that it is unreadable)
      client.change(uri, [{ text: 'wide\n(9,5)\n(19,10)\n' }]);
      const bad = await client.request<TablePreview>(TABLE_PREVIEW_METHOD, { uri });
      expect([bad.width, bad.height, bad.size]).toEqual([0, 0, null]);
      expect(unreadableSize(bad)).toEqual({ message: 'expected the dimensions `width*height`, such as `19*10`', code: 'cardtable/invalid-dimensions', line: 0, character: 0 });
      client.change(uri, [{ text: '99999999999*3\n(0,0)\n(1,10)\n' }]);
      const zero = await client.request<TablePreview>(TABLE_PREVIEW_METHOD, { uri });
      expect(unreadableSize(zero)?.code).toBe('cardtable/dimensions-range');
    } finally {
      client.close(uri);
    }
  });

  it('cardwords/distribution: cards per character against the dictionary', async () => {
    const s = await client.request<DistributionStats>(DISTRIBUTION_METHOD, { uri: fx.uri('tiny.cardset') });
    expect(s.rows.map((r) => r.char)).toEqual(['A', 'B', 'E', 'N', 'S', 'T']);
    expect(s.rows.map((r) => r.cards)).toEqual([4, 2, 4, 3, 3, 4]);
    expect([s.totalCards, s.wildcards, s.words]).toEqual([24, 4, 37]);
    const dict = read('tiny.dict');
    const es = [...dict].filter((c) => c === 'e').length;
    expect(s.rows[2]!.occurrences).toBe(es);
    expect(s.rows.reduce((x, r) => x + r.frequency, 0)).toBeCloseTo(1, 9);
    expect(s.rows.reduce((x, r) => x + r.suggestedCards, 0)).toBe(20);
    expect(s.rows[0]!.meanPoints).toBe(1.25);
  });

  it('cardwords/distribution: a dictionary on disk with an invalid byte on a line counts its other words (it counted none: the file was dropped)', async () => {
    // in a UTF-8 file (é): one with no valid sequence reads as Latin-1, whole
    writeFileSync(fx.path('tiny.dict'), Buffer.concat([Buffer.from(`${read('tiny.dict').trimEnd()}\nbé\n`), Buffer.from([0x62, 0xff, 0x0a])]));
    try {
      const s = await client.request<DistributionStats>(DISTRIBUTION_METHOD, { uri: fx.uri('tiny.cardset') });
      expect([s.words, s.leftOut]).toEqual([37, 2]);
    } finally {
      writeFileSync(fx.path('tiny.dict'), readFileSync('samples/tiny/tiny.dict'));
    }
  });

  it('answers a request about a file that is not there with an error', async () => {
    await expect(client.request(DISTRIBUTION_METHOD, { uri: fx.uri('nothing/none.cardset') })).rejects.toThrow(/no charset/);
    // an unsaved card set: why there is none (it said "no charset for this document")
    const untitled = 'untitled:Untitled-2';
    client.open(untitled, '[A 1] [A 1]\n', 'cardwords-cardset');
    try {
      await expect(client.request(DISTRIBUTION_METHOD, { uri: untitled })).rejects.toThrow('an unsaved file has no ruleset folder: save it beside its charset, card set and dictionaries');
    } finally {
      client.close(untitled);
    }
    await expect(client.request(TABLE_PREVIEW_METHOD, { uri: 42 })).rejects.toThrow(/uri/);
  });
});
