// The card-table preview model (custom request cardwords/tablePreview).
import { Coordinates, type CoordinateOptions } from '../coordinates.js';
import type { Translate } from '../l10n/message.js';
import type { Diagnostic } from '../formats/types.js';
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
    sizeUnreadable: t.width > 0 && t.height > 0 ? null : sizeReason(parsed.diagnostics, tr),
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

/** Diagnostics that say what is wrong with a table's size line (the first line of the file). */
const SIZE_CODES = ['cardtable/invalid-dimensions', 'cardtable/dimensions-range', 'cardtable/number-too-large', 'file/'];

/**
 * Why the size of a table cannot be read, for a client to say instead of drawing a 0 x 0
 * table: the first error about the size line (its message in the client's language, and
 * where), else the file's first error; null when there is none.
 */
function sizeReason(diagnostics: readonly Diagnostic[], tr: Translate): { message: string; code: string; line: number; character: number } | null {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const d = errors.find((x) => SIZE_CODES.some((c) => x.code.startsWith(c))) ?? errors[0];
  if (!d) return null;
  return { message: d.l10n ? tr(d.l10n.id, ...d.l10n.args) : d.message, code: d.code, line: d.range.start.line, character: d.range.start.character };
}
