// The pure rules behind the play-test fixes of the Cardwords page (test/ui/cardwords-playtest.test.ts
// plays them in Chromium): an owner's approval after the game in words (the web log, its
// history, the Emacs bridge), what the review's Best move has to show at a step, and the
// address a page keeps once it has created its game.
import { describe, expect, it } from 'vitest';
import type { CardwordsHistoryMessage, CardwordsLogEvent } from '../../core/protocol/messages.js';
import { historyLines, logEventText } from '../../media/cardwords/log-lines.js';
import { reviewBestMissing, reviewBestMissingText } from '../../media/cardwords/words.js';
import { createdGameSearch } from '../../media/ui/host.js';
import { translator } from '../../media/ui/l10n/index.js';
import { wordsDecidedText } from '../../server/bridge/texts.js';

const en = translator('en');
const word = (approved: boolean, at: number, round = 1): CardwordsLogEvent => ({ round, at, kind: 'word', word: 'ATE', approved });

describe('an owner approving a word after the game', () => {
  it('says it is in the dictionary now, not that it may be played again; a rejection reads the same either way', () => {
    expect(logEventText(en, word(true, 3))).toBe('The owner approved ATE: you may play it again.');
    expect(logEventText(en, word(true, 3), true)).toBe('The owner approved ATE: it is in the dictionary now.');
    expect(logEventText(translator('da'), word(true, 3), true)).toBe('Ejeren godkendte ATE: Det står nu i ordbogen.');
    expect(logEventText(translator('de'), word(true, 3), true)).toBe('Der Besitzer hat ATE freigegeben: Es steht jetzt im Wörterbuch.');
    expect(logEventText(en, word(false, 3), true)).toBe(logEventText(en, word(false, 3)));
  });

  it('the history marks the lines after their round\'s end (a reload words them as the page there all along did); a rematch\'s lines are its own round\'s', () => {
    const turn = { player: 0, type: 'pass' as const, score: -1, words: [], standIn: false };
    const p = {
      round: 2,
      players: ['Ann', 'Bo'],
      turns: [turn],
      earlier: [{ round: 1, turns: [turn, turn] }],
      events: [word(true, 1), { round: 1, at: 2, kind: 'end', winners: ['Ann'] }, word(true, 2), { round: 2, at: 0, kind: 'rematch' }, word(true, 1, 2)],
    } as unknown as CardwordsHistoryMessage;
    const lines = historyLines(p).lines.flatMap((l) => ('event' in l ? [`${l.round} ${l.event.kind}${l.over ? ' over' : ''}`] : []));
    expect(lines).toEqual(['1 word', '1 end', '1 word over', '2 rematch', '2 word']);
  });

  it('the Emacs bridge says it in the web page\'s words after the game; during it, RET plays the move again', () => {
    expect(wordsDecidedText(['ATE'], [])).toBe('The owner approved ATE: RET plays the move again.');
    expect(wordsDecidedText(['ATE'], [], { over: true })).toBe('The owner approved ATE: it is in the dictionary now.');
    expect(wordsDecidedText(['ATE', 'TEA'], [], { over: true })).toBe('The owner approved ATE, TEA: they are in the dictionary now.');
    expect(wordsDecidedText([], ['ATE'], { over: true })).toBe('The owner rejected ATE.');
    // the owner's own words: RET plays the move again while the game goes on, not after it
    expect(wordsDecidedText(['ATE'], [], { owner: true, mine: true })).toMatch(/ RET plays the move again\.$/);
    expect(wordsDecidedText(['ATE'], [], { owner: true, mine: true, over: true })).not.toMatch(/RET/);
  });
});

describe("the review's Best move", () => {
  it('has nothing to show at the final table, on a robot\'s turn, or where the best robot lays no cards; says why', () => {
    const cards = [{ col: 3, row: 3, card: { char: 'A', points: 1 } }];
    expect(reviewBestMissing(null)).toBe('final');
    expect(reviewBestMissing({ cells: [] })).toBe('robot');
    expect(reviewBestMissing({ best: { type: 'trade' } })).toBe('no-cards');
    expect(reviewBestMissing({ best: { type: 'pass' } })).toBe('no-cards');
    expect(reviewBestMissing({ best: { type: 'move', cards } })).toBeNull();
    expect(reviewBestMissingText(en, 'robot')).toBe("A robot played this turn: the best robot's move is shown beside the turns people played.");
  });
});

describe('the address after creating a game', () => {
  it('keeps the owner link and the language, drops what created the game', () => {
    expect(createdGameSearch('?owner=T0K&quick=1&level=best&seed=s2&name=Ann&lang=de', 'G1')).toBe('?game=G1&owner=T0K&lang=de');
    expect(createdGameSearch('?owner=T0K&humans=2&robots=1&grace=never', 'G2')).toBe('?game=G2&owner=T0K');
    expect(createdGameSearch('', 'G3')).toBe('?game=G3');
  });
});
