// The review after the game: every turn of the round in order, the table as it was after
// it with its cards ringed (the panel draws that table); buttons and the [ ] keys step. Beside
// a person's turn, the best robot's choice there; "Best move" (b) draws the table before the
// turn with that move on it instead; the hand the turn's player chose from.
import { reviewBestText, reviewStepped, SLOT } from '../words.js';
import type { Model } from './model.js';
import { Slotted } from './spelled.js';
import { Face, cardSaid } from './face.js';

/**
 * After a step: a review button that had the focus and turned itself off (◀ at the first
 * turn, ▶ at the end, Best move on a robot's turn) left it on the page. It goes to the button
 * that steps on, else back. `was`: the focused element before the step.
 */
export function keepReviewFocus(was: Element | null): void {
  if (!(was instanceof HTMLButtonElement) || !was.closest('#cw-review')) return;
  requestAnimationFrame(() => {
    if (!was.disabled) return;
    const to = ['cw-review-next', 'cw-review-prev'].map((id) => document.getElementById(id) as HTMLButtonElement | null).find((b) => b && !b.disabled);
    to?.focus();
  });
}

export function Review({ m }: { m: Model }) {
  const { t } = m;
  const n = m.reviewTurns.length;
  if ((m.state.status !== 'over' && !m.ended) || n === 0) return null;
  const k = m.reviewStep;
  const entry = k === null ? null : m.log[m.reviewTurns[k]!];
  // a step button that disables itself (the first turn, the end) left the focus on the page:
  // it goes to the button that steps back the other way
  const step = (to: number | null) => (e: Event) => {
    const b = e.currentTarget as HTMLButtonElement;
    m.cmd.review(to);
    keepReviewFocus(b);
  };
  // nothing to lay on the table at this step: the button is off, and says why (it showed
  // pressed with nothing shown)
  const missing = m.reviewBestMissing;
  return (
    <section class="cw-review" id="cw-review" aria-labelledby="cw-review-title">
      <h2 id="cw-review-title">{t('cw.review')}</h2>
      <div class="toolbar">
        <button type="button" id="cw-review-first" disabled={k === 0} onClick={step(0)}>
          {t('cw.review.first')}
        </button>
        <button type="button" id="cw-review-prev" aria-keyshortcuts="[" aria-label={t('cw.review.prev')} disabled={k === 0} onClick={step(reviewStepped(k, n, -1))}>
          ◀
        </button>
        <button type="button" id="cw-review-next" aria-keyshortcuts="]" aria-label={t('cw.review.next')} disabled={k === null} onClick={step(reviewStepped(k, n, 1))}>
          ▶
        </button>
        <button
          type="button"
          id="cw-review-show-best"
          aria-keyshortcuts="b"
          aria-pressed={m.reviewBestOn && missing === null}
          disabled={missing !== null}
          title={missing ?? undefined}
          onClick={() => m.cmd.reviewBest(!m.reviewBestOn)}
        >
          {t('cw.review.showBest')}
        </button>
      </div>
      <p id="cw-review-step" aria-live="polite">
        {k === null ? t('cw.review.final') : m.reviewBest?.onTable ? t('cw.review.stepBest', k + 1, n) : t('cw.review.step', k + 1, n)}
      </p>
      {entry && <p id="cw-review-text">{entry.text}</p>}
      {/* what that player chose from (the hands are no longer secret after the game) */}
      {m.reviewHand && (
        <p
          id="cw-review-hand"
          class="cw-review-hand"
          data-cards={m.reviewHand.cards.length}
          aria-label={`${t('cw.review.hand', m.reviewHand.name)} ${m.reviewHand.cards.map((c) => cardSaid(t, c)).join(', ')}`}
        >
          {t('cw.review.hand', m.reviewHand.name)}{' '}
          {/* on a line of their own: beside the words the seventh card wrapped alone in a narrow column */}
          <span class="cards">
            {m.reviewHand.cards.map((c, i) => (
              <Face key={i} card={c} />
            ))}
          </span>
        </p>
      )}
      {entry?.best && (
        <p id="cw-review-best" class="muted" data-score={entry.best.score}>
          <Slotted m={m} text={reviewBestText(t, entry.best, m.reviewBest ? SLOT : entry.best.words.join(', '), m.reviewBest?.place ?? '')} words={m.reviewBest?.spelled ?? []} />
        </p>
      )}
      {/* Best move kept on while stepping: why this step shows the turn itself (where the best robot's move would be) */}
      {m.reviewBestOn && missing !== null && (
        <p id="cw-review-no-best" class="muted">
          {missing}
        </p>
      )}
    </section>
  );
}
