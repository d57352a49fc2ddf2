// The results after the game: every player's total, best first.
import type { Translate } from '../../ui/l10n/index.js';

export interface Result {
  name: string;
  robot: boolean;
  total: number;
}

/** `me`: the reader's name (their line says so, as their column does), or null for a watcher. */
export function Results({ t, results, me = null }: { t: Translate; results: readonly Result[]; me?: string | null }) {
  return (
    // focusable by the page (tabIndex -1): the focus goes here when its button went at the end
    <section class="results" id="yatzee-results" tabIndex={-1} aria-labelledby="yatzee-results-title">
      <h2 id="yatzee-results-title">{t('yatzee.results')}</h2>
      <ol id="yatzee-results-list">
        {results.map((r) => (
          // tied totals share a place (1, 2, 2, 4): the list's own numbers ranked one of two
          // players tied at 110 second, the other third
          <li key={r.name} value={1 + results.filter((o) => o.total > r.total).length} class={r.name === me ? 'mine' : undefined}>{`${r.robot ? t('yatzee.player.robot', r.name) : r.name === me ? t('yatzee.player.you', r.name) : r.name}: ${r.total}`}</li>
        ))}
      </ol>
    </section>
  );
}
