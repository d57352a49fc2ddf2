/// <reference lib="dom" />
// Join and Watch on the join pages (Cardwords and Yatzee) as the game takes them: a button
// the room would refuse is disabled, and why is said under the buttons and in its tooltip.
// The judgement is listing.ts's; the list comes from the host (a VS Code webview asks the
// extension for it).
import type { Host } from '../ui/host.js';
import type { Translate } from '../ui/l10n/index.js';
import { joinPageRefusals } from './listing.js';

/**
 * Judges `join` and `watch` for game `id` by the server's list; without a list (out of reach)
 * both stay offered. The join's `fields` (the name) go with Join: disabled when it is, and
 * the focus, if it was in them, moves to Watch when that is offered. `superseded`: a status
 * line with the room's refusal of a first try (a game over, gone or locked), emptied when the
 * note says why, so that it is said once; kept when the note says nothing (a room locked
 * while every connection was taken, no list). Returns the judgement (null without a list):
 * a game not listed at all gets no form on the Yatzee page.
 */
export async function offerWhatIsTaken(host: Host, t: Translate, id: string, owner: boolean, join: HTMLButtonElement, watch: HTMLButtonElement, note: HTMLElement, fields: readonly HTMLInputElement[] = [], superseded: HTMLElement | null = null): Promise<ReturnType<typeof joinPageRefusals> | null> {
  const games = await host.games();
  if (!games) return null;
  const why = joinPageRefusals(games, id, owner);
  const reasons: string[] = [];
  for (const [button, key] of [
    [join, why.join],
    [watch, why.watch],
  ] as const) {
    button.disabled = key !== null;
    button.title = key ? t(key) : '';
    // one reason for both buttons is said once
    if (key && !reasons.includes(t(key))) reasons.push(t(key));
  }
  const focused = fields.some((f) => f === document.activeElement);
  for (const f of fields) f.disabled = join.disabled;
  if (join.disabled && focused && !watch.disabled) watch.focus();
  note.textContent = reasons.join(' ');
  note.hidden = reasons.length === 0;
  if (superseded && reasons.length > 0) {
    superseded.textContent = '';
    delete superseded.dataset.kind;
  }
  return why;
}
