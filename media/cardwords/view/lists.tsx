// The lists of all cards and of the cards not seen yet (not on the table, not in the hand).
import type { Card } from '../../../core/games/cardwords/types.js';
import type { Translate } from '../../ui/l10n/index.js';
import { unseenCards } from '../words.js';
import { Face, cardSaid } from './face.js';
import type { Model } from './model.js';

function CardList({ cards, t, id }: { cards: Card[]; t: Translate; id: string }) {
  const groups = new Map<string, { card: Card; n: number }>();
  for (const c of cards) {
    const k = `${c.char ?? ''}\u0000${c.points}`;
    const g = groups.get(k);
    if (g) g.n++;
    else groups.set(k, { card: c, n: 1 });
  }
  const sorted = [...groups.values()].sort((a, b) => (a.card.char ?? '\uffff').localeCompare(b.card.char ?? '\uffff') || a.card.points - b.card.points);
  return (
    <div class="cw-list" id={id} data-count={cards.length}>
      <p class="count">{t('cw.cardsCount', cards.length)}</p>
      <ul class="cw-card-list">
        {sorted.map((g) => (
          <li key={`${g.card.char}-${g.card.points}`} aria-label={`${cardSaid(t, g.card)} × ${g.n}`}>
            <Face card={g.card} />
            <span class="times">{`×${g.n}`}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CardLists({ m }: { m: Model }) {
  const { t } = m;
  const all = m.ruleset.cards.map((c) => ({ char: c.char, points: c.points }));
  // the table and the hand shown: now, or at the review's step (media/cardwords/words.ts)
  const unseen = unseenCards(all, m.unseenFrom.board, m.unseenFrom.hand);
  return (
    <>
      <details class="cw-lists" id="cw-all-details">
        <summary>{t('cw.allCards')}</summary>
        <CardList cards={all} t={t} id="cw-all-cards" />
      </details>
      <details class="cw-lists" id="cw-unseen-details" open>
        {/* a watcher sees no hand: to them every hand is unseen, not the "other" ones */}
        <summary>{t(m.isPlayer ? 'cw.unseenCards' : 'cw.unseenCards.watcher')}</summary>
        <CardList cards={unseen} t={t} id="cw-unseen-cards" />
      </details>
    </>
  );
}
