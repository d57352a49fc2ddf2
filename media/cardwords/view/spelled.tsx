// A move's words letter by letter in a line of text: the letters a wildcard of the move stands
// for drawn as on its card (slanted, violet, dotted: .cw-wl) and said ("wildcard at letter 3").
// The best-moves list and the review's line on the best robot's move use it.
import { Fragment } from 'preact';
import { SLOT, wildNote, type WordLetter } from '../words.js';
import type { Model } from './model.js';

function SpelledWords({ m, words }: { m: Model; words: readonly WordLetter[][] }) {
  return (
    <>
      {words.map((w, k) => {
        const note = wildNote(m.t, w);
        return (
          <Fragment key={k}>
            {k > 0 && ', '}
            {w.map((l, i) => (l.wild ? <span key={i} class="cw-wl">{l.ch}</span> : l.ch))}
            {note && <span class="sr-only">{` (${note})`}</span>}
          </Fragment>
        );
      })}
    </>
  );
}

/** `text` with the words drawn where it holds SLOT (a message formatted with SLOT for them). */
export function Slotted({ text, m, words }: { text: string; m: Model; words: readonly WordLetter[][] }) {
  const at = text.indexOf(SLOT);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <SpelledWords m={m} words={words} />
      {text.slice(at + SLOT.length)}
    </>
  );
}
