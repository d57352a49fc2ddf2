// Parse, print, parse is the identity (on meaning: positions aside) for every sample file
// found under samples/ and for the seed's examples; printing is idempotent; and the
// canonical form is exactly as docs/formats.md describes it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeText, fileKindOf, parseBonus, parseCardTable, parseCardset, parseCharset, parseDictionary, parseFile, printFile,
} from '../../core/formats/index.js';
import type { FileKind } from '../../core/formats/index.js';
import { SEED, SEED_FILES, meaning } from './helpers.js';

function sampleFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sampleFiles(path));
    else if (fileKindOf(name) !== undefined) out.push(path);
  }
  return out.sort();
}

function expectRoundTrip(kind: FileKind, text: string): string {
  const first = parseFile(kind, text);
  const printed = printFile(kind, first.value);
  const second = parseFile(kind, printed);
  expect(meaning(second.value)).toEqual(meaning(first.value));
  expect(second.diagnostics.filter((d) => d.severity === 'error')).toEqual(first.diagnostics.filter((d) => d.severity === 'error'));
  expect(printFile(kind, second.value)).toBe(printed);
  return printed;
}

describe('round trip on the sample files', () => {
  const files = sampleFiles('samples');
  it('finds sample files of every kind', () => {
    const kinds = new Set(files.map((f) => fileKindOf(f)));
    expect([...kinds].sort()).toEqual(['bonus', 'cardset', 'cardtable', 'charset', 'dictionary']);
  });
  for (const path of files) {
    it(path, () => {
      const { text, diagnostics } = decodeText(new Uint8Array(readFileSync(path)));
      expect(diagnostics).toEqual([]);
      expectRoundTrip(fileKindOf(path)!, text);
    });
  }
});

describe('round trip on the seed examples', () => {
  SEED_FILES.forEach(([kind, text], i) => {
    it(`${kind} #${i}`, () => {
      expectRoundTrip(kind, text);
    });
  });
});

describe('the canonical form', () => {
  it('charset: count, then one line per entry', () => {
    expect(printFile('charset', parseCharset('2\n\n Aa\nÄä  \n\n\n').value)).toBe('2\nAa\nÄä\n');
  });

  it('card set: total, cards grouped by character, at most 10 a line, wildcards `[  n]`', () => {
    expect(printFile('cardset', parseCardset(SEED.cardset).value)).toBe('14\n[A 6] [A 6] [A 6] [A 7]\n[B 2] [B 2] [B 9]\n[E 1] [E 0] [E -1]\n[K 19]\n[  0] [  -2] [  -1]\n');
    const many = `12\n${'[A 1]'.repeat(12)}`;
    expect(printFile('cardset', parseCardset(many).value)).toBe(`12\n${Array(10).fill('[A 1]').join(' ')}\n[A 1] [A 1]\n`);
    expect(printFile('cardset', parseCardset('0').value)).toBe('0\n');
    expect(printFile('cardset', parseCardset('1 [A 007]').value)).toBe('1\n[A 7]\n');
  });

  it('card set: with the charset, equivalent characters are one character: `[A 1] [a 1]` share a line, each spelled as written', () => {
    const cs = parseCharset('2\nAa\nBb\n').value;
    const text = '5\n[A 1]  [a 1] [A 2]\n[b 3]\n[B 3]\n';
    expect(printFile('cardset', parseCardset(text, cs).value, cs)).toBe('5\n[A 1] [a 1] [A 2]\n[b 3] [B 3]\n');
    // without the charset the printer cannot know that A and a are one character
    expect(printFile('cardset', parseCardset(text).value)).toBe('5\n[A 1]\n[a 1]\n[A 2]\n[b 3]\n[B 3]\n');
    // a character the charset lacks goes by its spelling
    expect(printFile('cardset', parseCardset('2 [x 1] [X 1]', cs).value, cs)).toBe('2\n[x 1]\n[X 1]\n');
  });

  it('card table: no spaces in parentheses, a line after another (as the samples are written)', () => {
    expect(printFile('cardtable', parseCardTable(SEED.table).value)).toBe(
      '19*10\n(10,11)\n(0,0) B;\n(0,1) B;\n(1,0) B;\n(17,0) B;\n(18,0) B;\n(18,1) B;\n(0,9) B;\n(1,9) B;\n(0,8) B;\n(18,9) B;\n(17,9) B;\n(18,8) B;\n(10,0) C 5;\n(10,9) C 5;\n(1,1) W 2;\n(17,8) L 2;\n(20,12)\n',
    );
    expect(printFile('cardtable', parseCardTable('18*10 (17,10)\n(1 ,1)W 2C 5 ; (18,10)').value)).toBe('18*10\n(17,10)\n(1,1) W 2 C 5;\n(18,10)\n');
    expect(printFile('cardtable', parseCardTable(SEED.tableNone).value)).toBe('18*10\n(18,10)\n(18,10)\n');
  });

  it('bonus: `k:v` lines in file order', () => {
    expect(printFile('bonus', parseBonus(' 1 : 5\n\n0:-1\n-1: -2 \n').value)).toBe('1:5\n0:-1\n-1:-2\n');
  });

  it('dictionary: trimmed words, one a line, no blank lines', () => {
    expect(printFile('dictionary', parseDictionary('  salt \n\n\r\npepper\r\n').value)).toBe('salt\npepper\n');
    expect(printFile('dictionary', parseDictionary('\n\n').value)).toBe('');
  });
});

describe('fileKindOf', () => {
  it('knows the five extensions, case-insensitively, in paths of both kinds', () => {
    expect(fileKindOf('german.charset')).toBe('charset');
    expect(fileKindOf('/a/b.c/german.CARDSET')).toBe('cardset');
    expect(fileKindOf('C:\\x\\y.cardtable')).toBe('cardtable');
    expect(fileKindOf('x.bonus')).toBe('bonus');
    expect(fileKindOf('words.dict')).toBe('dictionary');
    expect(fileKindOf('words.dictionary')).toBeUndefined();
    expect(fileKindOf('charset')).toBeUndefined();
    expect(fileKindOf('a.dict/readme')).toBeUndefined();
  });
});

describe('the test helpers agree with each other', () => {
  it('lineLengths counts lines like documentLines', async () => {
    const { documentLines, lineLengths } = await import('./helpers.js');
    for (const t of ['', 'a', 'a\n', '\r\n', 'ab\rc\r\nd\n\ne', '\n\r']) {
      const lines = documentLines(t);
      const ll = lineLengths(t);
      expect([ll.count, ...Array.from({ length: ll.count }, (_, i) => ll.length(i))]).toEqual([lines.length, ...lines.map((l) => l.length)]);
    }
  });
});
