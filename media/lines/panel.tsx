/// <reference lib="dom" />
// The Lines panel: runs a game of core/games/lines in the page (no server). Keyboard
// (arrows, hjkl or the configured keys, space/Enter) and mouse (click a chip, then an
// empty cell); the selected chip jumps, the path is animated, a refused move is shown and
// announced; score and high score; next-colours preview; undo; hint; shapes mode; the
// original's options in a settings form. A game is its seed, options and actions: it is
// kept by the host after every action and replayed when the panel opens again. The
// controller of a Preact view (view/board.tsx and the bar and form below): an update
// patches the DOM, so the board keeps its focus.
import { createRef, render } from 'preact';
import {
  DEFAULT_OPTIONS,
  OPTION_LIMITS,
  apply,
  beatsRecord,
  hint,
  isDefaultOptions,
  isHighScoreEligible,
  newGame,
  optionsWarning,
  overReason,
  replay,
  validateOptions,
  type LinesAction,
  type LinesError,
  type LinesOptions,
  type LinesRecord,
  type LinesState,
  type NumericOption,
  type OptionProblem,
} from '../../core/games/lines/index.js';
import { ConfirmQuestion } from '../ui/confirm.js';
import { announce, flash, typing } from '../ui/dom.js';
import type { Host } from '../ui/host.js';
import { sentence, type StringKey, type Translate } from '../ui/l10n/index.js';
import { Board, type CellAnimation } from './view/board.js';
import { cellNameText, optionsWarningText, overReasonText, overRefusalText, refusalText, movedText, selectFirstText, thrownText } from './texts.js';

export const DEFAULT_KEYS = 'hjkl ';
/** Colours of the chips (CSS custom properties --chip-1..12 in style.css, told apart in each theme; more are computed and numbered). */
const NAMED_COLORS = 12;
const SHAPES = 9;
const STEP_MS = 45;

interface Settings {
  options: LinesOptions;
  keys: string;
  shapes: boolean;
}

/** Each option's label in the settings form, also the name a refused value is given by. */
const FIELD_LABELS: Record<NumericOption, StringKey> = {
  width: 'lines.width',
  height: 'lines.height',
  colors: 'lines.colors',
  minLine: 'lines.minLine',
  throwCount: 'lines.throwCount',
  firstThrow: 'lines.firstThrow',
};

/**
 * The roles of the five keys, in the order of the keys string (docs/lines.md, `-C`: LEFT,
 * DOWN, UP, RIGHT, ACTION). The form shows each key with its role; the string is what is kept.
 */
const KEY_ROLES: readonly StringKey[] = ['lines.key.left', 'lines.key.down', 'lines.key.up', 'lines.key.right', 'lines.key.action'];

/**
 * The keys the board answers to whatever the settings say (onKey), with what they do: a move or
 * the action on one of them would be taken first, and the key would no longer do what the help
 * says (u moved the cursor left). Refused as a clash is.
 */
const UNDO_KEY = 'u';
const HINT_KEY = '?';
const FIXED_KEYS: ReadonlyMap<string, StringKey> = new Map([
  [UNDO_KEY, 'lines.fixed.undo'],
  [HINT_KEY, 'lines.fixed.hint'],
]);

/** URL parameters with the original's option letters (-w -t -c -i -n -N) and `preview`. */
const PARAMS: Record<string, NumericOption> = { w: 'width', t: 'height', c: 'colors', i: 'minLine', n: 'throwCount', N: 'firstThrow' };

export function randomSeed(): string {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return Array.from(a, (x) => x.toString(36)).join('');
}

/** The kept game: its record, and whether its seed came from the URL (such a game never counts for the high score, docs/rules.md). */
type KeptGame = LinesRecord & { fixedSeed?: boolean };

export class LinesPanel {
  private state!: LinesState;
  private record!: KeptGame;
  private settings: Settings;
  private cursor = 0;
  private selected: number | null = null;
  private hintMove: { from: number; to: number } | null = null;
  private timers: number[] = [];
  private readonly animation = new Map<number, CellAnimation>();
  private refusals = 0;
  /**
   * The cell a refusal was about, tinted (drawn, not only flashed: a flashed class stayed on the
   * cell until something else about it changed, and a cell the cursor stayed on kept it after
   * the next action). It goes when the status line says something else, as the refusal does.
   */
  private refusedCell: number | null = null;
  private formError = '';
  /** The link's options refused (?w=0): said with the first game, then forgotten. */
  private linkRefused: { key: NumericOption; value: string; error: LinesError }[] = [];
  /** What is hopeless about the settings the form shows, said as they are chosen (core's optionsWarning); '' when nothing is. */
  private formWarning = '';
  /** The options the settings form shows (Defaults and a new game change them); the keys one character each, in KEY_ROLES' order. */
  private formValues: { options: LinesOptions; keys: string[] };
  /** The key whose button waits for the new key (pressed next), if any. */
  private capturing: number | null = null;
  /** A key just taken: its key-up must not press the button again (a space would start a new wait where the key-up clicks). */
  private takenKey: string | null = null;
  /** What the keys' live line says (the wait, the new key, a clash). */
  private keysNote: { text: string; clash: boolean } = { text: '', clash: false };
  /**
   * Which button asks, in its place, whether to end the game in progress: New game or the form's
   * Apply (both threw a game away at a click, and made its score the high score unsaid).
   */
  private asking: 'new' | 'apply' | null = null;
  private readonly keepRef = createRef<HTMLButtonElement>();
  /** The status line lives outside the Preact trees: announce() rewrites it for screen readers. */
  private readonly status: HTMLElement;
  private readonly top: HTMLElement;
  private readonly bottom: HTMLElement;

  constructor(
    private readonly host: Host,
    private readonly root: HTMLElement,
    private readonly t: Translate,
  ) {
    this.settings = this.loadSettings();
    this.formValues = { options: this.settings.options, keys: [...this.settings.keys] };
    this.formWarning = this.warningOf(this.settings.options);
    this.status = document.createElement('p');
    Object.assign(this.status, { className: 'status', id: 'lines-status' });
    this.status.setAttribute('role', 'status');
    this.status.setAttribute('aria-live', 'polite');
    this.top = document.createElement('div');
    this.bottom = document.createElement('div');
    root.replaceChildren(this.top, this.status, this.bottom);
    root.classList.toggle('shapes', this.settings.shapes);
    this.start();
    // The window focused again with the focus on nothing (VS Code focuses a panel's webview
    // after a palette command or a tab click, and the arrows then scrolled the panel): the
    // board takes it back, as the Cardwords panel's area does.
    window.addEventListener('focus', () => {
      const a = document.activeElement;
      if (a === null || a === document.body) this.board.focus({ preventScroll: true });
    });
  }

  // ------------------------------------------------------------------ settings and games

  private loadSettings(): Settings {
    const saved = this.host.load<Partial<Settings>>('lines.settings') ?? {};
    // options kept from an older version that no longer validate: the defaults
    const kept = validateOptions({ ...DEFAULT_OPTIONS, ...(saved.options ?? {}) });
    let options: LinesOptions = kept.ok ? kept.value : { ...DEFAULT_OPTIONS };
    // the link's options together (?w=1&t=1&N=1 is fine, t=1 alone is not); one refused is left
    // out, and the status says which and why (?w=0&t=abc&c=999 started a game with the defaults
    // and said "A new game." only)
    const link = new Map<NumericOption, string>();
    for (const [p, key] of Object.entries(PARAMS)) {
      const v = this.host.param(p);
      if (v !== null && v !== '') link.set(key, v);
    }
    for (;;) {
      const tried = validateOptions({ ...options, ...Object.fromEntries([...link].map(([k, v]) => [k, Number(v)])) });
      if (tried.ok) {
        options = tried.value;
        break;
      }
      // the option refused, or the board's side that leaves the kept chips no room (?w=1&t=1: the first throw's 3)
      const key = tried.error.option !== undefined && tried.error.option !== 'preview' && link.has(tried.error.option) ? tried.error.option : link.has('height') ? 'height' : 'width';
      if (!link.has(key)) break; // (cannot happen: the options before the link's are valid)
      this.linkRefused.push({ key, value: link.get(key)!, error: tried.error });
      link.delete(key);
    }
    const order = Object.values(PARAMS);
    this.linkRefused.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
    const pv = this.host.param('preview');
    if (pv !== null) options = { ...options, preview: pv === '1' || pv === 'true' };
    const keys = typeof saved.keys === 'string' && validKeys(saved.keys) ? saved.keys : DEFAULT_KEYS;
    return { options, keys, shapes: saved.shapes === true || this.host.param('shapes') === '1' };
  }

  /** The link's options that were not used, in words as the settings form says them; '' when none. */
  private linkRefusedText(): string {
    if (this.linkRefused.length === 0) return '';
    const why = this.linkRefused.map(({ key, value, error }) =>
      // a value fine on its own that the others refuse (?w=1&t=1: the first throw's 3 chips do not fit)
      error.option === key ? this.optionError(error) : this.t('lines.link.clash', this.t(FIELD_LABELS[key]), value, this.optionError(error)),
    );
    return this.t('lines.link.notUsed', why.join(' '));
  }

  private saveSettings(): void {
    this.host.save('lines.settings', this.settings);
  }

  /** Resumes the kept game, or starts the one the URL names (?seed=), or a new one. */
  private start(): void {
    const seed = this.host.param('seed');
    const kept = this.host.load<KeptGame>('lines.game');
    if (seed === null && kept && !this.urlHasOptions()) {
      const r = replay(kept);
      if (r.ok && !r.value.over) {
        this.record = kept;
        this.settings.options = r.value.options;
        this.begin(r.value);
        // the status line was empty after a reload
        this.say(this.t('lines.resumed', r.value.score));
        return;
      }
    }
    this.newGame(seed ?? randomSeed(), seed !== null);
  }

  private urlHasOptions(): boolean {
    return Object.keys(PARAMS).some((p) => this.host.param(p) !== null) || this.host.param('preview') !== null;
  }

  /** `fixedSeed`: the seed was chosen (the URL's ?seed=): the game does not count for the high score. */
  newGame(seed: string = randomSeed(), fixedSeed = false): void {
    const ended = this.state ? this.endText() : '';
    let g = newGame(seed, this.settings.options);
    if (!g.ok) {
      // options kept from an older version that no longer validate: fall back to the defaults
      this.settings.options = { ...DEFAULT_OPTIONS };
      g = newGame(seed, this.settings.options);
      if (!g.ok) throw new Error(g.error.message); // the defaults always validate
    }
    this.asking = null;
    this.record = fixedSeed ? { seed, options: g.value.options, actions: [], fixedSeed } : { seed, options: g.value.options, actions: [] };
    this.begin(g.value);
    this.say([ended, this.linkRefusedText(), this.openingText()].filter(Boolean).join(' '));
    this.linkRefused = [];
  }

  /** A game in progress: a move made and not over. Ending it is asked first; one not begun or over is not. */
  private inProgress(): boolean {
    return !this.state.over && this.state.moves > 0;
  }

  /** The game left for a new one: its score kept by core's rule, and what became of it in words ('' for one that was over: that was said). */
  private endText(): string {
    const s = this.state;
    const record = this.keepHighScore();
    if (record) return this.t('lines.endedRecord', s.score);
    return s.over || s.moves === 0 ? '' : this.t('lines.ended', s.score);
  }

  /**
   * The new game's first throw in words (it said "Game p0c2qx1hac7qc"): the chips by colour and
   * cell, a line it made, the throw after one that emptied the board, a warning about the
   * settings, and the end when the first throw ends it. The game's id only for one a link chose.
   */
  private openingText(): string {
    const s = this.state;
    const t = this.t;
    const o = s.opening;
    const first = o.thrown.slice(0, s.options.firstThrow);
    const again = o.thrown.slice(s.options.firstThrow);
    const onBoard = (cells: number[]) => cells.filter((c) => s.board[c]).map((c) => ({ color: this.colorName(s.board[c]!), cell: this.cellName(c) }));
    const parts = [this.record.fixedSeed ? t('lines.started.seed', s.seed) : t('lines.started')];
    // a throw is thrown again only after the one before emptied the board: its chips are gone
    parts.push(thrownText(t, first.length, again.length ? [] : onBoard(first)));
    if (o.removed.length) parts.push(t('lines.thrownScored', o.removed.length, o.points));
    if (again.length) parts.push(thrownText(t, again.length, onBoard(again)));
    // such settings are allowed (the original's), but a game under them is said to be hopeless as it starts
    const warning = optionsWarningText(t, optionsWarning(s.options));
    if (warning) parts.push(warning);
    parts.push(s.over ? this.gameOver() : t('lines.yourMove'));
    return parts.join(' ');
  }

  /** New game or Apply pressed: a game in progress is asked about in the button's place, any other replaced at once. */
  private askNew(which: 'new' | 'apply'): boolean {
    if (!this.inProgress()) return false;
    this.asking = which;
    this.render();
    this.keepRef.current?.focus();
    return true;
  }

  /** The question answered "keep playing": the button is back, with the focus. */
  private keepPlaying(): void {
    const which = this.asking;
    this.asking = null;
    this.render();
    this.bottom.ownerDocument.getElementById(which === 'apply' ? 'lines-apply' : 'lines-new')?.focus();
  }

  private startNew(): void {
    this.newGame();
    // the button asked in is gone: the focus goes to the new game
    this.board.focus({ preventScroll: true });
  }

  private begin(state: LinesState): void {
    this.state = state;
    this.selected = null;
    this.hintMove = null;
    this.refusedCell = null;
    this.clearTimers();
    this.cursor = Math.floor(state.options.height / 2) * state.options.width + Math.floor(state.options.width / 2);
    this.save();
    this.render();
    const thrown: number[] = [];
    state.board.forEach((v, i) => v && thrown.push(i));
    this.animateAppear(thrown, 0);
  }

  private save(): void {
    this.host.save('lines.game', this.record);
  }

  /** The kept record, or null when there is none yet. */
  private highScore(): number | null {
    const high = this.host.load<number>('lines.high');
    return typeof high === 'number' && Number.isFinite(high) ? high : null;
  }

  /** Keeps the game's score as the record by core's rule: a game at 0 never counts. */
  private keepHighScore(): boolean {
    const s = this.state;
    if (this.record.fixedSeed || !isHighScoreEligible(s) || !beatsRecord(s.score, this.highScore())) return false;
    this.host.save('lines.high', s.score);
    return true;
  }

  // ------------------------------------------------------------------ settings form

  private get board(): HTMLElement {
    return this.top.querySelector<HTMLElement>('#lines-board')!;
  }

  private get form(): HTMLFormElement {
    return this.bottom.querySelector<HTMLFormElement>('#lines-form')!;
  }

  private fillForm(o: LinesOptions, keys: string): void {
    for (const key of Object.keys(OPTION_LIMITS) as NumericOption[]) (this.form.elements.namedItem(key) as HTMLInputElement).value = String(o[key]);
    (this.form.elements.namedItem('preview') as HTMLInputElement).checked = o.preview;
    this.formValues.keys = [...keys];
    this.formWarning = this.warningOf(this.formOptions());
    // the values shown are not the ones refused: the error about them goes (Defaults kept it)
    this.formError = '';
    this.capturing = null;
    this.keysNote = { text: '', clash: false };
    this.render();
  }

  /** The options as the form's fields hold them (not yet checked). */
  private formOptions(): Partial<LinesOptions> {
    const get = (k: string) => this.form.elements.namedItem(k) as HTMLInputElement;
    const o: Partial<LinesOptions> = { preview: get('preview').checked };
    // an empty field (or text that is no number, which a number field's value gives as '') is
    // no number at all: Number('') is 0, and the refusal said "(not 0)"
    for (const key of Object.keys(OPTION_LIMITS) as NumericOption[]) o[key] = get(key).value.trim() === '' ? Number.NaN : Number(get(key).value);
    return o;
  }

  /** The warning for settings, in words; '' when they are refused (the form's error says why) or fine. */
  private warningOf(o: Partial<LinesOptions>): string {
    const v = validateOptions(o);
    return v.ok ? optionsWarningText(this.t, optionsWarning(v.value)) : '';
  }

  /** A field changed: the warning follows the values as they are chosen, before a game starts with them. */
  private formInput(): void {
    const warning = this.warningOf(this.formOptions());
    if (warning === this.formWarning) return;
    this.formWarning = warning;
    this.render();
  }

  private applyForm(confirmed = false): void {
    // answered: the question goes, whatever the form now holds
    if (confirmed) this.asking = null;
    const get = (k: string) => this.form.elements.namedItem(k) as HTMLInputElement;
    const v = validateOptions(this.formOptions());
    if (!v.ok) {
      this.formError = this.optionError(v.error);
      this.render();
      if (v.error.option) get(v.error.option).focus();
      return;
    }
    const keys = get('keys').value;
    if (!validKeys(keys)) {
      const clash = this.keyClash([...keys]);
      this.formError = clash ? clash.text : this.t('lines.keys.bad');
      this.keysNote = { text: '', clash: false }; // the form's error says it (once)
      this.render();
      this.bottom.querySelector<HTMLElement>(`#lines-key-${clash?.at ?? 0}`)?.focus();
      return;
    }
    this.formError = '';
    if (!confirmed && this.askNew('apply')) return;
    this.settings.options = v.value;
    this.settings.keys = keys;
    this.saveSettings();
    this.newGame();
    // the new game from its top: focusing the board scrolled the score, the next colours just
    // turned on and the buttons out of view (170 px at 1280x720)
    this.board.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }

  /**
   * A refused setting in the page's language, naming the field as the form labels it (core's
   * message is the command line's, with its letters: "-i (minLine) must be between 2 and 99").
   */
  private optionError(e: LinesError): string {
    const key = e.option;
    if (!key || key === 'preview' || !e.problem) return e.message;
    const field = this.t(FIELD_LABELS[key]);
    const p: OptionProblem = e.problem;
    switch (p.kind) {
      case 'not-integer':
        return Number.isNaN(Number(p.value)) ? this.t('lines.option.empty', field, OPTION_LIMITS[key].min, this.optionMax(key)) : this.t('lines.option.integer', field, p.value);
      case 'out-of-range':
        return this.t('lines.option.range', field, p.min, p.max, p.value);
      case 'too-many-chips':
        return this.t('lines.option.fit', field, p.value, p.cells);
      default:
        return e.message;
    }
  }

  /** The most an option may be: its limit, and for the chips no more than the board's cells when the form's width and height are valid. */
  private optionMax(key: NumericOption): number {
    const max = OPTION_LIMITS[key].max;
    if (key !== 'throwCount' && key !== 'firstThrow') return max;
    const { width, height } = this.formOptions();
    const ok = (n: number | undefined, k: NumericOption) => n !== undefined && Number.isInteger(n) && n >= OPTION_LIMITS[k].min && n <= OPTION_LIMITS[k].max;
    return ok(width, 'width') && ok(height, 'height') ? Math.min(max, width! * height!) : max;
  }

  /** A key's name as the form shows it: a space is "Space" (in the page's language), any other key itself. */
  private keyName(k: string | undefined): string {
    return k === ' ' ? this.t('lines.key.space') : (k ?? '');
  }

  /** Two roles with the same key, said naming the field and the roles as the form does; `at` is the later one. */
  private keyClash(keys: readonly string[]): { text: string; at: number } | null {
    for (let j = 0; j < keys.length; j++) {
      const fixed = FIXED_KEYS.get(keys[j]!);
      const role = KEY_ROLES[j];
      if (fixed && role) return { text: this.t('lines.keys.fixed', this.t('lines.keys.title'), this.keyName(keys[j]), this.t(fixed), this.t(role)), at: j };
      const i = keys.indexOf(keys[j]!);
      const [a, b] = [KEY_ROLES[i], KEY_ROLES[j]];
      if (i < j && a && b) return { text: this.t('lines.keys.same', this.t('lines.keys.title'), this.t(a), this.t(b), this.keyName(keys[j])), at: j };
    }
    return null;
  }

  /** A key's button pressed: it waits for the new key, or, waiting already, stops waiting. */
  private chooseKey(i: number): void {
    const role = this.t(KEY_ROLES[i]!);
    const name = this.keyName(this.formValues.keys[i]);
    if (this.capturing === i) {
      this.capturing = null;
      this.keysNote = { text: this.t('lines.key.kept', role, name), clash: false };
    } else {
      this.capturing = i;
      this.keysNote = { text: this.t('lines.key.waiting', role, name), clash: false };
    }
    this.render();
  }

  /** A key pressed on a key's button: while it waits, a character is the new key and Escape keeps the old one. */
  private keyDown(i: number, e: KeyboardEvent): void {
    if (this.capturing !== i || e.isComposing) return;
    const role = this.t(KEY_ROLES[i]!);
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      this.capturing = null;
      this.keysNote = { text: this.t('lines.key.kept', role, this.keyName(this.formValues.keys[i])), clash: false };
      this.render();
      return;
    }
    if (e.key === 'Tab') {
      this.capturing = null;
      this.keysNote = { text: '', clash: false };
      this.render();
      return;
    }
    if (e.key === 'Enter') return; // the button's click: stop waiting
    e.preventDefault();
    if (e.key.length !== 1 || e.ctrlKey || e.altKey || e.metaKey) return; // not a character: keep waiting
    this.formValues.keys[i] = e.key;
    this.capturing = null;
    this.takenKey = e.key;
    const clash = this.keyClash(this.formValues.keys);
    this.keysNote = clash ? { text: clash.text, clash: true } : { text: this.t('lines.key.set', role, this.keyName(e.key)), clash: false };
    this.render();
  }

  private keyUp(e: KeyboardEvent): void {
    if (e.key !== this.takenKey) return;
    e.preventDefault();
    this.takenKey = null;
  }

  private setShapes(on: boolean): void {
    this.settings.shapes = on;
    this.root.classList.toggle('shapes', on);
    this.saveSettings();
    this.render();
  }

  // ------------------------------------------------------------------ rendering

  private colorName(c: number): string {
    const name = c <= SHAPES ? this.t(`color.${c}` as StringKey) : c <= NAMED_COLORS ? this.t(colorKey(c)) : this.t('color.n', c);
    if (!this.settings.shapes) return name;
    return `${name} ${this.t(`shape.${((c - 1) % SHAPES) + 1}` as StringKey)}`;
  }

  /**
   * A cell's name, row first as the grid's ARIA rows and columns: the one naming of the cells'
   * labels and of every message (the messages said "(1, 6)" column first while the labels said
   * "Row 6, column 1").
   */
  private cellName(i: number): string {
    return cellNameText(this.t, this.state.options.width, i);
  }

  private render(): void {
    const s = this.state;
    const t = this.t;
    const w = s.options.width;
    const cellLabel = (i: number): string => {
      const v = s.board[i] ?? 0;
      let label = v ? this.colorName(v) : t('lines.cell.empty');
      if (this.selected === i) label = t('lines.cell.selected', label);
      if (this.hintMove && (this.hintMove.from === i || this.hintMove.to === i)) label = t('lines.cell.hint', label);
      return t('lines.cell', sentence(this.cellName(i)), label);
    };
    const high = this.highScore();
    const warning = optionsWarningText(t, optionsWarning(s.options));
    const k = this.settings.keys;
    const chipClass = (c: number) => `chip c${((c - 1) % SHAPES) + 1}`;
    const chipText = (v: number) => (v > NAMED_COLORS || (this.settings.shapes && v > SHAPES) ? String(v) : '');
    render(
      <>
        <h1>{t('lines.title')}</h1>
        <p class="scores">
          <span id="lines-score" data-score={s.score}>{t('lines.score', s.score)}</span>{' '}
          {!isDefaultOptions(s.options) ? (
            <span id="lines-high">{t('lines.high.off')}</span>
          ) : this.record.fixedSeed ? (
            <span id="lines-high">{t('lines.high.fixedSeed')}</span>
          ) : (
            <span id="lines-high" data-high={high ?? ''}>{high === null ? t('lines.high.none') : t('lines.high', high)}</span>
          )}{' '}
          <span class="lines-next" id="lines-next">
            {s.options.preview && !s.over && (
              <>
                {t('lines.next')}{' '}
                {/* each chip in a slot drawn as a board cell is (its own size container), so the
                    chip has its board shape, number included, at the slot's size */}
                {s.next.map((c, j) => (
                  <span key={j} class="next-slot" role="img" aria-label={this.colorName(c)}>
                    <span class={chipClass(c)} aria-hidden="true" style={{ '--chip': chipColor(c) }}>
                      {chipText(c)}
                    </span>
                  </span>
                ))}
              </>
            )}
          </span>
        </p>
        {warning && (
          <p class="warning" id="lines-warning">
            {warning}
          </p>
        )}
        <div class="toolbar" role="toolbar" aria-label={t('lines.title')}>
          {this.asking === 'new' ? (
            <ConfirmQuestion id="lines-new" t={t} label={t('lines.new')} question={t('lines.new.question', s.score)} confirm={t('lines.new.confirm')} onConfirm={() => this.startNew()} onKeep={() => this.keepPlaying()} keepRef={this.keepRef} />
          ) : (
            <button type="button" id="lines-new" onClick={() => this.askNew('new') || this.startNew()}>{t('lines.new')}</button>
          )}
          {/* said before it is used, not only at the end: undo or a hint and the game does not count */}
          <button type="button" id="lines-undo" aria-keyshortcuts={UNDO_KEY} disabled={!s.prev} title={t('lines.assistTip')} onClick={() => this.undo()}>{t('lines.undo')}</button>
          <button type="button" id="lines-hint" aria-keyshortcuts={HINT_KEY} disabled={s.over} title={t('lines.assistTip')} onClick={() => this.showHint()}>{t('lines.hint')}</button>
          <label class="check">
            <input type="checkbox" id="lines-shapes" checked={this.settings.shapes} onChange={(e) => this.setShapes((e.target as HTMLInputElement).checked)} />
            {t('lines.shapes')}
          </label>
        </div>
        <Board
          width={w}
          height={s.options.height}
          board={s.board}
          cursor={this.cursor}
          selected={this.selected}
          hint={this.hintMove}
          over={s.over}
          refusals={this.refusals}
          refused={this.refusedCell}
          label={t('lines.board', w, s.options.height)}
          chipClass={chipClass}
          chipColor={chipColor}
          chipText={chipText}
          cellLabel={cellLabel}
          animation={this.animation}
          onKey={(e) => this.onKey(e)}
          onCell={(i) => {
            this.cursor = i;
            this.board.focus({ preventScroll: true });
            this.activate(i);
          }}
        />
      </>,
      this.top,
    );
    render(
      <>
        <p class="help" id="lines-help">{t('lines.help', [...k].slice(0, 4).map((c) => this.keyName(c)).join(' '), k[4] === ' ' ? t('lines.space') : k[4]!)}</p>
        <details class="settings" id="lines-settings">
          <summary>{t('lines.settings')}</summary>
          {this.settingsForm()}
        </details>
      </>,
      this.bottom,
    );
  }

  private settingsForm() {
    const t = this.t;
    const o = this.formValues.options;
    const field = (key: NumericOption, label: StringKey) => (
      <label key={key}>
        <span>{t(label)}</span>
        <input type="number" name={key} id={`lines-opt-${key}`} min={OPTION_LIMITS[key].min} max={OPTION_LIMITS[key].max} defaultValue={String(o[key])} required />
      </label>
    );
    return (
      <form
        class="form-grid"
        id="lines-form"
        noValidate
        onInput={() => this.formInput()}
        onSubmit={(e) => {
          e.preventDefault();
          this.applyForm();
        }}
      >
        {(Object.keys(FIELD_LABELS) as NumericOption[]).map((key) => field(key, FIELD_LABELS[key]))}
        <label class="check">
          <input type="checkbox" name="preview" id="lines-opt-preview" defaultChecked={o.preview} />
          {t('lines.preview')}
        </label>
        {this.keysField()}
        <p class="error" role="alert" id="lines-form-error">{this.formError}</p>
        <p class="warning" aria-live="polite" id="lines-form-warning">{this.formWarning}</p>
        <div class="buttons">
          {this.asking === 'apply' ? (
            <ConfirmQuestion id="lines-apply" t={t} label={t('lines.apply')} question={t('lines.new.question', this.state.score)} confirm={t('lines.new.confirm')} onConfirm={() => this.applyForm(true)} onKeep={() => this.keepPlaying()} keepRef={this.keepRef} />
          ) : (
            <button type="submit" id="lines-apply">{t('lines.apply')}</button>
          )}
          <button type="button" id="lines-defaults" onClick={() => this.fillForm({ ...DEFAULT_OPTIONS }, DEFAULT_KEYS)}>{t('lines.defaults')}</button>
        </div>
      </form>
    );
  }

  /**
   * The five keys, each under its role, shown as a key cap ("Space" for a space): its button
   * waits for the new key. The form's value is the one string the settings keep (hidden field).
   */
  private keysField() {
    const t = this.t;
    const keys = this.formValues.keys;
    const clashing = (i: number) => keys.indexOf(keys[i]!) !== i || keys.lastIndexOf(keys[i]!) !== i || FIXED_KEYS.has(keys[i]!);
    return (
      <fieldset id="lines-keys" style={{ margin: 0, padding: '0.3rem 0.6rem 0.6rem', border: '1px solid var(--border)', borderRadius: '4px', minWidth: 0 }}>
        <legend style={{ padding: '0 0.3rem' }}>{t('lines.keys.title')}</legend>
        <input type="hidden" name="keys" id="lines-opt-keys" value={keys.join('')} />
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 0.9rem' }}>
          {KEY_ROLES.map((role, i) => {
            const waiting = this.capturing === i;
            const clash = clashing(i);
            return (
              <div key={role} style={{ display: 'grid', gap: '0.2rem', justifyItems: 'start' }}>
                <span id={`lines-key-${i}-role`}>{t(role)}</span>
                <button
                  type="button"
                  id={`lines-key-${i}`}
                  data-key={keys[i]}
                  data-waiting={waiting ? 'true' : undefined}
                  data-clash={clash ? 'true' : undefined}
                  aria-labelledby={`lines-key-${i}-role lines-key-${i}`}
                  aria-describedby="lines-keys-help"
                  style={{
                    minWidth: '3rem',
                    minHeight: '2.2rem',
                    padding: '0.2rem 0.6rem',
                    background: 'var(--input-bg)',
                    color: 'var(--input-fg)',
                    // longhands only: a shorthand changed in a later render would reset a longhand the diff keeps
                    borderStyle: 'solid',
                    borderWidth: clash ? '2px 2px 3px' : '1px 1px 3px',
                    borderColor: clash ? 'var(--error)' : waiting ? 'var(--focus)' : 'var(--input-border)',
                    borderRadius: '5px',
                    fontFamily: waiting ? 'inherit' : 'var(--mono)',
                    fontStyle: waiting ? 'italic' : 'normal',
                  }}
                  onClick={() => this.chooseKey(i)}
                  onKeyDown={(e) => this.keyDown(i, e)}
                  onKeyUp={(e) => this.keyUp(e)}
                  onBlur={() => {
                    this.takenKey = null;
                    if (this.capturing !== i) return;
                    this.capturing = null;
                    this.keysNote = { text: '', clash: false };
                    this.render();
                  }}
                >
                  {waiting ? t('lines.key.press') : this.keyName(keys[i])}
                </button>
              </div>
            );
          })}
        </div>
        <p class="help" id="lines-keys-help" style={{ margin: '0.5rem 0 0' }}>{t('lines.keys.help')}</p>
        <p id="lines-keys-note" class={this.keysNote.clash ? 'error' : 'help'} aria-live="polite" style={{ margin: this.keysNote.text ? '0.3rem 0 0' : 0 }}>
          {this.keysNote.text}
        </p>
      </fieldset>
    );
  }

  private say(text: string, kind: 'info' | 'error' = 'info'): void {
    announce(this.status, text, kind);
    // the refusal's tint goes with its words (refuse() sets it again after saying them)
    if (this.refusedCell !== null) {
      this.refusedCell = null;
      this.render();
    }
  }

  // ------------------------------------------------------------------ input

  private onKey(e: KeyboardEvent): void {
    if (typing(e) || e.altKey || e.metaKey) return;
    const { width, height } = this.state.options;
    const x = this.cursor % width;
    const y = Math.floor(this.cursor / width);
    const keys = this.settings.keys;
    const key = e.key.length === 1 ? e.key : '';
    let nx = x;
    let ny = y;
    if (e.ctrlKey) {
      if (e.key === 'z') {
        e.preventDefault();
        this.undo();
      }
      return;
    }
    if (e.key === 'ArrowLeft' || key === keys[0]) nx--;
    else if (e.key === 'ArrowDown' || key === keys[1]) ny++;
    else if (e.key === 'ArrowUp' || key === keys[2]) ny--;
    else if (e.key === 'ArrowRight' || key === keys[3]) nx++;
    else if (key === keys[4] || e.key === 'Enter' || (keys[4] === ' ' && e.key === ' ')) {
      e.preventDefault();
      this.activate(this.cursor);
      return;
    } else if (e.key === 'Home') nx = 0;
    else if (e.key === 'End') nx = width - 1;
    else if (e.key === 'Escape') {
      // the hint's marks go with the selection it made (they stayed, dashed, after "Selection cleared.")
      if (this.selected !== null || this.hintMove !== null) {
        this.selected = null;
        this.hintMove = null;
        this.say(this.t('lines.deselected'));
        this.render();
      }
      return;
    } else if (key === UNDO_KEY) {
      this.undo();
      return;
    } else if (key === HINT_KEY) {
      this.showHint();
      return;
    } else return;
    e.preventDefault();
    this.cursor = Math.max(0, Math.min(height - 1, ny)) * width + Math.max(0, Math.min(width - 1, nx));
    this.render();
  }

  /** The action on a cell: select a chip, clear the selection, or move the selected chip there. */
  activate(i: number): void {
    const s = this.state;
    if (s.over) return this.refuse(i, overRefusalText(this.t));
    if (s.board[i]) {
      if (this.selected === i) {
        this.selected = null;
        this.hintMove = null;
        this.say(this.t('lines.deselected'));
      } else {
        this.selected = i;
        this.say(this.t('lines.selected', this.colorName(s.board[i]!), this.cellName(i)));
      }
      this.render();
      return;
    }
    if (this.selected === null) return this.refuse(i, selectFirstText(this.t));
    const from = this.selected;
    const color = s.board[from]!;
    const r = this.act({ type: 'move', from, to: i });
    if (!r) return;
    const turn = this.state.last!;
    this.selected = null;
    this.hintMove = null;
    const msgs = [movedText(this.t, turn, color, this.state.board, (c) => this.colorName(c), (c) => this.cellName(c))];
    if (this.state.over) msgs.push(this.gameOver());
    this.say(msgs.join(' '));
    this.render();
    this.animateMove(turn.path, color, turn.removed, s.board, turn.thrown, turn.thrownRemoved);
  }

  private gameOver(): string {
    const record = this.keepHighScore();
    // why first: "Game over" alone, with cells free on the board, read as a fault
    const parts = [overReasonText(this.t, overReason(this.state)), this.t('lines.over', this.state.score)];
    if (record) parts.push(this.t('lines.newRecord', this.state.score));
    else if (isDefaultOptions(this.state.options) && !this.record.fixedSeed && !isHighScoreEligible(this.state)) parts.push(this.t('lines.high.assisted'));
    return parts.join(' ');
  }

  /** Applies an action to the engine; a refusal is shown and null returned. */
  private act(a: LinesAction): LinesState | null {
    const r = apply(this.state, a);
    if (!r.ok) {
      this.refuseError(r.error, a);
      return null;
    }
    this.state = r.value;
    this.record.actions.push(a);
    this.save();
    return r.value;
  }

  private refuseError(err: LinesError, a: LinesAction): void {
    // the words are texts.ts's, the Emacs bridge's too; the shaken cell is the move's target
    const cell = a.type === 'move' && err.code !== 'game-over' && err.code !== 'nothing-to-undo' ? a.to : null;
    this.refuse(cell, refusalText(this.t, err, a, (i) => this.cellName(i)));
  }

  /** A refused move: the message (announced) and a shake of the cell and the board. */
  private refuse(cell: number | null, message: string): void {
    this.say(message, 'error');
    this.refusals++;
    this.refusedCell = cell;
    this.render();
    flash(this.board, 'refused');
    const c = cell === null ? null : this.top.querySelector(`#lines-cell-${cell}`);
    if (c) flash(c, 'refused');
  }

  undo(): void {
    if (!this.act({ type: 'undo' })) return;
    this.selected = null;
    this.hintMove = null;
    this.clearTimers();
    this.say(this.t('lines.undone'));
    this.render();
  }

  showHint(): void {
    if (this.state.over) return this.refuse(null, overRefusalText(this.t));
    const m = hint(this.state);
    if (!m) {
      this.say(this.t('lines.noHint'));
      return;
    }
    if (!this.act({ type: 'hint' })) return;
    this.hintMove = m;
    this.selected = m.from;
    this.cursor = m.to;
    this.say(this.t('lines.hintText', this.colorName(this.state.board[m.from]!), this.cellName(m.from), this.cellName(m.to)));
    this.render();
    this.board.focus();
  }

  // ------------------------------------------------------------------ animation

  private clearTimers(): void {
    for (const id of this.timers) clearTimeout(id);
    this.timers = [];
    if (this.animation.size) {
      this.animation.clear();
      if (this.state) this.render();
    }
  }

  private later(ms: number, f: () => void): void {
    this.timers.push(window.setTimeout(f, ms));
  }

  private animate(cell: number, cls: string, style: Record<string, string>): void {
    const a = this.animation.get(cell);
    this.animation.set(cell, { classes: [...(a?.classes ?? []), cls], style: { ...(a?.style ?? {}), ...style } });
  }

  /** The chip travels along its path, the removed chips fade, the thrown chips drop in. */
  private animateMove(path: number[], color: number, removed: number[], before: readonly number[], thrown: number[], thrownRemoved: number[]): void {
    this.clearTimers();
    const trail = chipColor(color);
    path.forEach((c, k) => this.animate(c, k === path.length - 1 ? 'arrive' : 'trail', { '--k': String(k), '--trail': trail }));
    const travel = path.length * STEP_MS;
    for (const c of removed) this.animate(c, 'vanish', { '--ghost': chipColor(c === path[path.length - 1] ? color : before[c]!), '--delay': `${travel}ms` });
    this.animateAppear(thrown, travel);
    for (const c of thrownRemoved) this.animate(c, 'vanish', { '--ghost': 'currentColor', '--delay': `${travel + 200}ms` });
    this.render();
    this.later(travel + 900, () => this.clearTimers());
  }

  private animateAppear(cells: number[], delay: number): void {
    for (const c of cells) this.animate(c, 'appear', { '--delay': `${delay}ms` });
    this.render();
    this.later(delay + 700, () => {
      for (const c of cells) {
        const a = this.animation.get(c);
        if (!a) continue;
        const classes = a.classes.filter((x) => x !== 'appear');
        if (classes.length) this.animation.set(c, { ...a, classes });
        else this.animation.delete(c);
      }
      this.render();
    });
  }

  focus(): void {
    this.board.focus();
  }
}

function validKeys(keys: string): boolean {
  return [...keys].length === 5 && new Set(keys).size === 5 && ![...keys].some((k) => FIXED_KEYS.has(k));
}

/** The CSS colour of chip colour c: the theme's named colours, then evenly spread hues at the theme's lightness. */
export function chipColor(c: number): string {
  if (c <= NAMED_COLORS) return `var(--chip-${c})`;
  return `hsl(${Math.round((c * 137.508) % 360)} 70% var(--chip-l))`;
}

/** The names of colours 10 to 12; colour 12 is black in a light theme and white in a dark one (style.css). */
function colorKey(c: number): StringKey {
  if (c === 10) return 'lines.color.10';
  if (c === 11) return 'lines.color.11';
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'lines.color.12.dark' : 'lines.color.12.light';
}
