// The five dice of the player (buttons: click holds or releases, double-click throws with
// that die taking part, arrows move, space holds, Enter throws with the holds as they are),
// and the small read-only dice of another player.

const PIPS: Record<number, number[]> = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

function Pips({ value }: { value: number }) {
  const on = PIPS[value] ?? [];
  return (
    <>
      {Array.from({ length: 9 }, (_, i) => (
        <span key={i} class={on.includes(i) ? 'pip on' : 'pip'} aria-hidden="true" />
      ))}
    </>
  );
}

export interface DiceProps {
  dice: readonly number[];
  held: readonly boolean[];
  focus: number;
  canHold: boolean;
  canThrow: boolean;
  label: string;
  dieLabel: (k: number, value: number, held: boolean) => string;
  onToggle: (k: number) => void;
  onThrowWith: (k: number) => void;
  onKey: (e: KeyboardEvent) => void;
  onFocus: (k: number) => void;
}

export function Dice(p: DiceProps) {
  return (
    <div class="dice" role="group" id="yatzee-dice" aria-label={p.label} onKeyDown={p.onKey}>
      {p.dice.map((v, k) => (
        <button
          key={k}
          type="button"
          class={`die${p.held[k] ? ' held' : ''}${p.canHold ? '' : ' greyed'}`}
          data-die={k}
          data-value={v}
          tabIndex={k === p.focus ? 0 : -1}
          aria-pressed={p.held[k] ? 'true' : 'false'}
          aria-disabled={!p.canHold && !p.canThrow ? 'true' : 'false'}
          aria-label={p.dieLabel(k, v, p.held[k] === true)}
          onClick={(e) => {
            p.onFocus(k);
            // the second click of a double-click is the throw's (dblclick), not a second hold
            if (e.detail <= 1) p.onToggle(k);
          }}
          onDblClick={() => p.onThrowWith(k)}
          onFocus={() => p.onFocus(k)}
        >
          <Pips value={v} />
        </button>
      ))}
    </div>
  );
}

export function SmallDice({ dice, held, label }: { dice: readonly number[]; held: readonly boolean[]; label: string }) {
  return (
    <div class="dice small" role="img" aria-label={label}>
      {dice.map((v, k) => (
        <span key={k} class={`die${held[k] ? ' held' : ''}`} data-value={v}>
          <Pips value={v} />
        </span>
      ))}
    </div>
  );
}
