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
