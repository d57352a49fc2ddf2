/// <reference lib="dom" />
// The landing page (dist/web/lobby.js, served as /lobby.js): the server's health, the owner
// link's state, the games to play (Lines locally, a new Yatzee or Cardwords game for the owner) and the
// open games with a link to join each (GET /health, /owner, /games; refreshed every few s).
import { byId, h } from './ui/dom.js';
import { startPage } from './ui/page.js';
import type { GameListing } from '../core/protocol/game.js';
import { render, h as jsx } from 'preact';
import { GamesTable } from './lobby/games.js';

const { host, t, main } = startPage('app.title', 'lobby');

async function getJSON<T>(path: string, headers: Record<string, string> = {}): Promise<T> {
  const r = await fetch(path, { headers, cache: 'no-store' });
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return (await r.json()) as T;
}

const server = h('p', { id: 'server' }, '…');
const ownerState = h('p', { id: 'owner-state' });
const ownerSection = h('section', { id: 'owner', hidden: true }, h('h2', {}, t('lobby.owner')), ownerState);
const gamesBox = h('div', { id: 'games-box' });
main.replaceChildren(
  h('h1', {}, t('app.title')),
  server,
  ownerSection,
  h(
    'section',
    { id: 'play' },
    h('h2', {}, t('lobby.play')),
    h('ul', { class: 'links' }, h('li', {}, h('a', { href: '/lines.html', id: 'play-lines' }, t('nav.lines')), ' — ', t('lobby.playLines'))),
  ),
  h(
    'section',
    {},
    h('h2', {}, t('lobby.open')),
    gamesBox,
  ),
);

async function showOwner(): Promise<void> {
  const token = host.param('owner');
  if (!token) return;
  ownerSection.hidden = false;
  try {
    const { owner } = await getJSON<{ owner: boolean }>('/owner', { Authorization: `Bearer ${token}` });
    ownerState.textContent = owner ? t('lobby.owner.ok') : t('lobby.owner.bad');
    ownerState.className = owner ? 'ok' : 'bad';
    if (owner) {
      // the Yatzee page creates games with it (kept in this browser, never sent in a URL again)
      host.save('owner', token);
      ownerSection.append(
        h('p', { class: 'buttons' }, h('a', { href: '/yatzee.html', id: 'new-yatzee', class: 'button' }, t('lobby.newYatzee')), ' ', h('a', { href: '/cardwords.html', id: 'new-cardwords', class: 'button' }, t('lobby.newCardwords'))),
      );
    }
  } catch (e) {
    ownerState.textContent = t('lobby.owner.error', (e as Error).message);
    ownerState.className = 'bad';
  }
}

async function refresh(): Promise<void> {
  try {
    const health = await getJSON<{ version: string; uptime: number; games: number }>('/health');
    server.textContent = t('lobby.server', health.version, health.uptime, health.games);
    const games = await getJSON<GameListing[]>('/games');
    render(jsx(GamesTable, { games, t }), gamesBox);
  } catch (e) {
    server.textContent = t('lobby.down', (e as Error).message);
  }
}

void showOwner();
void refresh();
setInterval(() => void refresh(), 5000);
byId('main').focus();
