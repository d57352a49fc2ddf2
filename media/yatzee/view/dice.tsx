// The five dice of the player (buttons: click holds or releases, double-click throws with
// that die taking part, arrows move, space holds, Enter throws with the holds as they are),
// and the small read-only dice of another player. Before a round's first throw the dice are
// blank (no pips: diceThrown in core/games/yatzee/engine.ts).

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
  /** False before the round's first throw: the dice show no faces. */
  thrown: boolean;
  held: readonly boolean[];
  focus: number;
  canHold: boolean;
  canThrow: boolean;
  label: string;
  /** A die's name for screen readers; `value` null before the round's first throw. */
  dieLabel: (k: number, value: number | null, held: boolean) => string;
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
          class={`die${p.held[k] ? ' held' : ''}${p.canHold ? '' : ' greyed'}${p.thrown ? '' : ' blank'}`}
          data-die={k}
          data-value={p.thrown ? v : undefined}
          tabIndex={k === p.focus ? 0 : -1}
          aria-pressed={p.held[k] ? 'true' : 'false'}
          aria-disabled={!p.canHold && !p.canThrow ? 'true' : 'false'}
          aria-label={p.dieLabel(k, p.thrown ? v : null, p.held[k] === true)}
          onClick={(e) => {
            p.onFocus(k);
            // the second click of a double-click is the throw's (dblclick), not a second hold
            if (e.detail <= 1) p.onToggle(k);
          }}
          onDblClick={() => p.onThrowWith(k)}
          onFocus={() => p.onFocus(k)}
        >
          <Pips value={p.thrown ? v : 0} />
        </button>
      ))}
    </div>
  );
}

export function SmallDice({ dice, held, thrown, label }: { dice: readonly number[]; held: readonly boolean[]; thrown: boolean; label: string }) {
  return (
    <div class="dice small" role="img" aria-label={label}>
      {dice.map((v, k) => (
        <span key={k} class={`die${held[k] ? ' held' : ''}${thrown ? '' : ' blank'}`} data-value={thrown ? v : undefined}>
          <Pips value={thrown ? v : 0} />
        </span>
      ))}
    </div>
  );
}
