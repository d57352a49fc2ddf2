// What a client knows of the server's dictionary for the move preview
// (core/games/cardwords/word-checks.ts): one request at a time, the latest words only.
import { describe, expect, it } from 'vitest';
import { CHECK_MAX_WORDS, WordChecks } from '../../core/games/cardwords/word-checks.js';
import { lackingWordsText } from '../../media/cardwords/words.js';
import { translator } from '../../media/ui/l10n/index.js';

describe('word checks', () => {
  it('asks the latest words not known yet, one request at a time; the answer is kept', () => {
    const c = new WordChecks();
    expect(c.next()).toBeNull();
    // typed letter by letter: only the last word is asked
    c.want(['T']);
    c.want(['TW']);
    c.want(['TWE', 'TWE', 'AT']);
    expect(c.pending).toBe(true);
    expect(c.next()).toEqual(['TWE', 'AT']);
    expect(c.pending).toBe(false);
    // while it is unanswered, a new wish waits
    c.want(['TWERK']);
    expect(c.next()).toBeNull();
    c.answered(['TWE', 'AT'], ['TWE']);
    expect(c.known('TWE')).toBe(false);
    expect(c.known('AT')).toBe(true);
    expect(c.known('TWERK')).toBeUndefined();
    expect(c.next()).toEqual(['TWERK']);
    // a refused check: nothing learned, the next may go; known words are never asked again
    c.failed();
    c.want(['AT', 'TWE']);
    expect(c.pending).toBe(false);
    expect(c.next()).toBeNull();
    // the owner's decision
    c.decided('TWE', true);
    expect(c.known('TWE')).toBe(true);
  });

  it('tells the words the owner rejected in this game from those playing would ask about, from the check and from a decision; an approval clears it', () => {
    const c = new WordChecks();
    c.answered(['AT', 'TWE', 'XT'], ['TWE', 'XT'], ['XT']);
    expect(c.lacking(['AT', 'TWE', 'XT', 'XT'])).toEqual({ unknown: ['TWE'], rejected: ['XT'], asked: [], ask: 'now' });
    c.decided('TWE', false);
    expect(c.lacking(['TWE', 'XT'])).toEqual({ unknown: [], rejected: ['TWE', 'XT'], asked: [], ask: 'now' });
    c.decided('XT', true);
    expect(c.lacking(['TWE', 'XT'])).toEqual({ unknown: [], rejected: ['TWE'], asked: [], ask: 'now' });
    expect(c.known('XT')).toBe(true);
    // a later check without it (approved elsewhere, then unknown again) is what the server says
    c.answered(['TWE'], ['TWE'], []);
    expect(c.lacking(['TWE'])).toEqual({ unknown: ['TWE'], rejected: [], asked: [], ask: 'now' });
  });

  it('tells the words the owner has been asked about, from the refusal and from the check (a restart\'s preview said playing would ask); a decision ends it', () => {
    const c = new WordChecks();
    c.answered(['AT', 'TWE', 'XT'], ['TWE', 'XT'], [], 'now', ['XT']);
    expect(c.lacking(['AT', 'TWE', 'XT'])).toEqual({ unknown: ['TWE'], rejected: [], asked: ['XT'], ask: 'now' });
    c.askedAbout(['TWE']);
    expect(c.lacking(['TWE', 'XT'])).toEqual({ unknown: [], rejected: [], asked: ['TWE', 'XT'], ask: 'now' });
    c.decided('XT', false);
    c.decided('TWE', true);
    expect(c.lacking(['TWE', 'XT'])).toEqual({ unknown: [], rejected: ['XT'], asked: [], ask: 'now' });
    const t = translator('en');
    expect(lackingWordsText(t, { unknown: ['AB'], rejected: [], asked: ['EEOS'], ask: 'now' })).toEqual([
      'EEOS: not in the dictionary. The owner has been asked to add it; the move is refused until then.',
      'AB: not in the dictionary. Playing the move asks the owner to add it.',
    ]);
  });

  it('keeps how the server last said playing them asks the owner (the owner may come and go)', () => {
    const c = new WordChecks();
    c.answered(['TWE'], ['TWE'], [], 'absent');
    expect(c.lacking(['TWE']).ask).toBe('absent');
    c.answered(['XT'], ['XT'], [], 'later');
    expect(c.lacking(['TWE', 'XT'])).toEqual({ unknown: ['TWE', 'XT'], rejected: [], asked: [], ask: 'later' });
  });

  it('asks at most the words one check may carry', () => {
    const c = new WordChecks();
    c.want(Array.from({ length: 40 }, (_, i) => `W${i}`));
    expect(c.next()).toHaveLength(CHECK_MAX_WORDS);
  });
});
