// The lines of a Cardwords game's log that are no turn, and which rounds the `history`
// message carries (core/protocol/messages.ts): the room notes each line as it logs the entry
// behind it (live, and when it replays its stored log after a restart), so a page that comes
// in gets the lines a page that stayed open wrote, in their places among the turns.
import { sameName } from '../../core/games/names.js';
import { LOG_LINES, type CardwordsHistoryTurn, type CardwordsLogEvent } from '../../core/protocol/messages.js';

/** A noted line; a word decision keeps whom it was told to (only they see it again). */
export type LogNote = CardwordsLogEvent & { askers?: readonly string[] };

/** A round as `history` sends it: its turns, and its winners once it is over by the rules (the room's end of a round going on is a note). */
export interface RoundLog {
  round: number;
  turns: CardwordsHistoryTurn[];
  winners: string[] | null;
}

export class LogNotes {
  private readonly notes: LogNote[] = [];

  /** A line logged now (in the order the entries are logged). */
  add(note: LogNote | null): void {
    if (note) this.notes.push(note);
  }

  /**
   * The lines of `rounds` (oldest first, consecutive) as `name` (the client's seat, null for a
   * watcher or an owner without a seat) saw them: a word decision only for the players it was
   * asked for (docs/rules.md "Privacy"), a round's end first after its last turn.
   */
  events(rounds: readonly RoundLog[], name: string | null): CardwordsLogEvent[] {
    const out: CardwordsLogEvent[] = [];
    for (const r of rounds) {
      const mine = this.notes.filter((n) => n.round === r.round && (n.kind === 'word' ? name !== null && (n.askers ?? []).some((a) => sameName(a, name)) : n.kind !== 'vote' || name === null || !sameName(n.name, name)));
      const n = r.turns.length;
      const bare = ({ askers: _askers, ...e }: LogNote): CardwordsLogEvent => e;
      out.push(...mine.filter((e) => e.at < n).map(bare));
      if (r.winners) out.push({ round: r.round, at: n, kind: 'end', winners: r.winners });
      out.push(...mine.filter((e) => e.at >= n).map(bare));
    }
    return out;
  }
}

/**
 * How many of the earlier rounds (newest first) `history` carries: back from the current
 * round while fewer than LOG_LINES turns are sent, so that what a page shows (its newest
 * LOG_LINES lines) is whole, and the message is bounded by one round's turns plus LOG_LINES
 * (a round's turns by its cards and the turns without a move before its end).
 */
export function earlierRoundsSent(current: number, earlierTurns: readonly number[]): number {
  let sent = current;
  let k = 0;
  for (let i = earlierTurns.length - 1; i >= 0 && sent < LOG_LINES; i--, k++) sent += earlierTurns[i]!;
  return k;
}
