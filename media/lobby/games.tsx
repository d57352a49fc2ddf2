// The landing page's list of open games (GET /games), a Preact component: a refresh patches
// the rows in place, so a focused Join link keeps its focus.
import { gamePath, type GameListing } from '../../core/protocol/game.js';
import type { StringKey, Translate } from '../ui/l10n/index.js';
import { freeSeats, joinRefusal, watchRefusal } from './listing.js';

const COLUMNS: StringKey[] = ['lobby.col.game', 'lobby.col.kind', 'lobby.col.players', 'lobby.col.robots', 'lobby.col.state'];

function Actions({ g, t, owner, held }: { g: GameListing; t: Translate; owner: boolean; held: boolean }) {
  const page = g.kind === 'yatzee' ? 'yatzee' : g.kind === 'cardwords' ? 'cardwords' : null;
  if (!page) return null;
  // a full game (or one that is over) offers no seat: its Players column says so
  const join = !held && joinRefusal(g) === null;
  // watching where a place is free; else why not, in place of the link
  const noWatch = watchRefusal(g, owner);
  // links relative to the page: under a proxy's path (code-server's /proxy/PORT/) as at the root
  return (
    <span>
      {/* this browser keeps a seat in it: the plain link takes it back (Watch watches: seats.ts entryFor) */}
      {held && (
        <a href={`.${gamePath(page, g.id)}`} aria-label={t('lobby.yourSeatGame', g.id)} data-seat={g.id}>
          {t('lobby.yourSeat')}
        </a>
      )}
      {held && ' · '}
      {join && (
        <a href={`.${gamePath(page, g.id)}`} aria-label={t('lobby.joinGame', g.id)} data-game={g.id}>
          {t('lobby.join')}
        </a>
      )}
      {join && ' · '}
      {noWatch ? (
        <span class="muted" data-nowatch={g.id}>
          {t(noWatch)}
        </span>
      ) : (
        <a href={`.${gamePath(page, g.id, true)}`} aria-label={t('lobby.watchGame', g.id)} data-watch={g.id}>
          {t(page === 'yatzee' ? 'yatzee.watch' : 'cw.watch')}
        </a>
      )}
    </span>
  );
}

/**
 * `owner`: the page holds the owner link (the owner watches beyond the watcher places).
 * `held`: the games where this browser keeps a seat (media/ui/seats.ts heldGameIds).
 */
export function GamesTable({ games, t, owner, held }: { games: GameListing[]; t: Translate; owner: boolean; held: ReadonlySet<string> }) {
  return (
    <>
      <table id="games">
        <thead>
          <tr>
            {COLUMNS.map((k) => (
              <th scope="col" key={k}>
                {t(k)}
              </th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {games.map((g) => (
            <tr data-game={g.id} key={g.id} data-full={freeSeats(g) === 0 ? '' : undefined}>
              <td>{g.id}</td>
              <td>{g.kind === 'yatzee' ? t('nav.yatzee') : g.kind === 'cardwords' ? t('cw.title') : g.kind}</td>
              {/* data-label: the column's name where a narrow window shows a game as a block (style.css) */}
              <td data-label={t('lobby.col.players')}>{`${g.players + g.robots}/${g.maxPlayers}`}</td>
              <td data-label={t('lobby.col.robots')}>{g.robots}</td>
              <td data-label={t('lobby.col.state')}>{['waiting', 'playing', 'over', 'ended'].includes(g.state) ? t(`state.${g.state}` as StringKey) : g.state}</td>
              <td>
                <Actions g={g} t={t} owner={owner} held={held.has(g.id)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p id="empty" hidden={games.length > 0}>
        {t('lobby.none')}
      </p>
    </>
  );
}
