// Cell names, one module for every client: the card-table preview, hovers, inlay hints and
// symbols of the language server, the game panels and their logs. Letters name one axis and
// numbers the other, and the player's three options (docs/rules.md#coordinates) choose which axis
// gets the digits and which way each axis counts. Cells are (column,row) with (0,0) at the
// upper left, as in the card-table file, whatever the options; only the names change.
// By default columns are letters from the left (0 = A, 25 = Z, 26 = AA) and rows numbers from
// the top (0 = 1), so cell (2,4) is "C5".

export interface CoordinateOptions {
  /** Digits name the columns and letters the rows (default false: columns A, B, C…). */
  digitsForColumns: boolean;
  /** The leftmost column has the least index (default true). */
  columnsGrowRightwards: boolean;
  /** The bottom row has the least index (default false: the top row is 1 or A). */
  rowsGrowUpwards: boolean;
}

export const DEFAULT_COORDINATES: Readonly<CoordinateOptions> = { digitsForColumns: false, columnsGrowRightwards: true, rowsGrowUpwards: false };

/** Every option from possibly partial, untrusted settings (anything not a boolean: the default). */
export function coordinateOptions(o: Partial<Record<keyof CoordinateOptions, unknown>> | null | undefined): CoordinateOptions {
  const pick = (k: keyof CoordinateOptions) => (typeof o?.[k] === 'boolean' ? (o[k] as boolean) : DEFAULT_COORDINATES[k]);
  return { digitsForColumns: pick('digitsForColumns'), columnsGrowRightwards: pick('columnsGrowRightwards'), rowsGrowUpwards: pick('rowsGrowUpwards') };
}

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

/**
 * A cell's name with the indices the card-table file, `cardwords check` and the game records
 * write it by (0-based column,row): "B2 (1,1)", so either can be looked up.
 */
export function withIndices(name: string, column: number, row: number): string {
  return `${name} (${column},${row})`;
}

/** The direction of a move: across a row, or down a column. */
export type Direction = 'across' | 'down';

/** Names of the cells of a `width` × `height` table under the player's options. */
export class Coordinates {
  readonly options: CoordinateOptions;

  constructor(
    readonly width: number,
    readonly height: number,
    options: Partial<CoordinateOptions> = {},
  ) {
    this.options = { ...DEFAULT_COORDINATES, ...options };
  }

  /** The display index (0 = label A or 1) of a column / row. */
  private columnIndex(column: number): number {
    return this.options.columnsGrowRightwards ? column : this.width - 1 - column;
  }
  private rowIndex(row: number): number {
    return this.options.rowsGrowUpwards ? this.height - 1 - row : row;
  }

  columnLabel(column: number): string {
    const i = this.columnIndex(column);
    return this.options.digitsForColumns ? String(i + 1) : letters(i);
  }

  rowLabel(row: number): string {
    const i = this.rowIndex(row);
    return this.options.digitsForColumns ? letters(i) : String(i + 1);
  }

  /** The labels of the columns, left to right, and of the rows, top to bottom. */
  columnLabels(): string[] {
    return Array.from({ length: this.width }, (_, c) => this.columnLabel(c));
  }
  rowLabels(): string[] {
    return Array.from({ length: this.height }, (_, r) => this.rowLabel(r));
  }

  /** The axis the letters name. */
  get letterAxis(): 'column' | 'row' {
    return this.options.digitsForColumns ? 'row' : 'column';
  }

  /** How many labels the letter / number axis has. */
  get letterCount(): number {
    return this.options.digitsForColumns ? this.height : this.width;
  }
  get numberCount(): number {
    return this.options.digitsForColumns ? this.width : this.height;
  }

  /** A cell's name, letters first: "C5" (columns lettered) or "E3" (rows lettered). */
  cellName(column: number, row: number): string {
    const c = this.columnLabel(column);
    const r = this.rowLabel(row);
    return this.options.digitsForColumns ? r + c : c + r;
  }

  /** A move's location, the coordinate every card shares first: "C5" down, "5C" across (columns lettered). */
  moveName(column: number, row: number, dir: Direction): string {
    return dir === 'down' ? this.columnLabel(column) + this.rowLabel(row) : this.rowLabel(row) + this.columnLabel(column);
  }

  /** The column or row a letter label names, or null. */
  fromLetter(label: string): number | null {
    const l = label.toUpperCase();
    for (let k = 0; k < this.letterCount; k++) if (letters(k) === l) return this.options.digitsForColumns ? this.rowAt(k) : this.columnAt(k);
    return null;
  }

  /** The column or row a 1-based number names, or null. */
  fromNumber(n: number): number | null {
    if (!Number.isInteger(n) || n < 1 || n > this.numberCount) return null;
    return this.options.digitsForColumns ? this.columnAt(n - 1) : this.rowAt(n - 1);
  }

  /** The cell a name such as "C5" or "E3" (letters first, any case) names, or null. */
  parse(name: string): { column: number; row: number } | null {
    const m = /^\s*([A-Za-z]+)\s*(\d+)\s*$/.exec(name);
    if (!m) return null;
    const a = this.fromLetter(m[1]!);
    const b = this.fromNumber(Number(m[2]));
    if (a === null || b === null) return null;
    return this.options.digitsForColumns ? { column: b, row: a } : { column: a, row: b };
  }

  private columnAt(k: number): number {
    return this.options.columnsGrowRightwards ? k : this.width - 1 - k;
  }
  private rowAt(k: number): number {
    return this.options.rowsGrowUpwards ? this.height - 1 - k : k;
  }
}
