// The score table, GNOME Tali's way: one row per category, one column per player (yours
// first), the sums, the bonus line and the totals below; each player's name, dice and throws
// on top. In your column, while you may transfer, each open category shows what these dice
// would score, as a radio button (the preselected one is the hint's best when hints are on,
// else the most points now); the hint column shows the optimal robot's expected final score
// for the dice thrown (no column before the round's first throw).
import { CATEGORIES, UPPER_COUNT, bonusLine, bonusLineText, totals, type Category } from '../../../core/games/yatzee/rules.js';
import { diceThrown } from '../../../core/games/yatzee/engine.js';
import type { StringKey, Translate } from '../../ui/l10n/index.js';
import { SmallDice } from './dice.js';

export interface Column {
  name: string;
  /** The title: "Bo (robot)", "Cy (away)"… */
  title: string;
  /** What the title adds, shown under the name: "you", "robot", "away", "left"; or ''. */
  mark: string;
  mine: boolean;
  gone: boolean;
  scores: readonly (number | null)[];
  dice: readonly number[];
  held: readonly boolean[];
  throwsMade: number;
}

export interface Transfer {
  /** Points these dice would score per open category. */
  previews: ReadonlyMap<Category, number>;
  choice: Category | null;
  /** The category marked as suggested (the preselection's source). */
  suggested: Category | null;
}

export interface TableProps {
  t: Translate;
  columns: readonly Column[];
  transfer: Transfer | null;
  /** Expected final score per open category, or null when hints are off (empty before a throw: no column then). */
  hints: ReadonlyMap<Category, number> | null;
  onChoose: (c: Category) => void;
  onTransfer: (c: Category) => void;
}

/** The bonus line's cell: its text, and its tooltip (what the balance or "105+50" means). */
function bonusText(t: Translate, scores: readonly (number | null)[]): { text: string; tip: string; complete: boolean; kind: string } {
  const b = bonusLine([...scores]);
  const text = bonusLineText(b, '\u2212');
  if (b.complete) return { text, tip: t('yatzee.bonusDone', b.upperSum, b.bonus, b.total), complete: true, kind: '' };
  return { text, tip: t('yatzee.bonusTip'), complete: false, kind: b.balance >= 0 ? 'surplus' : 'deficit' };
}

/** Another player's dice under their name: blank, and said so, before their round's first throw. */
function TheirDice({ t, col }: { t: Translate; col: Column }) {
  const thrown = diceThrown(col);
  // a full sheet is done (it read "not thrown yet"); the held dice are said, as they are shown
  const full = col.scores.every((x) => x !== null);
  const held = col.dice.filter((_, i) => col.held[i]);
  const label = full
    ? t('yatzee.playerDone', col.name)
    : thrown
      ? `${t('yatzee.playerDice', col.name, col.dice.join(' '))}; ${held.length > 0 ? `${t('yatzee.playerHeld', held.join(' '))}; ` : ''}${t('yatzee.playerThrows', col.throwsMade)}`
      : t('yatzee.playerNotThrown', col.name);
  return <SmallDice dice={col.dice} held={col.held} thrown={thrown} label={label} />;
}

function ScoreCell({ t, col, c, label, transfer }: { t: Translate; col: Column; c: Category; label: string; transfer: Transfer | null }) {
  const i = CATEGORIES.indexOf(c);
  const filled = col.scores[i];
  const common = { 'data-player': col.name, 'data-category': c, class: `score${col.mine ? ' mine' : ''}` };
  if (filled !== null && filled !== undefined) return <td {...common} aria-label={t('yatzee.cell', col.name, label, filled)}>{filled}</td>;
  const pts = col.mine ? transfer?.previews.get(c) : undefined;
  if (pts === undefined) return <td {...common} class={`${common.class} open`} aria-label={t('yatzee.cell', col.name, label, t('yatzee.open'))} />;
  const id = `yatzee-cat-${c}`;
  const suggested = transfer?.suggested === c;
  return (
    <td {...common} class={`${common.class} preview${suggested ? ' suggested' : ''}${transfer?.choice === c ? ' chosen' : ''}`} data-preview={pts}>
      <label for={id}>
        {/* named by its category: its label's text read "15 would score 15", the number twice and no category */}
        <input type="radio" name="category" value={c} id={id} checked={transfer?.choice === c} aria-label={`${label}: ${t('yatzee.preview', pts)}${suggested ? `, ${t('yatzee.suggested')}` : ''}`} />
        <span class="pts" aria-hidden="true">{pts}</span>
      </label>
    </td>
  );
}

export function ScoreTable({ t, columns, transfer, hints: asked, onChoose, onTransfer }: TableProps) {
  // the Hint column only while a value is in it: before the round's first throw (nothing to
  // transfer yet) it stood headed over empty cells, which looked broken
  const hints = asked && asked.size > 0 ? asked : null;
  const rows = [];
  const hintCell = (c?: Category) => {
    if (!hints) return null;
    const v = c ? hints.get(c) : undefined;
    return (
      <td class="hint-col" data-hint={v === undefined ? undefined : v.toFixed(2)} aria-label={v === undefined || !c ? undefined : `${t(`cat.${c}` as StringKey)}: ${t('yatzee.hint.value', v.toFixed(1))}`}>
        {v === undefined ? '' : v.toFixed(1)}
      </td>
    );
  };
  for (const [i, c] of CATEGORIES.entries()) {
    const label = t(`cat.${c}` as StringKey);
    rows.push(
      <tr key={c} data-category={c} class={i === UPPER_COUNT - 1 ? 'last-upper' : undefined}>
        <th scope="row">{label}</th>
        {columns.map((col) => (
          <ScoreCell key={col.name} t={t} col={col} c={c} label={label} transfer={transfer} />
        ))}
        {hintCell(c)}
      </tr>,
    );
    if (i === UPPER_COUNT - 1) {
      rows.push(
        <tr key="upper" class="sum">
          <th scope="row">{t('yatzee.upper')}</th>
          {columns.map((col) => {
            const sum = totals([...col.scores]).upper;
            return <td key={col.name} class={col.mine ? 'mine' : undefined} data-player={col.name} data-category="upper" aria-label={t('yatzee.cell', col.name, t('yatzee.upper'), sum)}>{sum}</td>;
          })}
          {hintCell()}
        </tr>,
        <tr key="bonus" class="bonus">
          {/* a running balance (+3, −2) read like points won or lost: the tooltip says what it is */}
          <th scope="row" title={t('yatzee.bonusTip')}>
            {t('yatzee.bonus')}
          </th>
          {columns.map((col) => {
            const b = bonusText(t, col.scores);
            const label2 = b.complete ? t('yatzee.bonus') : t('yatzee.bonusBalance');
            return (
              <td key={col.name} class={`${b.kind}${col.mine ? ' mine' : ''}`} data-player={col.name} data-category="bonus" data-complete={String(b.complete)} title={b.tip} aria-label={t('yatzee.cell', col.name, label2, b.text)}>
                {b.text}
              </td>
            );
          })}
          {hintCell()}
        </tr>,
      );
    }
  }
  return (
    <table
      class="sheet yatzee-scores"
      id="yatzee-table"
      // the focus comes here when what had it went (the sheet's last transfer; the owner's last removal)
      tabIndex={-1}
      onChange={(e) => {
        const r = e.target as HTMLInputElement;
        if (r.name === 'category' && isCategory(r.value)) onChoose(r.value);
      }}
      onKeyDown={(e) => {
        const r = e.target as HTMLInputElement;
        if (e.key === 'Enter' && r.name === 'category' && isCategory(r.value)) {
          e.preventDefault();
          onTransfer(r.value);
        }
      }}
      onDblClick={(e) => {
        const row = (e.target as HTMLElement).closest<HTMLElement>('tr[data-category]');
        const c = row?.dataset.category;
        if (c && isCategory(c) && transfer?.previews.has(c)) onTransfer(c);
      }}
    >
      <caption class="sr-only">{t('yatzee.sheets')}</caption>
      <thead>
        <tr>
          <th scope="col" class="category-col">{t('yatzee.category')}</th>
          {columns.map((col) => (
            <th key={col.name} scope="col" class={`player${col.mine ? ' mine' : ''}${col.gone ? ' gone' : ''}`} data-player={col.name}>
              <span class="name" title={col.title}>
                {col.name}
                {col.title !== col.name && <span class="sr-only">{col.title.slice(col.name.length)}</span>}
              </span>
              {/* the same for the eye, small under the name (screen readers have the words above) */}
              {col.mark && (
                <span class="mark" aria-hidden="true" title={col.title}>
                  {col.mark}
                </span>
              )}
              {!col.mine && <TheirDice t={t} col={col} />}
            </th>
          ))}
          {hints && <th scope="col" class="hint-col">{t('lines.hint')}</th>}
        </tr>
      </thead>
      <tbody>{rows}</tbody>
      <tfoot>
        <tr class="total">
          <th scope="row">{t('yatzee.total')}</th>
          {columns.map((col) => {
            const total = totals([...col.scores]).total;
            return <td key={col.name} class={col.mine ? 'mine' : undefined} data-player={col.name} data-category="total" aria-label={t('yatzee.cell', col.name, t('yatzee.total'), total)}>{total}</td>;
          })}
          {hints && <td class="hint-col" />}
        </tr>
      </tfoot>
    </table>
  );
}

export function isCategory(x: string): x is Category {
  return (CATEGORIES as readonly string[]).includes(x);
}

/** The score table in its section (the panel's, and the final one a reload shows: main.ts). */
export function Sheets(p: TableProps) {
  return (
    <section class="sheets" id="yatzee-sheets" aria-label={p.t('yatzee.sheets')}>
      <ScoreTable {...p} />
    </section>
  );
}
