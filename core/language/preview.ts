// The card-table preview model (custom request cardwords/tablePreview).
import { Coordinates, type CoordinateOptions } from '../coordinates.js';
import type { Translate } from '../l10n/message.js';
import type { PreviewCell, TablePreview } from '../protocol/language.js';
import type { ParseCache } from './context.js';
import type { TextDocumentView } from './document.js';
import { describeStart } from './hover.js';

/** Cells beyond this are not sent (a preview of a huge table would not be drawn anyway). */
export const MAX_PREVIEW_CELLS = 250_000;

export function tablePreview(doc: TextDocumentView, cache: ParseCache, coords: CoordinateOptions, tr: Translate): TablePreview {
  const parsed = cache.get('cardtable', doc);
  const t = parsed.value;
  const ok = t.width > 0 && t.height > 0 && t.width * t.height <= MAX_PREVIEW_CELLS && t.cells.length === t.width * t.height;
  const width = ok ? t.width : 0;
  const height = ok ? t.height : 0;
  const names = new Coordinates(width, height, coords);
  const cells: PreviewCell[] = [];
  const special: PreviewCell[] = [];
  const blocked: Array<[number, number]> = [];
  for (let row = 0; row < height; row++) {
    for (let column = 0; column < width; column++) {
      const a = t.cells[row * width + column]!;
      const cell: PreviewCell = { column, row, name: names.cellName(column, row), blocked: a.blocked, points: a.points, letterFactor: a.letterFactor, wordFactor: a.wordFactor };
      cells.push(cell);
      if (a.blocked || a.points !== 0 || a.letterFactor !== 1 || a.wordFactor !== 1) special.push(cell);
      if (a.blocked) blocked.push([column, row]);
    }
  }
  return {
    uri: doc.name,
    version: doc.version,
    width,
    height,
    // the real size beside the 0 x 0 one, so a client can say why it draws nothing
    size: t.width > 0 && t.height > 0 ? { width: t.width, height: t.height } : null,
    maxCells: MAX_PREVIEW_CELLS,
    coordinates: names.options,
    columnLabels: names.columnLabels(),
    rowLabels: names.rowLabels(),
    cells,
    special,
    blocked,
    start: { column: t.start.column, row: t.start.row, touchColumn: t.start.touchColumn, touchRow: t.start.touchRow, description: describeStart(t, coords, tr) },
    errors: parsed.diagnostics.filter((d) => d.severity === 'error').length,
  };
}
