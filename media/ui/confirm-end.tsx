// The owner's "End the game": it ends the game for everyone and cannot be undone, so the
// first click asks (two buttons in its place: end it now, or keep playing) and only the
// second ends it. In the page itself, not window.confirm: VS Code's webviews block dialogs.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Translate } from './l10n/index.js';

export function ConfirmEnd({ id, t, disabled, onEnd }: { id: string; t: Translate; disabled: boolean; onEnd: () => void }) {
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
      <button type="button" id={id} ref={ask} disabled={disabled} onClick={() => setAsking(true)}>
        {t('end.ask')}
      </button>
    );
  }
  return (
    <span class="confirm-end" role="group" aria-label={t('end.ask')}>
      <span class="question">{t('end.question')}</span>{' '}
      <button
        type="button"
        id={`${id}-confirm`}
        onClick={() => {
          setAsking(false);
          onEnd();
        }}
      >
        {t('end.confirm')}
      </button>{' '}
      <button type="button" id={`${id}-keep`} class="secondary" ref={keep} onClick={keepPlaying} onKeyDown={(e) => e.key === 'Escape' && keepPlaying()}>
        {t('end.keep')}
      </button>
    </span>
  );
}
