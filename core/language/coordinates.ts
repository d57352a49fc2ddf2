// Cell names in the UI's coordinate notation (docs/rules.md#coordinates): letters for one axis,
// numbers for the other. By default columns are letters (column 0 = A, 25 = Z, 26 = AA)
// and rows are numbers from 1, so cell (2,4) is "C5".
import type { CoordinateOptions } from '../protocol/language.js';

/** Bijective base 26: 0 -> A, 25 -> Z, 26 -> AA. */
export function letters(index: number): string {
  if (!Number.isFinite(index) || index < 0) return '?';
  let n = Math.floor(index) + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

export function columnLabel(column: number, options: CoordinateOptions = {}): string {
  return options.digitsForColumns ? String(column + 1) : letters(column);
}

export function rowLabel(row: number, options: CoordinateOptions = {}): string {
  return options.digitsForColumns ? letters(row) : String(row + 1);
}

/** "C5" for (2,4) by default. */
export function cellName(column: number, row: number, options: CoordinateOptions = {}): string {
  // Letters first either way: "C5" (columns lettered) or "E3" (rows lettered).
  return options.digitsForColumns ? `${rowLabel(row, options)}${columnLabel(column, options)}` : `${columnLabel(column, options)}${rowLabel(row, options)}`;
}
