// The Lines terminal client (`cardwords lines`): raw-mode keys and xterm SGR mouse clicks
// in, ANSI frames out, on the alternate screen. It owns no rule: every move goes through
// the core engine. Redraws on SIGWINCH (the stream's 'resize'), shows a message while the
// terminal is too small, saves the high score at game over, on quit and on SIGINT/SIGQUIT
// (and SIGTERM/SIGHUP), and always gives the terminal back as it found it.
import { randomBytes } from 'node:crypto';
import { apply, hint, isHighScoreEligible, newGame, optionsWarning, overReason, type LinesState } from '../../core/games/lines/index.js';
import { optionsWarningText, overReasonText } from '../../media/lines/texts.js';
import { translator } from '../../media/ui/l10n/index.js';
import type { LinesCliOptions } from './args.js';
import type { LinesScores } from './scores.js';
import { decodeInput } from './tty-input.js';
import { cellAt, computeLayout, renderFrame, type DisplayMode, type Layout, type Style } from './tty-render.js';

export interface TerminalIn {
  isTTY?: boolean;
  setRawMode?(raw: boolean): unknown;
  on(event: 'data', fn: (d: Buffer | string) => void): unknown;
  off(event: 'data', fn: (d: Buffer | string) => void): unknown;
  resume(): unknown;
  pause(): unknown;
}

export interface TerminalOut {
  columns?: number;
  rows?: number;
  write(s: string): unknown;
  on(event: 'resize', fn: () => void): unknown;
  off(event: 'resize', fn: () => void): unknown;
}

export interface LinesTerminalConfig {
  cli: LinesCliOptions;
  mode: DisplayMode;
  input: TerminalIn;
  output: TerminalOut;
  /** Null when high scores are unavailable. */
  scores: LinesScores | null;
  user: string;
  /** Milliseconds per animation step (0: no animation). */
  stepMs?: number;
  /** Listen to process signals (off in unit tests). */
  signals?: boolean;
}

export interface LinesOutcome {
  score: number;
  /** The game ended on its own (not by quitting). */
  over: boolean;
  /** A new personal record was saved. */
  record: boolean;
  reason: 'quit' | 'signal';
}

const JUMP_MS = 180;
const ENTER = '\x1b[?1049h\x1b[?25l\x1b[2J';
const MOUSE_ON = '\x1b[?1000h\x1b[?1006h';
const LEAVE = '\x1b[?1000l\x1b[?1006l\x1b[0m\x1b[?25h\x1b[?1049l';

export class LinesTerminal {
  private state: LinesState;
  private cursor = 0;
  private selected = -1;
  private jump = 0;
  private flash = new Set<number>();
  private animBoard: readonly number[] | null = null;
  private busy = false;
  private message = '';
  private layout: Layout;
  private lastKind: Layout['kind'] | null = null;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private jumpTimer: ReturnType<typeof setInterval> | null = null;
  private finished = false;
  private resolve: ((o: LinesOutcome) => void) | null = null;
  private record = false;
  private gameNumber = 1;
  private readonly style: Style;
  private readonly stepMs: number;
  private readonly onData = (d: Buffer | string) => this.handleInput(typeof d === 'string' ? d : d.toString('utf8'));
  private readonly onResize = () => this.redraw(true);
  private readonly onSignal = () => void this.finish('signal');
  private readonly onExit = () => this.restoreTerminal();

  constructor(private readonly cfg: LinesTerminalConfig) {
    this.state = this.startGame();
    this.openingOver();
    this.style = { mode: cfg.mode, colorFont: cfg.cli.colorFont, bwFont: cfg.cli.bwFont, palette: cfg.cli.palette };
    this.stepMs = cfg.stepMs ?? 35;
    this.layout = this.computeLayout();
  }

  /** Takes over the terminal until the player quits; resolves with the outcome. */
  run(): Promise<LinesOutcome> {
    const { input, output } = this.cfg;
    return new Promise((resolve) => {
      this.resolve = resolve;
      input.setRawMode?.(true);
      input.on('data', this.onData);
      input.resume();
      output.on('resize', this.onResize);
      process.on('exit', this.onExit);
      if (this.cfg.signals !== false) for (const s of ['SIGINT', 'SIGQUIT', 'SIGTERM', 'SIGHUP'] as const) process.on(s, this.onSignal);
      output.write(ENTER + (this.cfg.cli.mouse ? MOUSE_ON : ''));
      this.redraw(true);
    });
  }

  private startGame(): LinesState {
    const cli = this.cfg.cli;
    const seed = cli.seed === null ? randomBytes(8).toString('hex') : this.gameNumber === 1 ? cli.seed : `${cli.seed}/${this.gameNumber}`;
    const g = newGame(seed, cli.game);
    if (!g.ok) throw new Error(g.error.message); // options were validated by the parser
    this.cursor = 0;
    this.selected = -1;
    this.message = '';
    this.record = false;
    return g.value;
  }

  private get eligible(): boolean {
    return this.cfg.cli.seed === null && isHighScoreEligible(this.state);
  }

  private computeLayout(): Layout {
    const { columns, rows } = this.cfg.output;
    return computeLayout(columns ?? 80, rows ?? 24, this.state.options.width, this.state.options.height);
  }

  // ------------------------------------------------------------ input

  private handleInput(data: string): void {
    if (this.finished) return;
    for (const ev of decodeInput(data)) {
      if (ev.type === 'char' && (ev.ch === '\x03' || ev.ch === '\x1c')) {
        // Ctrl-C / Ctrl-\ arrive as bytes in raw mode: treat them as SIGINT / SIGQUIT.
        void this.finish('signal');
        return;
      }
      const quitKey = !this.cfg.cli.keys.includes('q');
      if (ev.type === 'char' && ev.ch === 'q' && quitKey) {
        void this.finish('quit');
        return;
      }
      if (this.busy) continue;
      if (this.layout.kind === 'small') {
        if (ev.type === 'char' && ev.ch === '\x0c') this.redraw(true);
        continue;
      }
      this.handleEvent(ev);
    }
  }

  private handleEvent(ev: ReturnType<typeof decodeInput>[number]): void {
    const { width, height } = this.state.options;
    const [left, down, up, right, action] = this.cfg.cli.keys;
    let dir: 'up' | 'down' | 'left' | 'right' | null = null;
    if (ev.type === 'key') dir = ev.key;
    else if (ev.type === 'char') {
      if (ev.ch === left) dir = 'left';
      else if (ev.ch === down) dir = 'down';
      else if (ev.ch === up) dir = 'up';
      else if (ev.ch === right) dir = 'right';
    }
    if (dir) {
      let x = this.cursor % width;
      let y = Math.floor(this.cursor / width);
      if (dir === 'left') x = Math.max(0, x - 1);
      if (dir === 'right') x = Math.min(width - 1, x + 1);
      if (dir === 'up') y = Math.max(0, y - 1);
      if (dir === 'down') y = Math.min(height - 1, y + 1);
      this.cursor = y * width + x;
      this.redraw();
      return;
    }
    if (ev.type === 'mouse') {
      if (!ev.press || ev.button !== 0) return;
      const c = cellAt(this.layout, width, height, ev.x, ev.y);
      if (c < 0) return;
      this.cursor = c;
      this.act();
      return;
    }
    if (ev.type !== 'char') return;
    if (ev.ch === action) return this.act();
    switch (ev.ch) {
      case 'u':
        return this.undo();
      case '?':
        return this.showHint();
      case 'n':
        if (this.state.over) {
          this.gameNumber++;
          this.state = this.startGame();
          this.openingOver();
          this.stopJumping();
          this.redraw(true);
        }
        return;
      case '\x0c':
        return this.redraw(true);
    }
  }

  /** Space or a click on the cursor's cell: select, reselect, clear, or move there. */
  private act(): void {
    if (this.state.over) return;
    const c = this.cursor;
    this.message = '';
    if (this.state.board[c]) {
      this.selected = this.selected === c ? -1 : c;
      if (this.selected >= 0) this.startJumping();
      else this.stopJumping();
      this.redraw();
      return;
    }
    if (this.selected < 0) return this.redraw();
    const r = apply(this.state, { type: 'move', from: this.selected, to: c });
    if (!r.ok) {
      this.message = r.error.code === 'unreachable' ? 'No free path there.' : r.error.message;
      this.cfg.output.write('\x07');
      this.redraw();
      return;
    }
    const before = this.state;
    this.state = r.value;
    this.selected = -1;
    this.stopJumping();
    void this.animate(before, r.value);
  }

  private undo(): void {
    const r = apply(this.state, { type: 'undo' });
    if (!r.ok) this.message = 'Nothing to take back.';
    else {
      this.state = r.value;
      this.selected = -1;
      this.stopJumping();
      this.message = 'Move taken back (this game no longer counts for high scores).';
    }
    this.redraw();
  }

  private showHint(): void {
    if (this.state.over) return;
    const h = hint(this.state);
    const r = apply(this.state, { type: 'hint' });
    if (r.ok) this.state = r.value;
    if (!h) {
      this.message = 'No move to propose.';
    } else {
      this.selected = h.from;
      this.cursor = h.to;
      this.startJumping();
      this.message = 'Hint: press space to move the jumping chip here.';
    }
    this.redraw();
  }

  // ------------------------------------------------------------ animation

  private sleep(ms: number): Promise<void> {
    return new Promise((res) => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        res();
      }, ms);
      this.timers.add(t);
    });
  }

  /** The chip runs along its path, removed chips flash, then the new board shows. */
  private async animate(before: LinesState, after: LinesState): Promise<void> {
    const turn = after.last;
    if (turn && this.stepMs > 0) {
      this.busy = true;
      const color = before.board[turn.from]!;
      const b = before.board.slice();
      for (let i = 1; i < turn.path.length && !this.finished; i++) {
        b[turn.path[i - 1]!] = 0;
        b[turn.path[i]!] = color;
        this.animBoard = b.slice();
        this.redraw();
        await this.sleep(this.stepMs);
      }
      if (turn.removed.length && !this.finished) {
        this.flash = new Set(turn.removed);
        this.redraw();
        await this.sleep(this.stepMs * 8);
      }
      this.flash = new Set();
      this.animBoard = null;
      this.busy = false;
    }
    if (this.finished) return;
    if (turn) {
      const pts = turn.points + turn.throwPoints;
      if (pts) this.message = `+${pts} points`;
    }
    if (after.over) this.gameOver();
    this.redraw();
  }

  private gameOver(): void {
    this.saveScore();
    // why first ("Game over" alone, with cells free, read as a fault); nothing to undo before a move
    const undo = this.state.moves > 0 ? ' u: undo,' : '';
    this.message = `${overReasonText(translator('en'), overReason(this.state))} Game over: ${this.state.score} points${this.record ? ', a new personal record!' : '.'} n: new game,${undo} q: quit`;
  }

  /**
   * A game the first throw ended (a 1x1 board; the board emptied with `-n 0`): said at once, as
   * the web page says it, with `n` for a new one (the board stood still with nothing said).
   */
  private openingOver(): void {
    if (this.state.over) this.gameOver();
  }

  private startJumping(): void {
    if (this.jumpTimer) return;
    this.jumpTimer = setInterval(() => {
      this.jump++;
      this.redraw();
    }, JUMP_MS);
  }

  private stopJumping(): void {
    if (this.jumpTimer) clearInterval(this.jumpTimer);
    this.jumpTimer = null;
    this.jump = 0;
  }

  // ------------------------------------------------------------ output

  private highScoreLine(): string {
    if (this.cfg.cli.seed !== null) return 'High score: off (fixed seed)';
    if (!isHighScoreEligible(this.state)) {
      const why = this.state.undone ? 'undo used' : this.state.assisted ? 'hint used' : 'non-default settings';
      return `High score: off (${why})`;
    }
    if (!this.cfg.scores) return 'High score: unavailable';
    try {
      const top = this.cfg.scores.top();
      const mine = this.cfg.scores.best(this.cfg.user);
      if (!top) return 'High score: none yet';
      return `High score: ${top.score} (${top.user})` + (mine !== null && top.user !== this.cfg.user ? `  yours: ${mine}` : '');
    } catch (e) {
      return `High score: unreadable (${(e as Error).message})`;
    }
  }

  private helpLine(): string {
    const [l, d, u, r, a] = this.cfg.cli.keys.map((k) => (k === ' ' ? 'space' : k));
    const quit = this.cfg.cli.keys.includes('q') ? 'Ctrl-C quit' : 'q quit';
    return `arrows/${l}${d}${u}${r} move  ${a} select/move  u undo  ? hint  ${quit}`;
  }

  private redraw(full = false): void {
    if (this.finished) return;
    this.layout = this.computeLayout();
    if (full || this.layout.kind !== this.lastKind) this.cfg.output.write('\x1b[0m\x1b[2J');
    this.lastKind = this.layout.kind;
    const s = this.state;
    const frame = renderFrame(
      this.layout,
      {
        width: s.options.width,
        height: s.options.height,
        board: this.animBoard ?? s.board,
        cursor: this.cursor,
        selected: this.animBoard ? -1 : this.selected,
        jump: this.jump,
        flash: this.flash,
        score: s.score,
        next: s.options.preview ? s.next : null,
        highScore: this.highScoreLine(),
        // the original's options are kept, but settings under which no chip can go are said
        // whenever the message line has nothing else to say
        message: this.message || optionsWarningText(translator('en'), optionsWarning(s.options)),
        help: this.helpLine(),
      },
      this.style,
    );
    this.cfg.output.write(frame);
  }

  // ------------------------------------------------------------ the end

  private saveScore(): void {
    if (!this.eligible || !this.cfg.scores) return;
    try {
      if (this.cfg.scores.submit(this.cfg.user, this.state.score)) this.record = true;
    } catch (e) {
      this.message = `Could not save the high score: ${(e as Error).message}`;
    }
  }

  private restoreTerminal(): void {
    if (this.jumpTimer) clearInterval(this.jumpTimer);
    this.jumpTimer = null;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    const { input, output } = this.cfg;
    input.off('data', this.onData);
    output.off('resize', this.onResize);
    process.off('exit', this.onExit);
    for (const s of ['SIGINT', 'SIGQUIT', 'SIGTERM', 'SIGHUP'] as const) process.off(s, this.onSignal);
    try {
      input.setRawMode?.(false);
    } catch {
      // the terminal is gone
    }
    input.pause();
    output.write(LEAVE);
  }

  private async finish(reason: LinesOutcome['reason']): Promise<void> {
    if (this.finished) return;
    this.saveScore();
    this.finished = true;
    this.restoreTerminal();
    this.resolve?.({ score: this.state.score, over: this.state.over, record: this.record, reason });
  }
}
