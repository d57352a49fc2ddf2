/// <reference lib="dom" />
// What every panel page does first: the host, the strings for the user's language, the
// document language and title, and the navigation between the panels.
import { h } from './dom.js';
import type { Host } from './host.js';
import { pickHost } from './host-vscode.js';
import { chooseLanguage, translator, type StringKey, type Translate } from './l10n/index.js';

export interface Page {
  host: Host;
  t: Translate;
  lang: string;
  main: HTMLElement;
}

/**
 * The "Games" link's click (`href` "./", the lobby): a VS Code webview has no lobby page (the
 * link did nothing there), so it asks the extension for the play list of `kind`'s games, as the
 * command does. A browser follows the link.
 */
export function gamesClick(host: Pick<Host, 'kind' | 'open'>, kind: 'yatzee' | 'cardwords'): ((e: Event) => void) | undefined {
  if (host.kind !== 'vscode') return undefined;
  return (e) => {
    e.preventDefault();
    host.open(kind);
  };
}

/** The owner token's state on a page: none given or kept, the server's owner's (`token`), not the owner's, or not checked (the server out of reach). */
export type OwnerCheck = { kind: 'none' } | { kind: 'ok'; token: string } | { kind: 'bad' } | { kind: 'error'; message: string };

/**
 * The owner token the page holds (`?owner=`, else the one this browser keeps), checked with the
 * server (`GET /owner`, the token in a header, never the URL) before it is kept or used, on
 * every page that takes one (landing, Cardwords, Yatzee): a bogus `?owner=` was kept unchecked
 * and showed the creation form, refused only once filled in. Kept, the token leaves the
 * address (`history.replaceState`; a bad one too): the address bar is what people copy, and a
 * friend given `…?game=…&owner=…` was the owner of the whole server from then on. A kept token
 * the server no longer takes (another server, a new token) is forgotten. A VS Code panel's is
 * the extension's own (its local server's, or SecretStorage), and its webview's origin is not
 * the server's: taken as it is.
 */
export async function checkOwner(host: Host): Promise<OwnerCheck> {
  const given = host.param('owner');
  const token = given ?? host.load<string>('owner') ?? null;
  if (!token) return { kind: 'none' };
  if (host.kind === 'vscode') return { kind: 'ok', token };
  let owner: boolean;
  try {
    const r = await fetch(`${host.serverUrl()}/owner`, { headers: { Authorization: `Bearer ${token}` }, cache: 'no-store' });
    if (!r.ok) throw new Error(`owner: ${r.status}`);
    owner = ((await r.json()) as { owner?: unknown }).owner === true;
  } catch (e) {
    return { kind: 'error', message: (e as Error).message };
  }
  if (owner) host.save('owner', token);
  else if (given === null) host.remove('owner');
  // a browser that keeps nothing (storage off) keeps the owner's token in the address: a reload still needs it
  if (given !== null && (!owner || host.load<string>('owner') === token)) dropOwnerParam();
  return owner ? { kind: 'ok', token } : { kind: 'bad' };
}

/**
 * A game page's start (Cardwords, Yatzee) once its owner token is checked: `start` with the
 * token, or null (none; a bad one, or one the server could not check, said in `status`).
 */
export function startChecked(host: Host, t: Translate, status: HTMLElement, start: (owner: string | null) => void): void {
  void checkOwner(host).then((c) => {
    if (c.kind === 'bad' || c.kind === 'error') {
      status.textContent = c.kind === 'bad' ? t('lobby.owner.bad') : t('lobby.owner.error', c.message);
      status.dataset.kind = 'error';
    }
    start(c.kind === 'ok' ? c.token : null);
  });
}

/** Takes `owner=` out of the page's address, and out of the navigation's link to this page (made from the address). */
function dropOwnerParam(): void {
  const params = new URLSearchParams(location.search);
  if (!params.has('owner')) return;
  params.delete('owner');
  const q = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${q ? `?${q}` : ''}${location.hash}`);
  for (const a of document.querySelectorAll<HTMLAnchorElement>('#nav-yatzee, #nav-cardwords')) a.setAttribute('href', location.pathname + location.search);
}

/**
 * The document title of a page in game `gameId`: the game's kind and id (every game tab read
 * "Cardwords · Cardwords"), after "(Your turn)" while the page's player is to play, so that
 * a tab among others says which game it holds and when it waits for its player.
 */
export function setGameTitle(t: Translate, kind: 'cw.docTitle' | 'yatzee.docTitle', gameId: string, yourTurn = false): void {
  const game = t(kind, gameId);
  const title = `${yourTurn ? t('app.docTitleTurn', game) : game} · ${t('app.title')}`;
  if (document.title !== title) document.title = title;
}

export function startPage(title: StringKey, current: 'lobby' | 'lines' | 'yatzee' | 'cardwords'): Page {
  const host = pickHost(); // a VS Code webview's host there, else the browser's
  const lang = chooseLanguage(host.language());
  const t = translator(lang);
  document.documentElement.lang = lang;
  document.title = `${t(title)} · ${t('app.title')}`;
  const main = document.getElementById('main') ?? document.body.appendChild(h('main', { id: 'main' }));
  const link = (panel: 'lobby' | 'lines' | 'yatzee' | 'cardwords', key: StringKey, href: string) =>
    h('a', { href, 'aria-current': current === panel ? 'page' : null, id: `nav-${panel}` }, t(key));
  const keep = (href: string) => {
    // the language chosen with ?lang= follows the navigation
    const l = host.param('lang');
    return l ? `${href}?lang=${encodeURIComponent(l)}` : href;
  };
  const nav = h(
    'nav',
    { 'aria-label': t('app.title') },
    // the lobby has no game to skip to (its first link said "Skip to the game")
    h('a', { href: '#main', class: 'skip' }, t(current === 'lobby' ? 'nav.skip.lobby' : 'nav.skip')),
    link('lobby', 'nav.home', keep('./')),
    link('lines', 'nav.lines', keep('lines.html')),
    current === 'yatzee' ? link('yatzee', 'nav.yatzee', location.pathname + location.search) : null,
    current === 'cardwords' ? link('cardwords', 'nav.cardwords', location.pathname + location.search) : null,
  );
  // In VS Code the panels are editor tabs opened by commands: no page navigation.
  if (host.kind !== 'vscode') document.body.prepend(h('header', { class: 'top' }, h('strong', {}, t('app.title')), nav));
  return { host, t, lang, main };
}
