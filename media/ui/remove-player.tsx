// The owner's "Remove a player…": a list of the players the room's `remove` takes, and once
// one is chosen the question in its place (as confirm.tsx asks: remove, or keep playing, the
// focus on keeping). Cardwords and Yatzee panels; what removal does differs by game and by
// whether the deal has come (and, in Cardwords, on whom), so the panel gives the question's key.
// Kept, the focus goes back to the list; removed, it falls to the page and the panel moves it
// where play goes on (the dice, the action area) once the room acknowledges: put back on the
// list, the page's keys (`d`, Enter) went to the dropdown.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ConfirmQuestion } from './confirm.js';
import type { StringKey, Translate } from './l10n/index.js';

export function RemovePlayer({ id, t, names, question, onRemove }: { id: string; t: Translate; names: readonly string[]; question: StringKey | ((name: string) => StringKey); onRemove: (name: string) => void }) {
  const [who, setWho] = useState<string | null>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLSelectElement>(null);
  const kept = useRef(false);
  const asking = who !== null && names.includes(who);
  useEffect(() => {
    if (asking) keep.current?.focus();
    else if (kept.current) list.current?.focus();
    kept.current = false;
  }, [asking]);
  if (names.length === 0) return null;
  const keepPlaying = () => {
    kept.current = true;
    setWho(null);
  };
  if (asking) {
    const confirm = () => {
      setWho(null);
      onRemove(who);
    };
    return <ConfirmQuestion id={id} t={t} label={t('remove.ask')} question={t(typeof question === 'function' ? question(who) : question, who)} confirm={t('remove.confirm')} onConfirm={confirm} onKeep={keepPlaying} keepRef={keep} />;
  }
  return (
    <select id={id} ref={list} class="remove-player" aria-label={t('remove.ask')} value="" onChange={(e) => setWho(e.currentTarget.value || null)}>
      <option value="">{t('remove.ask')}</option>
      {names.map((n) => (
        <option key={n} value={n}>
          {n}
        </option>
      ))}
    </select>
  );
}
