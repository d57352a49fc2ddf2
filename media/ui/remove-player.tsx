// The owner's "Remove a player…": a list of the players the room's `remove` takes, and a
// Remove… button beside it; once a name is chosen and the button (or Enter on the list) asks,
// the question takes their place (as confirm.tsx asks: remove, or keep playing, the focus on
// keeping). Choosing a name alone asks nothing: browsing the names by keys (arrows, a letter's
// type-ahead) asked "Remove Robot1?" at the first key. Cardwords and Yatzee panels; what
// removal does differs by game and by whether the deal has come (and, in Cardwords, on whom),
// so the panel gives the question's key.
// Kept, the focus goes back to the list (the page's letter keys work there: dom.ts `typing`);
// removed, it falls to the page and the panel moves it where play goes on (the dice, the
// action area) once the room acknowledges.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ConfirmQuestion } from './confirm.js';
import type { StringKey, Translate } from './l10n/index.js';

export function RemovePlayer({ id, t, names, question, onRemove }: { id: string; t: Translate; names: readonly string[]; question: StringKey | ((name: string) => StringKey); onRemove: (name: string) => void }) {
  /** The name chosen in the list (nothing asked yet). */
  const [picked, setPicked] = useState('');
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLSelectElement>(null);
  const kept = useRef(false);
  const who = names.includes(picked) ? picked : '';
  const open = asking && who !== '';
  useEffect(() => {
    if (open) keep.current?.focus();
    else if (kept.current) list.current?.focus();
    kept.current = false;
  }, [open]);
  if (names.length === 0) return null;
  const ask = () => who && setAsking(true);
  if (open) {
    const keepPlaying = () => {
      kept.current = true;
      setAsking(false);
    };
    const confirm = () => {
      setAsking(false);
      setPicked('');
      onRemove(who);
    };
    return <ConfirmQuestion id={id} t={t} label={t('remove.ask')} question={t(typeof question === 'function' ? question(who) : question, who)} confirm={t('remove.confirm')} onConfirm={confirm} onKeep={keepPlaying} keepRef={keep} />;
  }
  return (
    <span class="remove-player">
      <select
        id={id}
        ref={list}
        aria-label={t('remove.ask')}
        value={who}
        onChange={(e) => setPicked(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || !who) return;
          e.preventDefault();
          ask();
        }}
      >
        <option value="">{t('remove.ask')}</option>
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>{' '}
      <button type="button" id={`${id}-ask`} disabled={!who} onClick={ask}>
        {t('remove.start')}
      </button>
    </span>
  );
}
