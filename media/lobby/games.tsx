// The landing page's list of open games (GET /games), a Preact component: a refresh patches
// the rows in place, so a focused Join link keeps its focus.
import type { GameListing } from '../../core/protocol/game.js';
import type { StringKey, Translate } from '../ui/l10n/index.js';

const COLUMNS: StringKey[] = ['lobby.col.game', 'lobby.col.kind', 'lobby.col.players', 'lobby.col.robots', 'lobby.col.state'];

/** Seats nobody holds: a robot holds a seat as a person does. */
export function freeSeats(g: GameListing): number {
  return Math.max(0, g.maxPlayers - g.players - g.robots);
}

function Actions({ g, t }: { g: GameListing; t: Translate }) {
  const id = encodeURIComponent(g.id);
  const page = g.kind === 'yatzee' ? 'yatzee' : g.kind === 'cardwords' ? 'cardwords' : null;
  if (!page) return null;
  // a full game (or one that is over) offers no seat: only watching (Cardwords has watchers)
  const join = freeSeats(g) > 0 && (g.state === 'waiting' || g.state === 'playing');
  return (
    <span>
      {join && (
        <a href={`/${page}.html?game=${id}`} aria-label={t('lobby.joinGame', g.id)} data-game={g.id}>
          {t('lobby.join')}
        </a>
      )}
      {join && page === 'cardwords' && ' · '}
      {page === 'cardwords' && (
        <a href={`/cardwords.html?game=${id}&watch=1`} aria-label={t('lobby.watchGame', g.id)} data-watch={g.id}>
          {t('cw.watch')}
        </a>
      )}
    </span>
  );
}

export function GamesTable({ games, t }: { games: GameListing[]; t: Translate }) {
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
              <td>{`${g.players + g.robots}/${g.maxPlayers}`}</td>
              <td>{g.robots}</td>
              <td>{['waiting', 'playing', 'over', 'ended'].includes(g.state) ? t(`state.${g.state}` as StringKey) : g.state}</td>
              <td>
                <Actions g={g} t={t} />
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
