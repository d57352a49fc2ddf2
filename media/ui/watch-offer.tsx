// After leaving a game on purpose, the page kept the last table, frozen: it offers to watch
// the game go on instead. Watching is a new join as a watcher (the room's watcher places
// permitting); a refusal is said here, and the page stays as it was.
import { useState } from 'preact/hooks';
import type { Translate } from './l10n/index.js';

/**
 * `onWatch` resolves with null once the page watches (it replaces this page), else why not.
 * `text`: what happened, when the page does not say it elsewhere (Yatzee's status line does).
 * `onPlayHere`: the seat went to another tab or window, and this page may take it back (first:
 * the player came back to this page to play); resolves as `onWatch`.
 */
export function WatchOffer({ id, t, text, onWatch, onPlayHere }: { id: string; t: Translate; text?: string; onWatch: () => Promise<string | null>; onPlayHere?: (() => Promise<string | null>) | null }) {
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ key: 'app.watchRefused' | 'conn.refused'; why: string } | null>(null);
  const run = async (go: () => Promise<string | null>, key: 'app.watchRefused' | 'conn.refused') => {
    setBusy(true);
    const why = await go();
    if (why !== null) {
      setRefused({ key, why });
      setBusy(false);
    }
  };
  return (
    <div class="watch-offer" id={id}>
      {text && <p>{text}</p>}
      {onPlayHere && (
        <>
          <button type="button" id={`${id}-play`} disabled={busy} onClick={() => void run(onPlayHere, 'conn.refused')}>
            {t('conn.playHere')}
          </button>{' '}
        </>
      )}
      <button type="button" id={`${id}-button`} disabled={busy} onClick={() => void run(onWatch, 'app.watchRefused')}>
        {t('app.watchGame')}
      </button>
      {refused !== null && (
        <p class="refusal" id={`${id}-refusal`} role="alert">
          {t(refused.key, refused.why)}
        </p>
      )}
    </div>
  );
}
