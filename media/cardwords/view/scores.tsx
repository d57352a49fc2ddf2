// The score board: turn, name (cut with an ellipsis, whole in the tooltip), H/R, points,
// cards, last round's points; the pile with whose turn it is; and what the table waits on
// when that player is away (a robot will play for them, or plays for them now).
import { useEffect, useState } from 'preact/hooks';
import type { StringKey } from '../../ui/l10n/index.js';
import { awayNote, isAway } from '../../../core/protocol/away.js';
import { seatFree } from '../../../core/protocol/game.js';
import { InviteLink } from '../../ui/invite.js';
import { awayNoteText, goneMark } from '../words.js';
import type { Model } from './model.js';

const COLUMNS: StringKey[] = ['cw.col.turn', 'cw.col.name', 'cw.col.type', 'cw.col.points', 'cw.col.cards', 'cw.col.last'];

export function ScoreBoard({ m }: { m: Model }) {
  const { t, state: s } = m;
  const playing = s.status === 'playing';
  const turnName = playing && s.turn >= 0 ? s.players[s.turn]?.name : null;
  // once the game has ended nothing waits on anyone: "away" meant nothing there (over by the
  // rules it still says whom a rematch would wait for)
  const finished = s.status === 'ended' || m.ended;
  return (
    <>
      {/* the heading names the table: a caption of the same words was read a second time */}
      <h2 id="cw-scores-title">{t('cw.scores')}</h2>
      <table class="cw-scores" id="cw-scores" aria-labelledby="cw-scores-title">
        <thead>
          <tr>
            {COLUMNS.map((k, i) => (
              <th scope="col" key={k} title={t(k)}>
                {/* the turn column holds only a marker: its heading is for screen readers */}
                {i === 0 ? <span class="sr-only">{t(k)}</span> : t(k)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {s.players.map((p, i) => {
            const turn = playing && s.turn === i;
            const free = p.name === '';
            const name = free ? t('cw.freeSeat') : p.name;
            const type = p.robot || p.auto ? 'R' : 'H';
            const typeLabel = p.robot ? t('cw.type.robot', p.level) : p.auto ? t('cw.type.standIn') : t('cw.type.human');
            const last = m.lastPoints.get(i);
            // away: may come back; left: gave the seat up for good (a stand-in plays it to the end);
            // removed: by the owner (it read "left", as if Bo had gone)
            const gone = goneMark(t, p) || (isAway(p) && !finished ? t('cw.away') : '');
            const shown = `${name}${gone ? ` (${gone})` : ''}`;
            return (
              <tr key={i} class={`${turn ? 'turn' : ''}${i === m.mySeat ? ' me' : ''}`} data-seat={i} data-player={p.name} aria-current={turn ? 'true' : undefined}>
                <td aria-label={turn ? t('cw.turnOf', name) : ''}>{turn ? '▶' : ''}</td>
                {/* a free seat's label wraps between its words ("(freier Platz)" was cut to "(freier…" at 900 px) */}
                <th scope="row" class={free ? 'name free' : 'name'} title={shown}>
                  {name}
                  {/* on a line of its own: after the name it was cut off first ("Bo (a…") */}
                  {gone && <span class="away">{gone}</span>}
                </th>
                <td title={typeLabel} aria-label={typeLabel} data-type={type}>
                  {type}
                </td>
                <td class="num" data-score={p.score}>
                  {p.score}
                </td>
                <td class="num">{p.cards}</td>
                <td class="num">{last === undefined ? '–' : last}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {/* before the deal the pile is not made yet (the state's 0 read as an empty pile) */}
      <p class="cw-pile" id="cw-pile" data-pile={s.status === 'waiting' ? undefined : s.pile}>
        {s.status === 'waiting' ? t('cw.waiting') : t('cw.pile', s.pile)}
        {turnName ? ` · ${s.turn === m.mySeat ? t('cw.yourTurn') : t('cw.turnOf', turnName)}` : ''}
      </p>
      {seatFree(s) && <InviteLink id="cw-invite" t={t} url={m.inviteUrl} />}
      <AwayNote m={m} />
    </>
  );
}

/**
 * The turn's player is away (core/protocol/away.ts): when a robot plays for them, counted
 * down each second, so that nobody is surprised by a stand-in's move. Not a live region: a
 * countdown read aloud every second would drown the game's own announcements.
 */
function AwayNote({ m }: { m: Model }) {
  const [, tick] = useState(0);
  const note = awayNote(m.state, Date.now());
  const counting = note?.kind === 'soon' && note.msLeft > 0;
  useEffect(() => {
    if (!counting) return;
    const id = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, [counting]);
  if (!note) return null;
  return (
    <p class="cw-away-note" id="cw-away-note" data-kind={note.kind}>
      {awayNoteText(m.t, note)}
    </p>
  );
}
