// After leaving a game on purpose, the page kept the last table, frozen: it offers to watch
// the game go on instead. Watching is a new join as a watcher (the room's watcher places
// permitting); a refusal is said here, and the page stays as it was.
import { useState } from 'preact/hooks';
import type { Translate } from './l10n/index.js';

/**
 * `onWatch` resolves with null once the page watches (it replaces this page), else why not.
 * `text`: what happened, when the page does not say it elsewhere (Yatzee's status line does).
 */
export function WatchOffer({ id, t, text, onWatch }: { id: string; t: Translate; text?: string; onWatch: () => Promise<string | null> }) {
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const watch = async () => {
    setBusy(true);
    const why = await onWatch();
    if (why !== null) {
      setRefused(why);
      setBusy(false);
    }
  };
  return (
    <div class="watch-offer" id={id}>
      {text && <p>{text}</p>}
      <button type="button" id={`${id}-button`} disabled={busy} onClick={() => void watch()}>
        {t('app.watchGame')}
      </button>
      {refused !== null && (
        <p class="refusal" id={`${id}-refusal`} role="alert">
          {t('app.watchRefused', refused)}
        </p>
      )}
    </div>
  );
}
