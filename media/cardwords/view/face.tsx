// A card's face: the character (a wildcard's meaning, marked) and the points; and the card
// as a screen reader says it.
import type { Translate } from '../../ui/l10n/index.js';

/** A card in words: 'Card E, 1 point', 'Wildcard, 0 points'. */
export function cardSaid(t: Translate, card: { char: string | null; points: number }): string {
  return card.char === null ? t('cw.card.wild', card.points) : t('cw.card', card.char, card.points);
}

export function Face({ card }: { card: { char: string | null; points: number; meaning?: string } }) {
  return (
    <span class={`face${card.char === null ? ' wild' : ''}`}>
      <span class="ch">{card.char ?? card.meaning ?? '*'}</span>
      <span class="pt">{card.points}</span>
    </span>
  );
}
