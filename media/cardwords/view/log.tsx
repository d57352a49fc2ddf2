// The game log: every turn of the game's rounds and the lines between them, newest last; a
// turn that laid cards names its cells and, clicked, rings them on the table (a second click
// hides them again).
import { useEffect, useRef } from 'preact/hooks';
import { LOG_LINES } from '../../../core/protocol/messages.js';
import type { Model } from './model.js';

export function Log({ m }: { m: Model }) {
  const { t } = m;
  const list = useRef<HTMLOListElement>(null);
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
          if (!e.cells || e.cells.length === 0) return <li key={i}>{e.text}</li>;
          const where = e.cells.map((c) => m.coords.name(c.col, c.row)).join(' ');
          return (
            <li key={i} class={m.shownIndex === i ? 'shown' : ''}>
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
