/// <reference lib="dom" />
// Entry of the Yatzee page (dist/web/yatzee.js): joins the game named by ?game= (by name,
// or taking a kept seat back with its key), or creates one when the page has the owner
// token (?owner=, or kept by the landing page), then hands the room to the panel.
import { Client, type Room } from '@colyseus/sdk';
import { Fragment, createElement, render } from 'preact';
import { h } from '../ui/dom.js';
import { gamesClick, setGameTitle, startChecked, startPage } from '../ui/page.js';
import { createdGameSearch } from '../ui/host.js';
import { YatzeePanel, type RoomView, type Welcome } from './panel.js';
import { yatzeeRoom } from '../../core/protocol/client.js';
import { MAX_NAME_LENGTH } from '../../core/games/names.js';
import { offerWhatIsTaken } from '../lobby/join-offer.js';
import { refusedJoin, watchRefused, type Refusal, type WatchRefused } from '../ui/refusal.js';
import { RoomLink } from '../ui/rejoin.js';
import { entryFor, forgetSeat, keepSeat } from '../ui/seats.js';
import { fullStop } from '../ui/l10n/index.js';
import type { KeptResults } from './kept-results.js';
import { keptResults } from '../ui/kept-results.js';
import { Results } from './view/results.js';
import { Sheets } from './view/table.js';

const { host, t, main } = startPage('yatzee.title', 'yatzee');
const server = host.serverUrl() ?? location.origin;
const gameId = host.param('game');
/** The owner's token, once the server has confirmed it (`startChecked`, below: the page starts after it). */
let owner: string | null = null;
const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite', id: 'yatzee-status' });

/** The last join's refusal: a page that tried a kept seat or a watch first shows its forms after it. */
let refusal: Refusal | null = null;

/** The panel on the page: a watch after a leave, or a join again after a lost connection, puts a new one in its place. */
let shown: YatzeePanel | null = null;
/** The join a reload would make now (the kept seat by its key, or a watch): the page makes it when its connection is lost for good. */
let again: { join: () => Promise<Room>; watching: boolean } | null = null;

const link = new RoomLink({
  t,
  prefixes: ['err.'],
  panel: () => shown,
  rejoin: async (back) => {
    if (again) await enter(again.join, again.watching, back);
  },
  main,
});

/**
 * Joins, and on success puts the game on the page; false (the refusal said) when refused.
 * `back`: a join again after a lost connection, whose refusal is thrown to the link
 * (media/ui/rejoin.ts) and whose panel says `back` first. `creating`: a new game's
 * creation, whose refusal says so (it read "Could not join").
 */
async function enter(join: () => Promise<Room>, watching = false, back: string | null = null, creating = false): Promise<boolean> {
  if (back === null) {
    status.textContent = t('yatzee.connecting');
    // an earlier error said (the owner link refused) is over: the checks of `error` below are this join's
    delete status.dataset.kind;
  }
  let room: Room;
  try {
    room = await join();
  } catch (e) {
    if (back !== null) throw e;
    // (the form's name taken says how a sheet of one's own comes back: it said only that it was taken)
    refusal = refusedJoin(e, t, ['yatzee.err.', 'err.'], watching);
    status.textContent = fullStop(t(creating ? 'yatzee.createRefused' : watching ? 'app.watchRefused' : 'yatzee.refused', refusal.text));
    status.dataset.kind = 'error';
    return false;
  }
  // from here a lost connection is the link's: it joins again (a drop before the welcome too);
  // `stopping` is the link's too (its text is English: the link says it in the player's language)
  link.watch(room);
  const typed = yatzeeRoom(room);
  const welcome = await new Promise<Welcome>((resolve) => typed.on('welcome', resolve));
  if (welcome.role === 'player' && welcome.key && welcome.name) {
    keepSeat(host, 'yatzee', { gameId: welcome.gameId, name: welcome.name, key: welcome.key });
    host.save('yatzee.name', welcome.name);
  }
  host.entered(welcome.gameId, welcome.role !== 'player');
  setGameTitle(t, 'yatzee.docTitle', welcome.gameId);
  // after a leave the page can watch the game go on (a new join, as a watcher; the owner as its owner)
  const watchAgain = async (): Promise<WatchRefused | null> =>
    (await enter(() => new Client(server).joinById(welcome.gameId, { watch: true, ...(owner ? { owner } : {}) }), true)) ? null : watchRefused(refusal, welcome.gameId, () => host.games());
  const rejoinOptions = welcome.role === 'player' && welcome.key && welcome.name ? { name: welcome.name, key: welcome.key } : { watch: true };
  again = { join: () => new Client(server).joinById(welcome.gameId, { ...rejoinOptions, ...(owner ? { owner } : {}) }), watching: welcome.role !== 'player' };
  // the focus was in the old panel (or fell to the page): it goes to the new one's dice
  const refocus = !document.activeElement || document.activeElement === document.body || main.contains(document.activeElement);
  shown?.dispose();
  const panel = (shown = new YatzeePanel(host, main, t, typed, welcome, watchAgain, () => link.offline()));
  if (back !== null) panel.say(back);
  const push = () => panel.update((room.state as { toJSON(): RoomView }).toJSON());
  room.onStateChange(push);
  if (room.state) push();
  (window as unknown as { yatzeePanel: YatzeePanel }).yatzeePanel = panel;
  if (welcome.role === 'player' && (back === null || refocus)) panel.focusDice();
  return true;
}

function nameField(id: string, required = true): HTMLInputElement {
  return h('input', { type: 'text', id, name: 'name', maxlength: MAX_NAME_LENGTH, required, autocomplete: 'nickname', value: host.load<string>('yatzee.name') ?? '' });
}

function showForms(): void {
  const parts: HTMLElement[] = [h('h1', {}, t('yatzee.title')), status];
  if (gameId) {
    const name = nameField('yatzee-name');
    const joinButton = h('button', { type: 'submit', id: 'yatzee-join-button' }, t('yatzee.joinButton'));
    const watchButton = h('button', { type: 'button', id: 'yatzee-watch-button', onclick: () => void enter(() => new Client(server).joinById(gameId, { watch: true, ...(owner ? { owner } : {}) }), true) }, t('yatzee.watch'));
    // why Join (every sheet held, the game over) or Watch is not offered, when it is not
    const note = h('p', { class: 'muted', id: 'yatzee-join-note', hidden: true });
    const form = h(
      'form',
      { class: 'form-grid', id: 'yatzee-join' },
      h('h2', {}, t('yatzee.join'), ' ', h('small', {}, gameId)),
      h('label', {}, h('span', {}, t('yatzee.name')), name),
      h('div', { class: 'buttons' }, joinButton, watchButton),
      note,
    );
    void offerWhatIsTaken(host, t, gameId, owner !== null, joinButton, watchButton, note, [name], refusal?.listed ? status : null).then((why) => {
      // not listed: over (an ended game leaves the list) or never was; nothing to join or watch,
      // so no form (it offered Join and Watch, disabled, for a game whose results were just shown)
      if (why?.join === 'lobby.notListed' && why.watch === 'lobby.notListed') form.replaceWith(gameOver(t('lobby.notListed')));
    });
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (joinButton.disabled) return;
      const n = name.value.trim();
      void enter(() => new Client(server).joinById(gameId, { name: n, ...(owner ? { owner } : {}) }));
    });
    parts.push(form);
  }
  if (owner && !gameId) {
    // empty: the owner creates the game to watch it (robots, or people invited by its link)
    const name = nameField('yatzee-create-name', false);
    const robots = h('input', { type: 'number', id: 'yatzee-create-robots', min: 0, max: 9, value: 0 });
    const form = h(
      'form',
      { class: 'form-grid', id: 'yatzee-create' },
      h('h2', {}, t('yatzee.create')),
      h('label', {}, h('span', {}, t('cw.createName')), name),
      h('label', {}, h('span', {}, t('yatzee.robots')), robots),
      h('div', { class: 'buttons' }, h('button', { type: 'submit', id: 'yatzee-create-button' }, t('yatzee.createButton'))),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const n = name.value.trim();
      void enter(async () => {
        // ?seed= fixes the dice (the owner's option: a tournament, a test)
        const seed = host.param('seed');
        const room = await new Client(server).create('yatzee', { owner, ...(n ? { name: n } : {}), robots: Number(robots.value) || 0, ...(seed ? { seed } : {}) });
        // the owner link and the language kept, what made the game dropped (as Cardwords' page)
        history.replaceState(null, '', createdGameSearch(location.search, room.roomId));
        return room;
      }, !n, null, true);
    });
    parts.push(form);
  }
  if (!gameId && !owner) parts.push(h('p', {}, t('yatzee.noGame'), ' ', h('a', { href: './', onclick: gamesClick(host, 'yatzee') }, t('nav.home'))));
  main.replaceChildren(...parts);
  main.querySelector<HTMLInputElement>('input')?.focus();
}

/** The game is over: what the page says, and the way back to the list of games. */
function gameOver(text: string): HTMLElement {
  return h('p', { id: 'yatzee-over' }, ...(text ? [text, ' '] : []), h('a', { href: './', onclick: gamesClick(host, 'yatzee') }, t('nav.home')));
}

/** A reload after the end: the results this tab saw (kept-results.ts), the room being gone. */
function showKept(kept: KeptResults): void {
  // in the panel's frame (.yatzee-app: the page's width), as the page stood before the reload
  const results = h('div', { class: 'yatzee-app' }, h('div', { class: 'yatzee-layout over' }));
  // the final score table under the results, as the panel showed them (nothing to choose in it)
  const none = () => undefined;
  const table = kept.columns && createElement(Sheets, { t, columns: kept.columns, transfer: null, hints: null, onChoose: none, onTransfer: none });
  render(createElement(Fragment, null, createElement(Results, { t, results: kept.results, me: kept.me }), table), results.firstElementChild!);
  status.textContent = kept.said;
  main.replaceChildren(h('h1', {}, t('yatzee.title'), ' ', h('small', { id: 'yatzee-game' }, t('yatzee.gameLink', gameId ?? ''))), status, results, gameOver(''));
}

/** What the address asks for: the game's results kept, the kept seat, a watch, or the forms. */
function start(): void {
  // watching when the address asks for it, else the kept seat (seats.ts entryFor)
  const entry = entryFor(host, 'yatzee', gameId);
  const kept = gameId ? keptResults<KeptResults>('yatzee', gameId) : null;
  if (kept) showKept(kept);
  else if (gameId && entry && 'seat' in entry) {
    // take the kept seat back (a reload, or the same player in another tab)
    const seat = entry.seat;
    main.replaceChildren(h('h1', {}, t('yatzee.title')), status);
    void enter(() => new Client(server).joinById(gameId, { name: seat.name, key: seat.key, ...(owner ? { owner } : {}) })).then(() => {
      if (status.dataset.kind === 'error') {
        // a refusal that may pass (a locked room, the network) keeps the seat for the next try
        if (refusal?.seatLost) forgetSeat(host, 'yatzee', gameId);
        showForms();
      }
    });
  } else if (gameId && entry) {
    // watching asked for (the list's Watch link, a watcher's reload, VS Code's play list)
    main.replaceChildren(h('h1', {}, t('yatzee.title')), status);
    void enter(() => new Client(server).joinById(gameId, { watch: true, ...(owner ? { owner } : {}) }), true).then(() => {
      if (status.dataset.kind === 'error') showForms();
    });
  } else showForms();
}

// the owner's token checked first, as on the Cardwords page (media/ui/page.ts startChecked)
startChecked(host, t, status, (checked) => {
  owner = checked;
  start();
});
