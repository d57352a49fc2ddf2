// Why a game ended, in the player's language: one text per protocol EndReason (the compiler
// checks that every reason has one), for the Cardwords results and the Yatzee status. The
// owner's end reads as their own on the owner's pages ("You ended the game."): "The owner
// ended the game." told them of a third person.
import type { EndReason } from '../../core/protocol/messages.js';
import type { StringKey, Translate } from './l10n/index.js';

const TEXTS: Record<EndReason, StringKey> = {
  out: 'end.out',
  passes: 'end.passes',
  'sheets-full': 'end.sheets-full',
  owner: 'end.owner',
  idle: 'end.idle',
  'no-players': 'end.no-players',
  left: 'end.left',
};

/**
 * A room's end the table does not show, said before `text`, the winners (an idle end has none:
 * its reason alone), in the status line and
 * the log, as Yatzee's status says it: nobody played for a long time (an away player came back
 * to "The game is over. Winner: Ida." with no why but under Results), or the owner ended it (the
 * players read the winners of a game cut short with the why under Results alone). `owner`: the
 * page is the owner's ("You ended the game.").
 */
export function withEndReason(t: Translate, reason: string | null | undefined, text: string, owner = false): string {
  // an idle end names no winner ("No winner: nobody played for a long time."): it named one
  // of a game nobody played, "you win with -14 points!"
  if (reason === 'idle') return endReasonText(t, reason);
  return reason === 'owner' ? `${endReasonText(t, reason, owner)} ${text}` : text;
}

/**
 * The warning of an idle end near (the state's `idleEndsIn`, seconds: the room sets it in the
 * idle time's last fifth, and any action clears it), for the status line; '' when none.
 */
export function idleWarningText(t: Translate, seconds: number): string {
  if (!(seconds > 0)) return '';
  return seconds > 60 ? t('end.idleSoon.minutes', Math.ceil(seconds / 60)) : t('end.idleSoon.seconds', seconds);
}

/** The seconds an idle end's warning names in a room's state: 0 none, as once the game is over. */
export function idleSeconds(s: { status: string; idleEndsIn: number } | null | undefined): number {
  return !s || s.status === 'ended' ? 0 : s.idleEndsIn;
}

/**
 * The idle end's warning from one state to the next (`before`, `now`: `idleSeconds`): the text
 * to say as it comes or counts down, or the one to take back (where it still stands) as an
 * action puts the end off; null, nothing to do. The web panels' status line and the Emacs
 * bridge's message line (server/bridge/texts.ts) both follow it: it was written out in each.
 */
export function idleWarningStep(t: Translate, before: number, now: number): { say: string } | { unsay: string } | null {
  if (now > 0) return now === before ? null : { say: idleWarningText(t, now) };
  return before > 0 ? { unsay: idleWarningText(t, before) } : null;
}

/** `owner`: the page is the owner's (the room's welcome said so). */
export function endReasonText(t: Translate, reason: string | null | undefined, owner = false): string {
  if (reason === 'owner' && owner) return t('end.ownerYou');
  // own keys only: a reason string from the wire is no property name of the object's prototype
  const key = reason && Object.hasOwn(TEXTS, reason) ? TEXTS[reason as EndReason] : undefined;
  return key ? t(key) : t('end.other', reason || '?');
}
