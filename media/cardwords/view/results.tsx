// The results after the game: why it ended, each player's hand points, adjustment and final
// score, the winners, the rematch.
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { StringKey, Translate } from '../../ui/l10n/index.js';
import type { ResultsMessage } from '../../../core/protocol/messages.js';
import { showSpan, spanOf } from '../../ui/dom.js';
import type { Model } from './model.js';
import { endReasonText } from '../../ui/end-reason.js';
import { asksRematch } from '../../../core/protocol/game.js';
import { goneMark, rematchVotesText, rematchWaiting, rematchWaitsText } from '../words.js';

// the end adjustment's heading says it is in the final score (docs/rules.md, "Cardwords end
// of game"): after an end by the rules the score board's Points are the final score already,
// and an adjustment beside them read as still to come
const COLUMNS: StringKey[] = ['cw.col.name', 'cw.col.handPoints', 'cw.col.adjustment', 'cw.col.final'];

/** One player's line: from the results message, or from the state. */
interface Row {
  key: number;
  name: string;
  handPoints: number;
  adjustment: number;
  score: number;
  winner: boolean;
  /** A stand-in robot played some of this seat's turns (docs/rules.md: marked). */
  standIn: boolean;
}

/** The lines of a results message, as it orders them (best first). */
function rowsOf(sent: ResultsMessage['results']): Row[] {
  return sent.map((r, k) => ({ key: r.seat ?? -1 - k, name: r.name, handPoints: r.handPoints ?? 0, adjustment: r.adjustment ?? 0, score: r.score, winner: r.winner, standIn: r.standIn }));
}

export function Results({ m }: { m: Model }) {
  const { t, state: s } = m;
  const votes = useRef<string | null>(null);
  // (who has asked for a rematch: each player saw only their own vote; not a player removed
  // or gone since the vote: core's asksRematch)
  const asking = s.status === 'over' ? s.players.filter((p, i) => asksRematch(p) && i !== m.mySeat).map((p) => p.name) : [];
  const asked = asking.join('\n');
  // a vote that comes (its sentence is in the status line and the log) brings the votes and the
  // Rematch button into view, the least scroll: they were below the fold at 1280x720 under the
  // table of the results; not as the results come (their heading takes the focus then)
  useLayoutEffect(() => {
    const before = votes.current;
    votes.current = asked;
    if (before === null || asked === '' || asked === before) return;
    showSpan(spanOf(document.getElementById('cw-rematch-votes'), document.getElementById('cw-rematch-waits'), document.getElementById('cw-rematch')));
  }, [asked]);
  if (s.status !== 'over' && s.status !== 'ended') return null;
  // the results message settles every end, the owner's too (docs/server.md); the state holds
  // the settlement of an end by the rules only, so it is read when no message came (a reload)
  const sent = m.results && (m.results.round ?? s.round) === s.round ? m.results.results : null;
  const rows: Row[] = sent
    ? rowsOf(sent)
    : s.players
        .map((p, i) => ({ key: i, name: p.name, handPoints: p.handPoints, adjustment: p.adjustment, score: p.score, winner: s.winners.includes(i), standIn: p.standIns > 0 }))
        .sort((a, b) => b.score - a.score);
  // the state's endReason is the engine's ('out', or 'idle': every player passed), the
  // results message's the room's (core/protocol/messages.ts EndReason)
  const reason = m.results?.reason ?? (s.endReason === 'idle' ? 'passes' : s.endReason);
  const canRematch = s.status === 'over' && !m.ended && (m.isPlayer || m.owner);
  // a room ended before any card was dealt: its reason, and no table of nobody's scores
  const dealt = sent ? sent.length > 0 : s.moves > 0 || s.players.some((p) => p.cards > 0);
  // the owner's rematch starts the next game at once for every seat, not a vote
  // (docs/server.md): said so when other people play (it read as a player's Rematch)
  const forAll = m.owner && s.players.some((p, i) => i !== m.mySeat && !p.robot);
  // once someone asked, whom the vote waits for (the room's rule: core/protocol/game.ts), the
  // away ones marked: the vote seemed stuck on nobody. The page's own player has the button.
  const waiting = canRematch ? rematchWaiting(s.players, s.players[m.mySeat]?.name) : [];
  // a seat given up says so, as the score board does (it read "a robot stood in" for a removed player)
  const gone = (seat: number) => goneMark(t, s.players[seat]);
  return (
    <section class="results" id="cw-results">
      {/* focused when the game ends under the player's keys (panel.tsx) */}
      <h2 id="cw-results-title" tabIndex={-1}>
        {t('cw.results')}
      </h2>
      <p id="cw-end-reason">{endReasonText(t, reason, m.owner)}</p>
      {dealt && <ResultsTable t={t} rows={rows} gone={gone} />}
      {asking.length > 0 && (
        <p id="cw-rematch-votes" data-names={asking.join(',')}>
          {rematchVotesText(t, asking)}
        </p>
      )}
      {waiting.length > 0 && (
        <p id="cw-rematch-waits" data-names={waiting.map((p) => p.name).join(',')}>
          {rematchWaitsText(t, waiting, s.grace)}
          {/* the owner's Rematch does not wait (docs/server.md) */}
          {m.owner && ` ${t('cw.rematchOwnerNow')}`}
        </p>
      )}
      {canRematch && (
        <button type="button" id="cw-rematch" onClick={() => m.cmd.rematch()}>
          {m.isPlayer && s.players[m.mySeat]?.rematch ? t('cw.rematchAsked') : forAll ? t('cw.rematchNow') : t('cw.rematch')}
        </button>
      )}
    </section>
  );
}

/** The table of the results, each player's line: the panel's, and a reload's after the room ended (KeptResultsView). */
function ResultsTable({ t, rows, gone }: { t: Translate; rows: Row[]; gone: (seat: number) => string | null }) {
  return (
    <table class="cw-results-table" id="cw-results-table">
      <thead>
        <tr>
          {COLUMNS.map((k) => (
            <th scope="col" key={k}>
              {t(k)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} class={r.winner ? 'winner' : ''} data-player={r.name}>
            <th scope="row" title={r.name}>
              <span class="cut">{r.name}</span>
              {r.winner && (
                <span class="winner-mark" title={t('cw.winner')}>
                  {' ★'}
                  <span class="sr-only">{t('cw.winner')}</span>
                </span>
              )}
              {gone(r.key) ? <span class="stood-in">{gone(r.key)}</span> : r.standIn && <span class="stood-in">{t('cw.stoodIn')}</span>}
            </th>
            <td class="num">{r.handPoints}</td>
            <td class="num">{r.adjustment > 0 ? `+${r.adjustment}` : r.adjustment}</td>
            <td class="num" data-final={r.score}>
              {r.score}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What a page keeps of a game the room ended (the owner's End it now, the idle limit) for a reload: media/ui/kept-results.ts. */
export interface KeptCwResults {
  results: ResultsMessage;
  /** The status line at the end: why it ended, the winners. */
  said: string;
}

/** A reload after the room's end: the results the tab saw (the room is gone, and the join form said only "The game is over or does not exist."). */
export function KeptResultsView({ t, kept, owner }: { t: Translate; kept: KeptCwResults; owner: boolean }) {
  const rows = rowsOf(kept.results.results);
  return (
    <section class="results" id="cw-results">
      <h2 id="cw-results-title" tabIndex={-1}>
        {t('cw.results')}
      </h2>
      <p id="cw-end-reason">{endReasonText(t, kept.results.reason, owner)}</p>
      {rows.length > 0 && <ResultsTable t={t} rows={rows} gone={() => null} />}
    </section>
  );
}
