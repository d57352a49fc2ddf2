// Every example of the seed's chapter "Customizing cardwords" parses to exactly what the
// seed says it means.
import { describe, expect, it } from 'vitest';
import { parseBonus, parseCardTable, parseCardset, parseCharset, parseDictionary } from '../../core/formats/index.js';
import type { CardTable, CellAttributes } from '../../core/formats/index.js';
import { SEED } from './helpers.js';

const DEFAULT: CellAttributes = { blocked: false, points: 0, letterFactor: 1, wordFactor: 1 };

function cell(t: CardTable, column: number, row: number): CellAttributes {
  return t.cells[row * t.width + column]!;
}

describe('seed examples', () => {
  it('the A-Z charset: 26 entries, canonical uppercase, lowercase folds to it', () => {
    const { value, diagnostics } = parseCharset(SEED.charset);
    expect(diagnostics).toEqual([]);
    expect(value.declaredCount).toBe(26);
    expect(value.entries).toHaveLength(26);
    value.entries.forEach((e, i) => {
      const upper = String.fromCharCode(65 + i);
      expect(e.canonical).toBe(upper);
      expect(e.equivalents).toEqual([upper, upper.toLowerCase()]);
      expect(e.range).toEqual({ start: { line: i + 1, character: 0 }, end: { line: i + 1, character: 2 } });
    });
    expect(value.index.size).toBe(52);
    expect(value.index.get('a')).toBe(0);
    expect(value.index.get('A')).toBe(0);
    expect(value.index.get('z')).toBe(25);
    expect(value.index.has('ä')).toBe(false);
  });

  it('the dictionary example: six words, all valid against the A-Z charset', () => {
    const { value, diagnostics } = parseDictionary(SEED.dictionary, parseCharset(SEED.charset).value);
    expect(diagnostics).toEqual([]);
    expect(value.words).toEqual(['salt', 'pepper', 'collapsible', 'jaw', 'eat', 'so']);
    expect(value.lines).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('the 14-card card set, with [E -1][K 19] unseparated, three wildcards and a trailing space', () => {
    const { value, diagnostics } = parseCardset(SEED.cardset, parseCharset(SEED.charset).value);
    expect(diagnostics).toEqual([]);
    expect(value.declaredCount).toBe(14);
    expect(value.cards.map((c) => [c.char, c.points])).toEqual([
      ['A', 6], ['A', 6], ['A', 6], ['A', 7],
      ['B', 2], ['B', 2], ['B', 9],
      ['E', 1], ['E', 0], ['E', -1], ['K', 19],
      [null, 0], [null, -2], [null, -1],
    ]);
    // [E -1][K 19] on line 3: the two cards touch.
    expect(value.cards[9]!.range).toEqual({ start: { line: 3, character: 12 }, end: { line: 3, character: 18 } });
    expect(value.cards[10]!.range).toEqual({ start: { line: 3, character: 18 }, end: { line: 3, character: 24 } });
  });

  it('18*10 with start (18,10): no start condition, said as information (it reads like a cell off the table), no warning', () => {
    const { value, diagnostics } = parseCardTable(SEED.tableNone);
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([['cardtable/start-outside', 'information']]);
    expect([value.width, value.height]).toEqual([18, 10]);
    expect(value.start).toEqual({ column: 18, row: 10, touchColumn: null, touchRow: null });
    expect(value.endTag).toEqual({ column: 18, row: 10 });
    expect(value.cells).toHaveLength(180);
    expect(value.cells.every((c) => JSON.stringify(c) === JSON.stringify(DEFAULT))).toBe(true);
    expect(value.lines).toEqual([]);
  });

  it('18*10 with start (17,10): the first move touches the rightmost column', () => {
    const { value, diagnostics } = parseCardTable(SEED.tableColumn);
    expect(diagnostics).toEqual([]);
    expect(value.start).toEqual({ column: 17, row: 10, touchColumn: 17, touchRow: null });
  });

  it('18*10 with start (0,9): the first move covers the bottom left cell', () => {
    const { value, diagnostics } = parseCardTable(SEED.tableCell);
    expect(diagnostics).toEqual([]);
    expect(value.start).toEqual({ column: 0, row: 9, touchColumn: 0, touchRow: 9 });
  });

  it('the 19*10 example table: start (10,11) touches column 10; its blocked, C, W and L cells; end (20,12)', () => {
    const { value, diagnostics } = parseCardTable(SEED.table);
    expect(diagnostics).toEqual([]);
    expect([value.width, value.height]).toEqual([19, 10]);
    expect(value.start).toEqual({ column: 10, row: 11, touchColumn: 10, touchRow: null });
    expect(value.endTag).toEqual({ column: 20, row: 12 });
    expect(value.cells).toHaveLength(190);
    const blocked = [[0, 0], [0, 1], [1, 0], [17, 0], [18, 0], [18, 1], [0, 9], [1, 9], [0, 8], [18, 9], [17, 9], [18, 8]];
    const expected = new Map<string, CellAttributes>();
    for (const [c, r] of blocked) expected.set(`${c},${r}`, { ...DEFAULT, blocked: true });
    expected.set('10,0', { ...DEFAULT, points: 5 });
    expected.set('10,9', { ...DEFAULT, points: 5 });
    expected.set('1,1', { ...DEFAULT, wordFactor: 2 });
    expected.set('17,8', { ...DEFAULT, letterFactor: 2 });
    for (let r = 0; r < 10; r++) {
      for (let c = 0; c < 19; c++) expect(cell(value, c, r), `cell (${c},${r})`).toEqual(expected.get(`${c},${r}`) ?? DEFAULT);
    }
    expect(value.lines.map((l) => [l.column, l.row, l.attributes])).toEqual([
      ...blocked.map(([c, r]) => [c, r, [{ kind: 'B' }]]),
      [10, 0, [{ kind: 'C', value: 5 }]],
      [10, 9, [{ kind: 'C', value: 5 }]],
      [1, 1, [{ kind: 'W', value: 2 }]],
      [17, 8, [{ kind: 'L', value: 2 }]],
    ]);
    // `(0 ,0) B;`: white space inside the parentheses, the line's range is the whole item.
    expect(value.lines[0]!.range).toEqual({ start: { line: 3, character: 0 }, end: { line: 3, character: 9 } });
  });

  it('the bonus example: hand size 6, pass -1, trading 3 scores -5, laying 6 earns 10', () => {
    const { value, diagnostics } = parseBonus(SEED.bonus);
    expect(diagnostics).toEqual([]);
    expect(value.handSize).toBe(6);
    expect(value.values.get(0)).toBe(-1);
    expect(value.values.get(-3)).toBe(-5);
    expect(value.values.get(6)).toBe(10);
    expect(value.values).toEqual(new Map([[-6, -10], [-5, -10], [-4, -10], [-3, -5], [-2, -5], [-1, -5], [0, -1], [1, 0], [2, 0], [3, 0], [4, 0], [5, 5], [6, 10]]));
    expect(value.entries).toHaveLength(13);
    expect(value.entries[0]).toEqual({ key: -6, value: -10, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 6 } } });
  });

  it('the sample seed-example folder holds the same files', async () => {
    const { readFileSync } = await import('node:fs');
    const dir = 'samples/seed-example';
    const read = (ext: string) => readFileSync(`${dir}/example.${ext}`, 'utf8');
    expect(parseCardset(read('cardset')).value.cards).toHaveLength(14);
    expect(parseCardTable(read('cardtable')).value.start.touchColumn).toBe(10);
    expect(parseBonus(read('bonus')).value.handSize).toBe(6);
  });
});
