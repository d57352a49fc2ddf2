/// <reference lib="dom" />
// Entry of the Cardwords page (dist/web/cardwords.js): joins the game named by ?game= by
// name (or takes a kept seat back with its key, or watches), or, for the owner without
// ?game=, shows the creation form (ruleset, humans, robots with their levels, watchers),
// then hands the room to the panel.
import { Client, type Room } from '@colyseus/sdk';
import { h } from '../ui/dom.js';
import { gamesClick, startChecked, startPage } from '../ui/page.js';
import { createdGameSearch } from '../ui/host.js';
import { fullStop, sentence, type StringKey } from '../ui/l10n/index.js';
import { CardwordsPanel, type CwStateV, type RulesetMessage, type Welcome } from './panel.js';
import { cardwordsRoom, type CardwordsRoomClient } from '../../core/protocol/client.js';
import type { CardwordsServerMessages } from '../../core/protocol/messages.js';
import { MAX_NAME_LENGTH } from '../../core/games/names.js';
import { offerWhatIsTaken } from '../lobby/join-offer.js';
import { refusedJoin, watchRefused, type Refusal, type WatchRefused } from '../ui/refusal.js';
import { RoomLink } from '../ui/rejoin.js';
import { entryFor, forgetSeat, keepSeat } from '../ui/seats.js';
import { keptResults } from '../ui/kept-results.js';
import { KeptResultsView, type KeptCwResults } from './view/results.js';
import { createElement, render } from 'preact';

const LEVELS = ['best', 'good', 'casual'] as const;

const { host, t, main } = startPage('cw.title', 'cardwords');
const server = host.serverUrl() ?? location.origin;
const gameId = host.param('game');
/** The owner's token, once the server has confirmed it (`startChecked`, below: the page starts after it). */
let owner: string | null = null;
const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite', id: 'cw-join-status' });

/** The last join's refusal: a page that tried a kept seat or a watch first shows its forms after it. */
let refusal: Refusal | null = null;
/** The panel on the page: a watch after a leave, or a join again after a lost connection, puts a new one in its place. */
let shown: CardwordsPanel | null = null;
/** The join a reload would make now (the kept seat by its key, or a watch): the page makes it when its connection is lost for good. */
let again: { join: () => Promise<Room>; watching: boolean } | null = null;

const link = new RoomLink({
  t,
  prefixes: ['cw.err.', 'err.'],
  panel: () => shown,
  rejoin: async (back) => {
    if (again) await enter(again.join, again.watching, back);
  },
  main,
});

/**
 * Joins, and on success puts the game on the page; false (the refusal said in the form's
 * status) when refused. `back`: a join again after a lost connection, whose refusal is
 * thrown to the link (media/ui/rejoin.ts) and whose panel says `back` first. `creating`: a
 * new game's creation, whose refusal says so (it read "Could not join").
 */
async function enter(join: () => Promise<Room>, watching = false, back: string | null = null, creating = false): Promise<boolean> {
  if (back === null) {
    status.textContent = t('cw.connecting');
    status.dataset.kind = 'info';
  }
  let room: Room;
  try {
    room = await join();
  } catch (e) {
    if (back !== null) throw e;
    refusal = refusedJoin(e, t, ['cw.err.', 'err.'], watching);
    // "Could not watch" for a watch (it said "Could not join"), a sentence
    status.textContent = fullStop(t(creating ? 'cw.createRefused' : watching ? 'app.watchRefused' : 'cw.refusedJoin', refusal.text));
    status.dataset.kind = 'error';
    return false;
  }
  // from here a lost connection is the link's: it joins again (a drop before the welcome too)
  link.watch(room);
  // the room sends welcome, then ruleset (and word requests to the owner): catch them all now
  const typed = cardwordsRoom(room);
  let panel: CardwordsPanel | null = null;
  let ruleset: RulesetMessage | null = null;
  typed.on('ruleset', (m) => {
    ruleset = m;
    panel?.setRuleset(m);
  });
  // `stopping` is the link's (media/ui/rejoin.ts): its text is English, the link says it in the player's language
  // a small adapter: handlers registered by the panel get the messages that came before it
  type In = CardwordsServerMessages;
  const handlers: { [K in keyof In]?: (p: In[K]) => void } = {};
  const early: Array<() => void> = [];
  const relay = <K extends keyof In & string>(type: K) =>
    typed.on(type, (m) => {
      const deliver = () => (handlers[type] as ((p: In[K]) => void) | undefined)?.(m);
      if (panel) deliver();
      else early.push(deliver);
    });
  for (const type of ['word-request', 'word-settled', 'carried', 'word', 'results', 'rematch', 'ended', 'ack', 'error', 'hint', 'history', 'checked'] as const) relay(type);
  const welcome = await new Promise<Welcome>((resolve) => typed.on('welcome', resolve));
  if (welcome.role === 'player' && welcome.key && welcome.name) {
    keepSeat(host, 'cardwords', { gameId: welcome.gameId, name: welcome.name, key: welcome.key });
    host.save('cardwords.name', welcome.name);
  }
  host.entered(welcome.gameId, welcome.role !== 'player');
  const roomLike: CardwordsRoomClient = {
    roomId: room.roomId,
    send: (type, payload) => typed.send(type, payload),
    on: (type, cb) => {
      (handlers as Record<string, unknown>)[type] = cb;
    },
  };
  // after a leave the page can watch the game go on (a new join, as a watcher; the owner as its owner)
  const watchAgain = async (): Promise<WatchRefused | null> =>
    (await enter(() => new Client(server).joinById(welcome.gameId, { watch: true, ...(owner ? { owner } : {}) }), true)) ? null : watchRefused(refusal, welcome.gameId, () => host.games());
  const rejoinOptions = welcome.role === 'player' && welcome.key && welcome.name ? { name: welcome.name, key: welcome.key } : { watch: true };
  again = { join: () => new Client(server).joinById(welcome.gameId, { ...rejoinOptions, ...(owner ? { owner } : {}) }), watching: welcome.role !== 'player' };
  // the focus was in the old panel (or fell to the page): it goes to the new one's action area
  const refocus = !document.activeElement || document.activeElement === document.body || main.contains(document.activeElement);
  const draft = back !== null ? (shown?.draft ?? null) : null;
  const log = shown?.logKept ?? null;
  shown?.dispose();
  panel = shown = new CardwordsPanel(host, main, t, roomLike, welcome, watchAgain, () => link.offline());
  panel.keepLog(log);
  if (back !== null) {
    panel.keepDraft(draft);
    panel.rejoined(back);
  }
  for (const deliver of early) deliver();
  if (ruleset) panel.setRuleset(ruleset);
  const push = () => panel.update((room.state as { toJSON(): CwStateV }).toJSON());
  room.onStateChange(push);
  if (room.state) push();
  (window as unknown as { cardwordsPanel: CardwordsPanel }).cardwordsPanel = panel;
  if (back === null || refocus) panel.focus();
  return true;
}

function nameField(id: string, required = true): HTMLInputElement {
  return oneWord(h('input', { type: 'text', id, name: 'name', maxlength: MAX_NAME_LENGTH, required, autocomplete: 'nickname', value: host.param('name') ?? host.load<string>('cardwords.name') ?? '' }));
}

/**
 * A name field: one word (spaces before and after are dropped), said in the page's language
 * when the form is sent (the browser's own "match the requested format" said nothing of
 * spaces); typing in it takes an earlier refusal (that name is taken) off the page.
 */
function oneWord(field: HTMLInputElement): HTMLInputElement {
  const check = () => field.setCustomValidity(/\s/.test(field.value.trim()) ? fullStop(sentence(t('cw.err.name-invalid'))) : '');
  check();
  field.addEventListener('input', () => {
    check();
    if (status.dataset.kind === 'error') {
      status.textContent = '';
      status.dataset.kind = 'info';
    }
  });
  return field;
}

/** A count from the host's parameters (the extension passes its settings so), else the default. */
function countParam(key: string, min: number, max: number, fallback: number): number {
  const raw = host.param(key);
  // no parameter is the default (Number(null) would be 0)
  if (raw === null || raw.trim() === '') return fallback;
  const v = Number(raw);
  return Number.isInteger(v) && v >= min && v <= max ? v : fallback;
}

const altParam = () => host.param('alt') ?? host.load<string>('cardwords.alt') ?? '';

async function rulesets(): Promise<string[]> {
  try {
    const r = await fetch(`${server}/cardwords/rulesets`, { cache: 'no-store' });
    const body = (await r.json()) as { rulesets?: string[] };
    return body.rulesets ?? [];
  } catch {
    return [];
  }
}

function joinForm(id: string): HTMLElement {
  const name = nameField('cw-name');
  const alt = oneWord(h('input', { type: 'text', id: 'cw-alt', name: 'alt', maxlength: MAX_NAME_LENGTH, autocomplete: 'off', value: altParam() }));
  const watch = () => void enter(() => new Client(server).joinById(id, { watch: true, ...(owner ? { owner } : {}) }), true);
  const joinButton = h('button', { type: 'submit', id: 'cw-join-button' }, t('cw.joinButton'));
  const watchButton = h('button', { type: 'button', id: 'cw-watch-button', onclick: watch }, t('cw.watch'));
  const note = h('p', { class: 'muted', id: 'cw-join-note', hidden: true });
  const form = h(
    'form',
    { class: 'form-grid', id: 'cw-join' },
    // the heading says "the game": the id alone after it ("game" twice read as a typo)
    h('h2', {}, t('cw.join'), ' ', h('small', {}, id)),
    h('label', {}, h('span', {}, t('cw.name')), name),
    h('label', {}, h('span', {}, t('cw.alt')), alt),
    h('div', { class: 'buttons' }, joinButton, watchButton),
    note,
  );
  void offerWhatIsTaken(host, t, id, owner !== null, joinButton, watchButton, note, [name, alt], refusal?.listed ? status : null);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (joinButton.disabled) return;
    const n = name.value.trim();
    const a = alt.value.trim();
    void enter(() => new Client(server).joinById(id, { name: n, ...(a ? { alt: a } : {}), ...(owner ? { owner } : {}) }));
  });
  return form;
}

/** The creation form's choices of when a robot stands in for a dropped player: seconds, or never. */
const GRACES = ['0', '30', '60', '300', 'never'] as const;

function graceLabel(g: (typeof GRACES)[number]): string {
  if (g === 'never') return t('cw.grace.never');
  const s = Number(g);
  return s === 0 ? t('cw.grace.now') : s < 60 ? t('cw.grace.seconds', s) : t('cw.grace.minutes', s / 60);
}

function createForm(): HTMLElement {
  const name = nameField('cw-create-name', false);
  const ruleset = h('select', { id: 'cw-create-ruleset' });
  void rulesets().then((names) => ruleset.replaceChildren(...names.map((n) => h('option', { value: n }, n))));
  // a game needs a human seat (the server refuses one without)
  const humans = h('input', { type: 'number', id: 'cw-create-humans', min: 1, max: 16, value: countParam('humans', 1, 16, 1) });
  const robots = h('input', { type: 'number', id: 'cw-create-robots', min: 0, max: 15, value: countParam('robots', 0, 15, 1) });
  const watchers = h('input', { type: 'number', id: 'cw-create-watchers', min: 0, max: 64, value: countParam('watchers', 0, 64, 2) });
  // when a robot stands in for a player whose connection dropped (the room's `grace`, in
  // seconds; docs/server.md): offered here, else only the protocol could set it
  const chosenGrace = GRACES.includes(host.param('grace') as (typeof GRACES)[number]) ? host.param('grace') : '60';
  const grace = h(
    'select',
    { id: 'cw-create-grace' },
    ...GRACES.map((g) => h('option', { value: g, selected: g === chosenGrace }, graceLabel(g))),
  );
  const levels = h('div', { class: 'cw-levels', id: 'cw-create-levels', role: 'group', 'aria-label': t('cw.robotLevels') });
  const drawLevels = () => {
    const n = Math.max(0, Math.min(15, Number(robots.value) || 0));
    const old = [...levels.querySelectorAll('select')].map((s) => s.value);
    levels.replaceChildren(
      ...Array.from({ length: n }, (_, i) =>
        h(
          'label',
          {},
          h('span', {}, t('cw.robotLevel', i + 1)),
          h('select', { id: `cw-create-level-${i}` }, ...LEVELS.map((l) => h('option', { value: l, selected: (old[i] ?? 'good') === l }, t(`cw.level.${l}` as StringKey)))),
        ),
      ),
    );
  };
  robots.addEventListener('input', drawLevels);
  drawLevels();
  const form = h(
    'form',
    { class: 'form-grid', id: 'cw-create' },
    h('h2', {}, t('cw.create')),
    h('label', {}, h('span', {}, t('cw.ruleset')), ruleset),
    h('label', {}, h('span', {}, t('cw.createName')), name),
    h('label', {}, h('span', {}, t('cw.humans')), humans),
    h('label', {}, h('span', {}, t('cw.robots')), robots),
    levels,
    h('label', {}, h('span', {}, t('cw.watchers')), watchers),
    h('label', {}, h('span', {}, t('cw.grace')), grace),
    h('div', { class: 'buttons' }, h('button', { type: 'submit', id: 'cw-create-button' }, t('cw.createButton'))),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const n = name.value.trim();
    const opts: Record<string, unknown> = {
      owner,
      ruleset: ruleset.value || undefined,
      humans: Number(humans.value) || 0,
      robots: [...levels.querySelectorAll('select')].map((s) => s.value),
      watchers: Number(watchers.value) || 0,
      grace: grace.value === 'never' ? 'never' : Number(grace.value),
    };
    if (n) opts.name = n;
    const seed = host.param('seed'); // a fixed first deal (tests, tournaments)
    if (seed) opts.seed = seed;
    void enter(async () => {
      const room = await new Client(server).create('cardwords', opts);
      history.replaceState(null, '', createdGameSearch(location.search, room.roomId));
      return room;
    }, false, null, true);
  });
  return form;
}

function showForms(): void {
  const parts: HTMLElement[] = [h('h1', {}, t('cw.title')), status];
  if (gameId) parts.push(joinForm(gameId));
  if (owner && !gameId) parts.push(createForm());
  if (!gameId && !owner) parts.push(h('p', {}, t('cw.noGame'), ' ', h('a', { href: './', onclick: gamesClick(host, 'cardwords') }, t('nav.home'))));
  main.replaceChildren(...parts);
  main.querySelector<HTMLInputElement>('input, select')?.focus();
}

/**
 * "Play against a robot" (the landing page, VS Code): you and one robot of the chosen level
 * on the server's default ruleset, no form. The name is the one used last (the landing page
 * and VS Code give one); with none known yet the page asks for it first.
 */
function quickGame(level: string): void {
  const name = host.param('name') || host.load<string>('cardwords.name');
  if (!name) return quickNameForm(level);
  main.replaceChildren(h('h1', {}, t('cw.title')), status);
  const opts: Record<string, unknown> = { owner, name, humans: 1, robots: [LEVELS.includes(level as (typeof LEVELS)[number]) ? level : 'good'], watchers: 0 };
  const seed = host.param('seed');
  if (seed) opts.seed = seed;
  void enter(async () => {
    const room = await new Client(server).create('cardwords', opts);
    if (host.kind === 'browser') history.replaceState(null, '', createdGameSearch(location.search, room.roomId));
    return room;
  }, false, null, true).then((ok) => {
    if (!ok) showForms();
  });
}

/** Quick play with no name known yet: one field, then the game (the name is kept for the next). */
function quickNameForm(level: string): void {
  const name = nameField('cw-quick-name');
  const form = h(
    'form',
    { class: 'form-grid', id: 'cw-quick' },
    h('h2', {}, t('lobby.playRobot')),
    h('label', {}, h('span', {}, t('cw.name')), name),
    h('div', { class: 'buttons' }, h('button', { type: 'submit', id: 'cw-quick-button' }, t('cw.quick.play'))),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    host.save('cardwords.name', name.value.trim());
    quickGame(level);
  });
  main.replaceChildren(h('h1', {}, t('cw.title')), status, form);
  name.focus();
}

/** A reload after the room's end (the owner's End it now, the idle limit): the results this tab saw (media/ui/kept-results.ts). */
function showKept(kept: KeptCwResults): void {
  const results = h('div', {});
  render(createElement(KeptResultsView, { t, kept, owner: owner !== null }), results);
  status.textContent = kept.said;
  status.dataset.kind = 'info';
  main.replaceChildren(h('h1', {}, t('cw.title'), ' ', h('small', {}, gameId ?? '')), status, results, h('p', { id: 'cw-over' }, h('a', { href: './', id: 'cw-over-home', onclick: gamesClick(host, 'cardwords') }, t('nav.home'))));
}

/** What the address asks for: the game's results kept, a quick game, the kept seat, a watch, or the forms. */
function start(): void {
  // watching when the address asks for it, else the kept seat (seats.ts entryFor)
  const entry = entryFor(host, 'cardwords', gameId);
  const kept = gameId ? keptResults<KeptCwResults>('cardwords', gameId) : null;
  if (kept) showKept(kept);
  else if (!gameId && owner && host.param('quick') === '1') quickGame(host.param('level') ?? 'good');
  else if (gameId && entry && 'seat' in entry) {
    // take the kept seat back (a reload, a panel opened again)
    const seat = entry.seat;
    main.replaceChildren(h('h1', {}, t('cw.title')), status);
    void enter(() => new Client(server).joinById(gameId, { name: seat.name, key: seat.key, ...(owner ? { owner } : {}) })).then((ok) => {
      if (!ok) {
        // a refusal that may pass (a locked room, the network) keeps the seat for the next try
        if (refusal?.seatLost) forgetSeat(host, 'cardwords', gameId);
        showForms();
      }
    });
  } else if (gameId && entry) {
    main.replaceChildren(h('h1', {}, t('cw.title')), status);
    void enter(() => new Client(server).joinById(gameId, { watch: true, ...(owner ? { owner } : {}) }), true).then((ok) => {
      if (!ok) showForms();
    });
  } else showForms();
}

// the owner's token checked first: a bogus one showed the creation form, refused once filled in
startChecked(host, t, status, (checked) => {
  owner = checked;
  start();
});
