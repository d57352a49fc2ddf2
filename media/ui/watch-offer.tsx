// After leaving a game on purpose, the page kept the last table, frozen: it offers to watch
// the game go on instead. Watching is a new join as a watcher (the room's watcher places
// permitting); a refusal is said here, and the page stays as it was.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Translate } from './l10n/index.js';
import { overByList, type WatchRefused } from './refusal.js';

/**
 * `onWatch` resolves with null once the page watches (it replaces this page), else why not.
 * `text`: what happened, when the page does not say it elsewhere (Yatzee's status line does).
 * `onPlayHere`: the seat went to another tab or window, and this page may take it back (first:
 * the player came back to this page to play); resolves as `onWatch`.
 */
export function WatchOffer({ id, t, text, onWatch, onPlayHere }: { id: string; t: Translate; text?: string; onWatch: () => Promise<string | null>; onPlayHere?: (() => Promise<string | null>) | null }) {
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ key: 'app.watchRefused' | 'conn.refused'; why: string } | null>(null);
  const watch = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    // an answer came and the offer stays: the button pressed went (Play here refused for good)
    // or was disabled meanwhile, and the focus fell to the page (the panel's own focus move
    // found Watch disabled): Watch, the way on, takes it
    if (wasBusy.current && !busy && (document.activeElement === null || document.activeElement === document.body)) watch.current?.focus();
    wasBusy.current = busy;
  }, [busy]);
  const run = async (go: () => Promise<string | null>, key: 'app.watchRefused' | 'conn.refused') => {
    setBusy(true);
    const why = await go();
    // null: the page plays or watches again (this offer goes), or the offer changed in place
    // (Play here refused for good: Watch alone, which stood disabled)
    setRefused(why === null ? null : { key, why });
    setBusy(false);
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
      <button type="button" id={`${id}-button`} ref={watch} disabled={busy} onClick={() => void run(onWatch, 'app.watchRefused')}>
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

/** The way on from a game that ended out of the page's sight (as the join page's for an ended game); `id`-home takes the focus. */
/** `onHome`: the link's click where it cannot go to the lobby (media/ui/page.ts gamesClick). */
export function GameOverSince({ id, t, onHome }: { id: string; t: Translate; onHome?: ((e: Event) => void) | undefined }) {
  return (
    <p id={id}>
      <a href="./" id={`${id}-home`} onClick={onHome}>
        {t('nav.home')}
      </a>
    </p>
  );
}

/** How often a page out of play asks the server's list whether its game is over, while the page is seen. */
export const OVER_CHECK_MS = 12_000;

/**
 * How a page out of play (the Cardwords and Yatzee panels, their offer to watch shown) learns
 * that its game has ended since: its connection closed at the leave, so the end is not told to
 * it. It asks the server's list, as Watch does (`overByList`), every OVER_CHECK_MS while the
 * page is seen, and at once when it is seen again or takes the focus, so that a person looking
 * at the page reads it without a click (only the click told it); and the offer's Watch, refused
 * as the game over (`watchRefused`), says it too (it said "Could not watch: The game is over or
 * does not exist." and the offer stayed). `said` then says it once and puts `GameOverSince` in
 * the offer's place; from then on, or once the offer goes (`check(false)`, `stop()`: the page
 * plays or watches again), nothing is asked.
 */
export class OverSince {
  /** The game ended after the page went out of play. */
  over = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private asking = false;

  constructor(
    private readonly gameId: string,
    private readonly games: () => Promise<ReadonlyArray<{ id: string }> | null>,
    private readonly watchAgain: (() => Promise<WatchRefused | null>) | null,
    private readonly said: () => void,
  ) {}

  /** The offer's Watch: null once the page watches (it replaces this page) or the game is found over, else why not. */
  readonly watch = async (): Promise<string | null> => {
    const refused = await this.watchAgain!();
    if (!refused?.over) return refused && refused.text;
    this.end();
    return null;
  };

  /** On every render: `out`, the offer to watch is shown. */
  check(out: boolean): void {
    if (!out || this.over) return this.stop();
    if (this.timer !== null) return;
    this.timer = setInterval(this.tick, OVER_CHECK_MS);
    document.addEventListener('visibilitychange', this.tick);
    window.addEventListener('focus', this.tick);
  }

  stop(): void {
    if (this.timer === null) return;
    clearInterval(this.timer);
    this.timer = null;
    document.removeEventListener('visibilitychange', this.tick);
    window.removeEventListener('focus', this.tick);
  }

  private end(): void {
    if (this.over) return;
    this.over = true;
    this.stop();
    this.said();
  }

  // one question at a time, and none for a page nobody sees (a tab behind others, minimised)
  private readonly tick = (): void => {
    if (this.asking || this.timer === null || document.visibilityState !== 'visible') return;
    this.asking = true;
    void this.games().then((listed) => {
      this.asking = false;
      if (this.timer !== null && overByList(listed, this.gameId)) this.end();
    });
  };
}
