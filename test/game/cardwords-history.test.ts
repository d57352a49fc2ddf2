// Which rounds `history` carries and whose lines (server/game/cardwords-history.ts), alone.
import { describe, expect, it } from 'vitest';
import { earlierRoundsSent, LogNotes } from '../../server/game/cardwords-history.js';
import { LOG_LINES } from '../../core/protocol/messages.js';

describe('the history of a Cardwords game', () => {
  it('goes back from the current round while fewer than LOG_LINES turns are sent: one round past it at most', () => {
    expect(earlierRoundsSent(10, [])).toBe(0);
    expect(earlierRoundsSent(10, [5, 5, 5])).toBe(3);
    // newest first: the round that reaches LOG_LINES is the last one sent
    expect(earlierRoundsSent(10, [50, 100, LOG_LINES - 20, 30])).toBe(2);
    expect(earlierRoundsSent(LOG_LINES, [1, 1])).toBe(0);
  });

  it("places the end first after a round's last turn, and a word decision only in its asker's lines", () => {
    const notes = new LogNotes();
    notes.add({ round: 1, at: 0, kind: 'word', word: 'NN', approved: true, askers: ['Ann'] });
    notes.add({ round: 1, at: 2, kind: 'leave', name: 'Bo' });
    notes.add({ round: 2, at: 0, kind: 'rematch' });
    notes.add(null);
    const turn = { player: 0, type: 'pass' as const, score: -1, words: [], traded: 0, drawn: 0, standIn: false };
    const rounds = [
      { round: 1, turns: [turn, turn], winners: ['Ann'] },
      { round: 2, turns: [turn], winners: null },
    ];
    const common = [
      { round: 1, at: 2, kind: 'end', winners: ['Ann'] },
      { round: 1, at: 2, kind: 'leave', name: 'Bo' },
      { round: 2, at: 0, kind: 'rematch' },
    ];
    expect(notes.events(rounds, 'ann')).toEqual([{ round: 1, at: 0, kind: 'word', word: 'NN', approved: true }, ...common]);
    expect(notes.events(rounds, 'Bo')).toEqual(common);
    expect(notes.events(rounds, null)).toEqual(common);
    // the rounds not sent: none of their lines
    expect(notes.events(rounds.slice(1), null)).toEqual([{ round: 2, at: 0, kind: 'rematch' }]);
  });
});
