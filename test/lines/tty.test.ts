// The terminal client in a real terminal: tmux sessions of a fixed size run the bundled
// CLI; keys and mouse reports go in with send-keys, the screen comes back with
// capture-pane.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apply, findPath, hint, newGame } from '../../core/games/lines/index.js';
import { NODE, TmuxSession, buildCli, ensureTmux, tempDir } from './helpers.js';

let work: string;
let cli: string;
const sessions: TmuxSession[] = [];

beforeAll(async () => {
  ensureTmux();
  work = tempDir('cw-lines-tty-');
  cli = await buildCli(work);
});
afterEach(() => {
  for (const s of sessions.splice(0)) s.kill();
});
afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
});

const W = 9;
const BW_FONT = "*OoVvAa.'Zz";

function session(args: string, dataDir: string, cols = 80, rows = 24): TmuxSession {
  const dir = fs.mkdtempSync(path.join(work, 'tmux-'));
  const s = new TmuxSession(dir);
  sessions.push(s);
  s.start(`${NODE} ${cli} lines ${args}; echo EXIT=$?; sleep 60`, cols, rows, { CARDWORDS_DATA_DIR: dataDir });
  return s;
}

interface Frame {
  top: number;
  left: number;
}

function frameOf(screen: string): Frame | null {
  const lines = screen.split('\n');
  const top = lines.findIndex((l) => l.includes(`+${'-'.repeat(3 * W)}+`));
  if (top < 0) return null;
  return { top, left: lines[top]!.indexOf('+') };
}

/** The board as drawn (normal mode): colour mode gives occupancy 0/1, black and white the colours. */
function readBoard(screen: string, bw: boolean): number[] | null {
  const f = frameOf(screen);
  if (!f) return null;
  const lines = screen.split('\n');
  const out: number[] = [];
  for (let y = 0; y < W; y++) {
    for (let x = 0; x < W; x++) {
      const col = f.left + 1 + 3 * x + 1;
      const lower = lines[f.top + 1 + 2 * y + 1]?.[col] ?? ' ';
      const upper = lines[f.top + 1 + 2 * y]?.[col] ?? ' ';
      const ch = lower !== ' ' && lower !== '.' ? lower : upper !== ' ' ? upper : lower;
      if (bw) {
        const k = [...BW_FONT].indexOf(ch);
        out.push(ch === ' ' ? 0 : k > 0 && k % 2 === 1 ? (k + 1) / 2 : -1);
      } else out.push(ch === 'O' ? 1 : 0);
    }
  }
  return out;
}

const occupancy = (board: readonly number[]) => board.map((v) => (v ? 1 : 0));

function cursorKeys(from: number, to: number, keys: { left: string; right: string; up: string; down: string }): string[] {
  const out: string[] = [];
  const dx = (to % W) - (from % W);
  const dy = Math.floor(to / W) - Math.floor(from / W);
  for (let i = 0; i < Math.abs(dx); i++) out.push(dx > 0 ? keys.right : keys.left);
  for (let i = 0; i < Math.abs(dy); i++) out.push(dy > 0 ? keys.down : keys.up);
  return out;
}

/** The first child process of `pid` (from /proc, so no `ps` is needed). */
function childOf(pid: number): number {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return -1;
}

function scoresFile(dataDir: string): string {
  return path.join(dataDir, 'lines-scores.json');
}

describe('cardwords lines in a real terminal (tmux)', () => {
  it('draws the seeded board in colour, moves a chip by keys, survives a resize, quits with q', async () => {
    const data = path.join(work, 'data-a');
    const s = session('--seed tmux-1', data);
    const g = newGame('tmux-1');
    if (!g.ok) throw new Error(g.error.message);
    const start = g.value;
    let screen = await s.waitFor((sc) => sc.includes('Score: 0') && frameOf(sc) !== null, 'the board');
    expect(readBoard(screen, false)).toEqual(occupancy(start.board));
    expect(screen).toContain('High score: off (fixed seed)');
    // Colours: the chips are drawn with colour escapes.
    expect(s.capture(true)).toMatch(/\x1b\[[0-9;]*3[1-5][;m]/);

    // Select the hint's chip with hjkl and space, walk to the target with the arrows, space.
    const mv = hint(start)!;
    s.keys(...cursorKeys(0, mv.from, { left: 'h', right: 'l', up: 'k', down: 'j' }), 'Space');
    s.keys(...cursorKeys(mv.from, mv.to, { left: 'Left', right: 'Right', up: 'Up', down: 'Down' }), 'Space');
    const r = apply(start, { type: 'move', ...mv });
    if (!r.ok) throw new Error(r.error.message);
    const expected = occupancy(r.value.board);
    screen = await s.waitFor((sc) => JSON.stringify(readBoard(sc, false)) === JSON.stringify(expected), 'the board after the move');
    expect(expected.filter(Boolean)).toHaveLength(6);

    // Too small: a message instead of the board; back to a good size: the board again.
    s.resize(20, 8);
    screen = await s.waitFor((sc) => sc.includes('Terminal too small'), 'the too-small message');
    expect(frameOf(screen)).toBeNull();
    s.resize(80, 24);
    await s.waitFor((sc) => JSON.stringify(readBoard(sc, false)) === JSON.stringify(expected), 'the board after the resize');

    s.keys('q');
    screen = await s.waitFor((sc) => sc.includes('EXIT='), 'the program to end');
    expect(screen).toMatch(/Score: \d+\nEXIT=0/);
    expect(frameOf(screen)).toBeNull(); // the alternate screen was left
    // A fixed-seed game never enters the high-score table.
    expect(fs.existsSync(scoresFile(data))).toBe(false);
  });

  it('black and white: a mouse click selects a jumping chip, a second click moves it; q saves the high score', async () => {
    const data = path.join(work, 'data-b');
    const s = session('-m b', data);
    let screen = await s.waitFor((sc) => frameOf(sc) !== null && (readBoard(sc, true) ?? []).filter((v) => v > 0).length === 3, 'the board');
    expect(screen).toMatch(/High score: none yet/);
    const board = readBoard(screen, true)!;
    expect(board.every((v) => v >= 0 && v <= 5)).toBe(true);
    let move: { from: number; to: number } | null = null;
    for (let f = 0; f < board.length && !move; f++) {
      if (!board[f]) continue;
      for (let t = board.length - 1; t >= 0; t--) {
        if (findPath(board, W, W, f, t)) {
          move = { from: f, to: t };
          break;
        }
      }
    }
    expect(move).not.toBeNull();
    const { top, left } = frameOf(screen)!;
    const click = (cell: number) => {
      const x = left + 1 + 3 * (cell % W) + 1;
      const y = top + 1 + 2 * Math.floor(cell / W) + 1;
      s.type(`\x1b[<0;${x + 1};${y + 1}M\x1b[<0;${x + 1};${y + 1}m`);
    };
    click(move!.from);
    const chip = [...BW_FONT][2 * board[move!.from]! - 1]!;
    // Jumping: the chip shows on the upper row of its cell at some point.
    await s.waitFor((sc) => {
      const f = frameOf(sc)!;
      return sc.split('\n')[f.top + 1 + 2 * Math.floor(move!.from / W)]?.[f.left + 1 + 3 * (move!.from % W) + 1] === chip;
    }, 'the selected chip to jump');
    click(move!.to);
    screen = await s.waitFor((sc) => {
      const b = readBoard(sc, true);
      return b !== null && b[move!.to] === board[move!.from] && b.filter((v) => v > 0).length === 6;
    }, 'the moved chip and the throw');
    const shown = Number(/Score: (\d+)/.exec(screen)![1]);

    s.keys('q');
    screen = await s.waitFor((sc) => sc.includes('EXIT='), 'the program to end');
    expect(screen).toMatch(/EXIT=0/);
    // entered when the move scored; a game left at 0 is not (docs/rules.md#lines-high-scores)
    if (shown > 0) {
      const saved = JSON.parse(fs.readFileSync(scoresFile(data), 'utf8'));
      expect(saved.scores).toHaveLength(1);
      expect(saved.scores[0].score).toBe(shown);
      expect(typeof saved.scores[0].user).toBe('string');
    } else expect(fs.existsSync(scoresFile(data))).toBe(false);
  });

  it('saves the high score on Ctrl-C and on SIGQUIT, and restores the terminal', async () => {
    // A game at 0 is never entered (docs/rules.md#lines-high-scores), and a test game cannot
    // score without a fixed seed, which never counts: the save is seen by a damaged score file,
    // which saving puts aside as *.bad (LinesScores.submit) before deciding there is no record.
    const damaged = (dir: string) => {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(scoresFile(dir), 'not json');
    };
    const dataC = path.join(work, 'data-c');
    damaged(dataC);
    const c = session('', dataC);
    await c.waitFor((sc) => frameOf(sc) !== null, 'the board');
    c.keys('C-c');
    const screen = await c.waitFor((sc) => sc.includes('EXIT='), 'the program to end');
    expect(screen).toMatch(/Score: 0\nEXIT=0/);
    expect(fs.existsSync(`${scoresFile(dataC)}.bad`)).toBe(true);
    expect(fs.existsSync(scoresFile(dataC))).toBe(false);

    const dataQ = path.join(work, 'data-q');
    damaged(dataQ);
    const q = session('', dataQ);
    await q.waitFor((sc) => frameOf(sc) !== null, 'the board');
    const shell = q.panePid();
    const nodePid = childOf(shell);
    expect(nodePid).toBeGreaterThan(0);
    process.kill(nodePid, 'SIGQUIT');
    const after = await q.waitFor((sc) => sc.includes('EXIT='), 'the program to end');
    expect(after).toMatch(/EXIT=0/);
    expect(frameOf(after)).toBeNull();
    expect(fs.existsSync(`${scoresFile(dataQ)}.bad`)).toBe(true);
    expect(fs.existsSync(scoresFile(dataQ))).toBe(false);
  });

  it('plays settings under which no line fits, as the original does, and says so under the board', async () => {
    // defect: `-w 4 -t 4 -i 5` started silently, a game where no chip can ever be removed
    const s = session('--seed hopeless -w 4 -t 4 -i 5', path.join(work, 'data-w'));
    const screen = await s.waitFor((sc) => sc.includes('Score: 0') && sc.includes('+------------+'), 'the 4x4 board');
    expect(screen).toContain('No line of 5 fits a 4x4 board: no chip can ever be removed.');
    s.keys('q');
    expect(await s.waitFor((sc) => sc.includes('EXIT='), 'the program to end')).toMatch(/EXIT=0/);
    // defect: a game the first throw ends (a line of the two chips empties the board, and -n 0
    // throws none) stood still with nothing said; now why, as the web page says it, and n, at
    // once (no u: nothing to take back), the line too long for 80 columns going on below it
    const e = session('--seed empty -w 2 -t 1 -i 2 -c 1 -N 2 -n 0', path.join(work, 'data-w'));
    const over = await e.waitFor((sc) => sc.includes('Game over'), 'the end at the first throw');
    expect(over).toMatch(/^The board is empty and no chips are thrown\. Game over: 2 points\.\s*\nn: new game, q: quit\s*$/m);
    e.keys('u');
    await e.waitFor((sc) => sc.includes('Nothing to take back.'), 'u refused');
    e.keys('n');
    expect(await e.waitFor((sc) => sc.includes('Game over'), 'the new game, over at once too')).toContain('The board is empty and no chips are thrown.');
    e.keys('q');
    expect(await e.waitFor((sc) => sc.includes('EXIT='), 'the program to end')).toMatch(/EXIT=0/);
  });

  it('refuses a bad option with exit status 2 before touching the terminal', async () => {
    const s = session('-N 0', path.join(work, 'data-x'));
    const screen = await s.waitFor((sc) => sc.includes('EXIT='), 'the program to end');
    expect(screen).toMatch(/-N \(firstThrow\) must be between 1/);
    expect(screen).toMatch(/EXIT=2/);
  });
});
