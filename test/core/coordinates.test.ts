// Cell names (core/coordinates.ts): the three options, each alone and all eight together,
// and names read back to the cell they name.
import { describe, expect, it } from 'vitest';
import { Coordinates, coordinateOptions, DEFAULT_COORDINATES, letters, type CoordinateOptions } from '../../core/coordinates.js';

const base = DEFAULT_COORDINATES;
const ALL: CoordinateOptions[] = [false, true].flatMap((digitsForColumns) =>
  [false, true].flatMap((columnsGrowRightwards) => [false, true].map((rowsGrowUpwards) => ({ digitsForColumns, columnsGrowRightwards, rowsGrowUpwards }))),
);

describe('coordinates', () => {
  it('letters are bijective base 26', () => {
    expect([0, 25, 26, 27, 701, 702].map(letters)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
  it('defaults to lettered columns from the left and numbered rows from the top', () => {
    const c = new Coordinates(19, 10);
    expect(c.cellName(2, 4)).toBe('C5');
    expect(c.columnLabel(0)).toBe('A');
    expect(c.rowLabel(9)).toBe('10');
  });
  it('digits for the columns put the row letter first', () => {
    expect(new Coordinates(19, 10, { digitsForColumns: true }).cellName(2, 4)).toBe('E3');
  });
  it('rows growing upwards number the bottom row 1', () => {
    const c = new Coordinates(19, 10, { rowsGrowUpwards: true });
    expect(c.rowLabel(9)).toBe('1');
    expect(c.rowLabel(0)).toBe('10');
  });
  it('columns growing leftwards letter the rightmost column A', () => {
    const c = new Coordinates(19, 10, { columnsGrowRightwards: false });
    expect(c.columnLabel(18)).toBe('A');
    expect(c.columnLabel(0)).toBe('S');
  });
  it('cell (3,0) of a 19*12 table under each of the eight combinations', () => {
    const names = ALL.map((o) => new Coordinates(19, 12, o).cellName(3, 0));
    expect(names).toEqual(['P1', 'P12', 'D1', 'D12', 'A16', 'L16', 'A4', 'L4']);
  });
  it('every name reads back to its cell, under every combination', () => {
    for (const o of ALL) {
      const c = new Coordinates(30, 7, o);
      const seen = new Set<string>();
      for (let row = 0; row < 7; row++) {
        for (let column = 0; column < 30; column++) {
          const name = c.cellName(column, row);
          seen.add(name);
          expect(c.parse(name), `${name} ${JSON.stringify(o)}`).toEqual({ column, row });
          expect(c.parse(name.toLowerCase())).toEqual({ column, row });
        }
      }
      expect(seen.size).toBe(30 * 7);
      expect(c.parse('A0')).toBeNull();
      expect(c.parse('ZZ1')).toBeNull();
    }
  });
  it('settings from outside: only booleans count, the rest is the default', () => {
    expect(coordinateOptions(undefined)).toEqual(base);
    expect(coordinateOptions({ digitsForColumns: 'yes', rowsGrowUpwards: true })).toEqual({ ...base, rowsGrowUpwards: true });
  });
});
