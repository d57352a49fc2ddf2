// The Lines board: a grid of cells (ARIA grid, one focus stop, the cursor as the active
// descendant), each with its chip; the animation of a move (trail, arrival, vanishing and
// appearing chips) is part of what is drawn, so an update during it keeps it. A board too big
// for the panel scrolls in its own box (style.css `.lines-box`), which keeps the cursor in view.
import { useLayoutEffect, useRef } from 'preact/hooks';

export interface CellAnimation {
  classes: readonly string[];
  style: Readonly<Record<string, string>>;
}

export interface BoardProps {
  width: number;
  height: number;
  board: readonly number[];
  cursor: number;
  selected: number | null;
  hint: { from: number; to: number } | null;
  over: boolean;
  refusals: number;
  /** The cell the last refusal was about, tinted while the refusal stands; null when none. */
  refused: number | null;
  label: string;
  chipClass: (v: number) => string;
  chipColor: (v: number) => string;
  /** Text on a chip (shapes mode, colours beyond the shapes), or ''. */
  chipText: (v: number) => string;
  cellLabel: (i: number) => string;
  animation: ReadonlyMap<number, CellAnimation>;
  onKey: (e: KeyboardEvent) => void;
  onCell: (i: number) => void;
}

/** Scrolls `box` (only it, not the page) as little as brings `cell` into its view, with the cursor's ring. */
function scrollInto(box: HTMLElement, cell: HTMLElement): void {
  const margin = 4;
  const b = box.getBoundingClientRect();
  const c = cell.getBoundingClientRect();
  const left = b.left + box.clientLeft + margin;
  const top = b.top + box.clientTop + margin;
  const right = b.left + box.clientLeft + box.clientWidth - margin;
  const bottom = b.top + box.clientTop + box.clientHeight - margin;
  if (c.left < left) box.scrollLeft -= Math.ceil(left - c.left);
  else if (c.right > right) box.scrollLeft += Math.ceil(c.right - right);
  if (c.top < top) box.scrollTop -= Math.ceil(top - c.top);
  else if (c.bottom > bottom) box.scrollTop += Math.ceil(c.bottom - bottom);
}

/** Scrolls `box` so that `cell` stands in the middle of its view (as far as the box scrolls). */
function centreIn(box: HTMLElement, cell: HTMLElement): void {
  const b = box.getBoundingClientRect();
  const c = cell.getBoundingClientRect();
  box.scrollLeft += Math.round(c.left + c.width / 2 - (b.left + box.clientLeft + box.clientWidth / 2));
  box.scrollTop += Math.round(c.top + c.height / 2 - (b.top + box.clientTop + box.clientHeight / 2));
}

export function Board(p: BoardProps) {
  const box = useRef<HTMLDivElement>(null);
  /** The cursor last brought into view (cell and board size), so that the box scrolls only when it moves. */
  const shown = useRef('');
  // the cursor stays in view when the board scrolls in its box (arrows past its edge, a hint);
  // tried after every render until the box is laid out (a first render may come before the
  // panel is on the page, and then nothing had scrolled to the centre where the cursor starts)
  useLayoutEffect(() => {
    const key = `${p.cursor}/${p.width}x${p.height}`;
    const b = box.current;
    const cell = b?.querySelector<HTMLElement>(`#lines-cell-${p.cursor}`);
    if (key === shown.current || !b || !cell || !b.isConnected || b.clientWidth === 0) return;
    // a board shown first (or of a new size) opens with the cursor in the middle of the view:
    // scrolled in as little as could be, it stood at the box's bottom edge; after that, the
    // least scroll that keeps it in (the board does not jump under the arrows)
    if (shown.current.endsWith(`/${p.width}x${p.height}`)) scrollInto(b, cell);
    else centreIn(b, cell);
    shown.current = key;
  });
  const rows = [];
  for (let y = 0; y < p.height; y++) {
    const cells = [];
    for (let x = 0; x < p.width; x++) {
      const i = y * p.width + x;
      const v = p.board[i] ?? 0;
      const a = p.animation.get(i);
      const cls = ['cell'];
      if (p.selected === i) cls.push('selected');
      if (p.cursor === i) cls.push('cursor');
      if (p.hint?.from === i) cls.push('hint-from');
      if (p.hint?.to === i) cls.push('hint-to');
      if (p.refused === i) cls.push('refused');
      if (a) cls.push(...a.classes);
      cells.push(
        <div
          key={i}
          role="gridcell"
          class={cls.join(' ')}
          id={`lines-cell-${i}`}
          data-cell={i}
          data-color={v}
          aria-colindex={x + 1}
          aria-label={p.cellLabel(i)}
          aria-selected={p.selected === i ? 'true' : 'false'}
          style={a?.style}
        >
          <span class={v ? p.chipClass(v) : 'chip'} aria-hidden="true" style={v ? { '--chip': p.chipColor(v) } : undefined}>
            {v ? p.chipText(v) : ''}
          </span>
        </div>,
      );
    }
    rows.push(
      <div key={y} role="row" class="row" aria-rowindex={y + 1}>
        {cells}
      </div>,
    );
  }
  return (
    <div class="lines-box" id="lines-box" ref={box}>
      <div
        class={`lines-board${p.over ? ' over' : ''}`}
        role="grid"
        tabIndex={0}
        id="lines-board"
        aria-label={p.label}
        aria-rowcount={p.height}
        aria-colcount={p.width}
        aria-activedescendant={`lines-cell-${p.cursor}`}
        data-cursor={p.cursor}
        data-selected={p.selected === null ? '' : p.selected}
        data-over={String(p.over)}
        data-refusals={p.refusals ? p.refusals : undefined}
        style={{ '--w': String(p.width), '--h': String(p.height) }}
        onKeyDown={p.onKey}
        onClick={(e) => {
          const c = (e.target as HTMLElement).closest<HTMLElement>('[data-cell]');
          if (c) p.onCell(Number(c.dataset.cell));
        }}
      >
        {rows}
      </div>
    </div>
  );
}
