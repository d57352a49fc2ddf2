// Bad and huge input: random bytes through decodeText and every parser; a ~20 MB file and
// a single 5 MB line per parser finish (no timing asserted: speed lives in bench/) and
// are diagnosed, with the diagnostics capped.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DIAGNOSTICS, decodeText, parseCharset, parseFile } from '../../core/formats/index.js';
import type { FileKind } from '../../core/formats/index.js';
import { SEED, documentedCodes, expectWellFormed } from './helpers.js';

const KINDS: FileKind[] = ['charset', 'cardset', 'cardtable', 'bonus', 'dictionary'];
const AZ = parseCharset(SEED.charset).value;

describe('random bytes', () => {
  it('decodeText never throws, yields the text as written and well-formed diagnostics; every parser takes the text', () => {
    const documented = documentedCodes();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const { text, diagnostics } = decodeText(bytes);
        expectWellFormed(diagnostics, text, 'file', documented);
        // a UTF-16 byte order mark, or a zero byte in every other place: read as UTF-16, said once
        if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) expect(diagnostics[0]!.code).toBe('file/utf16');
        if (diagnostics[0]?.code === 'file/utf16') {
          expect(bytes.includes(0) || bytes[0]! >= 0xfe).toBe(true);
          expect(diagnostics.filter((d) => d.code === 'file/utf16')).toHaveLength(1);
          for (const kind of KINDS) expectWellFormed(parseFile(kind, text, AZ).diagnostics, text, kind, documented);
          return;
        }
        expect(diagnostics.filter((d) => d.code === 'file/binary').length).toBe(bytes.includes(0) ? 1 : 0);
        const strictOk = (() => {
          try {
            new TextDecoder('utf-8', { fatal: true }).decode(bytes);
            return true;
          } catch {
            return false;
          }
        })();
        expect(diagnostics.some((d) => d.code === 'file/invalid-utf8')).toBe(!strictOk);
        for (const kind of KINDS) expectWellFormed(parseFile(kind, text, AZ).diagnostics, text, kind, documented);
      }),
      { numRuns: 2000 },
    );
  });

  it('decodeText strips a UTF-8 BOM and keeps the text as written (the parsers normalise each line, positions as written)', () => {
    const { text, diagnostics } = decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('A\u0308\n')]));
    expect(text).toBe('A\u0308\n');
    expect(diagnostics).toEqual([]);
  });

  it('1 MB of random bytes: decoded and parsed, diagnostics capped', () => {
    const bytes = new Uint8Array(1 << 20);
    let x = 12345;
    for (let i = 0; i < bytes.length; i++) {
      x = (x * 1103515245 + 12345) >>> 0;
      bytes[i] = x >>> 24;
    }
    const { text, diagnostics } = decodeText(bytes);
    expect(diagnostics.length).toBe(MAX_DIAGNOSTICS + 1);
    expect(diagnostics.at(-1)!.code).toBe('file/too-many-diagnostics');
    for (const kind of KINDS) {
      const r = parseFile(kind, text, AZ);
      expect(r.diagnostics.length).toBeGreaterThan(0);
      expect(r.diagnostics.length).toBeLessThanOrEqual(MAX_DIAGNOSTICS + 1);
    }
  });
});

/** About `bytes` of text made of `unit` repeated. */
function repeat(unit: string, bytes: number): string {
  return unit.repeat(Math.ceil(bytes / unit.length));
}

describe('huge input', () => {
  const MB = 1 << 20;
  // Dense units that keep every parser busy: valid items among broken ones.
  const units: Record<FileKind, string> = {
    charset: 'AaÄä\nB b x\u0001yz  \n',
    cardset: '[A 6] [B x] [K 19] junk and more junk [ E-2] [  0]\n',
    cardtable: '(1,1) W 2 C 5; (1,x) B; junk (0,1) L 2 W 3 C -1;\n',
    bonus: '1:2\nx\n-1:5\n',
    dictionary: 'word\nstraße\nä\nice cream\n',
  };
  // A 20 MB text file of the wrong kind, the likeliest huge input: a word list (the first
  // 20,000 words of english.dict), with a dense unit every 100 lines.
  const words = readFileSync('samples/english/english.dict', 'utf8').split('\n', 20_000);
  const blocks = (kind: FileKind) => {
    let block = '';
    for (let i = 0; i < words.length; i++) block += `${i % 100 === 0 ? units[kind] : ''}${words[i]}\n`;
    return block;
  };
  for (const kind of KINDS) {
    it(`${kind}: a 20 MB word list, 5 MB of dense items, one 5 MB line and 1 MB of spaces in a line finish, diagnosed and capped`, () => {
      const documented = documentedCodes();
      // (the spaces: a bonus line's pattern backtracked over every split of them, for minutes)
      const texts = [repeat(blocks(kind), 20 * MB), repeat(units[kind], 5 * MB), repeat(units[kind].replace(/\n/g, ' '), 5 * MB), `1${' '.repeat(MB)}x\n`];
      const results = texts.map((text) => parseFile(kind, text, AZ).diagnostics);
      results.forEach((diagnostics, i) => {
        expect(diagnostics.length).toBeGreaterThan(0);
        expect(diagnostics.length).toBeLessThanOrEqual(MAX_DIAGNOSTICS + 1);
        expectWellFormed(diagnostics, texts[i]!, kind, documented);
      });
      // Many lines of dense items hit the cap (a bonus or charset line is one item, so
      // the single line need not).
      expect(results[1]!.at(-1)!.code).toBe('file/too-many-diagnostics');
    });
  }

  it('10 MB of text that is not NFC (an editor buffer) keeps its ranges on what is written', () => {
    const text = repeat('Cafe\u0301s ça\u0300\n', 10 * MB);
    const { value, diagnostics } = parseFile('dictionary', text, AZ);
    expect(value.words[0]).toBe('Cafés çà');
    expect(value.words.length).toBe(Math.ceil((10 * MB) / 'Cafe\u0301s ça\u0300\n'.length));
    expect(diagnostics.length).toBe(MAX_DIAGNOSTICS + 1);
    expect(diagnostics[0]!.range).toEqual({ start: { line: 0, character: 3 }, end: { line: 0, character: 5 } });
    expectWellFormed(diagnostics, text, 'dictionary', documentedCodes());
  });

  it('decodeText takes 50 MB with invalid bytes everywhere', () => {
    const unit = new TextEncoder().encode('abc\ufffd\n');
    const bytes = new Uint8Array(50 * MB);
    for (let i = 0; i < bytes.length; i++) bytes[i] = i % 97 === 0 ? 0xff : unit[i % unit.length]!;
    const { text, diagnostics } = decodeText(bytes);
    expect(text.length).toBeGreaterThan(30 * MB);
    expect(diagnostics.length).toBe(MAX_DIAGNOSTICS + 1);
    expect(diagnostics.slice(0, -1).every((d) => d.code === 'file/invalid-utf8')).toBe(true);
  });
});
