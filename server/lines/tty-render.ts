// Drawing the Lines board on a terminal with ANSI escapes: layout for a terminal size,
// and one whole frame as a string. Pure functions of a view model, so they are tested
// without a terminal.
//
// Normal mode: a cell is 3 columns by 2 rows; a chip sits on the lower row and the
// selected chip jumps between the two. The cursor is drawn with the cursor character on
// both sides of its cell. Mini mode (when only one character per cell fits, as in the
// original): a cell is one character; the selected chip alternates with its mini form and
// the cursor is shown in reverse video.

export type DisplayMode = 'c' | 'b';

export interface Layout {
  kind: 'normal' | 'mini' | 'small';
  cols: number;
  rows: number;
  /** Cell size in terminal columns and rows. */
  cellW: number;
  cellH: number;
  /** 0-based screen position of the board frame's upper-left corner. */
  left: number;
  top: number;
  /** Minimum terminal size for mini mode (shown in the too-small message). */
  needCols: number;
  needRows: number;
}

/** Status line above the board, high-score line below it: 2 lines besides the frame. */
export function computeLayout(cols: number, rows: number, width: number, height: number): Layout {
  const needCols = width + 2;
  const needRows = height + 4;
  const base = { cols, rows, needCols, needRows };
  for (const [kind, cw, ch] of [
    ['normal', 3, 2],
    ['mini', 1, 1],
  ] as const) {
    const w = width * cw + 2;
    const h = height * ch + 4;
    if (cols >= w && rows >= h) {
      return { ...base, kind, cellW: cw, cellH: ch, left: Math.floor((cols - w) / 2), top: 1 };
    }
  }
  return { ...base, kind: 'small', cellW: 1, cellH: 1, left: 0, top: 1 };
}

export interface Style {
  mode: DisplayMode;
  /** Colour mode: cursor, chip, selected chip in mini mode. */
  colorFont: string[];
  /** Black and white: cursor, then per colour a chip and its mini jumping form. */
  bwFont: string[];
  /** Colour numbers: cursor, then per chip colour. */
  palette: number[];
}

export interface View {
  width: number;
  height: number;
  /** The board to draw (may be an animation frame rather than the game's board). */
  board: readonly number[];
  cursor: number;
  /** The selected cell, or -1. */
  selected: number;
  /** Animation counter of the jumping chip. */
  jump: number;
  /** Cells drawn highlighted (chips being removed). */
  flash: ReadonlySet<number>;
  score: number;
  /** Colours of the next throw when the preview is on, else null. */
  next: readonly number[] | null;
  highScore: string;
  message: string;
  help: string;
}

interface Cell {
  ch: string;
  sgr: string;
}

class Screen {
  readonly cells: Cell[][];
  constructor(
    readonly cols: number,
    readonly rows: number,
  ) {
    this.cells = Array.from({ length: rows }, () => Array.from({ length: cols }, () => ({ ch: ' ', sgr: '' })));
  }
  put(x: number, y: number, ch: string, sgr = ''): void {
    const row = this.cells[y];
    if (row && x >= 0 && x < this.cols) row[x] = { ch, sgr };
  }
  text(x: number, y: number, s: string, sgr = ''): number {
    for (const ch of s) this.put(x++, y, ch, sgr);
    return x;
  }
  /** Every row positioned absolutely, SGR only where it changes, rest of the line cleared. */
  toString(): string {
    let out = '';
    this.cells.forEach((row, y) => {
      out += `\x1b[${y + 1};1H`;
      let cur = '';
      for (const c of row) {
        if (c.sgr !== cur) {
          out += '\x1b[0m' + c.sgr;
          cur = c.sgr;
        }
        out += c.ch;
      }
      out += '\x1b[0m';
    });
    return out;
  }
}

export const SGR_RESET = '\x1b[0m';

function fg(n: number): string {
  return n < 8 ? `\x1b[1;${30 + n}m` : `\x1b[38;5;${n}m`;
}

function chipGlyph(style: Style, color: number, mini: boolean): { ch: string; sgr: string } {
  if (style.mode === 'c') return { ch: style.colorFont[mini ? 2 : 1] ?? 'O', sgr: fg(style.palette[color] ?? color) };
  return { ch: style.bwFont[(color - 1) * 2 + (mini ? 2 : 1)] ?? '?', sgr: '' };
}

function cursorGlyph(style: Style): { ch: string; sgr: string } {
  return style.mode === 'c' ? { ch: style.colorFont[0] ?? 'I', sgr: fg(style.palette[0] ?? 7) } : { ch: style.bwFont[0] ?? '*', sgr: '' };
}

/** One whole frame for the layout (the too-small message when the board does not fit). */
export function renderFrame(layout: Layout, view: View, style: Style): string {
  const scr = new Screen(layout.cols, layout.rows);
  if (layout.kind === 'small') {
    const lines = ['Terminal too small', `(${layout.cols}x${layout.rows}),`, `need ${layout.needCols}x${layout.needRows}.`, 'Resize or press q.'];
    lines.forEach((l, i) => scr.text(0, i, l.slice(0, layout.cols)));
    return '\x1b[H' + scr.toString();
  }
  const { cellW, cellH, left, top } = layout;
  const mini = layout.kind === 'mini';
  const bw = view.width * cellW + 2;
  const bh = view.height * cellH + 2;
  const dim = style.mode === 'c' ? '\x1b[2m' : '';

  // Status line: score, and the preview.
  let x = scr.text(0, 0, `Score: ${view.score}`);
  if (view.next) {
    x = scr.text(x, 0, '  Next: ');
    for (const c of view.next) {
      const g = chipGlyph(style, c, false);
      scr.put(x++, 0, g.ch, g.sgr);
      x++;
    }
  }

  // Frame.
  for (let i = 1; i < bw - 1; i++) {
    scr.put(left + i, top, '-');
    scr.put(left + i, top + bh - 1, '-');
  }
  for (let j = 1; j < bh - 1; j++) {
    scr.put(left, top + j, '|');
    scr.put(left + bw - 1, top + j, '|');
  }
  for (const [cx, cy] of [
    [left, top],
    [left + bw - 1, top],
    [left, top + bh - 1],
    [left + bw - 1, top + bh - 1],
  ] as const)
    scr.put(cx, cy, '+');

  const cur = cursorGlyph(style);
  for (let c = 0; c < view.width * view.height; c++) {
    const cx = left + 1 + (c % view.width) * cellW;
    const cy = top + 1 + Math.floor(c / view.width) * cellH;
    const color = view.board[c] ?? 0;
    const isCursor = c === view.cursor;
    const up = c === view.selected && view.jump % 2 === 1;
    if (mini) {
      if (color) {
        const g = chipGlyph(style, color, up);
        let sgr = g.sgr;
        if (isCursor || view.flash.has(c)) sgr += '\x1b[7m';
        scr.put(cx, cy, g.ch, sgr);
      } else if (isCursor) scr.put(cx, cy, cur.ch, cur.sgr);
      else if (dim) scr.put(cx, cy, '.', dim);
      continue;
    }
    if (color) {
      const g = chipGlyph(style, color, false);
      scr.put(cx + 1, cy + (up ? 0 : 1), g.ch, g.sgr + (view.flash.has(c) ? '\x1b[7m' : ''));
    } else if (dim) scr.put(cx + 1, cy + 1, '.', dim);
    if (isCursor) {
      for (let r = 0; r < cellH; r++) {
        scr.put(cx, cy + r, cur.ch, cur.sgr);
        scr.put(cx + 2, cy + r, cur.ch, cur.sgr);
      }
    }
  }

  // Below the board: the high score, a message, the keys (each when there is room).
  const below = top + bh;
  scr.text(0, below, view.highScore.slice(0, layout.cols));
  // a message longer than a line goes on in the keys' line: the game over's "n: new game" was
  // cut off at 80 columns after a reason ("The board is empty and no chips are thrown.")
  const [said, more] = splitLine(view.message, layout.cols);
  if (below + 1 < layout.rows && said) scr.text(0, below + 1, said, '\x1b[1m');
  if (below + 2 < layout.rows) scr.text(0, below + 2, more ? more.slice(0, layout.cols) : view.help.slice(0, layout.cols), more ? '\x1b[1m' : dim);
  return scr.toString();
}

/** `text` as a line of at most `cols` columns and the rest ('' when it fits): broken after a sentence when one ends in it, else at a space. */
function splitLine(text: string, cols: number): [string, string] {
  if (text.length <= cols) return [text, ''];
  const sentence = text.lastIndexOf('. ', cols - 1);
  const at = sentence > 0 ? sentence + 1 : text.lastIndexOf(' ', cols);
  return at > 0 ? [text.slice(0, at), text.slice(at + 1)] : [text.slice(0, cols), text.slice(cols)];
}

/** The cell under a 0-based screen position, or -1. */
export function cellAt(layout: Layout, width: number, height: number, sx: number, sy: number): number {
  if (layout.kind === 'small') return -1;
  const x = Math.floor((sx - layout.left - 1) / layout.cellW);
  const y = Math.floor((sy - layout.top - 1) / layout.cellH);
  if (sx - layout.left - 1 < 0 || sy - layout.top - 1 < 0 || x >= width || y >= height) return -1;
  return y * width + x;
}
