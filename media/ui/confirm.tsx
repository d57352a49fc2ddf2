// A button whose action cannot be undone, asked again in place: the first click puts two
// buttons in its place (do it, or keep playing) and only the second acts. In the page itself,
// not window.confirm: VS Code's webviews block dialogs. The owner's "End the game" (it ends
// the game for everyone) and a player's "Leave the game" (the sheet closes for good).
import type { Ref } from 'preact';
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
  return <ConfirmQuestion id={id} t={t} label={t(words.ask)} question={t(words.question)} confirm={t(words.confirm)} onConfirm={() => { setAsking(false); onConfirm(); }} onKeep={keepPlaying} keepRef={keep} />;
}

/**
 * The question asked in place of the button: the question, the button that acts (`${id}-confirm`)
 * and Keep playing (`${id}-keep`, also Escape). Confirm's, and the owner's Remove a player…
 * (remove-player.tsx); the caller moves the focus to `keepRef`.
 */
export function ConfirmQuestion({ id, t, label, question, confirm, onConfirm, onKeep, keepRef }: { id: string; t: Translate; label: string; question: string; confirm: string; onConfirm: () => void; onKeep: () => void; keepRef: Ref<HTMLButtonElement> }) {
  return (
    <span class="confirm" role="group" aria-label={label}>
      <span class="question">{question}</span>{' '}
      <button type="button" id={`${id}-confirm`} onClick={onConfirm}>
        {confirm}
      </button>{' '}
      <button type="button" id={`${id}-keep`} class="secondary" ref={keepRef} onClick={onKeep} onKeyDown={(e) => e.key === 'Escape' && onKeep()}>
        {t('end.keep')}
      </button>
    </span>
  );
}
