// How to invite someone to a game (the game's own join page; the Games page lists it too),
// selected whole at a click for copying: Cardwords before the deal while a seat is free,
// Yatzee while a place is free (players join at any time). A VS Code panel has no address bar.
import type { Translate } from './l10n/index.js';

/**
 * `compact`: beside its words and as wide as the link where the line has room (Yatzee's, shown
 * all game long), else as the other. The whole link on as many lines as the column needs: a
 * one-line field cut the game's id off (Yatzee's by 3 px in a VS Code column).
 */
export function InviteLink({ id, t, url, compact = false }: { id: string; t: Translate; url: string; compact?: boolean }) {
  return (
    <p class={compact ? 'invite compact' : 'invite'} id={id}>
      <label>
        {t('cw.invite')}{' '}
        <textarea readOnly id={`${id}-url`} value={url} rows={1} spellcheck={false} onFocus={(e) => (e.currentTarget as HTMLTextAreaElement).select()} />
      </label>
    </p>
  );
}
