// The results after the game: every player's total, best first.
import type { Translate } from '../../ui/l10n/index.js';

export interface Result {
  name: string;
  robot: boolean;
  total: number;
}

export function Results({ t, results }: { t: Translate; results: readonly Result[] }) {
  return (
    <section class="results" id="yatzee-results">
      <h2>{t('yatzee.results')}</h2>
      <ol id="yatzee-results-list">
        {results.map((r) => (
          <li key={r.name}>{`${r.robot ? t('yatzee.player.robot', r.name) : r.name}: ${r.total}`}</li>
        ))}
      </ol>
    </section>
  );
}
