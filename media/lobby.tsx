/// <reference lib="dom" />
// The landing page (dist/web/lobby.js, served as /lobby.js): the server's health, the owner
// link's state, the games to play (Lines locally; for the owner a new Yatzee or Cardwords
// game, or a Cardwords game against a robot in one click) and the open games with a link to
// join or watch each (GET /health, /owner, /games; refreshed every few s). The owner token
// comes from ?owner= once and is kept in this browser, so the page and its "Games" link
// work without it afterwards; a visitor without it is told what they can do and why.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { checkOwner, startPage, type OwnerCheck } from './ui/page.js';
import type { GameListing } from '../core/protocol/game.js';
import type { StringKey, Translate } from './ui/l10n/index.js';
import { GamesTable } from './lobby/games.js';
import { uptimeText } from './lobby/uptime.js';
import { heldGameIds } from './ui/seats.js';
import { MAX_NAME_LENGTH } from '../core/games/names.js';

const { host, t, main } = startPage('app.title', 'lobby');

const LEVELS = ['best', 'good', 'casual'] as const;

async function getJSON<T>(path: string): Promise<T> {
  const r = await fetch(path, { cache: 'no-store' });
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return (await r.json()) as T;
}

type OwnerState = OwnerCheck | { kind: 'checking' };

/** The owner link's state, checked with the server before it is kept (media/ui/page.ts `checkOwner`). */
function useOwner(): OwnerState {
  const [state, setState] = useState<OwnerState>(() => (host.param('owner') ?? host.load<string>('owner') ? { kind: 'checking' } : { kind: 'none' }));
  useEffect(() => {
    void checkOwner(host).then(setState);
  }, []);
  return state;
}

function OwnerSection({ t, owner }: { t: Translate; owner: OwnerState }) {
  const [level, setLevel] = useState<(typeof LEVELS)[number]>(() => host.load<(typeof LEVELS)[number]>('cardwords.quickLevel') ?? 'good');
  // the name the Cardwords page uses (kept from the last game): typed once, then one click
  const [name, setName] = useState(() => host.load<string>('cardwords.name') ?? '');
  if (owner.kind === 'none') return null;
  const text = owner.kind === 'ok' ? t('lobby.owner.ok') : owner.kind === 'bad' ? t('lobby.owner.bad') : owner.kind === 'error' ? t('lobby.owner.error', owner.message) : '…';
  return (
    <section id="owner">
      <h2>{t('lobby.owner')}</h2>
      <p id="owner-state" class={owner.kind === 'ok' ? 'ok' : owner.kind === 'checking' ? '' : 'bad'}>
        {text}
      </p>
      {owner.kind === 'ok' && (
        <>
          <form
            class="quick"
            id="quick-robot"
            onSubmit={(e) => {
              e.preventDefault();
              host.save('cardwords.quickLevel', level);
              host.save('cardwords.name', name.trim());
              location.href = `cardwords.html?quick=1&level=${encodeURIComponent(level)}`;
            }}
          >
            <label>
              {t('cw.name')}{' '}
              <input
                type="text"
                id="play-robot-name"
                required
                pattern={'\\S+'}
                maxLength={MAX_NAME_LENGTH}
                autocomplete="nickname"
                value={name}
                onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)}
              />
            </label>{' '}
            <label>
              {t('lobby.robotLevel')}{' '}
              <select id="play-robot-level" value={level} onChange={(e) => setLevel((e.currentTarget as HTMLSelectElement).value as (typeof LEVELS)[number])}>
                {LEVELS.map((l) => (
                  <option value={l} key={l}>
                    {t(`cw.level.${l}` as StringKey)}
                  </option>
                ))}
              </select>
            </label>{' '}
            <button type="submit" id="play-robot">
              {t('lobby.playRobot')}
            </button>
          </form>
          <p class="buttons">
            <a href="yatzee.html" id="new-yatzee" class="button">
              {t('lobby.newYatzee')}
            </a>{' '}
            <a href="cardwords.html" id="new-cardwords" class="button">
              {t('lobby.newCardwords')}
            </a>
          </p>
        </>
      )}
    </section>
  );
}

function Lobby({ t }: { t: Translate }) {
  const owner = useOwner();
  const [health, setHealth] = useState<string>('…');
  const [games, setGames] = useState<GameListing[]>([]);
  useEffect(() => {
    const refresh = async () => {
      try {
        const h = await getJSON<{ version: string; uptime: number; games: number }>('health');
        setHealth(t('lobby.server', h.version, uptimeText(t, h.uptime), h.games));
        setGames(await getJSON<GameListing[]>('games'));
      } catch (e) {
        setHealth(t('lobby.down', (e as Error).message));
      }
    };
    void refresh();
    const timer = setInterval(() => void refresh(), 5000);
    return () => clearInterval(timer);
  }, []);
  return (
    <>
      <h1>{t('app.title')}</h1>
      <p id="server">{health}</p>
      <OwnerSection t={t} owner={owner} />
      <section id="play">
        <h2>{t('lobby.play')}</h2>
        <ul class="links">
          <li>
            <a href="lines.html" id="play-lines">
              {t('nav.lines')}
            </a>
            {' — '}
            {t('lobby.playLines')}
          </li>
        </ul>
        {/* a bad owner link is no visit "without the owner link" (both stood, one under the other) */}
        {(owner.kind === 'none' || owner.kind === 'bad') && (
          <p id="visitor" class="muted">
            {t(owner.kind === 'bad' ? 'lobby.visitor.bad' : 'lobby.visitor')}
          </p>
        )}
      </section>
      <section>
        <h2>{t('lobby.open')}</h2>
        <div id="games-box">
          <GamesTable games={games} t={t} owner={owner.kind === 'ok'} held={new Set([...heldGameIds(host, 'cardwords'), ...heldGameIds(host, 'yatzee')])} />
        </div>
      </section>
    </>
  );
}

main.replaceChildren();
render(<Lobby t={t} />, main);
main.focus();
