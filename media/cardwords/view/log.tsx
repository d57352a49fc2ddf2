// The game log: every turn of the game's rounds and the lines between them, newest last; a
// turn that laid cards names its cells and, clicked, rings them on the table (a second click
// hides them again).
import { useEffect, useRef } from 'preact/hooks';
import { LOG_LINES } from '../../../core/protocol/messages.js';
import type { Model } from './model.js';

export function Log({ m }: { m: Model }) {
  const { t } = m;
  const list = useRef<HTMLOListElement>(null);
  // only the turns are numbered, each round from 1 (as the review counts them): a line that is
  // no turn (a word decided, a leave, a vote) took a number, and a decision told only to the
  // owner put the owner's move numbers one ahead of every other page's
  const numbers: Array<number | undefined> = [];
  let round = NaN;
  let n = 0;
  for (const e of m.log) {
    if (e.round !== round) [round, n] = [e.round, 0];
    numbers.push(e.turn ? ++n : undefined);
  }
  const entries = m.log.slice(-LOG_LINES);
  const offset = m.log.length - entries.length;
  // new lines scroll into view when the list was at its end before them (read from the DOM
  // not yet redrawn), however many came (a reload's history: every round, all at once: it
  // showed the first game's lines); a reader scrolled up keeps their place
  const count = m.log.length;
  const l0 = list.current;
  const atEnd = useRef(true);
  atEnd.current = !l0 || l0.scrollHeight - l0.scrollTop - l0.clientHeight < 80;
  useEffect(() => {
    const l = list.current;
    if (l && atEnd.current) l.scrollTop = l.scrollHeight;
  }, [count]);
  return (
    <details class="cw-lists" id="cw-log-details" open>
      <summary>{t('cw.log')}</summary>
      <ol class="cw-log" id="cw-log" ref={list}>
        {entries.map((e, k) => {
          const i = offset + k;
          const num = numbers[i];
          const cls = num === undefined ? 'note' : undefined;
          if (!e.cells || e.cells.length === 0)
            return (
              <li key={i} value={num} class={cls}>
                {e.text}
              </li>
            );
          const where = e.cells.map((c) => m.coords.name(c.col, c.row)).join(' ');
          return (
            <li key={i} value={num} class={m.shownIndex === i ? 'shown' : ''}>
              <button type="button" class="link" data-log={i} aria-pressed={m.shownIndex === i ? 'true' : 'false'} title={t('cw.log.show')} onClick={() => m.cmd.showLog(m.shownIndex === i ? null : i)}>
                {e.text}
                <span class="cells">{` (${where})`}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
