// A card's face: the character (a wildcard's meaning, marked) and the points.
export function Face({ card }: { card: { char: string | null; points: number; meaning?: string } }) {
  return (
    <span class={`face${card.char === null ? ' wild' : ''}`}>
      <span class="ch">{card.char ?? card.meaning ?? '*'}</span>
      <span class="pt">{card.points}</span>
    </span>
  );
}
