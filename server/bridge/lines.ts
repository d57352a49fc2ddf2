// Lines in the bridge: the core engine runs here, the editor draws the board and moves its
// cursor. High scores go to the same file as the terminal client's (server/lines/scores.ts),
// under the same rules: default options, no fixed seed, no undo, no hint.
import { randomBytes } from 'node:crypto';
import { normalizeName } from '../../core/games/names.js';
import { apply, hint, isHighScoreEligible, newGame, optionsWarning, overReason, type LinesState } from '../../core/games/lines/index.js';
import { cellNameText, movedText, optionsWarningText, overReasonText, overRefusalText, refusalText, selectFirstText } from '../../media/lines/texts.js';
import { translator, type StringKey } from '../../media/ui/l10n/index.js';
import { LinesScores, currentUser } from '../lines/scores.js';
import { BridgeError, type LinesMoveParams, type LinesNewParams, type LinesView } from './protocol.js';

/**
 * A chip's colour by name, as the web page names it, for the colours Emacs draws apart (its
 * eight faces, the web page's first eight chip colours); beyond them Emacs repeats the faces,
 * so the colour goes by its number ("colour 9").
 */
function chipColorName(c: number): string {
  const en = translator('en');
  return c >= 1 && c <= 8 ? en(`color.${c}` as StringKey) : en('color.n', c);
}

export class LinesSession {
  private state: LinesState | null = null;
  private fixedSeed = false;
  private record = false;
  private saved = false;
  /** Whose score this game's is: the name the editor gave, else the login name. */
  private player: string;

  constructor(
    private readonly scores: LinesScores = new LinesScores(),
    private readonly user: string = currentUser(),
  ) {
    this.player = user;
  }

  start(params: LinesNewParams): LinesView {
    if (params.seed !== undefined && (typeof params.seed !== 'string' || params.seed.length === 0 || params.seed.length > 200)) {
      throw new BridgeError('bad-request', 'seed must be a string of 1 to 200 characters');
    }
    // the editor's player name (Emacs: `cardwords-play-name'), under a player name's rule
    const player = params.user === undefined ? this.user : normalizeName(params.user);
    if (player === null) throw new BridgeError('bad-request', 'user must be a player name (1 to 39 characters, no control characters)');
    const g = newGame(params.seed ?? randomBytes(8).toString('hex'), params.options ?? {});
    if (!g.ok) throw new BridgeError('refused', g.error.message);
    this.state = g.value;
    this.player = player;
    this.fixedSeed = params.seed !== undefined;
    this.record = false;
    this.saved = false;
    return this.view();
  }

  move(params: LinesMoveParams): LinesView {
    if (!Number.isInteger(params?.from) || !Number.isInteger(params?.to)) throw new BridgeError('bad-request', 'from and to must be cell numbers');
    const color = this.game.board[params.from] ?? 0;
    this.apply({ type: 'move', from: params.from, to: params.to });
    if (this.game.over) this.save();
    const en = translator('en');
    const width = this.game.options.width;
    return { ...this.view(), moved: movedText(en, this.game.last!, color, this.game.board, chipColorName, (i) => cellNameText(en, width, i)) };
  }

  /** Takes the last move back; `undone` says so in the web panel's words (Emacs wrote its own). */
  undo(): LinesView {
    this.apply({ type: 'undo' });
    return { ...this.view(), undone: translator('en')('lines.undone') };
  }

  hint(): LinesView {
    const proposal = this.game.over ? null : hint(this.game);
    this.apply({ type: 'hint' });
    return { ...this.view(), hint: proposal ? { from: proposal.from, to: proposal.to } : null };
  }

  /** The player leaves: the score counts as at game over (as `q` in the terminal client). */
  quit(): LinesView {
    this.save();
    return this.view();
  }

  /** The high-score table (the terminal client's `-l`), best first. */
  scoresList(): Array<{ user: string; score: number; date: string }> {
    try {
      return this.scores.list();
    } catch (e) {
      throw new BridgeError('failed', (e as Error).message);
    }
  }

  current(): LinesView {
    return this.view();
  }

  private get game(): LinesState {
    if (!this.state) throw new BridgeError('refused', 'no Lines game: start one with lines/new');
    return this.state;
  }

  private apply(action: Parameters<typeof apply>[1]): void {
    const r = apply(this.game, action);
    // in the web panel's words (it said the engine's "there is no move to take back")
    const width = this.game.options.width;
    if (!r.ok) throw new BridgeError('refused', refusalText(translator('en'), r.error, action, (i) => cellNameText(translator('en'), width, i)));
    this.state = r.value;
  }

  private get eligible(): boolean {
    return !this.fixedSeed && isHighScoreEligible(this.game);
  }

  private save(): void {
    if (this.saved || !this.eligible) return; // submit() decides by core's beatsRecord: a game at 0 never counts
    this.saved = true;
    this.record = this.scores.submit(this.player, this.game.score);
  }

  private highScoreLine(): string {
    const s = this.game;
    if (this.fixedSeed) return 'High score: off (fixed seed)';
    if (!isHighScoreEligible(s)) return `High score: off (${s.undone ? 'undo used' : s.assisted ? 'hint used' : 'non-default settings'})`;
    try {
      const top = this.scores.top();
      const mine = this.scores.best(this.player);
      if (!top) return 'High score: none yet';
      return `High score: ${top.score} (${top.user})` + (mine !== null && top.user !== this.player ? `  yours: ${mine}` : '');
    } catch (e) {
      return `High score: unreadable (${(e as Error).message})`;
    }
  }

  private view(): LinesView {
    const s = this.game;
    const last = s.last;
    return {
      options: s.options,
      board: [...s.board],
      score: s.score,
      next: s.options.preview ? [...s.next] : null,
      over: s.over,
      overReason: overReasonText(translator('en'), overReason(s)),
      overRefusal: s.over ? overRefusalText(translator('en')) : '',
      emptyRefusal: selectFirstText(translator('en')),
      warning: optionsWarningText(translator('en'), optionsWarning(s.options)),
      moves: s.moves,
      last: last && { path: last.path, removed: last.removed, points: last.points, thrown: last.thrown, thrownRemoved: last.thrownRemoved, throwPoints: last.throwPoints },
      eligible: this.eligible,
      highScore: this.highScoreLine(),
      record: this.record,
    };
  }
}
