// The card table: labels, cells with their markers, the cards on it, the composed move as
// ghosts, the last move ringed, a log entry shown, the location and the keyboard cursor.
// A grid with aria-activedescendant; the panel handles its keys (onKey).
import type { JSX } from 'preact';
import { isStartCell } from '../../../core/games/cardwords/rules.js';
import type { Coords } from '../../../core/games/cardwords/compose.js';
import { boardIsEmpty } from '../../../core/games/cardwords/types.js';
import { cellMarks, type StartCondition } from '../../../core/formats/types.js';
import type { Translate } from '../../ui/l10n/index.js';
import { Face } from './face.js';
import { cardText, type Cell, type Model } from './model.js';

export function cellOf(target: EventTarget | null): Cell | null {
  const e = (target as HTMLElement | null)?.closest?.<HTMLElement>('[data-col]');
  if (!e) return null;
  return { col: Number(e.dataset.col), row: Number(e.dataset.row) };
}

export function cellMarker(m: Model, i: number): string {
  return cellMarks(m.rules.table.cells[i]!).join(' ');
}

/**
 * A start cell's details: the one cell the first move must cover, or a cell of the column or
 * row it must touch (every cell of it is starred: "must cover this cell" was false there).
 */
export function startCellText(t: Translate, start: Pick<StartCondition, 'touchColumn' | 'touchRow'>, coords: Coords): string {
  if (start.touchColumn !== null && start.touchRow !== null) return t('cw.cell.start');
  return start.touchColumn !== null ? t('cw.cell.start.col', coords.colLabel(start.touchColumn)) : t('cw.cell.start.row', coords.rowLabel(start.touchRow ?? 0));
}

export function cellDescription(m: Model, col: number, row: number): string {
  const { t, rules, board } = m;
  const i = row * rules.table.width + col;
  const a = rules.table.cells[i]!;
  const parts: string[] = [];
  if (a.blocked) parts.push(t('cw.cell.blocked'));
  if (a.points !== 0) parts.push(t('cw.cell.points', a.points));
  if (a.wordFactor !== 1) parts.push(t('cw.cell.word', a.wordFactor));
  if (a.letterFactor !== 1) parts.push(t('cw.cell.letter', a.letterFactor));
  if (boardIsEmpty(board) && isStartCell(rules.table, col, row)) parts.push(startCellText(t, rules.table.start, m.coords));
  const card = board.cells[i];
  if (card) parts.push(card.char === null ? t('cw.cell.wildcard', card.meaning ?? '?', card.points) : t('cw.cell.card', card.char, card.points));
  else if (!a.blocked) parts.push(t('cw.cell.empty'));
  return parts.join(', ');
}

export function Table({ m, onKey }: { m: Model; onKey: (e: KeyboardEvent) => void }) {
  const { rules, coords, board, composer: cp, cursor, t } = m;
  const { width: W, height: H } = rules.table;
  const placed = cp.placement() ?? [];
  const ghosts = new Map(placed.map((p) => [p.row * W + p.col, p.card] as const));
  const shown = new Set((m.shown?.cells ?? []).map((c) => c.row * W + c.col));
  const loc = cp.location;
  // until the first card is laid, the cells the first move may cover are starred (as the
  // seed's table marks its start cell and the Emacs table writes *)
  const empty = boardIsEmpty(board);
  const rows: JSX.Element[] = [];
  rows.push(
    <div role="row" class="cw-row labels" key="labels">
      <span role="columnheader" class="corner" aria-hidden="true" />
      {Array.from({ length: W }, (_, c) => (
        <span role="columnheader" class="label" key={c}>
          {coords.colLabel(c)}
        </span>
      ))}
    </div>,
  );
  for (let r = 0; r < H; r++) {
    const cells: JSX.Element[] = [
      <span role="rowheader" class="label" key="h">
        {coords.rowLabel(r)}
      </span>,
    ];
    for (let c = 0; c < W; c++) {
      const i = r * W + c;
      const a = rules.table.cells[i]!;
      const card = board.cells[i];
      const ghost = ghosts.get(i);
      const isLoc = loc !== null && loc.col === c && loc.row === r;
      const cls = ['cw-cell'];
      if (a.blocked) cls.push('blocked');
      if (a.points !== 0) cls.push('attr-c');
      if (a.wordFactor !== 1) cls.push('attr-w');
      if (a.letterFactor !== 1) cls.push('attr-l');
      const start = empty && isStartCell(rules.table, c, r);
      if (start) cls.push('start');
      if (card) cls.push('has-card');
      if (ghost) cls.push('composed');
      if (m.lastCells.has(i)) cls.push('last');
      if (shown.has(i)) cls.push('shown');
      if (isLoc) cls.push('location');
      if (cursor.col === c && cursor.row === r) cls.push('cursor');
      const name = coords.name(c, r);
      let label = `${name}: ${cellDescription(m, c, r)}`;
      if (ghost) label += `, ${t('cw.cell.composed', cardText(ghost))}`;
      cells.push(
        <span role="gridcell" key={c} id={`cw-cell-${c}-${r}`} class={cls.join(' ')} data-col={c} data-row={r} data-name={name} aria-label={label} title={label} aria-selected={isLoc ? 'true' : undefined}>
          {card ? (
            <Face card={card} />
          ) : ghost ? (
            <Face card={ghost} />
          ) : (
            <span class="marker">
              {start && <span class="star" aria-hidden="true">★</span>}
              {cellMarker(m, i)}
            </span>
          )}
        </span>,
      );
    }
    rows.push(
      <div role="row" class="cw-row" key={r}>
        {cells}
      </div>,
    );
  }
  // custom properties go through the CSSOM (style.setProperty), which the page's CSP allows
  const style = { '--w': String(W), '--h': String(H) };
  return (
    <div
      class="cw-table"
      id="cw-table"
      role="grid"
      tabIndex={0}
      style={style}
      aria-label={t('cw.table')}
      aria-rowcount={H + 1}
      aria-colcount={W + 1}
      aria-activedescendant={`cw-cell-${cursor.col}-${cursor.row}`}
      onKeyDown={onKey}
      onClick={(e) => {
        const c = cellOf(e.target);
        if (c) m.cmd.clickCell(c);
      }}
      onMouseOver={(e) => {
        const c = cellOf(e.target);
        if (c) m.cmd.hoverCell(c);
      }}
      onFocus={() => m.cmd.hoverCell(m.cursor)}
      onDragOver={(e) => {
        if (cellOf(e.target)) e.preventDefault();
      }}
      onDrop={(e) => {
        const c = cellOf(e.target);
        if (!c) return;
        e.preventDefault();
        m.cmd.drop(c);
      }}
    >
      {rows}
    </div>
  );
}

export function CellInfo({ m }: { m: Model }) {
  const { t, hovered: c } = m;
  return (
    <aside class="cw-info" id="cw-info" aria-label={t('cw.cellInfo')}>
      <h2>{t('cw.cellInfo')}</h2>
      {c ? (
        <>
          <p id="cw-info-cell">
            <strong>{m.coords.name(c.col, c.row)}</strong>
            {': '}
            {cellDescription(m, c.col, c.row)}
          </p>
          {/* the indices as the card-table file (and the game records) write the cell, said as such: alone, "H10 (7,9)" read as a second name */}
          <p class="muted" id="cw-info-file">
            {t('cw.cellInfo.file', c.col, c.row)}
          </p>
        </>
      ) : (
        <p class="muted">{t('cw.cellInfo.none')}</p>
      )}
    </aside>
  );
}
