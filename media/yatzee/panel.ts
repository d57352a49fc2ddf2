/// <reference lib="dom" />
// The Yatzee panel over the server's Yatzee room (docs/server.md): your sheet with the
// dice, the transfer (suggested category preselected, each open category's score shown),
// Undo transfer and Reset dice as the seed allows, the bonus line; every other player's
// sheet, live; optional expected values from the optimal robot (GET /yatzee/hint).
import {
  CATEGORIES,
  DICE,
  THROWS_PER_ROUND,
  UPPER_COUNT,
  bonusLine,
  isFull,
  score,
  suggestCategory,
  totals,
  type Category,
} from '../../core/games/yatzee/rules.js';
import { affordances, type Sheet, type SheetPhase } from '../../core/games/yatzee/engine.js';
import { announce, flash, h, typing } from '../ui/dom.js';
import type { Host } from '../ui/host.js';
import type { YatzeeRoomState as RoomView, YatzeeSheetState as SheetView } from '../../core/protocol/game.js';
import type { AckMessage, EndedMessage, ErrorMessage, ResultsMessage, WelcomeMessage as Welcome, YatzeeActionMessage, YatzeeClientMessages } from '../../core/protocol/messages.js';
import type { YatzeeRoomClient as RoomLike } from '../../core/protocol/client.js';
import type { StringKey, Translate } from '../ui/l10n/index.js';

export type { RoomLike, RoomView, SheetView, Welcome };

interface Hint {
  expectedFinal: number;
  categories: { category: Category; points: number; bonus: number; value: number }[];
  keeps: { keep: number[]; held: boolean[]; value: number }[] | null;
}

const PIPS: Record<number, number[]> = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

function toSheet(v: SheetView): Sheet {
  return {
    name: v.name,
    present: v.present,
    scores: v.scores.map((s) => (s < 0 ? null : s)),
    dice: v.dice,
    held: v.held,
    throwsMade: v.throwsMade,
    phase: v.phase as SheetPhase,
    undo: null,
  };
}

export class YatzeePanel {
  private view: RoomView | null = null;
  private me: Sheet | null = null;
  private focusDie = 0;
  private choice: Category | null = null;
  /** The throw the choice belongs to (dice + throws made): a new throw preselects the suggestion again. */
  private choiceFor = '';
  private pending = 0;
  private optimisticHeld: boolean[] | null = null;
  private seq = 0;
  private readonly sent = new Map<string, { type: string; category?: Category }>();
  private hints: boolean;
  private hint: Hint | null = null;
  private hintKey = '';
  private hintError = '';
  private readonly status = h('p', { class: 'status', id: 'yatzee-status', role: 'status', 'aria-live': 'polite' });
  private readonly mine = h('section', { class: 'my-sheet', id: 'yatzee-mine', 'aria-labelledby': 'yatzee-mine-title' });
  private readonly others = h('section', { class: 'sheets', id: 'yatzee-sheets', 'aria-label': '' });
  private readonly results = h('section', { class: 'results', id: 'yatzee-results', hidden: true });
  private readonly diceBox = h('div', { class: 'dice', role: 'group', id: 'yatzee-dice' });
  private readonly dice: HTMLButtonElement[] = [];
  private readonly throwBtn: HTMLButtonElement;
  private readonly transferBtn: HTMLButtonElement;
  private readonly undoBtn: HTMLButtonElement;
  private readonly resetBtn: HTMLButtonElement;
  private readonly throwsLeft = h('p', { class: 'throws-left', id: 'yatzee-throws-left' });
  private readonly hintLine = h('p', { class: 'hint-line', id: 'yatzee-hint-line' });
  private readonly myTable = h('table', { class: 'sheet mine', id: 'yatzee-my-table' });

  constructor(
    private readonly host: Host,
    private readonly root: HTMLElement,
    private readonly t: Translate,
    private readonly room: RoomLike,
    private readonly welcome: Welcome,
  ) {
    this.hints = host.load<boolean>('yatzee.hints') === true;
    this.diceBox.setAttribute('aria-label', t('yatzee.dice'));
    for (let k = 0; k < DICE; k++) {
      const b = h('button', { type: 'button', class: 'die', 'data-die': k, tabindex: k === 0 ? 0 : -1 });
      b.addEventListener('click', (e) => {
        this.focusDie = k;
        if (e.detail <= 1) this.toggle(k);
      });
      b.addEventListener('dblclick', () => this.throwWith(k));
      b.addEventListener('focus', () => (this.focusDie = k));
      this.dice.push(b);
      this.diceBox.append(b);
    }
    this.diceBox.addEventListener('keydown', (e) => this.onDiceKey(e));
    this.throwBtn = h('button', { type: 'button', id: 'yatzee-throw', 'aria-keyshortcuts': 'Enter', onclick: () => this.throwWith(null) }, t('yatzee.throw'));
    this.transferBtn = h('button', { type: 'button', id: 'yatzee-transfer', 'aria-keyshortcuts': 't', onclick: () => this.transfer() }, t('yatzee.transfer'));
    this.undoBtn = h('button', { type: 'button', id: 'yatzee-undo', 'aria-keyshortcuts': 'u', onclick: () => this.act({ type: 'undoTransfer' }) }, t('yatzee.undoTransfer'));
    this.resetBtn = h('button', { type: 'button', id: 'yatzee-reset', 'aria-keyshortcuts': 'r', onclick: () => this.act({ type: 'resetDices' }) }, t('yatzee.resetDices'));
    this.myTable.addEventListener('change', (e) => {
      const r = e.target as HTMLInputElement;
      if (r.name === 'category' && isCategory(r.value)) this.choice = r.value;
    });
    this.myTable.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.target as HTMLInputElement).name === 'category') {
        e.preventDefault();
        this.transfer();
      }
    });
    this.myTable.addEventListener('dblclick', (e) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>('tr[data-category]');
      const c = row?.dataset.category;
      if (c && isCategory(c) && row?.querySelector('input')) {
        this.choice = c;
        this.transfer();
      }
    });
    this.layout();
    room.on('error', (p) => this.onError(p));
    room.on('ack', (p) => this.onAck(p));
    room.on('results', (p) => this.onResults(p));
    room.on('ended', (p) => this.onEnded(p));
    document.addEventListener('keydown', (e) => this.onKey(e));
  }

  get isPlayer(): boolean {
    return this.welcome.role === 'player';
  }

  private layout(): void {
    const t = this.t;
    const heading = h('h1', {}, t('yatzee.title'), ' ', h('small', { id: 'yatzee-game' }, t('yatzee.gameLink', this.welcome.gameId)));
    const hintBox = h('input', { type: 'checkbox', id: 'yatzee-hints', checked: this.hints });
    hintBox.addEventListener('change', () => {
      this.hints = hintBox.checked;
      this.host.save('yatzee.hints', this.hints);
      this.hintKey = '';
      this.render();
    });
    const ownerBar = this.welcome.owner
      ? h(
          'div',
          { class: 'toolbar owner', role: 'toolbar', 'aria-label': t('lobby.owner') },
          h('button', { type: 'button', id: 'yatzee-add-robot', onclick: () => this.send('robots', { add: 1 }) }, t('yatzee.addRobot')),
          h('button', { type: 'button', id: 'yatzee-end', onclick: () => this.send('end', {}) }, t('yatzee.endGame')),
        )
      : null;
    if (this.isPlayer) {
      this.mine.append(
        h('h2', { id: 'yatzee-mine-title' }, t('yatzee.yourSheet')),
        this.diceBox,
        h('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('yatzee.title') }, this.throwBtn, this.transferBtn, this.undoBtn, this.resetBtn),
        this.throwsLeft,
        h('label', { class: 'check' }, hintBox, t('yatzee.hints')),
        this.hintLine,
        this.myTable,
        h('p', { class: 'help' }, t('yatzee.help')),
      );
    } else this.mine.hidden = true;
    this.others.setAttribute('aria-label', t('yatzee.sheets'));
    this.root.replaceChildren(heading, this.status, ownerBar ?? '', h('div', { class: 'yatzee-layout' }, this.mine, this.others), this.results);
    this.say(this.isPlayer ? t('yatzee.joined', this.welcome.name ?? '') : t('yatzee.watching'));
  }

  say(text: string, kind: 'info' | 'error' = 'info'): void {
    announce(this.status, text, kind);
  }

  // ------------------------------------------------------------------ state

  update(view: RoomView): void {
    this.view = view;
    const mine = this.isPlayer ? view.players.find((p) => p.name === this.welcome.name) : undefined;
    this.me = mine ? toSheet(mine) : null;
    if (this.pending === 0) this.optimisticHeld = null;
    this.render();
  }

  private held(): boolean[] {
    return this.optimisticHeld ?? (this.me ? [...this.me.held] : [false, false, false, false, false]);
  }

  private render(): void {
    if (!this.view) return;
    if (this.me) this.renderMine(this.me);
    this.renderOthers(this.view);
  }

  private renderMine(me: Sheet): void {
    const t = this.t;
    const aff = affordances(me);
    const held = this.held();
    const canHold = aff.hold;
    this.dice.forEach((b, k) => {
      const v = me.dice[k] ?? 1;
      b.dataset.value = String(v);
      b.classList.toggle('held', held[k]!);
      b.setAttribute('aria-pressed', String(held[k]!));
      b.setAttribute('aria-disabled', String(!canHold && !aff.throw));
      b.classList.toggle('greyed', !canHold);
      b.setAttribute('aria-label', t(held[k] ? 'yatzee.die.held' : 'yatzee.die', k + 1, v));
      b.tabIndex = k === this.focusDie ? 0 : -1;
      b.replaceChildren(...pips(v));
    });
    this.throwBtn.disabled = !aff.throw;
    this.transferBtn.disabled = !aff.transfer;
    this.undoBtn.disabled = !aff.undoTransfer;
    this.resetBtn.disabled = !aff.resetDices;
    const full = isFull(me.scores);
    const left = me.phase === 'thrown' ? THROWS_PER_ROUND - me.throwsMade : THROWS_PER_ROUND;
    this.throwsLeft.textContent = full ? t('yatzee.sheetFull') : t('yatzee.throwsLeft', left);
    this.throwsLeft.dataset.left = String(full ? 0 : left);

    // the transfer: every open category with the score these dice would give; the suggestion preselected
    const thrown = aff.transfer;
    const key = `${me.dice.join('')}/${me.throwsMade}/${me.scores.join(',')}`;
    if (thrown && key !== this.choiceFor) {
      this.choiceFor = key;
      this.choice = suggestCategory(me.scores, me.dice);
    }
    if (!thrown) this.choice = null;
    this.requestHint(me);
    const hint = this.hints ? this.hint : null;
    // the robot's values count the points still to come: add what the sheet has, to show expected final scores
    const have = totals(me.scores).total;
    const hintValue = new Map(hint?.categories.map((c) => [c.category, c.value + have]) ?? []);
    const focused = document.activeElement instanceof HTMLInputElement && this.myTable.contains(document.activeElement) ? document.activeElement.value : null;
    const rows: HTMLElement[] = [];
    rows.push(h('tr', {}, h('th', { scope: 'col' }, t('yatzee.category')), h('th', { scope: 'col' }, this.welcome.name ?? ''), h('th', { scope: 'col', class: 'hint-col', hidden: !this.hints }, t('lines.hint'))));
    CATEGORIES.forEach((c, i) => {
      const filled = me.scores[i];
      const label = t(`cat.${c}` as StringKey);
      let cell: HTMLElement;
      if (filled !== null && filled !== undefined) {
        cell = h('td', { class: 'score', 'data-category': c, 'aria-label': t('yatzee.cell', this.welcome.name ?? '', label, filled) }, filled);
      } else if (thrown) {
        const pts = score(c, me.dice);
        const id = `yatzee-cat-${c}`;
        const radio = h('input', { type: 'radio', name: 'category', value: c, id, checked: this.choice === c });
        const suggested = c === suggestCategory(me.scores, me.dice);
        cell = h(
          'td',
          { class: `score preview${suggested ? ' suggested' : ''}`, 'data-category': c, 'data-preview': pts },
          h('label', { for: id }, radio, h('span', { class: 'pts' }, pts), h('span', { class: 'sr-only' }, ` ${t('yatzee.preview', pts)}${suggested ? `, ${t('yatzee.suggested')}` : ''}`)),
        );
      } else cell = h('td', { class: 'score open', 'data-category': c, 'aria-label': t('yatzee.cell', this.welcome.name ?? '', label, t('yatzee.open')) }, '');
      const hv = hintValue.get(c);
      rows.push(
        h(
          'tr',
          { 'data-category': c, class: i === UPPER_COUNT - 1 ? 'last-upper' : '' },
          h('th', { scope: 'row' }, label),
          cell,
          h('td', { class: 'hint-col', hidden: !this.hints, 'data-hint': hv === undefined ? null : hv.toFixed(2), 'aria-label': hv === undefined ? null : `${label}: ${t('yatzee.hint.value', hv.toFixed(1))}` }, hv === undefined ? '' : hv.toFixed(1)),
        ),
      );
      if (i === UPPER_COUNT - 1) rows.push(...this.upperRows(me.scores.map((s) => s ?? -1), this.welcome.name ?? '', true));
    });
    rows.push(this.totalRow(me.scores.map((s) => s ?? -1), this.welcome.name ?? '', true));
    this.myTable.replaceChildren(h('caption', { class: 'sr-only' }, t('yatzee.yourSheet')), h('tbody', {}, ...rows));
    if (focused) this.myTable.querySelector<HTMLInputElement>(`input[value="${focused}"]`)?.focus();
    this.hintLine.hidden = !this.hints;
    this.hintLine.textContent = !this.hints ? '' : this.hintError ? t('yatzee.hint.unavailable', this.hintError) : hint ? this.hintText(me, hint) : '';
  }

  private hintText(me: Sheet, hint: Hint): string {
    const t = this.t;
    const parts = [t('yatzee.hint.final', hint.expectedFinal.toFixed(1))];
    const best = hint.keeps?.[0];
    const have = totals(me.scores).total;
    if (best && me.phase === 'thrown') {
      if (best.keep.length === DICE) parts.push(t('yatzee.hint.transferNow', (best.value + have).toFixed(1)));
      else parts.push(t('yatzee.hint.keep', best.keep.length ? best.keep.join(' ') : '–', (best.value + have).toFixed(1)));
    }
    return parts.join(' ');
  }

  private upperRows(scores: number[], name: string, mine: boolean): HTMLElement[] {
    const t = this.t;
    const s = scores.map((x) => (x < 0 ? null : x));
    const b = bonusLine(s);
    const sum = totals(s).upper;
    const bonusText = b.complete ? String(b.bonus) : b.balance > 0 ? `+${b.balance}` : b.balance < 0 ? `\u2212${-b.balance}` : '0';
    const label = b.complete ? t('yatzee.bonus') : t('yatzee.bonusBalance');
    const extra = mine ? [h('td', { class: 'hint-col', hidden: !this.hints })] : [];
    return [
      h('tr', { class: 'sum' }, h('th', { scope: 'row' }, t('yatzee.upper')), h('td', { 'data-category': 'upper', 'aria-label': t('yatzee.cell', name, t('yatzee.upper'), sum) }, sum), ...extra),
      h(
        'tr',
        { class: `bonus ${b.complete ? '' : b.balance >= 0 ? 'surplus' : 'deficit'}` },
        h('th', { scope: 'row' }, label),
        h('td', { 'data-category': 'bonus', 'data-complete': String(b.complete), 'aria-label': t('yatzee.cell', name, label, bonusText) }, bonusText),
        ...extra.map((e) => e.cloneNode() as HTMLElement),
      ),
    ];
  }

  private totalRow(scores: number[], name: string, mine: boolean): HTMLElement {
    const total = totals(scores.map((x) => (x < 0 ? null : x))).total;
    return h(
      'tr',
      { class: 'total' },
      h('th', { scope: 'row' }, this.t('yatzee.total')),
      h('td', { 'data-category': 'total', 'aria-label': this.t('yatzee.cell', name, this.t('yatzee.total'), total) }, total),
      mine ? h('td', { class: 'hint-col', hidden: !this.hints }) : null,
    );
  }

  private renderOthers(view: RoomView): void {
    const t = this.t;
    const cards = view.players
      .filter((p) => !this.isPlayer || p.name !== this.welcome.name)
      .map((p) => {
        let title = p.name;
        if (p.robot) title = t('yatzee.player.robot', p.name);
        else if (!p.present) title = t('yatzee.player.left', p.name);
        else if (!p.connected) title = t('yatzee.player.away', p.name);
        const diceLabel = t('yatzee.playerDice', p.name, p.dice.join(' '));
        const dice = h(
          'div',
          { class: 'dice small', role: 'img', 'aria-label': `${diceLabel}; ${t('yatzee.playerThrows', p.throwsMade)}` },
          ...p.dice.map((v, k) => h('span', { class: `die${p.held[k] ? ' held' : ''}`, 'data-value': v }, ...pips(v))),
        );
        const rows: HTMLElement[] = [];
        CATEGORIES.forEach((c, i) => {
          const label = t(`cat.${c}` as StringKey);
          const v = p.scores[i] ?? -1;
          rows.push(
            h('tr', {}, h('th', { scope: 'row' }, label), h('td', { 'data-player': p.name, 'data-category': c, 'aria-label': t('yatzee.cell', p.name, label, v < 0 ? t('yatzee.open') : v) }, v < 0 ? '' : v)),
          );
          if (i === UPPER_COUNT - 1) rows.push(...this.upperRows(p.scores, p.name, false));
        });
        rows.push(this.totalRow(p.scores, p.name, false));
        for (const r of rows) for (const td of r.querySelectorAll('td')) td.dataset.player = p.name;
        return h(
          'article',
          { class: `sheet-card${p.present ? '' : ' gone'}`, 'data-player': p.name, 'aria-label': title },
          h('h3', {}, title),
          dice,
          h('p', { class: 'throws' }, t('yatzee.playerThrows', p.throwsMade)),
          h('table', { class: 'sheet' }, h('tbody', {}, ...rows)),
        );
      });
    this.others.replaceChildren(h('h2', {}, t('yatzee.sheets')), h('div', { class: 'cards' }, ...cards));
  }

  // ------------------------------------------------------------------ actions

  private send<K extends keyof YatzeeClientMessages & string>(type: K, payload: YatzeeClientMessages[K], meta: { type: string; category?: Category } = { type }): void {
    const id = `ui-${++this.seq}`;
    this.sent.set(id, meta);
    this.pending++;
    this.room.send(type, { ...payload, id });
  }

  private act(action: YatzeeActionMessage): void {
    if (!this.isPlayer) return;
    this.send('action', action, { type: action.type, ...(action.type === 'transfer' ? { category: action.category } : {}) });
  }

  private toggle(k: number): void {
    const me = this.me;
    if (!me) return;
    if (!affordances(me).hold) {
      flash(this.dice[k]!, 'refused');
      return;
    }
    const held = this.held();
    held[k] = !held[k];
    this.optimisticHeld = held;
    this.act({ type: held[k] ? 'hold' : 'release', dice: [k] });
    this.render();
  }

  /** Throws; the die given (double-clicked or focused) always takes part (seed section 8). */
  private throwWith(k: number | null): void {
    const me = this.me;
    if (!me) return;
    const held = this.held();
    if (k !== null && held[k] && affordances(me).hold) {
      held[k] = false;
      this.optimisticHeld = held;
      this.act({ type: 'release', dice: [k] });
    }
    this.act({ type: 'throw' });
    for (let i = 0; i < DICE; i++) if (!held[i] || me.phase !== 'thrown') flash(this.dice[i]!, 'rolling');
  }

  private transfer(): void {
    if (!this.me || !this.choice) return;
    this.act({ type: 'transfer', category: this.choice });
  }

  private onDiceKey(e: KeyboardEvent): void {
    let k = this.focusDie;
    switch (e.key) {
      case 'ArrowLeft':
      case 'ArrowUp':
        k = (k + DICE - 1) % DICE;
        break;
      case 'ArrowRight':
      case 'ArrowDown':
        k = (k + 1) % DICE;
        break;
      case 'Home':
        k = 0;
        break;
      case 'End':
        k = DICE - 1;
        break;
      case ' ':
        e.preventDefault();
        this.toggle(k);
        return;
      case 'Enter':
        e.preventDefault();
        this.throwWith(k);
        return;
      default:
        return;
    }
    e.preventDefault();
    this.focusDie = k;
    this.dice.forEach((b, i) => (b.tabIndex = i === k ? 0 : -1));
    this.dice[k]!.focus();
  }

  /** Panel shortcuts (seed "Keys help": Ctrl+T, Ctrl+R, Ctrl+D, which browsers keep for themselves). */
  private onKey(e: KeyboardEvent): void {
    if (typing(e) && !(e.target as HTMLInputElement).name?.startsWith('category')) return;
    if (e.ctrlKey || e.altKey || e.metaKey || !this.isPlayer) return;
    if (e.key === 't') this.transfer();
    else if (e.key === 'u') this.act({ type: 'undoTransfer' });
    else if (e.key === 'r') this.act({ type: 'resetDices' });
    else if (e.key === 'd') this.focusDice();
    else return;
    e.preventDefault();
  }

  focusDice(): void {
    this.dice[this.focusDie]?.focus();
  }

  private onAck(p: AckMessage): void {
    const meta = p.id !== undefined ? this.sent.get(String(p.id)) : undefined;
    if (!meta) return;
    this.sent.delete(String(p.id));
    this.pending = Math.max(0, this.pending - 1);
    if (this.pending === 0) this.optimisticHeld = null;
    if (meta.type === 'transfer' && meta.category && this.me) {
      const i = CATEGORIES.indexOf(meta.category);
      this.say(this.t('yatzee.transferred', this.t(`cat.${meta.category}` as StringKey), this.me.scores[i] ?? 0));
    }
    this.render();
  }

  private onError(p: ErrorMessage): void {
    if (p.id !== undefined && this.sent.delete(String(p.id))) this.pending = Math.max(0, this.pending - 1);
    if (this.pending === 0) this.optimisticHeld = null;
    const key = `err.${p.code ?? ''}` as StringKey;
    const text = this.t(key) !== key ? this.t(key) : (p.message ?? p.code ?? '?');
    this.say(this.t('yatzee.error', text), 'error');
    flash(this.root, 'refused');
    this.render();
  }

  private onResults(p: ResultsMessage): void {
    this.results.hidden = false;
    this.results.replaceChildren(
      h('h2', {}, this.t('yatzee.results')),
      h('ol', { id: 'yatzee-results-list' }, ...p.results.map((r) => h('li', {}, `${r.robot ? this.t('yatzee.player.robot', r.name) : r.name}: ${r.score}`))),
    );
  }

  private ended: EndedMessage | null = null;

  get isEnded(): boolean {
    return this.ended !== null;
  }

  private onEnded(p: EndedMessage): void {
    this.ended = p;
    this.say(this.t('yatzee.ended', p.reason));
    this.host.remove('yatzee.seat');
  }

  // ------------------------------------------------------------------ hints

  private requestHint(me: Sheet): void {
    if (!this.hints) return;
    const key = `${me.scores.join(',')}|${me.dice.join('')}|${me.phase === 'thrown' ? me.throwsMade : 0}`;
    if (key === this.hintKey) return;
    this.hintKey = key;
    const base = this.host.serverUrl();
    if (!base) return;
    const q = new URLSearchParams({
      scores: me.scores.map((s) => (s === null ? '-' : String(s))).join(','),
      dice: me.dice.join(','),
      throws: String(me.phase === 'thrown' ? me.throwsMade : 0),
    });
    fetch(`${base}/yatzee/hint?${q}`, { cache: 'no-store' })
      .then(async (r) => {
        const body = (await r.json()) as Hint & { error?: string };
        if (!r.ok) throw new Error(body.error ?? String(r.status));
        if (key !== this.hintKey) return;
        this.hint = body;
        this.hintError = '';
        this.render();
      })
      .catch((e: Error) => {
        if (key !== this.hintKey) return;
        this.hint = null;
        this.hintError = e.message;
        this.render();
      });
  }
}

function isCategory(x: string): x is Category {
  return (CATEGORIES as readonly string[]).includes(x);
}

function pips(v: number): HTMLElement[] {
  const on = PIPS[v] ?? [];
  return Array.from({ length: 9 }, (_, i) => h('span', { class: on.includes(i) ? 'pip on' : 'pip', 'aria-hidden': 'true' }));
}
