// The preview's coordinate notation: the seed's three options over the server's labels.
import { describe, expect, it } from 'vitest';
import { cellName, columnName, rowName } from '../../extension/webview/notation.js';

const base = { digitsForColumns: false, columnsGrowRightwards: true, rowsGrowUpwards: false };

describe('preview notation', () => {
  it('defaults to lettered columns from the left and numbered rows from the top', () => {
    expect(cellName(2, 4, 19, 10, base)).toBe('C5');
    expect(columnName(0, 19, base)).toBe('A');
    expect(rowName(9, 10, base)).toBe('10');
  });
  it('digits for the columns put the row letter first', () => {
    expect(cellName(2, 4, 19, 10, { ...base, digitsForColumns: true })).toBe('E3');
  });
  it('rows growing upwards number the bottom row 1', () => {
    const n = { ...base, rowsGrowUpwards: true };
    expect(rowName(9, 10, n)).toBe('1');
    expect(rowName(0, 10, n)).toBe('10');
  });
  it('columns growing leftwards letter the rightmost column A', () => {
    const n = { ...base, columnsGrowRightwards: false };
    expect(columnName(18, 19, n)).toBe('A');
    expect(columnName(0, 19, n)).toBe('S');
  });
});
