// Axis labels in the user's coordinate notation. The language server names cells with
// letters for one axis and numbers for the other (core/language/coordinates); the seed's
// two direction options (column indices grow rightwards, row indices grow upwards) are
// applied here, for display: the grid itself always has (0,0) at the upper left, as in the file.
import { columnLabel, rowLabel } from '../../core/language/coordinates.js';
import type { Notation } from './messages.js';

export function columnName(column: number, width: number, n: Notation): string {
  const index = n.columnsGrowRightwards ? column : width - 1 - column;
  return columnLabel(index, { digitsForColumns: n.digitsForColumns });
}

export function rowName(row: number, height: number, n: Notation): string {
  const index = n.rowsGrowUpwards ? height - 1 - row : row;
  return rowLabel(index, { digitsForColumns: n.digitsForColumns });
}

/** "C5" by default: letters first whichever axis has them. */
export function cellName(column: number, row: number, width: number, height: number, n: Notation): string {
  const c = columnName(column, width, n);
  const r = rowName(row, height, n);
  return n.digitsForColumns ? `${r}${c}` : `${c}${r}`;
}
