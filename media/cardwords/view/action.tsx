// The action selection area (core/games/cardwords/compose.ts): the location, the composed cards, a card whose
// points or meaning are asked for, the meaning picker, the buttons, the last refusal, the
// preview of the move's words and score, the hand; and the robot's hints (placed by the panel).
import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { previewAction } from '../../../core/games/cardwords/compose.js';
import type { MoveError } from '../../../core/games/cardwords/rules.js';
import type { Card } from '../../../core/games/cardwords/types.js';
import { scoreMove } from '../../../core/games/cardwords/scoring.js';
import { Face, cardSaid } from './face.js';
import { cardText, type HintMove, type Model } from './model.js';
import { bracesText, lackingWordsText, moveErrorText, moveWhere, pileTooSmallText, refusalText, SLOT, startText } from '../words.js';
import { Slotted } from './spelled.js';
import { fullStop, sentence } from '../../ui/l10n/index.js';
import { GameOverSince, WatchOffer } from '../../ui/watch-offer.js';
import { fitting, showSpan, spanOf } from '../../ui/dom.js';

/** One broken rule, in words, with the cell in the player's coordinates (media/cardwords/words.ts). */
function moveError(m: Model, e: MoveError): string {
  return moveErrorText(m.t, e, m.coords, () => startText(m.t, m.rules.table, m.coords));
}

/**
 * The move's words the server's dictionary lacks, asked of the server as the preview
 * changes (each word once; the answer redraws): playing them asks the owner.
 */
function WordCheck({ m, words }: { m: Model; words: readonly string[] }) {
  const key = words.join(' ');
  useEffect(() => m.cmd.checkWords(words), [key]);
  const lacking = m.lacking(words);
  const said = lackingWordsText(m.t, lacking);
  // the move refused for these words says so under the hand already ("Refused: ZEO is not in
  // the dictionary. The owner plays…"): the same sentence again in red read twice
  const inRefusal = new Set(m.refusal.split(/[^\p{L}\p{N}]+/u));
  const refused = m.refusal !== '' && [...lacking.unknown, ...lacking.rejected].every((w) => inRefusal.has(w));
  if (said.length === 0 || refused) return null;
  return (
    <p class="warn" id="cw-preview-unknown">
      {said.join(' ')}
    </p>
  );
}

/**
 * The wildcard picker shows (a wildcard chosen, its letter not yet): its sentence, "Type the
 * letter the wildcard stands for.", is said there, and the status line and the preview do
 * not repeat it (a play-test read it three times on one screen).
 */
export function meaningAsked(m: Model): boolean {
  const cp = m.composer;
  return m.isPlayer && m.state.status === 'playing' && cp.mode === 'cards' && cp.pending?.wild === true && cp.pending.char === null;
}

function Preview({ m }: { m: Model }) {
  const { t, rules, composer: cp, state: s } = m;
  // a preview says what Return does: nothing to say once the game is not being played
  if (s.status !== 'playing') return <div class="cw-preview" id="cw-preview" />;
  const a = cp.action();
  const p = previewAction(rules, m, a);
  // on another's turn Return plays nothing (it is refused): no "Return passes" then
  const mine = s.turn === m.mySeat;
  let body;
  if (p.type === 'pass') {
    // Return refused (a location half typed, a hint on its way…): that, not "Return passes"
    // (said once: after a refused Return the refusal under the hand says it)
    const held = cp.returnHeld();
    const why = held && !held.ok ? fullStop(sentence(refusalText(t, held.why))) : null;
    // a trade chosen (Trade…, `..`) with no card yet: which cards, and how (it said "Return
    // passes" alone, and a player who had pressed Trade… was not told what to do next)
    const pass = t(cp.invalid ? 'cw.preview.tradeChoose' : 'cw.preview.pass', p.score);
    body = !mine || (why !== null && why === m.refusal) || meaningAsked(m) ? null : <p id="cw-preview-text">{why ?? pass}</p>;
  } else if (p.type === 'trade') {
    // (why the cards would be traded is said under the buttons: BracesWhy)
    // Return refused meanwhile (a wildcard's points asked…): that, not "Return trades 1 card"
    // (said once: after a refused Return the refusal under the hand says it)
    const held = mine ? cp.returnHeld() : null;
    const heldWhy = held && !held.ok ? fullStop(sentence(refusalText(t, held.why))) : null;
    body = (
      <>
        {/* a trade the pile cannot take: only why (it also said "Return trades 1 card") */}
        {s.pile < p.cards ? (
          <p class="warn" id="cw-preview-text">
            {fullStop(sentence(pileTooSmallText(t, s.pile, p.cards)))}
          </p>
        ) : heldWhy !== null ? (
          heldWhy === m.refusal || meaningAsked(m) ? null : <p id="cw-preview-text">{heldWhy}</p>
        ) : (
          <p id="cw-preview-text">{t(mine ? 'cw.preview.trade' : 'cw.preview.tradeLater', p.cards, p.score)}</p>
        )}
      </>
    );
  } else {
    const check = p.check;
    if (check.ok) {
      const sc = check.score;
      // a card still asked about: the words are not the move's yet, none is marked unknown
      const known = (w: string) => (cp.cardAsked ? undefined : m.known(w));
      body = (
        <>
          <p id="cw-preview-text">{t('cw.preview.move', sc.total)}</p>
          <ul id="cw-preview-words">
            {sc.words.map((w, k) => (
              <li key={k} data-word={w.word} data-known={String(known(w.word) ?? '')} class={known(w.word) === false ? 'unknown' : undefined}>
                {t('cw.preview.word', w.word, w.score)}
              </li>
            ))}
            {sc.cellPoints ? <li>{t('cw.preview.cells', sc.cellPoints)}</li> : null}
            {sc.bonus ? <li>{t('cw.preview.bonus', sc.laid, sc.bonus)}</li> : null}
          </ul>
          {m.isPlayer && !cp.cardAsked && <WordCheck m={m} words={sc.words.map((w) => w.word)} />}
        </>
      );
    } else {
      const sc = scoreMove(rules.table, rules.bonus, m.board, p.cards);
      body = (
        <>
          <p id="cw-preview-text" class="warn">
            {t('cw.preview.problems')}
          </p>
          <ul id="cw-preview-problems">
            {check.errors.map((e, k) => (
              <li key={k}>{moveError(m, e)}</li>
            ))}
          </ul>
          {sc.words.length > 0 && <p class="muted">{t('cw.preview.wordsSoFar', sc.words.map((w) => w.word).join(', '))}</p>}
        </>
      );
    }
  }
  return (
    <div class="cw-preview" id="cw-preview" data-action={a.type} title={a.type === 'move' ? t('cw.preview.dictionary') : undefined}>
      {body}
    </div>
  );
}

/** A move's line of the list: its words with the wildcards' letters marked (seen and said), where, the score. */
function moveLine(m: Model, h: HintMove): ComponentChildren {
  if (h.action.type !== 'move') return null;
  const place = moveWhere(m.coords, h.action.cards);
  if (!h.spelled?.length) return m.t('cw.hintLine.move', h.words.join(', '), place, h.score);
  return <Slotted text={m.t('cw.hintLine.move', SLOT, place, h.score)} m={m} words={h.spelled} />;
}

/** What a move's line says (its words as spelled, where, the score): two moves alike in it differ in their cards' points. */
function lineKey(m: Model, h: HintMove): string {
  return h.action.type === 'move' ? JSON.stringify([h.spelled ?? h.words, moveWhere(m.coords, h.action.cards), h.score]) : '';
}

/**
 * A card's faces in a list line, and their names for a screen reader: a trade's cards, or the
 * cards of a move whose line would read as another's (BEE with E 1 then E 0, or E 0 then E 1;
 * a wildcard of 0 points or of 1).
 */
function CardFaces({ m, cards }: { m: Model; cards: ReadonlyArray<Card> }) {
  return (
    <>
      <span class="cards" aria-hidden="true">
        {cards.map((c, i) => (
          <Face key={i} card={c} />
        ))}
      </span>
      <span class="sr-only">{cards.map((c) => cardSaid(m.t, c)).join(', ')}</span>
    </>
  );
}

/**
 * A trade's line of the list: the cards it gives, as their faces (two trades of as many
 * cards read the same when only their count was said: a wildcard of 3 points or of 0).
 */
function tradeLine(m: Model, h: HintMove): ComponentChildren {
  if (h.action.type !== 'trade') return null;
  const text = m.t('cw.hintLine.trade', SLOT, h.score);
  const at = text.indexOf(SLOT);
  const cards = h.action.cards;
  return (
    <>
      {text.slice(0, at)}
      <CardFaces m={m} cards={cards} />
      {text.slice(at + SLOT.length)}
    </>
  );
}

/** The action area, its buttons, the lines under them (`more`) and the hand: where the typing goes and the next card is clicked. */
function actionSpan(...more: Element[]): { top: number; bottom: number } {
  return spanOf(document.getElementById('cw-area'), ...more, document.getElementById('cw-hand'));
}

/**
 * The robot's best moves: beside the play column where the window is wide (the side panels'
 * column, at their top: under the preview they were below the fold at 1280x720), under it
 * where it is narrow; the panel places it (style.css, .cw-layout).
 */
export function Hints({ m }: { m: Model }) {
  const { t } = m;
  const list = useRef<HTMLOListElement>(null);
  // the chosen one in view within the list (which scrolls when its lines wrap), not the page;
  // in the same commit as the selection (a later effect showed it outside for a frame)
  useLayoutEffect(() => {
    const ol = list.current;
    const li = ol?.querySelector<HTMLElement>('li.selected');
    if (!ol || !li) return;
    const box = ol.getBoundingClientRect();
    const at = li.getBoundingClientRect();
    if (at.top < box.top) ol.scrollTop -= box.top - at.top;
    else if (at.bottom > box.bottom) ol.scrollTop += at.bottom - box.bottom;
  }, [m.hintIndex, m.hints]);
  // Where the layout asks for it (style.css: one column, a narrow VS Code editor column, the
  // list right under the table) the least scroll that shows:
  // - with a move of the list chosen, the list and that move's cards on the table (the arrows
  //   chose among moves unseen below the fold, or pushed the table's cells above the view);
  // - with none chosen (the player typed, clicked or pressed Escape since), the action area,
  //   its buttons and the hand (Escape showed the empty area alone);
  // - as the list closes (a move played), the table (the page stayed scrolled down, and the
  //   robot's reply above the view).
  // Where the table stands beside the play column it stays whole instead (900x700).
  const intoView = useRef(false);
  useLayoutEffect(() => {
    const box = document.getElementById('cw-hints');
    if (!box || m.hints.length === 0) {
      if (intoView.current) showSpan(spanOf(document.getElementById('cw-table')));
      intoView.current = false;
      return;
    }
    intoView.current = getComputedStyle(box).getPropertyValue('--cw-hints-into-view').trim() === '1';
    if (!intoView.current) return;
    // (the move's cards above the list: their top is kept, should the two not fit the view together)
    showSpan(m.hintIndex === null ? actionSpan() : spanOf(box, ...document.querySelectorAll('#cw-table .cw-cell.composed')));
  }, [m.hints, m.hintIndex, m.state.status]);
  if (m.hints.length === 0 || m.state.status !== 'playing') return null;
  // each line's key once; a key seen twice marks moves whose lines would read alike
  const keys = m.hints.map((h) => lineKey(m, h));
  const twins = new Set(keys.filter((k, i) => k && keys.indexOf(k) !== i));
  return (
    <div class="cw-hints" id="cw-hints">
      <h3>{t('cw.hints')}</h3>
      <p class="muted">{t('cw.hints.keys')}</p>
      <ol role="listbox" aria-label={t('cw.hints')} ref={list}>
        {m.hints.map((h, i) => {
          const label = h.action.type === 'move' ? moveLine(m, h) : h.action.type === 'trade' ? tradeLine(m, h) : t('cw.hintLine.pass', h.score);
          // a move whose line reads as another's: its cards laid, in order, tell them apart
          const alike = h.action.type === 'move' && twins.has(keys[i]!);
          return (
            <li key={i} role="option" aria-selected={m.hintIndex === i ? 'true' : 'false'} class={m.hintIndex === i ? 'selected' : ''} data-hint={i} data-kind={h.action.type} data-score={h.score} data-equity={h.equity}>
              <button type="button" onClick={() => m.cmd.chooseHint(i)}>
                {label}
                {alike && h.action.type === 'move' && (
                  <>
                    {' · '}
                    <CardFaces m={m} cards={h.action.cards.slice().sort((a, b) => a.row - b.row || a.col - b.col).map((p) => p.card)} />
                  </>
                )}
                {h.equity !== undefined && <span class="equity">{` · ${t('cw.hintLine.equity', h.equity.toFixed(1))}`}</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/**
 * Why Return would trade the cards composed (the location in braces: they do not fit from it,
 * or the first move would miss the start condition), right under the buttons, where "Trade 2
 * cards" says what Return does. In the preview, after the hand, it was below the fold at
 * 620x720, and only the button told of a trade. As it appears, the page scrolls the least that
 * shows it with the area and the hand (the hand it pushed down, where the next card is clicked),
 * and the move's cards where the table shows them (a first move off the start): where not all
 * of that fits (in one column, the best moves' list between the table and the area) the cards
 * and the line at least, whose tie is the point (the cards went above the view); failing that,
 * the line with the area and the hand, whose cards it shows too.
 */
function BracesWhy({ m }: { m: Model }) {
  const cp = m.composer;
  const playing = m.state.status === 'playing';
  const why = playing && cp.action().type === 'trade' ? cp.bracesWhy : null;
  // or the location in braces for want of cards, which the last move covered (nothing said it)
  const text = why ? bracesText(m.t, why, m.rules.table, m.coords) : playing && m.covered !== null ? m.t('cw.covered', m.covered) : null;
  const line = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    if (!text || !line.current) return;
    const cells = Array.from(document.querySelectorAll('#cw-table .cw-cell.composed'));
    const all = actionSpan(line.current, ...cells);
    showSpan(cells.length > 0 ? fitting(all, spanOf(line.current, ...cells), actionSpan(line.current)) : all);
  }, [text]);
  if (!text) return null;
  return (
    <p class="cw-braces warn" id="cw-braces" ref={line}>
      {text}
    </p>
  );
}

/**
 * The wildcard's letter buttons, under the hand, not above the action's buttons: they came up
 * there at the click that chose the wildcard, and a double-click's second click chose a letter
 * under the pointer ("H8 U"). As they appear the page scrolls the least that shows them with
 * the hand (at 620x720 they were below the fold: the player did not see the choice), the
 * letters at least. The hand then moves up and a letter may come under the pointer: a click
 * that is a double-click's second (or third) chooses none. Play and Trade move up, away from
 * a pointer on the hand.
 */
function Meanings({ m }: { m: Model }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => showSpan(fitting(spanOf(document.getElementById('cw-hand'), box.current), spanOf(box.current))), []);
  return (
    <div class="cw-meanings" id="cw-meanings" role="group" aria-label={m.t('cw.meaning')} ref={box}>
      <span>{m.t('cw.key.wildMeaning')}</span>
      {m.rules.chars.map((ch) => (
        <button type="button" key={ch} class="cw-meaning" data-meaning={ch} onClick={(e) => e.detail < 2 && m.cmd.giveMeaning(ch)}>
          {ch}
        </button>
      ))}
    </div>
  );
}

/**
 * A button's label with room for the longest of its labels (`room`): those are drawn unseen
 * in the same grid cell (attributes shown by CSS, so the button's text stays the label).
 */
function Steady({ text, room }: { text: string; room: string[] }) {
  return (
    <>
      <span>{text}</span>
      {room.map((r, i) => (
        <span key={i} class="cw-room" aria-hidden="true" data-label={r} />
      ))}
    </>
  );
}

/** Why the page's seat is out of play (a leave, a removal, the seat played elsewhere, a join again refused), in words. */
export function outOfPlayText(m: Model): string {
  return m.refused ?? m.t(m.playHere ? 'conn.takenBack' : m.leftLast ? (m.removedByOwner ? 'cw.removedLast' : 'cw.leftLast') : m.removedByOwner ? 'conn.removed' : 'cw.left');
}

export function ActionArea({ m, onAreaKey }: { m: Model; onAreaKey?: (e: KeyboardEvent) => void }) {
  const { t, composer: cp, coords, state: s } = m;
  // a click that lands on a composed card only focuses the area when the area was not focused yet
  const focusedBefore = useRef(false);
  const gone = outOfPlayText(m);
  // no offer to watch a game that has ended (joining it is refused)
  // (a refusal to join again is said by the line at the top: not twice)
  // the way on from a game that ended out of this page's sight (as the join page's for an ended game)
  if (m.overSince) return <GameOverSince id="cw-over" t={t} onHome={m.onGames} />;
  if (m.left && m.watchAgain && !m.leftLast && !m.ended) return <WatchOffer id="cw-watch-again" t={t} text={m.refused === null ? gone : undefined} onWatch={m.watchAgain} onPlayHere={m.playHere} />;
  if (!m.isPlayer) return <p class="cw-watching">{m.left ? gone : t('cw.watchingNote')}</p>;
  const a = cp.action();
  const placed = cp.placement();
  const playing = s.status === 'playing';
  // after the game only the hand stays (its cards count against the player)
  const over = s.status === 'over' || s.status === 'ended' || m.ended;
  const mine = playing && s.turn === m.mySeat;
  const used = new Set(cp.cards.map((c) => c.hand));
  // a wildcard waiting for its letter is taken too, greyed as the composed cards: the one
  // clicked, or the one the letter will take (typed: the first free); the area showed `*??`
  // while both wildcards kept full colour
  const waiting = cp.pending?.wild ? (cp.pendingHand ?? m.hand.findIndex((c, i) => c.char === null && !used.has(i))) : -1;
  const taken = waiting >= 0 ? new Set([...used, waiting]) : used;
  const needMeaning = meaningAsked(m);
  const dirText = cp.dir === 'across' ? t('cw.dir.across') : t('cw.dir.down');
  // the card being chosen and the keys kept for after it, as the composer writes them
  const pending = cp.pendingParts();
  return (
    <section class="cw-action" aria-labelledby="cw-action-title">
      <h2 id="cw-action-title" class="sr-only">
        {t('cw.area')}
      </h2>
      <div class="cw-area-line" hidden={over}>
        <div
          class="cw-area"
          id="cw-area"
          tabIndex={0}
          role="group"
          aria-label={t('cw.area')}
          aria-describedby="cw-keys"
          data-action={a.type}
          onKeyDown={onAreaKey}
          onMouseDown={(e) => {
            const area = e.currentTarget as HTMLElement;
            focusedBefore.current = area.contains(document.activeElement);
          }}
          onClick={(e) => {
            const area = e.currentTarget as HTMLElement;
            const b = (e.target as HTMLElement).closest<HTMLElement>('[data-composed]');
            if (b && focusedBefore.current) m.cmd.removeComposed(Number(b.dataset.composed));
            area.focus();
          }}
        >
          <span class={`cw-location${cp.mode === 'cards' && cp.braces ? ' braces' : ''}`} id="cw-location" aria-live="off" data-mode={cp.mode}>
            {cp.display()}
          </span>
          <span class="cw-composing" id="cw-composing" role="group" aria-label={t('cw.composing')}>
            {cp.cards.map((c, k) => {
              const shown = c.card.char === null ? { char: null, points: c.card.points, meaning: c.meaning } : c.card;
              const where = placed?.[k] && !cp.braces ? coords.name(placed[k]!.col, placed[k]!.row) : '';
              return (
                <button
                  type="button"
                  key={k}
                  class={`cw-card${c.card.char === null ? ' wild' : ''}`}
                  data-composed={k}
                  draggable
                  tabIndex={-1}
                  aria-label={where ? t('cw.composedCard', cardText(shown), where) : t('cw.composedCardTraded', cardText(shown))}
                  onDragStart={(e) => e.dataTransfer?.setData('application/x-composed', String(k))}
                >
                  <Face card={shown} />
                </button>
              );
            })}
            {pending.card && (
              <span class="cw-card pending" id="cw-pending" aria-label={t('cw.pendingCard')}>
                {pending.card}
              </span>
            )}
            {pending.queued && (
              <span class="cw-queued" id="cw-queued">
                {pending.queued}
              </span>
            )}
          </span>
        </div>
      </div>
      {/* Every button keeps its place while a move is composed: a button's width is that of
          its longest label, one that does not apply keeps its room unseen, and Pass now comes
          last. A mouse player's second click landed on whatever had moved under it (Trade…
          where Hint was, OK where the direction button was). */}
      <div class="toolbar" role="toolbar" aria-label={t('cw.actions')} hidden={over}>
        {/* the direction matters unless the location was given up for a trade: with braces
            because the cards do not fit (or miss the start), turning it may make them fit, and a
            mouse player had no other way (one click on OK traded five cards) */}
        <button type="button" id="cw-dir" class={cp.invalid ? 'cw-steady cw-unseen' : 'cw-steady'} aria-keyshortcuts="/" aria-label={dirText} onClick={() => m.cmd.toggleDir()}>
          <Steady text={dirText} room={[t('cw.dir.across'), t('cw.dir.down')]} />
        </button>
        <button type="button" id="cw-ok" class="cw-steady" aria-keyshortcuts="Enter" disabled={!mine || m.busy || (a.type === 'trade' && s.pile < a.cards.length) || cp.returnHeld() !== null} onClick={() => m.cmd.submit()}>
          <Steady
            text={a.type === 'move' ? t('cw.ok.move') : a.type === 'trade' ? t('cw.ok.trade', a.cards.length) : t('cw.ok.pass')}
            room={[t('cw.ok.move'), t('cw.ok.trade', Math.max(2, m.hand.length)), t('cw.ok.pass')]}
          />
        </button>
        {/* in trade mode OK trades already: Trade… (invalidate the location) would change nothing */}
        <button type="button" id="cw-trade" class={a.type === 'trade' || cp.invalid ? 'cw-unseen' : undefined} disabled={!playing || s.pile === 0} onClick={() => m.cmd.trade()}>
          {t('cw.trade')}
        </button>
        <button type="button" id="cw-hint" aria-keyshortcuts="?" disabled={!playing} onClick={() => m.cmd.hint()}>
          {t('cw.hint')}
        </button>
        {/* with nothing composed the OK button passes already */}
        <button type="button" id="cw-pass" hidden={a.type === 'pass'} disabled={!mine || m.busy} onClick={() => m.cmd.pass()}>
          {t('cw.pass')}
        </button>
      </div>
      <BracesWhy m={m} />
      {/* after going out there is no hand to show */}
      <h2 class="cw-hand-title" hidden={m.hand.length === 0}>
        {t('cw.hand')}
      </h2>
      <div
        class="cw-hand"
        hidden={m.hand.length === 0}
        id="cw-hand"
        role="group"
        aria-label={t('cw.hand')}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          const k = e.dataTransfer?.getData('application/x-composed');
          if (k) {
            e.preventDefault();
            m.cmd.removeComposed(Number(k));
          }
        }}
      >
        {m.hand.map((c, i) => (
          <button
            type="button"
            key={i}
            class={`cw-card${c.char === null ? ' wild' : ''}${taken.has(i) ? ' used' : ''}`}
            data-index={i}
            data-char={c.char ?? ''}
            data-points={c.points}
            draggable={!used.has(i)}
            aria-disabled={taken.has(i) ? 'true' : undefined}
            aria-label={cardSaid(t, c)}
            onClick={() => m.cmd.clickHand(i)}
            onDragStart={(e) => {
              m.cmd.dragStart(i);
              e.dataTransfer?.setData('text/plain', String(i));
              if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
            }}
          >
            <Face card={c} />
          </button>
        ))}
      </div>
      {needMeaning && <Meanings m={m} />}
      <p class="cw-refusal error" id="cw-refusal">
        {m.refusal}
      </p>
      <Preview m={m} />
    </section>
  );
}
