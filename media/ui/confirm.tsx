// A button whose action cannot be undone, asked again in place: the first click puts two
// buttons in its place (do it, or keep playing) and only the second acts. In the page itself,
// not window.confirm: VS Code's webviews block dialogs. The owner's "End the game" (it ends
// the game for everyone) and a player's "Leave the game" (the sheet closes for good).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { StringKey, Translate } from './l10n/index.js';

/** The words of one confirmed action: the button, the question, the confirming button. */
export interface ConfirmWords {
  ask: StringKey;
  question: StringKey;
  confirm: StringKey;
}

export const END_WORDS: ConfirmWords = { ask: 'end.ask', question: 'end.question', confirm: 'end.confirm' };

/** `secondary`: the button in the quieter style (an action beside the game, not of it). */
export function Confirm({ id, t, words, disabled, onConfirm, secondary = false }: { id: string; t: Translate; words: ConfirmWords; disabled: boolean; onConfirm: () => void; secondary?: boolean }) {
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const kept = useRef(false);
  // the question takes the focus (the button clicked is gone); Keep playing is the safe
  // default; kept, the focus goes back to the button
  useEffect(() => {
    if (asking) keep.current?.focus();
    else if (kept.current) ask.current?.focus();
    kept.current = false;
  }, [asking]);
  const keepPlaying = () => {
    kept.current = true;
    setAsking(false);
  };
  if (!asking || disabled) {
    return (
      <button type="button" id={id} class={secondary ? 'secondary' : undefined} ref={ask} disabled={disabled} onClick={() => setAsking(true)}>
        {t(words.ask)}
      </button>
    );
  }
  return (
    <span class="confirm" role="group" aria-label={t(words.ask)}>
      <span class="question">{t(words.question)}</span>{' '}
      <button
        type="button"
        id={`${id}-confirm`}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {t(words.confirm)}
      </button>{' '}
      <button type="button" id={`${id}-keep`} class="secondary" ref={keep} onClick={keepPlaying} onKeyDown={(e) => e.key === 'Escape' && keepPlaying()}>
        {t('end.keep')}
      </button>
    </span>
  );
}
