// The UI's strings: every key of the English module exists in Danish and German, with the
// same {n} placeholders, and nothing is left empty; the language choice falls back to English.
import { describe, expect, it } from 'vitest';
import { chooseLanguage, LANGUAGES, translator } from '../../media/ui/l10n/index.js';
import { en } from '../../media/ui/l10n/en.js';
import { placeholdersOf } from '../../core/l10n/format.js';
import { endReasonText, idleSeconds, idleWarningStep, idleWarningText, withEndReason } from '../../media/ui/end-reason.js';
import { idleWarningMessage } from '../../server/bridge/texts.js';
import { logEventText } from '../../media/cardwords/log-lines.js';
import { uptimeText } from '../../media/lobby/uptime.js';
import type { CardwordsLogEvent, EndReason } from '../../core/protocol/messages.js';

const placeholders = placeholdersOf;

describe('UI strings (en, da, de)', () => {
  const keys = Object.keys(en).sort();
  for (const lang of ['en', 'da', 'de']) {
    it(`${lang}: every key, no extra key, same placeholders, none empty`, () => {
      const strings = LANGUAGES[lang] as Record<string, string>;
      expect(strings).toBeDefined();
      expect(Object.keys(strings).sort()).toEqual(keys);
      for (const k of keys) {
        expect(strings[k]!.trim(), `${lang} ${k}`).not.toBe('');
        expect(placeholders(strings[k]!), `${lang} ${k}`).toBe(placeholders((en as Record<string, string>)[k]!));
      }
    });
  }

  it('translates Danish and German apart from English', () => {
    const differs = (lang: string) => keys.filter((k) => (LANGUAGES[lang] as Record<string, string>)[k] !== (en as Record<string, string>)[k]).length;
    expect(differs('da')).toBeGreaterThan(keys.length / 2);
    expect(differs('de')).toBeGreaterThan(keys.length / 2);
  });

  it('chooses the language from navigator.language, English when unknown', () => {
    expect(chooseLanguage('da-DK')).toBe('da');
    expect(chooseLanguage('de-AT')).toBe('de');
    expect(chooseLanguage('en-GB')).toBe('en');
    expect(chooseLanguage('fr-FR')).toBe('en');
    expect(chooseLanguage('nb-NO')).toBe('da');
    expect(chooseLanguage(undefined)).toBe('en');
    expect(translator('de')('lines.score', 12)).toBe('Punkte: 12');
    expect(translator('da')('yatzee.throwsLeft', 2)).toBe('Kast tilbage: 2');
  });

  it('counts in each language’s plural forms: no "1 cards", "1 points"', () => {
    const en = translator('en');
    const da = translator('da');
    const de = translator('de');
    expect([1, 2].map((n) => en('cw.ok.trade', n))).toEqual(['Trade 1 card', 'Trade 2 cards']);
    expect([1, 3].map((n) => de('cw.ok.trade', n))).toEqual(['1 Karte tauschen', '3 Karten tauschen']);
    expect([1, 3].map((n) => da('cw.ok.trade', n))).toEqual(['Byt 1 kort', 'Byt 3 kort']);
    expect([-1, 1, 0].map((n) => en('cw.preview.pass', n))).toEqual(['Return passes: -1 point.', 'Return passes: 1 point.', 'Return passes: 0 points.']);
    expect(de('cw.preview.trade', 1, 2)).toBe('Mit der Eingabetaste tauschst du 1 Karte: 2 Punkte.');
    expect(en('yatzee.transferred', 'Chance', 1)).toBe('Chance: 1 point.');
    expect(de('yatzee.transferred', 'Chance', 21)).toBe('Chance: 21 Punkte.');
    expect(en('lines.scored', 5, 10)).toBe('Line! 5 chips removed, 10 points.');
    expect(da('lines.thrown', 1)).toBe('1 ny brik.');
    expect(da('lines.thrown', 3)).toBe('3 nye brikker.');
    // the uptime in a whole unit (it said "up 1102 s"), German's dative after "seit" ("2 Tagen")
    expect(de('lobby.server', '1.0', uptimeText(de, 5), 1)).toBe('Server 1.0, läuft seit 5 Sekunden, 1 offenes Spiel.');
    expect([0, 1, 59, 60, 1102, 3599, 3600, 7300, 86_399, 86_400, 200_000].map((s) => uptimeText(en, s))).toEqual(['0 seconds', '1 second', '59 seconds', '1 minute', '18 minutes', '59 minutes', '1 hour', '2 hours', '23 hours', '1 day', '2 days']);
    expect([1102, 200_000].map((s) => uptimeText(de, s))).toEqual(['18 Minuten', '2 Tagen']);
    expect(da('lobby.server', '1.0', uptimeText(da, 1102), 2)).toBe('Server 1.0, oppe i 18 minutter, 2 åbne spil.');
    // one card is "it" ("Return trades them" for one card, in Emacs's preview)
    expect([1, 2].map((n) => en('cw.preview.tradeLater', n, -n))).toEqual(['A trade of 1 card: -1 point. Return trades it on your turn.', 'A trade of 2 cards: -2 points. Return trades them on your turn.']);
    expect(en('cw.hint.trade', 1, -1)).toBe('The robot suggests trading 1 card (-1 point): Return trades it.');
    expect([1, 2].map((n) => da('cw.preview.tradeLater', n, -n))).toEqual(['En byttehandel med 1 kort: -1 point. Med Enter bytter du det, når det er din tur.', 'En byttehandel med 2 kort: -2 point. Med Enter bytter du dem, når det er din tur.']);
  });

  it('the Return key is named as a key: "Eingabe passt" read as "the input fits", "Retur" as "back"', () => {
    expect(translator('de')('cw.preview.pass', 0)).toBe('Mit der Eingabetaste passt du: 0 Punkte.');
    expect(translator('da')('cw.preview.pass', 0)).toBe('Med Enter melder du pas: 0 point.');
    expect(translator('da')('cw.preview.trade', 2, -1)).toBe('Med Enter bytter du 2 kort: -1 point.');
    // every string: German says Eingabetaste (or Enter), never Eingabe alone; Danish Enter, never Retur
    const de = LANGUAGES.de as Record<string, string>;
    const da = LANGUAGES.da as Record<string, string>;
    expect(Object.keys(de).filter((k) => /\bEingabe\b/.test(de[k]!))).toEqual([]);
    expect(Object.keys(da).filter((k) => /\bRetur\b/.test(da[k]!))).toEqual([]);
  });

  it('one address and one name per game and action in each language (the Yatzee sheet said "Cal (Sie)" beside "Du spielst als Cal")', () => {
    const de = LANGUAGES.de as Record<string, string>;
    const da = LANGUAGES.da as Record<string, string>;
    // German says du throughout; "Sie" starts a sentence only as "they"/"it" (never in a mark of one's own)
    expect([de['yatzee.player.you'], de['yatzee.mark.you']]).toEqual(['{0} (du)', 'du']);
    expect(Object.keys(de).filter((k) => /\b(Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer)\b/.test(de[k]!))).toEqual([]);
    // the game is Kniffel in German and Yatzy in Danish, never the English name
    expect(Object.keys(de).filter((k) => /Yatzee|Yatzy/.test(de[k]!))).toEqual([]);
    expect(Object.keys(da).filter((k) => /Yatzee/.test(da[k]!))).toEqual([]);
    // joining is beitreten everywhere (Cardwords said "Am Spiel teilnehmen", Kniffel "Dem Spiel beitreten")
    expect(Object.keys(de).filter((k) => /teilnehm/i.test(de[k]!))).toEqual([]);
    expect([de['cw.join'], de['cw.joinButton']]).toEqual([de['yatzee.join'], de['yatzee.joinButton']]);
  });

  it('a turn said in the status line is a sentence in every language (a robot’s move had no full stop)', () => {
    for (const lang of ['en', 'da', 'de']) {
      const t = translator(lang);
      for (const line of [t('cw.log.move', 'Robot1', 'CAT', 5), t('cw.log.trade', 'Robot1', 2, -1), t('cw.log.pass', 'Robot1', 0)]) expect(line, lang).toMatch(/^Robot1 .*\.$/);
    }
  });

  it("the owner's end reads as their own on the owner's page, in every language (it read 'The owner ended the game.' there too)", () => {
    const ownPage = { en: 'You ended the game.', da: 'Du afsluttede spillet.', de: 'Du hast das Spiel beendet.' };
    for (const [lang, own] of Object.entries(ownPage)) {
      const t = translator(lang);
      expect(endReasonText(t, 'owner', true), lang).toBe(own);
      expect(endReasonText(t, 'owner'), lang).toBe(t('end.owner'));
      expect(endReasonText(t, 'owner'), lang).not.toBe(own);
      // any other end reads the same on the owner's page
      expect(endReasonText(t, 'sheets-full', true), lang).toBe(t('end.sheets-full'));
    }
    expect(endReasonText(translator('en'), 'owner', false)).toBe('The owner ended the game.');
  });

  it("Cardwords' idle and owner's ends say why in the status line and the log, as Yatzee's status does (they said only the winners, the reason under Results alone)", () => {
    const t = translator('en');
    const end = (reason?: EndReason): CardwordsLogEvent => ({ round: 1, at: 3, kind: 'end', winners: ['Ida'], ...(reason ? { reason } : {}) });
    // an idle end names no winner (it named one of a game nobody played: "you win with -14 points!")
    expect(logEventText(t, end('idle'))).toBe('No winner: nobody played for a long time.');
    // the status line's "you win" (media/cardwords/panel.tsx) says it the same way
    expect(withEndReason(t, 'idle', t('cw.youWin', -14))).toBe('No winner: nobody played for a long time.');
    expect(withEndReason(translator('de'), 'idle', t('cw.youWin', -14))).toBe('Kein Gewinner: Lange hat niemand gespielt.');
    // the warning before it, in the status line (the state's idleEndsIn, seconds): none before
    expect(idleWarningText(t, 0)).toBe('');
    expect(idleWarningText(t, 180)).toBe('Nobody has played for a while: the game ends in 3 minutes unless someone plays.');
    expect(idleWarningText(t, 1)).toBe('Nobody has played for a while: the game ends in 1 second unless someone plays.');
    expect(idleWarningText(translator('de'), 60)).toBe('Eine Weile hat niemand gespielt: Das Spiel endet in 60 Sekunden, wenn niemand spielt.');
    // the owner's word question counts its words (one read "words … reject them")
    expect(t('cw.request', 'Bo', 'BTE', 1)).toBe('Bo tried a word the dictionary does not know: BTE. Approve or reject it.');
    expect(t('cw.request', 'Bo', 'BTE, XU', 2)).toBe('Bo tried words the dictionary does not know: BTE, XU. Approve or reject them.');
    expect(translator('de')('cw.request.own', 'BTE', 1)).toBe('Du hast ein Wort gespielt, das das Wörterbuch nicht kennt: BTE. Freigeben oder ablehnen.');
    // one rule for the web panels' status line and the Emacs bridge's message line, from one state to the next (it was written out in each)
    const warn = (s: number) => idleWarningText(t, s);
    expect(idleSeconds({ status: 'playing', idleEndsIn: 180 })).toBe(180);
    expect(idleSeconds({ status: 'ended', idleEndsIn: 180 })).toBe(0);
    expect(idleSeconds(null)).toBe(0);
    expect(idleWarningStep(t, 0, 0)).toBeNull();
    expect(idleWarningStep(t, 0, 180)).toEqual({ say: warn(180) });
    expect(idleWarningStep(t, 180, 180)).toBeNull();
    expect(idleWarningStep(t, 2, 1)).toEqual({ say: warn(1) });
    expect(idleWarningStep(t, 60, 0)).toEqual({ unsay: warn(60) });
    expect(idleWarningMessage(0, 180, 'Bo passed.')).toBe(warn(180));
    expect(idleWarningMessage(180, 180, 'Bo passed.')).toBe('Bo passed.');
    expect(idleWarningMessage(60, 0, warn(60))).toBe('');
    // taken back only where it still stands: what was said since stays
    expect(idleWarningMessage(60, 0, 'Bo passed.')).toBe('Bo passed.');
    // the owner's end too (its why stood under Results alone): in the owner's own words on the owner's page
    expect(logEventText(t, end('owner'))).toBe('The owner ended the game. The game is over. Winner: Ida.');
    expect(logEventText(t, end('owner'), false, true)).toBe('You ended the game. The game is over. Winner: Ida.');
    expect(withEndReason(t, 'owner', t('cw.youWin', 3), true)).toBe('You ended the game. The game is over: you win with 3 points!');
    expect(logEventText(translator('de'), end('owner'))).toBe(`Der Besitzer hat das Spiel beendet. ${translator('de')('cw.won', 'Ida')}`);
    // an end the table shows (the last card laid, the passes), and a log line from before the reason was sent, as before
    for (const reason of ['out', 'passes', undefined] as const) expect(logEventText(t, end(reason))).toBe('The game is over. Winner: Ida.');
  });

  it('a refusal for several unknown words agrees in number (it read "CN, AWEA, KOAG is not in the dictionary")', () => {
    const t = translator('en');
    expect(t('cw.err.unknown-words.asked', 'CN, AWEA', 2)).toBe('CN, AWEA are not in the dictionary. The owner has been asked to add them; try another move, or wait and try again.');
    expect(t('cw.err.unknown-words.asked', 'CN', 1)).toBe('CN is not in the dictionary. The owner has been asked to add it; try another move, or wait and try again.');
    for (const k of ['owner', 'later', 'absent', 'notAsked'] as const) expect(t(`cw.err.unknown-words.${k}`, 'CN, AWEA', 2), k).toMatch(/^CN, AWEA are not in the dictionary\./);
    expect(translator('de')('cw.err.unknown-words.later', 'CN, AWEA', 2)).toMatch(/^CN, AWEA stehen nicht im Wörterbuch\./);
    expect(translator('da')('cw.err.unknown-words.later', 'CN', 1)).toMatch(/^Ordet CN står ikke i ordbogen\./);
  });

  it('no English template counts a noun with a bare placeholder ("{0} cards")', () => {
    const bare = Object.entries(en).filter(([, v]) => /\{\d\} (cards?|points?|chips?|errors?|games?)\b|\(s\)/.test(v)).map(([k]) => k);
    expect(bare).toEqual([]);
  });
});
