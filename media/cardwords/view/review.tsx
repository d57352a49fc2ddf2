// The review after the game: every turn of the round in order, the table as it was after
// it with its cards ringed (the panel draws that table); buttons and the [ ] keys step.
import type { Model } from './model.js';

export function Review({ m }: { m: Model }) {
  const { t } = m;
  const n = m.reviewTurns.length;
  if ((m.state.status !== 'over' && !m.ended) || n === 0) return null;
  const k = m.reviewStep;
  const entry = k === null ? null : m.log[m.reviewTurns[k]!];
  return (
    <section class="cw-review" id="cw-review" aria-labelledby="cw-review-title">
      <h2 id="cw-review-title">{t('cw.review')}</h2>
      <div class="toolbar">
        <button type="button" id="cw-review-first" disabled={k === 0} onClick={() => m.cmd.review(0)}>
          {t('cw.review.first')}
        </button>
        <button type="button" id="cw-review-prev" aria-keyshortcuts="[" aria-label={t('cw.review.prev')} disabled={k === 0} onClick={() => m.cmd.review(k === null ? n - 1 : k - 1)}>
          ◀
        </button>
        <button type="button" id="cw-review-next" aria-keyshortcuts="]" aria-label={t('cw.review.next')} disabled={k === null} onClick={() => m.cmd.review(k === null ? null : k + 1 < n ? k + 1 : null)}>
          ▶
        </button>
      </div>
      <p id="cw-review-step" aria-live="polite">
        {k === null ? t('cw.review.final') : t('cw.review.step', k + 1, n)}
      </p>
      {entry && <p id="cw-review-text">{entry.text}</p>}
      {entry?.best && (
        <p id="cw-review-best" class="muted" data-score={entry.best.score}>
          {t('cw.review.best', entry.best.type === 'move' ? entry.best.words.join(', ') : entry.best.type === 'trade' ? t('cw.review.bestTrade') : t('cw.review.bestPass'), entry.best.score)}
        </p>
      )}
    </section>
  );
}
