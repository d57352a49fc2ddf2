// The results after the game: why it ended, each player's hand points, adjustment and final
// score, the winners, the rematch.
import type { StringKey } from '../../ui/l10n/index.js';
import type { Model } from './model.js';
import { endReasonText } from '../../ui/end-reason.js';

const COLUMNS: StringKey[] = ['cw.col.name', 'cw.col.handPoints', 'cw.col.adjustment', 'cw.col.final'];

export function Results({ m }: { m: Model }) {
  const { t, state: s } = m;
  if (s.status !== 'over' && s.status !== 'ended') return null;
  const order = s.players.map((p, i) => ({ p, i })).sort((a, b) => b.p.score - a.p.score);
  // the state's endReason is the engine's ('out', or 'idle': every player passed), the
  // results message's the room's (core/protocol/messages.ts EndReason)
  const reason = m.results?.reason ?? (s.endReason === 'idle' ? 'passes' : s.endReason);
  const canRematch = s.status === 'over' && !m.ended && (m.isPlayer || m.owner);
  return (
    <section class="results" id="cw-results">
      <h2>{t('cw.results')}</h2>
      <p id="cw-end-reason">{endReasonText(t, reason)}</p>
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
          {order.map(({ p, i }) => (
            <tr key={i} class={s.winners.includes(i) ? 'winner' : ''} data-player={p.name}>
              <th scope="row" title={p.name}>
                <span class="cut">{p.name}</span>
                {s.winners.includes(i) && (
                  <span class="winner-mark" title={t('cw.winner')}>
                    {' ★'}
                    <span class="sr-only">{t('cw.winner')}</span>
                  </span>
                )}
              </th>
              <td class="num">{p.handPoints}</td>
              <td class="num">{p.adjustment > 0 ? `+${p.adjustment}` : p.adjustment}</td>
              <td class="num" data-final={p.score}>
                {p.score}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {canRematch && (
        <button type="button" id="cw-rematch" onClick={() => m.cmd.rematch()}>
          {m.isPlayer && s.players[m.mySeat]?.rematch ? t('cw.rematchAsked') : t('cw.rematch')}
        </button>
      )}
    </section>
  );
}
