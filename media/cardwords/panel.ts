/// <reference lib="dom" />
// The Cardwords panel over the server's Cardwords room (docs/server.md "Cardwords rooms";
// docs/rules.md#cardwords; the original README's "The game window"): the card table with the seed's cell
// markers and the hovered cell's details, the score board (turn, points, cards, last
// round's points, H/R), the pile, the lists of all and of unseen cards, the hand and the
// seed's action selection area (compose.ts) by keyboard and mouse, the words and score of
// the composed move before it is sent (core's scoring), trade and pass, every refusal in
// words, the owner's word approval, the game log, the results and the rematch, the robot's
// hint. Watchers get the same without a hand.
import { loadRuleset } from '../../core/ruleset/load.js';
import type { Ruleset } from '../../core/ruleset/types.js';
import { rulesFromRuleset, type CardwordsRules } from '../../core/games/cardwords/setup.js';
import { checkMove, type MoveError } from '../../core/games/cardwords/rules.js';
import { passScore, scoreMove, tradeScore } from '../../core/games/cardwords/scoring.js';
import type { Board, Card } from '../../core/games/cardwords/types.js';
import { announce, flash, h, typing } from '../ui/dom.js';
import type { Host } from '../ui/host.js';
import type { CardwordsCardState as CwCardV, CardwordsPlacedState as CwPlacedV, CardwordsRoomState as CwStateV, CardwordsSeatState as CwSeatV, CardwordsTurnInfo } from '../../core/protocol/game.js';
import type { AckMessage, CardwordsActionMessage, CardwordsClientMessages, CardwordsHistoryMessage, EndedMessage, ErrorMessage, HintMessage, ResultsMessage, RulesetMessage, WelcomeMessage as Welcome } from '../../core/protocol/messages.js';
import type { CardwordsRoomClient as RoomLike } from '../../core/protocol/client.js';
import type { StringKey, Translate } from '../ui/l10n/index.js';
import { Composer, Coords, DEFAULT_COORDS, type ComposeResult, type ComposedAction, type CoordOptions, type Refusal } from './compose.js';

export type { CwCardV, CwPlacedV, CwSeatV, CwStateV, RoomLike, RulesetMessage, Welcome };

type Results = ResultsMessage;

interface LogEntry {
  round: number;
  text: string;
}

const toCard = (c: CwCardV): Card => ({ char: c.char === '' ? null : c.char, points: c.points });
const cardText = (c: { char: string | null; points: number; meaning?: string }) => (c.char === null ? (c.meaning ? `(${c.meaning}) ${c.points}` : `* ${c.points}`) : `${c.char} ${c.points}`);

/** Builds the rules from the texts the server sends (no dictionaries: the server checks words). */
export function rulesFromTexts(m: RulesetMessage): { ruleset: Ruleset; rules: CardwordsRules } | null {
  const f = m.files;
  const r = loadRuleset(
    {
      name: m.name,
      charset: { name: `${m.name}.charset`, text: f.charset },
      cardset: { name: `${m.name}.cardset`, text: f.cardset },
      cardtable: { name: `${m.name}.cardtable`, text: f.cardtable },
      bonus: { name: `${m.name}.bonus`, text: f.bonus },
      dictionaries: [],
    },
    { players: 1 },
  );
  return r.ruleset ? { ruleset: r.ruleset, rules: rulesFromRuleset(r.ruleset) } : null;
}

export class CardwordsPanel {
  private state: CwStateV | null = null;
  private ruleset: Ruleset | null = null;
  private rules: CardwordsRules | null = null;
  private board: Board | null = null;
  private hand: Card[] = [];
  private coordOpts: CoordOptions;
  private coords: Coords | null = null;
  private composer: Composer | null = null;
  private cursor = { col: 0, row: 0 };
  private hovered: { col: number; row: number } | null = null;
  private seq = 0;
  private readonly sent = new Map<string, { type: string; action?: ComposedAction }>();
  private readonly log: LogEntry[] = [];
  private loggedMoves = 0;
  private loggedRound = 0;
  private readonly lastPoints = new Map<number, number>();
  private readonly requests = new Map<string, string>();
  private results: Results | null = null;
  private ended: EndedMessage | null = null;
  /** The cells of the last move (marked on the table). */
  private lastCells = new Set<number>();
  private boardCount = 0;
  private dragIndex: number | null = null;

  private readonly status = h('p', { class: 'status', id: 'cw-status', role: 'status', 'aria-live': 'polite' });
  private readonly tableBox = h('div', { class: 'cw-table', id: 'cw-table', role: 'grid', tabindex: 0 });
  private readonly info = h('aside', { class: 'cw-info', id: 'cw-info', 'aria-label': '' });
  private readonly scoreBoard = h('table', { class: 'cw-scores', id: 'cw-scores' });
  private readonly pileLine = h('p', { class: 'cw-pile', id: 'cw-pile' });
  private readonly area = h('div', { class: 'cw-area', id: 'cw-area', tabindex: 0, role: 'group' });
  private readonly locationBox = h('span', { class: 'cw-location', id: 'cw-location', 'aria-live': 'off' });
  private readonly composing = h('span', { class: 'cw-composing', id: 'cw-composing', role: 'list' });
  private readonly dirBtn: HTMLButtonElement;
  private readonly okBtn: HTMLButtonElement;
  private readonly tradeBtn: HTMLButtonElement;
  private readonly passBtn: HTMLButtonElement;
  private readonly hintBtn: HTMLButtonElement;
  private readonly meanings = h('div', { class: 'cw-meanings', id: 'cw-meanings', role: 'group', hidden: true });
  private readonly preview = h('div', { class: 'cw-preview', id: 'cw-preview' });
  /** The last refusal, kept in view until the next action (the status line also speaks it). */
  private readonly refusal = h('p', { class: 'cw-refusal error', id: 'cw-refusal' });
  private readonly handBox = h('div', { class: 'cw-hand', id: 'cw-hand', role: 'list' });
  private readonly requestsBox = h('section', { class: 'cw-requests', id: 'cw-requests', hidden: true, 'aria-labelledby': 'cw-requests-title' });
  private readonly resultsBox = h('section', { class: 'results', id: 'cw-results', hidden: true });
  private readonly logList = h('ol', { class: 'cw-log', id: 'cw-log' });
  private readonly allCards = h('div', { class: 'cw-list', id: 'cw-all-cards' });
  private readonly unseenCards = h('div', { class: 'cw-list', id: 'cw-unseen-cards' });

  constructor(
    private readonly host: Host,
    private readonly root: HTMLElement,
    private readonly t: Translate,
    private readonly room: RoomLike,
    private readonly welcome: Welcome,
  ) {
    this.coordOpts = { ...DEFAULT_COORDS, ...(host.load<Partial<CoordOptions>>('cardwords.coords') ?? {}) };
    // The seed's card size (pixels; VS Code's cardwords.cardSize setting, or ?cardSize=):
    // cells and hand cards that size at most; without it the table fills the panel.
    const size = Number(host.param('cardSize'));
    if (Number.isInteger(size) && size >= 16 && size <= 128) {
      root.classList.add('cw-sized');
      root.style.setProperty('--cw-card', `${size}px`);
    }
    this.dirBtn = h('button', { type: 'button', id: 'cw-dir', 'aria-keyshortcuts': '/', onclick: () => this.act(this.composer?.key('/')) });
    this.okBtn = h('button', { type: 'button', id: 'cw-ok', 'aria-keyshortcuts': 'Enter', onclick: () => this.submit() }, t('cw.ok'));
    this.tradeBtn = h('button', { type: 'button', id: 'cw-trade', onclick: () => this.act(this.composer ? (this.composer.makeTrade(), { ok: true }) : undefined) }, t('cw.trade'));
    this.passBtn = h('button', { type: 'button', id: 'cw-pass', onclick: () => this.send('action', { type: 'pass' }, { type: 'pass', action: { type: 'pass' } }) }, t('cw.pass'));
    this.hintBtn = h('button', { type: 'button', id: 'cw-hint', 'aria-keyshortcuts': '?', onclick: () => this.askHint() }, t('cw.hint'));
    this.layout();
    room.on('ack', (p) => this.onAck(p));
    room.on('error', (p) => this.onError(p));
    room.on('word-request', (p) => this.onWordRequest(p));
    room.on('word', (p) => this.onWord(p));
    room.on('results', (p) => this.onResults(p));
    room.on('rematch', (p) => this.onRematch(p));
    room.on('ended', (p) => this.onEnded(p));
    room.on('history', (p) => this.onHistory(p));
    room.on('hint', (p) => this.onHint(p));
    document.addEventListener('keydown', (e) => this.onKey(e));
  }

  get isPlayer(): boolean {
    return this.welcome.role === 'player';
  }

  private get mySeat(): number {
    if (!this.isPlayer || !this.state) return -1;
    const i = this.state.players.findIndex((p) => p.name === this.welcome.name);
    return i >= 0 ? i : (this.welcome.seat ?? -1);
  }

  private layout(): void {
    const t = this.t;
    this.tableBox.setAttribute('aria-label', t('cw.table'));
    this.info.setAttribute('aria-label', t('cw.cellInfo'));
    this.area.setAttribute('aria-label', t('cw.area'));
    this.area.setAttribute('aria-describedby', 'cw-keys');
    this.meanings.setAttribute('aria-label', t('cw.meaning'));
    this.handBox.setAttribute('aria-label', t('cw.hand'));
    this.composing.setAttribute('aria-label', t('cw.composing'));
    this.tableBox.addEventListener('keydown', (e) => this.onTableKey(e));
    this.tableBox.addEventListener('click', (e) => {
      const c = cellOf(e.target);
      if (c && this.composer && this.isPlayer) {
        this.cursor = c;
        this.composer.setLocation(c.col, c.row);
        this.render();
      }
    });
    this.tableBox.addEventListener('mouseover', (e) => {
      const c = cellOf(e.target);
      if (c) {
        this.hovered = c;
        this.renderInfo();
      }
    });
    // no redraw on focus: a click's mousedown focuses the table, and its cell must stay for the click
    this.tableBox.addEventListener('focus', () => {
      this.hovered = this.cursor;
      this.renderInfo();
    });
    this.tableBox.addEventListener('dragover', (e) => {
      if (cellOf(e.target) && this.dragIndex !== null) e.preventDefault();
    });
    this.tableBox.addEventListener('drop', (e) => {
      const c = cellOf(e.target);
      const i = this.dragIndex ?? Number(e.dataTransfer?.getData('text/plain'));
      this.dragIndex = null;
      if (!c || !this.composer || !Number.isInteger(i)) return;
      e.preventDefault();
      this.cursor = c;
      this.act(this.composer.dropOn(i, c.col, c.row));
    });
    this.composing.addEventListener('click', (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>('[data-composed]');
      if (b && this.composer) {
        this.composer.removeComposed(Number(b.dataset.composed));
        this.render();
        this.area.focus();
      }
    });
    this.handBox.addEventListener('click', (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
      if (b && this.composer) this.act(this.composer.clickHand(Number(b.dataset.index)));
    });
    this.handBox.addEventListener('dragstart', (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
      if (!b) return;
      this.dragIndex = Number(b.dataset.index);
      e.dataTransfer?.setData('text/plain', b.dataset.index!);
      if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
    });
    this.handBox.addEventListener('dragend', () => (this.dragIndex = null));
    // composed cards dragged back to the hand leave the composing area
    this.handBox.addEventListener('dragover', (e) => e.preventDefault());
    this.composing.addEventListener('dragstart', (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>('[data-composed]');
      if (b) e.dataTransfer?.setData('application/x-composed', b.dataset.composed!);
    });
    this.handBox.addEventListener('drop', (e) => {
      const k = e.dataTransfer?.getData('application/x-composed');
      if (k && this.composer) {
        e.preventDefault();
        this.composer.removeComposed(Number(k));
        this.render();
      }
    });
    this.meanings.addEventListener('click', (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>('[data-meaning]');
      if (b && this.composer) {
        this.act(this.composer.giveMeaning(b.dataset.meaning!));
        this.area.focus();
      }
    });

    const heading = h('h1', {}, t('cw.title'), ' ', h('small', { id: 'cw-game' }, t('cw.gameLink', this.welcome.gameId)));
    const ownerBar = this.welcome.owner
      ? h('div', { class: 'toolbar owner', role: 'toolbar', 'aria-label': t('lobby.owner') }, h('button', { type: 'button', id: 'cw-end', onclick: () => this.send('end', {}, { type: 'end' }) }, t('cw.endGame')))
      : null;
    const actionArea = this.isPlayer
      ? h(
          'section',
          { class: 'cw-action', 'aria-labelledby': 'cw-action-title' },
          h('h2', { id: 'cw-action-title', class: 'sr-only' }, t('cw.area')),
          h('div', { class: 'cw-area-line' }, this.area),
          this.meanings,
          h('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('cw.actions') }, this.dirBtn, this.okBtn, this.tradeBtn, this.passBtn, this.hintBtn),
          this.refusal,
          this.preview,
          h('h2', { class: 'cw-hand-title' }, t('cw.hand')),
          this.handBox,
        )
      : h('p', { class: 'cw-watching' }, t('cw.watchingNote'));
    this.area.append(this.locationBox, this.composing);
    const settings = this.settingsForm();
    this.root.replaceChildren(
      heading,
      this.status,
      ownerBar ?? '',
      this.requestsBox,
      h(
        'div',
        { class: 'cw-layout' },
        h('div', { class: 'cw-left' }, this.tableBox, actionArea),
        h(
          'div',
          { class: 'cw-right' },
          this.info,
          h('h2', {}, t('cw.scores')),
          this.scoreBoard,
          this.pileLine,
          this.resultsBox,
          h('details', { class: 'cw-lists', id: 'cw-all-details' }, h('summary', {}, t('cw.allCards')), this.allCards),
          h('details', { class: 'cw-lists', id: 'cw-unseen-details', open: true }, h('summary', {}, t('cw.unseenCards')), this.unseenCards),
          h('details', { class: 'cw-lists', id: 'cw-log-details', open: true }, h('summary', {}, t('cw.log')), this.logList),
          settings,
          h('details', { class: 'cw-lists' }, h('summary', {}, t('cw.keys')), h('div', { id: 'cw-keys', class: 'help' }, ...t('cw.keysHelp').split('\n').map((l) => h('p', {}, l)))),
        ),
      ),
    );
    this.say(this.isPlayer ? t('cw.joined', this.welcome.name ?? '') : t('cw.watching'));
  }

  private settingsForm(): HTMLElement {
    const t = this.t;
    const box = (id: keyof CoordOptions, label: StringKey) => {
      const input = h('input', { type: 'checkbox', id: `cw-opt-${id}`, checked: this.coordOpts[id] });
      input.addEventListener('change', () => {
        this.coordOpts = { ...this.coordOpts, [id]: input.checked };
        this.host.save('cardwords.coords', this.coordOpts);
        this.rebuild();
      });
      return h('label', { class: 'check' }, input, t(label));
    };
    return h(
      'details',
      { class: 'cw-lists settings', id: 'cw-settings' },
      h('summary', {}, t('cw.settings')),
      h('div', { class: 'form-grid' }, box('digitsForColumns', 'cw.opt.digits'), box('colsRight', 'cw.opt.colsRight'), box('rowsUp', 'cw.opt.rowsUp')),
    );
  }

  say(text: string, kind: 'info' | 'error' = 'info'): void {
    announce(this.status, text, kind);
  }

  focus(): void {
    if (this.isPlayer) this.area.focus();
    else this.tableBox.focus();
  }

  // ------------------------------------------------------------------ state

  setRuleset(m: RulesetMessage): void {
    const r = rulesFromTexts(m);
    if (!r) {
      this.say(this.t('cw.badRuleset', m.name), 'error');
      return;
    }
    this.ruleset = r.ruleset;
    this.rules = r.rules;
    this.rebuild();
  }

  update(s: CwStateV): void {
    const prev = this.state;
    this.state = s;
    // the log so far, asked once the first state is here: the answer is at least as new as
    // this state, so no turn falls between the two
    if (!prev && s.moves > 0) this.room.send('history', {});
    if (prev && prev.round !== s.round) this.onRematch({ round: s.round });
    this.trackLog(s);
    this.rebuild();
  }

  /** Board, hand, coordinates and composer from the latest state and ruleset. */
  private rebuild(): void {
    const s = this.state;
    const rules = this.rules;
    if (!s || !rules) return;
    const W = rules.table.width;
    const H = rules.table.height;
    const cells = new Array<Card | null>(W * H).fill(null);
    for (const p of s.board) cells[p.row * W + p.col] = p.char === '' ? { char: null, points: p.points, meaning: p.meaning } : { char: p.char, points: p.points };
    this.board = { width: W, height: H, cells };
    const seat = this.mySeat;
    this.hand = seat >= 0 ? (s.players[seat]?.hand ?? []).map(toCard) : [];
    this.coords = new Coords(W, H, this.coordOpts);
    const ctx = { coords: this.coords, table: rules.table, board: this.board, hand: this.hand, canonical: (ch: string) => rules.canonical(ch) };
    if (!this.composer) this.composer = new Composer(ctx);
    else this.composer.setContext(ctx);
    if (s.board.length !== this.boardCount) {
      // the last move's cells
      const laid = s.board.length - this.boardCount;
      this.lastCells = new Set(s.board.slice(this.boardCount < s.board.length && laid > 0 ? s.board.length - laid : s.board.length).map((p) => p.row * W + p.col));
      this.boardCount = s.board.length;
    }
    this.render();
  }

  private trackLog(s: CwStateV): void {
    if (s.round !== this.loggedRound) {
      this.loggedRound = s.round;
      this.loggedMoves = 0;
      this.lastPoints.clear();
    }
    if (s.moves > this.loggedMoves && s.last.player >= 0) {
      const l = s.last;
      const text = this.turnText(l);
      if (s.moves - this.loggedMoves > 1 && this.loggedMoves > 0) this.log.push({ round: s.round, text: this.t('cw.log.skipped', s.moves - this.loggedMoves - 1) });
      this.log.push({ round: s.round, text });
      this.lastPoints.set(l.player, l.score);
      this.loggedMoves = s.moves;
      if (l.player !== this.mySeat) this.say(text);
    } else if (s.moves < this.loggedMoves) this.loggedMoves = s.moves;
  }

  /** A turn of the log in words (`names`: the seats' names when the state has not come yet). */
  private turnText(l: CardwordsTurnInfo, names?: readonly string[]): string {
    const name = names?.[l.player] ?? this.state?.players[l.player]?.name ?? '?';
    if (l.type === 'move') return this.t('cw.log.move', name, l.words.join(', '), l.score);
    if (l.type === 'trade') return this.t('cw.log.trade', name, l.traded, l.score);
    return this.t('cw.log.pass', name, l.score);
  }

  /** The round so far (asked after the first state): the log is rebuilt whole. */
  private onHistory(p: CardwordsHistoryMessage): void {
    if (!Array.isArray(p.turns) || typeof p.round !== 'number') return;
    // a rematch came in between: that round's log starts afresh from the state
    if (p.round < this.loggedRound) return;
    const others = this.log.filter((e) => e.round !== p.round);
    this.log.length = 0;
    this.log.push(...others, ...p.turns.map((l) => ({ round: p.round, text: this.turnText(l, p.players) })));
    if (this.loggedRound !== p.round) this.lastPoints.clear();
    for (const l of p.turns) this.lastPoints.set(l.player, l.score);
    this.loggedRound = p.round;
    this.loggedMoves = Math.max(this.loggedMoves, p.turns.length);
    this.render();
  }

  // ------------------------------------------------------------------ drawing

  private render(): void {
    if (!this.state || !this.rules || !this.coords) return;
    this.renderTable();
    this.renderInfo();
    this.renderScores();
    this.renderLists();
    this.renderLog();
    this.renderResults();
    if (this.isPlayer) this.renderAction();
  }

  private cellMarker(i: number): string {
    const a = this.rules!.table.cells[i]!;
    const parts: string[] = [];
    if (a.points !== 0) parts.push(`C${a.points}`);
    if (a.wordFactor !== 1) parts.push(`W${a.wordFactor}`);
    if (a.letterFactor !== 1) parts.push(`L${a.letterFactor}`);
    return parts.join(' ');
  }

  private cellDescription(col: number, row: number): string {
    const t = this.t;
    const rules = this.rules!;
    const i = row * rules.table.width + col;
    const a = rules.table.cells[i]!;
    const parts: string[] = [];
    if (a.blocked) parts.push(t('cw.cell.blocked'));
    if (a.points !== 0) parts.push(t('cw.cell.points', a.points));
    if (a.wordFactor !== 1) parts.push(t('cw.cell.word', a.wordFactor));
    if (a.letterFactor !== 1) parts.push(t('cw.cell.letter', a.letterFactor));
    const { touchColumn: sc, touchRow: sr } = rules.table.start;
    if (this.board!.cells.every((c) => c === null) && (sc !== null || sr !== null) && (sc === null || sc === col) && (sr === null || sr === row)) parts.push(t('cw.cell.start'));
    const card = this.board!.cells[i];
    if (card) parts.push(card.char === null ? t('cw.cell.wildcard', card.meaning ?? '?', card.points) : t('cw.cell.card', card.char, card.points));
    else if (!a.blocked) parts.push(t('cw.cell.empty'));
    return parts.join(', ');
  }

  private renderTable(): void {
    if (!this.rules || !this.coords || !this.board) return;
    const rules = this.rules;
    const coords = this.coords!;
    const board = this.board!;
    const { width: W, height: H } = rules.table;
    const placed = this.composer?.placement() ?? [];
    const preview = new Map(placed.map((p) => [p.row * W + p.col, p.card] as const));
    const loc = this.composer?.location;
    this.tableBox.style.setProperty('--w', String(W));
    this.tableBox.style.setProperty('--h', String(H));
    this.tableBox.setAttribute('aria-rowcount', String(H + 1));
    this.tableBox.setAttribute('aria-colcount', String(W + 1));
    const rows: HTMLElement[] = [];
    rows.push(h('div', { role: 'row', class: 'cw-row labels' }, h('span', { role: 'columnheader', class: 'corner', 'aria-hidden': 'true' }), ...Array.from({ length: W }, (_, c) => h('span', { role: 'columnheader', class: 'label' }, coords.colLabel(c)))));
    for (let r = 0; r < H; r++) {
      const cells: HTMLElement[] = [h('span', { role: 'rowheader', class: 'label' }, coords.rowLabel(r))];
      for (let c = 0; c < W; c++) {
        const i = r * W + c;
        const a = rules.table.cells[i]!;
        const card = board.cells[i];
        const ghost = preview.get(i);
        const cls = ['cw-cell'];
        if (a.blocked) cls.push('blocked');
        if (a.points !== 0) cls.push('attr-c');
        if (a.wordFactor !== 1) cls.push('attr-w');
        if (a.letterFactor !== 1) cls.push('attr-l');
        if (card) cls.push('has-card');
        if (ghost) cls.push('composed');
        if (this.lastCells.has(i)) cls.push('last');
        if (loc && loc.col === c && loc.row === r) cls.push('location');
        if (this.cursor.col === c && this.cursor.row === r) cls.push('cursor');
        const name = coords.name(c, r);
        let label = `${name}: ${this.cellDescription(c, r)}`;
        if (ghost) label += `, ${this.t('cw.cell.composed', cardText(ghost))}`;
        const content = card ? cardFace(card) : ghost ? cardFace(ghost) : h('span', { class: 'marker' }, this.cellMarker(i));
        cells.push(h('span', { role: 'gridcell', id: `cw-cell-${c}-${r}`, class: cls.join(' '), 'data-col': c, 'data-row': r, 'data-name': name, 'aria-label': label, title: label, 'aria-selected': loc && loc.col === c && loc.row === r ? 'true' : null }, content));
      }
      rows.push(h('div', { role: 'row', class: 'cw-row' }, ...cells));
    }
    this.tableBox.replaceChildren(...rows);
    this.tableBox.setAttribute('aria-activedescendant', `cw-cell-${this.cursor.col}-${this.cursor.row}`);
  }

  private renderInfo(): void {
    const t = this.t;
    const c = this.hovered;
    if (!c || !this.rules || !this.coords) {
      this.info.replaceChildren(h('h2', {}, t('cw.cellInfo')), h('p', { class: 'muted' }, t('cw.cellInfo.none')));
      return;
    }
    this.info.replaceChildren(h('h2', {}, t('cw.cellInfo')), h('p', { id: 'cw-info-cell' }, h('strong', {}, this.coords.name(c.col, c.row)), ` (${c.col},${c.row}): `, this.cellDescription(c.col, c.row)));
  }

  private renderScores(): void {
    const t = this.t;
    const s = this.state!;
    const head = h('tr', {}, ...(['cw.col.turn', 'cw.col.name', 'cw.col.type', 'cw.col.points', 'cw.col.cards', 'cw.col.last'] as StringKey[]).map((k) => h('th', { scope: 'col' }, t(k))));
    const rows = s.players.map((p, i) => {
      const turn = s.turn === i;
      const name = p.name || t('cw.freeSeat');
      const type = p.robot || p.auto ? 'R' : 'H';
      const typeLabel = p.robot ? t('cw.type.robot', p.level) : p.auto ? t('cw.type.standIn') : t('cw.type.human');
      const last = this.lastPoints.get(i);
      return h(
        'tr',
        { class: `${turn ? 'turn' : ''}${i === this.mySeat ? ' me' : ''}`, 'data-seat': i, 'data-player': p.name, 'aria-current': turn ? 'true' : null },
        h('td', { 'aria-label': turn ? t('cw.turnOf', name) : '' }, turn ? '▶' : ''),
        h('th', { scope: 'row' }, name, !p.robot && p.name && !p.connected ? ` (${t('cw.away')})` : ''),
        h('td', { title: typeLabel, 'aria-label': typeLabel, 'data-type': type }, type),
        h('td', { class: 'num', 'data-score': p.score }, p.score),
        h('td', { class: 'num' }, p.cards),
        h('td', { class: 'num' }, last === undefined ? '–' : last),
      );
    });
    this.scoreBoard.replaceChildren(h('caption', { class: 'sr-only' }, t('cw.scores')), h('thead', {}, head), h('tbody', {}, ...rows));
    const turnName = s.turn >= 0 ? s.players[s.turn]?.name : null;
    this.pileLine.textContent = `${t('cw.pile', s.pile)}${s.status === 'waiting' ? ` · ${t('cw.waiting')}` : turnName ? ` · ${s.turn === this.mySeat ? t('cw.yourTurn') : t('cw.turnOf', turnName)}` : ''}`;
    this.pileLine.dataset.pile = String(s.pile);
  }

  private renderLists(): void {
    const r = this.ruleset!;
    const all = r.cards.map((c) => ({ char: c.char, points: c.points }));
    const unseen = all.slice();
    const take = (c: Card) => {
      const k = unseen.findIndex((u) => u.char === c.char && u.points === c.points);
      if (k >= 0) unseen.splice(k, 1);
    };
    for (const p of this.state!.board) take({ char: p.char === '' ? null : p.char, points: p.points });
    for (const c of this.hand) take(c);
    this.allCards.replaceChildren(cardList(all, this.t));
    this.unseenCards.replaceChildren(cardList(unseen, this.t));
    this.unseenCards.dataset.count = String(unseen.length);
  }

  private renderLog(): void {
    this.logList.replaceChildren(...this.log.slice(-200).map((e) => h('li', {}, e.text)));
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  private renderResults(): void {
    const s = this.state!;
    const t = this.t;
    if (s.status !== 'over' && s.status !== 'ended') {
      this.resultsBox.hidden = true;
      return;
    }
    this.resultsBox.hidden = false;
    const order = s.players.map((p, i) => ({ p, i })).sort((a, b) => b.p.score - a.p.score);
    const reason = this.results?.reason ?? s.endReason;
    const rematchBtn =
      s.status === 'over' && (this.isPlayer || this.welcome.owner)
        ? h('button', { type: 'button', id: 'cw-rematch', onclick: () => this.send('rematch', {}, { type: 'rematch' }) }, this.isPlayer && s.players[this.mySeat]?.rematch ? t('cw.rematchAsked') : t('cw.rematch'))
        : null;
    this.resultsBox.replaceChildren(
      h('h2', {}, t('cw.results')),
      h('p', { id: 'cw-end-reason' }, reason === 'out' ? t('cw.end.out') : reason === 'idle' || reason === 'passes' ? t('cw.end.idle') : t('cw.end.other', reason || '?')),
      h(
        'table',
        { class: 'cw-results-table', id: 'cw-results-table' },
        h('thead', {}, h('tr', {}, ...(['cw.col.name', 'cw.col.handPoints', 'cw.col.adjustment', 'cw.col.final'] as StringKey[]).map((k) => h('th', { scope: 'col' }, t(k))))),
        h(
          'tbody',
          {},
          ...order.map(({ p, i }) =>
            h(
              'tr',
              { class: s.winners.includes(i) ? 'winner' : '', 'data-player': p.name },
              h('th', { scope: 'row' }, p.name, s.winners.includes(i) ? ` — ${t('cw.winner')}` : ''),
              h('td', { class: 'num' }, p.handPoints),
              h('td', { class: 'num' }, p.adjustment > 0 ? `+${p.adjustment}` : p.adjustment),
              h('td', { class: 'num', 'data-final': p.score }, p.score),
            ),
          ),
        ),
      ),
      rematchBtn ?? '',
    );
  }

  private renderAction(): void {
    const t = this.t;
    const cp = this.composer!;
    const coords = this.coords!;
    const s = this.state!;
    const a = cp.action();
    // the location display, in braces when Return trades or passes
    this.locationBox.textContent = cp.display();
    this.locationBox.dataset.mode = cp.mode;
    this.locationBox.classList.toggle('braces', cp.mode === 'cards' && cp.braces);
    this.area.dataset.action = a.type;
    const placed = cp.placement();
    this.composing.replaceChildren(
      ...cp.cards.map((c, k) => {
        const shown = c.card.char === null ? { char: null, points: c.card.points, meaning: c.meaning } : c.card;
        const where = placed?.[k] && !cp.braces ? coords.name(placed[k]!.col, placed[k]!.row) : '';
        return h(
          'button',
          { type: 'button', role: 'listitem', class: `cw-card${c.card.char === null ? ' wild' : ''}`, 'data-composed': k, draggable: 'true', tabindex: -1, 'aria-label': t('cw.composedCard', cardText(shown), where) },
          cardFace(shown),
        );
      }),
      cp.pending ? h('span', { class: 'cw-card pending', 'aria-label': t('cw.pendingCard') }, cp.pending.wild ? `*${cp.pending.char ?? '?'}` : (cp.pending.char ?? ''), cp.pending.points) : '',
    );
    this.dirBtn.textContent = cp.braces ? '' : cp.dir === 'across' ? t('cw.dir.across') : t('cw.dir.down');
    this.dirBtn.setAttribute('aria-label', cp.braces ? t('cw.dir.none') : cp.dir === 'across' ? t('cw.dir.across') : t('cw.dir.down'));
    this.okBtn.textContent = a.type === 'move' ? t('cw.ok.move') : a.type === 'trade' ? t('cw.ok.trade', a.cards.length) : t('cw.ok.pass');
    const playing = s.status === 'playing';
    const mine = playing && s.turn === this.mySeat;
    for (const b of [this.okBtn, this.passBtn]) b.disabled = !mine;
    this.tradeBtn.disabled = !playing;
    this.hintBtn.disabled = !playing;
    // the meaning picker for a clicked wildcard
    const needMeaning = playing && cp.mode === 'cards' && cp.pending?.wild === true && cp.pending.char === null;
    this.meanings.hidden = !needMeaning;
    if (needMeaning && this.rules) {
      this.meanings.replaceChildren(h('span', {}, t('cw.key.wildMeaning')), ...this.rules.chars.map((ch) => h('button', { type: 'button', class: 'cw-meaning', 'data-meaning': ch }, ch)));
    }
    // the hand
    const used = new Set(cp.cards.map((c) => c.hand));
    this.handBox.replaceChildren(
      ...this.hand.map((c, i) =>
        h(
          'button',
          {
            type: 'button',
            role: 'listitem',
            class: `cw-card${c.char === null ? ' wild' : ''}${used.has(i) ? ' used' : ''}`,
            'data-index': i,
            'data-char': c.char ?? '',
            'data-points': c.points,
            draggable: used.has(i) ? null : 'true',
            'aria-disabled': used.has(i) ? 'true' : null,
            'aria-label': c.char === null ? t('cw.card.wild', c.points) : t('cw.card', c.char, c.points),
          },
          cardFace(c),
        ),
      ),
    );
    this.renderPreview(a);
  }

  private renderPreview(a: ComposedAction): void {
    const t = this.t;
    const rules = this.rules!;
    const cp = this.composer!;
    const parts: HTMLElement[] = [];
    if (a.type === 'pass') {
      parts.push(h('p', { id: 'cw-preview-text' }, t('cw.preview.pass', passScore(rules.bonus))));
    } else if (a.type === 'trade') {
      const why = cp.bracesWhy;
      if (why) parts.push(h('p', { class: 'warn' }, why === 'fit' ? t('cw.braces.fit') : t('cw.braces.start', this.startText())));
      const pile = this.state!.pile;
      parts.push(h('p', { id: 'cw-preview-text' }, t('cw.preview.trade', a.cards.length, tradeScore(rules.bonus, a.cards.length))));
      if (pile < a.cards.length) parts.push(h('p', { class: 'warn' }, t('err.pile-too-small.n', pile, a.cards.length)));
    } else {
      const check = checkMove(rules, this.board!, this.hand, a.cards, () => true);
      if (check.ok) {
        const sc = check.score;
        parts.push(
          h('p', { id: 'cw-preview-text' }, t('cw.preview.move', sc.total)),
          h(
            'ul',
            { id: 'cw-preview-words' },
            ...sc.words.map((w) => h('li', { 'data-word': w.word }, t('cw.preview.word', w.word, w.score))),
            sc.cellPoints ? h('li', {}, t('cw.preview.cells', sc.cellPoints)) : null,
            sc.bonus ? h('li', {}, t('cw.preview.bonus', sc.laid, sc.bonus)) : null,
          ),
        );
        parts.push(h('p', { class: 'muted' }, t('cw.preview.dictionary')));
      } else {
        const sc = scoreMove(rules.table, rules.bonus, this.board!, a.cards);
        parts.push(h('p', { id: 'cw-preview-text', class: 'warn' }, t('cw.preview.problems')), h('ul', { id: 'cw-preview-problems' }, ...check.errors.map((e) => h('li', {}, this.moveError(e)))));
        if (sc.words.length) parts.push(h('p', { class: 'muted' }, t('cw.preview.wordsSoFar', sc.words.map((w) => w.word).join(', '))));
      }
    }
    this.preview.replaceChildren(...parts);
    this.preview.dataset.action = a.type;
  }

  private startText(): string {
    const { touchColumn: c, touchRow: r } = this.rules!.table.start;
    const coords = this.coords!;
    if (c !== null && r !== null) return this.t('cw.start.cell', coords.name(c, r));
    if (c !== null) return this.t('cw.start.col', coords.colLabel(c));
    if (r !== null) return this.t('cw.start.row', coords.rowLabel(r));
    return '';
  }

  /** One broken rule, in words, with the cell in the UI's coordinates. */
  private moveError(e: MoveError | (Record<string, unknown> & { code: string; message?: string })): string {
    const t = this.t;
    const x = e as Record<string, unknown>;
    const cell = typeof x.col === 'number' && typeof x.row === 'number' && this.coords ? this.coords.name(x.col, x.row) : '';
    switch (e.code) {
      case 'start-condition':
        return t('cw.err.start-condition', this.startText());
      case 'unknown-words':
        return t('cw.err.unknown-words', ((x.words as string[]) ?? []).join(', '));
      case 'not-in-hand':
        return t('cw.err.not-in-hand', String(x.card ?? ''));
      case 'unknown-char':
      case 'off-table':
      case 'blocked':
      case 'occupied':
      case 'same-cell':
      case 'gap':
      case 'wildcard-without-meaning':
      case 'meaning-on-card':
        return t(`cw.err.${e.code}` as StringKey, cell);
      case 'no-cards':
      case 'not-in-line':
      case 'not-touching':
      case 'no-word':
        return t(`cw.err.${e.code}` as StringKey);
      default:
        return String(x.message ?? e.code);
    }
  }

  // ------------------------------------------------------------------ input

  /** Applies a composer result: redraws, and explains a refusal. */
  private act(r: ComposeResult | undefined): void {
    if (!r) return;
    if (!r.ok) this.refuse(r.why);
    else if (r.note) this.say(this.refusalText(r.note));
    this.render();
  }

  private refusalText(r: Refusal): string {
    const key = r.key as StringKey;
    const s = this.t(key, ...r.args);
    return s === key ? r.key : s;
  }

  private refuse(r: Refusal): void {
    this.say(this.refusalText(r), 'error');
    this.refusal.textContent = this.refusalText(r);
    flash(this.area, 'refused');
  }

  private onKey(e: KeyboardEvent): void {
    if (!this.isPlayer || !this.composer || typing(e) || e.ctrlKey || e.altKey || e.metaKey) return;
    const target = e.target as HTMLElement;
    const onControl = target.closest('button, a, summary, input, select, textarea') !== null;
    if (onControl && (e.key === 'Enter' || e.key === ' ')) return;
    if (target === this.tableBox && ['Enter', ' ', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(e.key)) return;
    if (e.key === 'Tab' || e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End' || e.key === 'PageUp' || e.key === 'PageDown' || e.key.startsWith('F')) {
      if (e.key.length > 1) return;
    }
    if (e.key === '?') {
      e.preventDefault();
      this.askHint();
      return;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      const r = this.composer.key('Enter');
      if (!r.ok) return this.act(r);
      this.submit();
      return;
    }
    if (e.key.length !== 1 && !['Backspace', 'Escape'].includes(e.key)) return;
    e.preventDefault();
    if (this.composer.pendingHand !== null && e.key.length === 1 && e.key !== ' ') return this.act(this.composer.giveMeaning(e.key));
    this.act(this.composer.key(e.key));
  }

  private onTableKey(e: KeyboardEvent): void {
    const rules = this.rules;
    if (!rules) return;
    const { width: W, height: H } = rules.table;
    let { col, row } = this.cursor;
    switch (e.key) {
      case 'ArrowLeft':
        col = Math.max(0, col - 1);
        break;
      case 'ArrowRight':
        col = Math.min(W - 1, col + 1);
        break;
      case 'ArrowUp':
        row = Math.max(0, row - 1);
        break;
      case 'ArrowDown':
        row = Math.min(H - 1, row + 1);
        break;
      case 'Home':
        col = 0;
        break;
      case 'End':
        col = W - 1;
        break;
      case 'Enter':
      case ' ':
        e.preventDefault();
        if (this.composer && this.isPlayer) {
          this.composer.setLocation(col, row);
          this.render();
          this.say(this.t('cw.locationSet', this.coords!.name(col, row, this.composer.dir)));
        }
        return;
      default:
        return;
    }
    e.preventDefault();
    this.cursor = { col, row };
    this.hovered = this.cursor;
    this.renderTable();
    this.renderInfo();
  }

  private submit(): void {
    const cp = this.composer;
    const s = this.state;
    if (!cp || !s) return;
    if (s.status !== 'playing') return this.refuse({ key: s.status === 'waiting' ? 'cw.err.not-started' : 'cw.err.game-over', args: [] });
    if (s.turn !== this.mySeat) return this.refuse({ key: 'cw.err.not-your-turn.n', args: [s.players[s.turn]?.name ?? '?'] });
    const a = cp.action();
    const payload: CardwordsActionMessage =
      a.type === 'move'
        ? { type: 'move', cards: a.cards.map((p) => ({ col: p.col, row: p.row, card: p.card.char === null ? { char: null, points: p.card.points, meaning: p.card.meaning } : { char: p.card.char, points: p.card.points } })) }
        : a.type === 'trade'
          ? { type: 'trade', cards: a.cards }
          : { type: 'pass' };
    this.send('action', payload, { type: a.type, action: a });
  }

  private send<K extends keyof CardwordsClientMessages & string>(type: K, payload: CardwordsClientMessages[K], meta: { type: string; action?: ComposedAction }): string {
    const id = `ui-${++this.seq}`;
    this.sent.set(id, meta);
    if (type === 'action') this.refusal.textContent = '';
    this.room.send(type, { ...payload, id });
    return id;
  }

  private askHint(): void {
    if (!this.isPlayer || this.state?.status !== 'playing') return;
    this.say(this.t('cw.hint.asking'));
    this.send('hint', {}, { type: 'hint' });
  }

  // ------------------------------------------------------------------ messages

  private onAck(p: AckMessage): void {
    const meta = p.id !== undefined ? this.sent.get(String(p.id)) : undefined;
    if (!meta) return;
    this.sent.delete(String(p.id));
    if (p.type === 'action' && meta.action) {
      const a = meta.action;
      const l = this.state?.last;
      const score = l && l.player === this.mySeat ? l.score : 0;
      let text = a.type === 'move' ? this.t('cw.done.move', (l?.words ?? []).join(', '), score) : a.type === 'trade' ? this.t('cw.done.trade', a.cards.length, score) : this.t('cw.done.pass', score);
      // the results come before the acknowledgement of the last action: keep them in the message
      if (this.results && this.state?.status === 'over') text += ` ${this.resultText(this.results)}`;
      this.say(text);
      this.composer?.reset();
      this.render();
    } else if (p.type === 'approve' || p.type === 'reject') {
      this.say(this.t(p.type === 'approve' ? 'cw.approved' : 'cw.rejected', ((p as { words?: string[] }).words ?? []).join(', ')));
    }
  }

  private onError(p: ErrorMessage): void {
    if (p.id !== undefined) this.sent.delete(String(p.id));
    const t = this.t;
    let text: string;
    switch (p.code) {
      case 'illegal-move':
        text = t('cw.err.illegal', (p.errors ?? []).map((e) => this.moveError(e)).join('; '));
        break;
      case 'unknown-words':
        text = t(p.asked === false ? 'cw.err.unknown-words.notAsked' : 'cw.err.unknown-words.asked', (p.words ?? []).join(', '));
        break;
      case 'not-your-turn':
        text = t('cw.err.not-your-turn.n', this.state?.players[p.turn ?? -1]?.name ?? '?');
        break;
      case 'pile-too-small':
        text = t('err.pile-too-small.n', p.pile ?? 0, p.wanted ?? 0);
        break;
      case 'not-in-hand':
        text = t('cw.err.not-in-hand', (p.cards ?? []).join(' '));
        break;
      default: {
        const key = `cw.err.${p.code ?? ''}` as StringKey;
        const generic = `err.${p.code ?? ''}` as StringKey;
        text = t(key) !== key ? t(key) : t(generic) !== generic ? t(generic) : (p.message ?? p.code ?? '?');
      }
    }
    this.say(t('cw.refused', text), 'error');
    if (p.type === 'action' || p.type === 'hint' || p.type === 'rematch') this.refusal.textContent = t('cw.refused', text);
    flash(this.area, 'refused');
    this.render();
  }

  private onWordRequest(p: { words: string[]; player: string }): void {
    for (const w of p.words) this.requests.set(w, p.player);
    this.renderRequests();
    this.say(this.t('cw.request', p.player, p.words.join(', ')));
    this.requestsBox.querySelector<HTMLButtonElement>('button')?.focus();
  }

  private renderRequests(): void {
    const t = this.t;
    this.requestsBox.hidden = this.requests.size === 0;
    const decide = (word: string, approve: boolean) => {
      this.requests.delete(word);
      this.send(approve ? 'approve' : 'reject', { word }, { type: approve ? 'approve' : 'reject' });
      this.renderRequests();
      if (this.requests.size === 0) this.focus();
    };
    this.requestsBox.replaceChildren(
      h('h2', { id: 'cw-requests-title' }, t('cw.requests')),
      h(
        'ul',
        {},
        ...[...this.requests].map(([word, player]) =>
          h(
            'li',
            { 'data-word': word },
            h('span', {}, t('cw.requestLine', word, player), ' '),
            h('button', { type: 'button', class: 'approve', 'data-approve': word, 'aria-label': t('cw.approveWord', word), onclick: () => decide(word, true) }, t('cw.approve')),
            ' ',
            h('button', { type: 'button', class: 'reject secondary', 'data-reject': word, 'aria-label': t('cw.rejectWord', word), onclick: () => decide(word, false) }, t('cw.reject')),
          ),
        ),
      ),
    );
  }

  private onWord(p: { word: string; approved: boolean }): void {
    this.say(this.t(p.approved ? 'cw.word.approved' : 'cw.word.rejected', p.word));
    this.log.push({ round: this.state?.round ?? 1, text: this.t(p.approved ? 'cw.word.approved' : 'cw.word.rejected', p.word) });
    this.renderLog();
  }

  private onResults(p: Results): void {
    this.results = p;
    const winners = p.results.filter((r) => r.winner).map((r) => r.name);
    this.say(this.resultText(p));
    this.log.push({ round: p.round ?? this.state?.round ?? 1, text: this.t('cw.log.end', winners.join(', ')) });
    this.render();
  }

  private resultText(p: Results): string {
    const me = this.mySeat;
    const winners = p.results.filter((r) => r.winner).map((r) => r.name);
    const mine = p.results.find((r) => r.seat === me);
    return me >= 0 && mine?.winner ? this.t('cw.youWin', mine.score) : this.t('cw.won', winners.join(', '));
  }

  private onRematch(p: { round: number }): void {
    if (this.loggedRound === p.round) return;
    this.results = null;
    this.lastCells.clear();
    this.boardCount = 0;
    this.composer?.reset();
    this.log.push({ round: p.round, text: this.t('cw.log.rematch', p.round) });
    this.say(this.t('cw.log.rematch', p.round));
  }

  private onEnded(p: EndedMessage): void {
    this.ended = p;
    this.say(this.t('cw.ended', p.reason));
    this.host.remove('cardwords.seat');
    if (this.state) this.render();
  }

  private onHint(p: HintMessage): void {
    if (p.id !== undefined) this.sent.delete(String(p.id));
    const cp = this.composer;
    if (!cp || !cp.load(p.action as ComposedAction)) return this.say(this.t('cw.hint.none'), 'error');
    const a = cp.action();
    const text =
      a.type === 'move'
        ? this.t('cw.hint.move', p.words.join(', '), p.score)
        : a.type === 'trade'
          ? this.t('cw.hint.trade', a.cards.length, p.score)
          : this.t('cw.hint.pass', p.score);
    this.say(text);
    this.render();
    this.area.focus();
  }

  /** What the tests and a webview host read: the table, the hand, whose turn. */
  snapshot(): { board: CwPlacedV[]; hand: CwCardV[]; turn: number; seat: number; status: string; pile: number; moves: number; players: Array<{ name: string; score: number; cards: number }> } | null {
    const s = this.state;
    if (!s) return null;
    const seat = this.mySeat;
    return {
      board: s.board.map((p) => ({ ...p })),
      hand: seat >= 0 ? (s.players[seat]?.hand ?? []).map((c) => ({ ...c })) : [],
      turn: s.turn,
      seat,
      status: s.status,
      pile: s.pile,
      moves: s.moves,
      players: s.players.map((p) => ({ name: p.name, score: p.score, cards: p.cards })),
    };
  }

  get isEnded(): boolean {
    return this.ended !== null;
  }
}

function cellOf(target: EventTarget | null): { col: number; row: number } | null {
  const e = (target as HTMLElement | null)?.closest?.<HTMLElement>('[data-col]');
  if (!e) return null;
  return { col: Number(e.dataset.col), row: Number(e.dataset.row) };
}

/** A card's face: the character (a wildcard's meaning, marked) and the points. */
function cardFace(c: { char: string | null; points: number; meaning?: string }): HTMLElement {
  return h(
    'span',
    { class: `face${c.char === null ? ' wild' : ''}` },
    h('span', { class: 'ch' }, c.char ?? c.meaning ?? '*'),
    h('span', { class: 'pt' }, c.points),
  );
}

function cardList(cards: Card[], t: Translate): HTMLElement {
  const groups = new Map<string, { card: Card; n: number }>();
  for (const c of cards) {
    const k = `${c.char ?? ''}\u0000${c.points}`;
    const g = groups.get(k);
    if (g) g.n++;
    else groups.set(k, { card: c, n: 1 });
  }
  const sorted = [...groups.values()].sort((a, b) => (a.card.char ?? '\uffff').localeCompare(b.card.char ?? '\uffff') || a.card.points - b.card.points);
  return h(
    'div',
    {},
    h('p', { class: 'count' }, t('cw.cardsCount', cards.length)),
    h(
      'ul',
      { class: 'cw-card-list' },
      ...sorted.map((g) =>
        h('li', { 'aria-label': `${g.card.char === null ? t('cw.card.wild', g.card.points) : t('cw.card', g.card.char, g.card.points)} × ${g.n}` }, cardFace(g.card), h('span', { class: 'times' }, `×${g.n}`)),
      ),
    ),
  );
}
