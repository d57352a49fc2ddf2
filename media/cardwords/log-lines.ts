// The Cardwords game log's lines that are no turn, in words, and the order of a `history`
// message's lines: the web panel and the Emacs bridge write the same line live (as the room's
// message comes) and from `history` (a reload, a late join, a watcher, an editor's resume).
import type { CardwordsHistoryMessage, CardwordsHistoryTurn, CardwordsLogEvent, GoneThen } from '../../core/protocol/messages.js';
import type { StringKey, Translate } from '../ui/l10n/index.js';
import { withEndReason } from '../ui/end-reason.js';

/** The words of a seat given up, by who gave it up and what became of it. */
const GONE: Record<'leave' | 'remove', Record<GoneThen | 'play', StringKey>> = {
  leave: { play: 'cw.awayNote.left', rematch: 'cw.gone.left.rematch', end: 'cw.gone.left.end' },
  remove: { play: 'cw.awayNote.removed', rematch: 'cw.gone.removed.rematch', end: 'cw.gone.removed.end' },
};

/**
 * A leave or the owner's removal in words, the log's line and the score board's note alike:
 * a robot plays the seat to the end, in a rematch (the round was over), or nobody (the game
 * ended with it: it read "a robot plays for Dee to the end" above "The game is over").
 */
export function goneText(t: Translate, kind: 'leave' | 'remove', name: string, then?: GoneThen): string {
  return t(GONE[kind][then ?? 'play'], name);
}

/**
 * To the owner, at an end that closes the room: the questions left open wait for their next
 * game of this ruleset (server/game/carried-questions.ts); the web page's line and the bridge's.
 */
export function carriedText(t: Translate, words: readonly string[]): string {
  return t('cw.carried', words.join(', '), words.length);
}

/** Who asks for a rematch (`asking`, the names), as the web panel says it under the results and in its log, and the Emacs bridge in its message. */
export function rematchVotesText(t: Translate, asking: readonly string[]): string {
  return t('cw.rematchVotes', asking.join(', '), asking.length);
}

/** What became of a seat given up in a state of `status` (the state that shows it given up). */
export function goneThen(status: string): GoneThen | undefined {
  return status === 'ended' ? 'end' : status === 'over' ? 'rematch' : undefined;
}

/**
 * A line that is no turn, in words. `over`: the round was over when it came (an approved
 * word is in the dictionary then, but there is no move left to play it in: "you may play it
 * again" was untrue after the game). `owner`: the line is the owner's page's: their own end
 * of the game reads "You ended the game.", and their decision on a word (the owner's page is
 * told only of the owner's own words) "You approved ZANIT: …" (it read "The owner approved
 * ZANIT" to the owner who had just clicked Approve).
 */
export function logEventText(t: Translate, e: CardwordsLogEvent, over = false, owner = false): string {
  switch (e.kind) {
    case 'rematch':
      return t('cw.log.rematch', e.round);
    case 'vote':
      return rematchVotesText(t, [e.name]);
    case 'end':
      return withEndReason(t, e.reason, t('cw.won', e.winners.join(', ')), owner);
    case 'leave':
    case 'remove':
      return goneText(t, e.kind, e.name, e.then);
    case 'word':
      if (owner) return e.approved ? (over ? t('cw.word.approved.own.over', e.word, 1) : t('cw.word.approved.own', e.word)) : t('cw.word.rejected.own', e.word);
      return e.approved ? (over ? t('cw.word.approved.over', e.word, 1) : t('cw.word.approved', e.word)) : t('cw.word.rejected', e.word);
  }
}

/**
 * A line of the history: a turn (`current`: of the round under way, which the review steps
 * through) or another line (`over`: after its round's end, for `logEventText`).
 */
export type HistoryLine = { round: number; turn: CardwordsHistoryTurn; current: boolean } | { round: number; event: CardwordsLogEvent; over?: true };

/**
 * The history's lines in the order a page in the room all along logged them: each round's
 * turns, a line that is no turn after the turns played before it. The rounds it holds start
 * at `from` (the earlier ones are not sent: a page keeps its own).
 */
export function historyLines(p: CardwordsHistoryMessage): { from: number; lines: HistoryLine[] } {
  const rounds = [...(Array.isArray(p.earlier) ? p.earlier : []), { round: p.round, turns: p.turns }];
  const events = Array.isArray(p.events) ? p.events : [];
  const lines: HistoryLine[] = [];
  // the rounds whose end is among the lines so far: a line after it came after the game
  const ended = new Set<number>();
  const event = (x: CardwordsLogEvent): HistoryLine => {
    const line: HistoryLine = { round: x.round, event: x, ...(ended.has(x.round) ? { over: true as const } : {}) };
    if (x.kind === 'end') ended.add(x.round);
    return line;
  };
  let e = 0;
  for (const r of rounds) {
    const current = r.round === p.round;
    // a line of an earlier round than this one's (none should be) still comes before it
    const due = (at: number) => e < events.length && (events[e]!.round < r.round || (events[e]!.round === r.round && events[e]!.at <= at));
    r.turns.forEach((turn, k) => {
      for (; due(k); e++) lines.push(event(events[e]!));
      lines.push({ round: r.round, turn, current });
    });
    for (; due(Infinity); e++) lines.push(event(events[e]!));
  }
  for (; e < events.length; e++) lines.push(event(events[e]!));
  return { from: rounds[0]!.round, lines };
}

/** A given-up seat's key in a log (its round and name): its line is logged once, live or from `history`. */
export function goneKey(round: number, name: string): string {
  return `${round}:${name}`;
}

/** The keys of the leaves and removals among history lines, already in the log. */
export function goneKeys(lines: readonly HistoryLine[]): string[] {
  return lines.flatMap((l) => ('event' in l && (l.event.kind === 'leave' || l.event.kind === 'remove') ? [goneKey(l.round, l.event.name ?? '')] : []));
}
