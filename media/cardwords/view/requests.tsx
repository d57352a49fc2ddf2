// The owner's word questions: approve or reject each unknown word a player tried.
import type { Model } from './model.js';

export function WordRequests({ m }: { m: Model }) {
  const { t } = m;
  if (m.requests.size === 0) return null;
  return (
    <section class="cw-requests" id="cw-requests" aria-labelledby="cw-requests-title">
      <h2 id="cw-requests-title">{t('cw.requests')}</h2>
      <ul>
        {[...m.requests].map(([word, { player, earlier }]) => (
          <li key={word} data-word={word}>
            <span>{t(earlier ? 'cw.requestLine.earlier' : 'cw.requestLine', word, player)} </span>
            <button type="button" class="approve" data-approve={word} aria-label={t('cw.approveWord', word)} onClick={() => m.cmd.decide(word, true)}>
              {t('cw.approve')}
            </button>{' '}
            <button type="button" class="reject secondary" data-reject={word} aria-label={t('cw.rejectWord', word)} onClick={() => m.cmd.decide(word, false)}>
              {t('cw.reject')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
