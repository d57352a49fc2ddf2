// The bridge's words for the editor: English, the Emacs package's language, from the texts
// the web panels use (why a game ended: media/ui/end-reason.ts; the action area's refusals,
// braces and a move's broken rules: media/cardwords/words.ts), so each wording lives in one place.
import { endReasonText, idleWarningStep } from '../../media/ui/end-reason.js';
import { yatzeeRefusalText } from '../../media/yatzee/refusal.js';
import { fullStop, sentence, translator } from '../../media/ui/l10n/index.js';
import { awayNoteText, bracesText, goneMark, rematchVotesText, rematchWaiting, rematchWaitsText, removeQuestion, lackingWordsText, pileTooSmallText, refusedActionText, startedText, moveErrorText, refusalText, reviewBestMissingText, reviewBestText, spelledText, startText, type WordLetter } from '../../media/cardwords/words.js';
import type { AwayNote } from '../../core/protocol/away.js';
import { joinRefusal as lobbyJoinRefusal, watchRefusal } from '../../media/lobby/listing.js';
import { refusedJoin, type Refusal as JoinRefusal } from '../../media/ui/refusal.js';
import { cardwordsEndsWithout, type GameListing } from '../../core/protocol/game.js';
import { CLOSE_REASON, type CardwordsLogEvent, type ErrorMessage } from '../../core/protocol/messages.js';
import { carriedText, logEventText } from '../../media/cardwords/log-lines.js';
import type { CardTable } from '../../core/formats/types.js';
import type { Coords, Refusal } from '../../core/games/cardwords/compose.js';
import type { MoveError } from '../../core/games/cardwords/rules.js';
import type { Lacking } from '../../core/games/cardwords/word-checks.js';
import type { MoveScore } from '../../core/games/cardwords/scoring.js';

const en = translator('en');

/** What the table waits on when the turn's player is away, as the web panel says it under the pile. */
export function awayText(note: AwayNote): string {
  return awayNoteText(en, note);
}

/** Your turns a stand-in played while you were away, as the web panel says it when you are back. */
export function standInsWhileAway(n: number): string {
  return en('cw.standInsWhileAway', n);
}

/** A move composed that the table's change no longer fits, cleared (not traded), as the web panel says it. */
export function displacedText(location: string): string {
  return en('cw.displaced', location);
}

/** The deal, said to those who waited for it, as the web panel says it. */
export function startedMessage(names: readonly string[], turn: number, you: number): string {
  return startedText(en, names, turn, you);
}

/**
 * Why the room let this client go (CLOSE.REMOVED's reasons), in the web pages' words: '' for
 * the player's own leave. A seat taken back elsewhere is the page's sentence as it stands
 * ("…elsewhere (another tab, window or editor), not here."): the same event said the same
 * way in every client, its one home the web catalogue.
 */
export function closedText(reason: string | undefined): string {
  if (reason === CLOSE_REASON.LEFT) return '';
  if (reason === CLOSE_REASON.REMOVED) return en('conn.removed');
  if (reason === CLOSE_REASON.TAKEN_BACK) return en('conn.takenBack');
  return en('conn.closed');
}

/** The seat played elsewhere taken back in the editor (the web page's "Play here" says "on this page"). */
export function playingHereText(): string {
  return en('conn.playingHereEditor');
}

/** A local server no game of the editor uses, kept running for the people still on it. */
export function serverKeptText(people: number): string {
  const who = people === 1 ? '1 person' : `${people} people`;
  return `The local game server runs on for the ${who} still playing or watching there; it stops once they have left, or when the editor quits.`;
}

/** Who asks for a rematch, as the web panel says it under the results: said to the others when someone asks. */
export function rematchVotesLine(asking: readonly string[]): string {
  return rematchVotesText(en, asking);
}

/** Whom a rematch vote waits for, once someone asked, as the web panel says it; '' when nobody. */
export function rematchWaitsLine(players: Parameters<typeof rematchWaiting>[0], me: string | undefined, grace: number): string {
  const waiting = rematchWaiting(players, me);
  return waiting.length > 0 ? rematchWaitsText(en, waiting, grace) : '';
}

/**
 * The web page's questions before a leave and before the owner removes each of `removable`,
 * for the editor to ask: what becomes of the seat, or that the game ends (the last person).
 */
export function leaveQuestionText(s: Parameters<typeof removeQuestion>[0], mySeat: number): string {
  return `${en(cardwordsEndsWithout(s, mySeat) ? 'cw.leave.questionLast' : 'cw.leave.question')} `;
}

/** What the web page says once you left a game going on: a robot plays your seat, or (the last person) the game is over. */
export function leftText(s: Parameters<typeof removeQuestion>[0], mySeat: number): string {
  return en(cardwordsEndsWithout(s, mySeat) ? 'cw.leftLast' : 'cw.left');
}

export function removeQuestionsText(s: Parameters<typeof removeQuestion>[0], removable: readonly string[]): Array<{ name: string; question: string }> {
  return removable.map((name) => ({ name, question: `${en(removeQuestion(s, name), name)} ` }));
}

/** A seat nobody has taken yet, as the web panel's score board names it: '(free seat)'. */
export function freeSeatName(): string {
  return en('cw.freeSeat');
}

/** Before the deal with a seat free, as the web panel says it under the pile: 'The game is waiting … this link:'. */
export function inviteText(): string {
  return `${en('cw.waiting')} ${en('cw.invite')}`;
}

/** A Yatzee game with a place free, as the web panel says it: 'To invite someone, give them this link:'. */
export function yatzeeInviteText(): string {
  return en('cw.invite');
}

/** The owner's removal of the last person playing, which ended the game, as the Cardwords web panel words it. */
export function cardwordsRemovedLastText(): string {
  return en('cw.removedLast');
}

/** The names of the sheet's rows under the categories, the web panel's: the upper section's sum, its bonus, the total. */
export function yatzeeSheetRows(): { upper: string; bonus: string; total: string } {
  return { upper: en('yatzee.upper'), bonus: en('yatzee.bonus'), total: en('yatzee.total') };
}

/** A Yatzee leave or removal of the last human, which ends the game, as the web panel words them. */
export function yatzeeLastText(what: 'removed' | 'left'): string {
  return en(what === 'removed' ? 'yatzee.removedLast' : 'yatzee.leftLast');
}

/** What the web page says once you left a Yatzee game going on (not the last person): 'You left the game: your sheet is closed.' */
export function yatzeeLeftText(): string {
  return en('yatzee.left');
}

/** The web page's question before a leave (yours the `last` person's sheet: the game ends), for the editor to ask. */
export function yatzeeLeaveQuestionText(last: boolean): string {
  return `${en(last ? 'yatzee.leave.questionLast' : 'yatzee.leave.question')} `;
}

/**
 * Other players' sheets gone while the game goes on, as the web panel says it ("Gus left the
 * game: that sheet is closed.", "The owner removed Cy from the game: …"): the column went
 * without a word.
 */
export function yatzeeGoneText(left: readonly string[], removed: readonly string[]): string {
  return [
    ...(left.length > 0 ? [en('yatzee.playerLeft', left.join(', '), left.length)] : []),
    ...(removed.length > 0 ? [en('yatzee.playerRemoved', removed.join(', '), removed.length)] : []),
  ].join(' ');
}

/** A Yatzee transfer done, as the web panel says it, with the key that takes it back: 'Aces: 0 points. u takes it back.' */
export function transferredText(category: string, points: number): string {
  return `${en('yatzee.transferred', category, points)} u takes it back.`;
}

/** A Yatzee transfer taken back, as the web panel says it: 'Transfer taken back: Aces is open again.' */
export function undoneText(category: string | null): string {
  return category ? en('yatzee.undone', category) : en('yatzee.undoneAny');
}

/** Why a game ended, as a sentence ('The pile is empty and a player laid the last card.'); `owner`: said to the owner ('You ended the game.'). */
export function endText(reason: string | null | undefined, owner = false): string {
  return endReasonText(en, reason, owner);
}

/**
 * The results table's headings, the web panel's (media/cardwords/view/results.tsx): the player,
 * the points left in hand, the end adjustment ("End adjustment (included)": the final score
 * holds it already) and the final score. The soft hyphen that breaks a narrow column is left out.
 */
export function resultColumns(): string[] {
  return (['cw.col.name', 'cw.col.handPoints', 'cw.col.adjustment', 'cw.col.final'] as const).map((k) => en(k).replace(/\u00ad/g, ''));
}

/** A given-up seat's mark in the results, as the web panel's (and its score board's): removed, left, or ''. */
export function goneSeatMark(p: { removed?: boolean; left?: boolean } | undefined): string {
  return goneMark(en, p);
}

/** The marks of a results row, as the web panel's results table words them: a winner, a seat a robot stood in for. */
export function resultMarks(): { winner: string; stoodIn: string } {
  return { winner: en('cw.winner'), stoodIn: en('cw.stoodIn') };
}

/**
 * Why a listed game (GET /games) takes no new player, and no watcher but its owner, in the web
 * panels' words ('Every seat is taken.', 'No places for watchers.'), each null when it does:
 * the lobby's rule (media/lobby/listing.ts), so that the editor offers what the room takes.
 * Watching is judged for someone without the owner token (the owner watches beyond the places).
 */
export function listingRefusals(g: GameListing): { joinRefusal: string | null; watchRefusal: string | null } {
  const join = lobbyJoinRefusal(g);
  const watch = watchRefusal(g, false);
  return { joinRefusal: join && en(join), watchRefusal: watch && en(watch) };
}

/**
 * A refused join as the web pages word it (media/ui/refusal.ts: the room's code, `name-taken:
 * …`, in their words), and whether the seat asked for is lost for good.
 */
export function joinRefusal(e: unknown, cardwords = false, watching = false): JoinRefusal {
  return refusedJoin(e, en, cardwords ? ['cw.err.', 'err.'] : ['err.'], watching);
}

/** A text as a sentence of its own: a capital first, a full stop last (the server's and the refusals' words have neither). */
export function asSentence(text: string): string {
  return fullStop(sentence(text));
}

/** The server is stopping (its `stopping` message, or its room closed so), as the web panels say it: the game is kept, the seat taken back once it is back. */
export function stoppingText(): string {
  return en('conn.stopping');
}

/** The connection to the game's server lost, as the web panels say it: 'Connection lost: reconnecting…' (no raw close code). */
export function connectionLostText(): string {
  return en('conn.lost');
}

/** The connection back (the client library's reconnection, or the seat taken back), as the web panels say it. */
export function reconnectedText(): string {
  return en('conn.back');
}

/** A local server whose port was taken since it last ran, started on another: the links given before no longer reach it. */
export function portMovedText(before: number, now: number): string {
  return `The local game server's port ${before} is taken, so it runs on port ${now} now: links given before (and a guest's page) no longer reach it.`;
}

/**
 * What became of a local server's process, for a person, after "The local game server":
 * "was killed (signal SIGKILL)", "crashed (exit code 1)", "stopped by itself". It read
 * "stopped (killed (SIGKILL))".
 */
export function serverExitText(code: number | null, signal: string | null): string {
  if (signal) return `was killed (signal ${signal})`;
  return code === 0 ? 'stopped by itself' : `crashed (exit code ${code ?? '?'})`;
}

/** A local server that stopped under a game (`why`: serverExitText) and was started again on its port: the game buffers reconnect by themselves. */
export function serverRestartedText(why: string): string {
  return `The local game server ${why} and was started again on the same port: the games reconnect by themselves.`;
}

/**
 * A local server that stopped under a game (`why`) and is not started again, and what the
 * player can do: `cause` says why not (its port taken, stopping again and again, its data
 * folder another editor's now, a start that failed, a temporary folder whose games went with it).
 * Said in the echo area and in the game's buffer, where "Connection lost: reconnecting…" stood.
 */
export function serverLostText(why: string, cause: { port: number } | { crashes: number } | { folder: true } | { failed: string } | { temporary: true }): string {
  const stopped = `The local game server ${why}`;
  if ('temporary' in cause) return `${stopped}. Its games were in a temporary folder (another editor held its data folder) and are gone: start a new game.`;
  const not =
    'port' in cause
      ? `it is not started again: its port ${cause.port} is taken by another program. Free it`
      : 'crashes' in cause
        ? `it stopped ${cause.crashes} times in a minute, so it is not started again. See what stops it`
        : 'folder' in cause
          ? 'it is not started again: another editor uses its data folder now. Leave the game there'
          : `it did not start again (${cause.failed}). See what stops it`;
  return `${stopped}; ${not}, then start the game again (it is kept, and offered to resume).`;
}

/** A listed game where you hold a seat (remembered with its key): the list offers to take it back. */
export function heldSeatText(name: string): string {
  return `Your seat as ${name} is kept: resume it.`;
}

/** The message when a room closes for good after `ended`: the reason once, not again when the results on the page give it. */
export function endedMessage(reason: string | null | undefined, inResults = false, owner = false): string {
  return inResults ? 'The game has ended.' : `The game has ended. ${endText(reason, owner)}`;
}

/** A refusal of the action area in words (media/cardwords/words.ts, as the web panel words it). */
export function refusal(r: Refusal): string {
  return refusalText(en, r);
}

/**
 * The room's refusal of an action but unknown words, as the web panel says it ("Refused: the move
 * breaks the rules: the move touches no card on the table."; the bridge said the server's
 * English, "Refused: the move touches no card on the table"), cells in the client's coordinates.
 */
export function actionRefusedText(e: ErrorMessage, table: CardTable | undefined, coords: Coords | null, playerName: (seat: number) => string | undefined): string {
  const start = () => (table && coords ? startText(en, table, coords) : '');
  return en('cw.refused', fullStop(refusedActionText(en, e, coords, start, playerName)));
}

/**
 * A key that composes or acts while the game waits for its players, refused as the web panel
 * words the room's refusal of a hint then ("Refused: the game has not started: it starts when
 * every human seat is taken."): one sentence for every such key (RET gave the raw "the game has
 * not started", the others nothing).
 */
export function notStartedText(): string {
  return actionRefusedText({ code: 'not-started', message: '' }, undefined, null, () => undefined);
}

/** Why the location is in braces: RET then trades the cards; the editor shows why before it does. */
export function braces(why: 'fit' | 'start', table: CardTable, coords: Coords): string {
  return bracesText(en, why, table, coords);
}

/**
 * A location typed and no card yet, said under the area ('7H across is where the move goes: now
 * type the letters of your cards.'): `7h`, typed for the hand's seventh card or for an H the hand
 * lacks, showed `{7H}` and 'Return passes' with no word of what the keys had made. Emacs's own:
 * the web panel's location is a click on a cell, which needs no such word.
 */
export function locationOnlyText(location: string, dir: 'across' | 'down'): string {
  return `${location} ${dir} is where the move goes: now type the letters of your cards.`;
}

/** What Return does with nothing composed, on your turn, as the web panel says it ('Return passes: -1 point.'). */
export function passPreview(score: number): string {
  return en('cw.preview.pass', score);
}

/**
 * What Return does with a trade composed, as the web panel says it: on your turn 'Return trades
 * 2 cards: -2 points.', on another's 'A trade of 2 cards: -2 points. Return trades them on your turn.'
 */
export function tradePreview(mine: boolean, cards: number, score: number): string {
  return en(mine ? 'cw.preview.trade' : 'cw.preview.tradeLater', cards, score);
}

/** The preview of a trade the pile cannot take, a sentence ('Only 2 cards are in the pile: you cannot trade 3.', 'The pile is empty: you cannot trade.'). */
export function pileTooSmallPreview(pile: number, cards: number): string {
  return fullStop(sentence(pileTooSmallText(en, pile, cards)));
}

/**
 * A valid move's preview, the web panel's: its sentence ('This move scores 12 points.') and the
 * list under it, each word with its points ('CAT: 6'), the cell points and the bonus when any.
 */
export function movePreview(score: MoveScore): { text: string; details: string[] } {
  const details = score.words.map((w) => en('cw.preview.word', w.word, w.score));
  if (score.cellPoints) details.push(en('cw.preview.cells', score.cellPoints));
  if (score.bonus) details.push(en('cw.preview.bonus', score.laid, score.bonus));
  return { text: en('cw.preview.move', score.total), details };
}

/** A move that would be refused: the web panel's heading over its problems ('This move would be refused:'). */
export function refusedPreview(): string {
  return en('cw.preview.problems');
}

/** The words a refused move makes so far, as the web panel lists them under its problems ('Words: CAT, AT'). */
export function wordsSoFar(words: readonly string[]): string {
  return en('cw.preview.wordsSoFar', words.join(', '));
}

/** One broken rule of a move, in the web panel's words (media/cardwords/words.ts). */
export function moveProblem(e: MoveError, table: CardTable, coords: Coords): string {
  return moveErrorText(en, e, coords, () => startText(en, table, coords));
}

/** A seat's name on an action a stand-in robot made for it ("Bo (robot standing in)"). */
export function standInName(name: string): string {
  return en('cw.standInName', name);
}

/**
 * The review's note on a human turn after the game (the web panel's): 'The best robot here:
 * TEES (wildcard at letter 3) at 8H (12)'; the words plain and no place when the table
 * before the turn is not known.
 */
export function reviewNote(best: { type: 'move' | 'trade' | 'pass'; score: number; words: readonly string[]; tradedCards?: ReadonlyArray<{ char: string | null }> }, spelled: readonly WordLetter[][] | null, place: string): string {
  return reviewBestText(en, best, spelled ? spelledText(en, spelled) : best.words.join(', '), place);
}

/** The hand a review's turn was chosen from, as the web panel heads it: "Ann's hand before the turn: [A 1] [E 1]". */
export function reviewHandText(name: string, cards: readonly string[]): string {
  return `${en('cw.review.hand', name)} ${cards.join(' ')}`;
}

/** Why the review's best robot's move has nothing to lay at a step, as the web panel's Best move button says it. */
export function reviewBestMissingLine(why: Parameters<typeof reviewBestMissingText>[1]): string {
  return reviewBestMissingText(en, why);
}

/**
 * Which turn the review shows, in the web panel's words, with that turn's log line: 'Turn 1 of
 * 9: me: TEES for 10 · …' (k null: the final table).
 */
export function reviewLine(k: number | null, n: number, best: boolean, logLine: string): string {
  if (k === null) return en('cw.review.final');
  return `${best ? en('cw.review.stepBest', k + 1, n) : en('cw.review.step', k + 1, n)}: ${logLine}`;
}

/** Where the first move must go, as a sentence ('The first move must cover D4.'); '' when anywhere. */
export function startSentence(table: CardTable, coords: Coords): string {
  const where = startText(en, table, coords);
  return where ? `The first move must ${where}.` : '';
}

/**
 * A refusal by the game server, as the web panels word it: their text for the code
 * (`err.<code>`, `cw.err.<code>` first for Cardwords) when there is one, else the server's message.
 */
export function serverRefusal(code: string | undefined, message: string, cardwords = false): string {
  for (const key of [...(cardwords ? [`cw.err.${code ?? ''}`] : []), `err.${code ?? ''}`]) {
    const text = en(key as Parameters<typeof en>[0]);
    if (code && text !== key) return text;
  }
  return message;
}

/** The Yatzee room's refusal as the web panel words it (media/yatzee/refusal.ts). */
export function yatzeeRefusal(code: string | undefined, message: string): string {
  return yatzeeRefusalText(en, code, message);
}

/**
 * A rematch asked for before the game's end (the room's `not-over`), or once its room has ended
 * (`game-ended`: no rematch follows), as the web panel words the room's refusal, a sentence.
 */
export function rematchRefusal(ended: boolean): string {
  return asSentence(ended ? serverRefusal('game-ended', '') : serverRefusal('not-over', '', true));
}

/** A previewed move's words the dictionary lacks, as the web panel's preview says it. */
export function unknownWords(lacking: Lacking): string[] {
  return lackingWordsText(en, lacking);
}

/** A move refused for words the owner rejected in this game (not asked again), as the web panel says it. */
export function wordsRejected(words: readonly string[]): string {
  return en('cw.err.unknown-words.rejected', words.join(', '), words.length);
}

/**
 * A move refused for words not in the dictionary, when the owner was asked: no refusal yet,
 * the owner's answer is awaited (yours in the minibuffer when you are the owner). `later`: the
 * owner plays in this round and is asked at its end, as the web panel says it.
 */
export function wordsAsked(words: readonly string[], owner: boolean, when: 'now' | 'later' | 'absent' = 'now'): string {
  const list = words.join(', ');
  // the owner's: short enough for a line of 80 columns (the question is in the minibuffer)
  if (owner) return `${list} ${words.length === 1 ? 'is' : 'are'} not in the dictionary: answer y or n (you are the owner)`;
  if (when === 'later') return en('cw.err.unknown-words.later', list, words.length);
  if (when === 'absent') return en('cw.err.unknown-words.absent', list, words.length);
  return `${en('cw.err.unknown-words.asked', list, words.length)} Waiting for the owner's answer.`;
}

/**
 * The owner's answers to words you played, said together: approved, with the key that plays
 * the move again; rejected, as the web panel says it ('The owner rejected ATAB.'); or both.
 * `owner`: said to the owner, who gave them (ownerDecidedText).
 * `over`: after the game, in the web panel's words ('The owner approved ATE: it is in the
 * dictionary now.'): there is no move to play again.
 */
export function wordsDecidedText(approved: readonly string[], rejected: readonly string[], o: { owner?: boolean; mine?: boolean; over?: boolean } = {}): string {
  if (o.owner) return ownerDecidedText(approved, rejected, o);
  if (rejected.length === 0 && o.over) return en('cw.word.approved.over', approved.join(', '), approved.length);
  if (rejected.length === 0) return `The owner approved ${approved.join(', ')}: RET plays the move again.`;
  if (approved.length === 0) return en('cw.word.rejected', rejected.join(', '));
  return `The owner approved ${approved.join(', ')} and rejected ${rejected.join(', ')}.`;
}

/**
 * The owner's own answers, in the first person as the owner's web page logs them ('You approved
 * TE: you may play it again.', 'You rejected EA.'): the bridge's message at the `word` of the
 * owner's own move, and Emacs's echo after each answer (`cardwords/words`), one wording for both
 * (Emacs said 'TE added to the dictionary', the bridge 'Approved: TE. It is in the personal
 * dictionary now.'). `mine`: words of the owner's own move in the round going on, which may be
 * played again (RET, once all are approved); else, another's word, an earlier game's, or after
 * the round: it is in the dictionary now.
 */
export function ownerDecidedText(approved: readonly string[], rejected: readonly string[], o: { mine?: boolean; over?: boolean } = {}): string {
  const again = o.mine === true && !o.over;
  const a = approved.join(', ');
  // the move may be played again as it is: the key that does it, as the other players read it
  if (again && approved.length > 0 && rejected.length === 0) return `You approved ${a}: RET plays the move again.`;
  return [approved.length > 0 ? (again ? en('cw.word.approved.own', a) : en('cw.word.approved.own.over', a, approved.length)) : '', rejected.length > 0 ? en('cw.word.rejected.own', rejected.join(', ')) : ''].filter((x) => x).join(' ');
}

/**
 * A game buffer's message line as the idle end's warning comes, counts down or goes (`before`,
 * `now`: `idleSeconds` of the last state and this one), as the web panels' status line: the
 * warning said, or taken back where it still stands; else `message` kept.
 */
export function idleWarningMessage(before: number, now: number, message: string): string {
  const step = idleWarningStep(en, before, now);
  if (!step) return message;
  return 'say' in step ? step.say : message === step.unsay ? '' : message;
}

/** Words the owner decided in another client, answered here after all: the web panel's refusal (the room refuses a late reject). */
export function notAskedText(words: readonly string[]): string {
  return en('cw.err.not-asked', words.join(', '));
}

/** A line of the game log that is no turn (a rematch, an end, a leave, a word decided), as the web panel logs it (`over`: after its round's end; `owner`: the owner's own log, whose end is "You ended the game."). */
export function logEventLine(e: CardwordsLogEvent, over = false, owner = false): string {
  // the owner's own decision as the owner's web page logs it ("You approved GISK: you may play
  // it again."; "The owner approved GISK: …" read as if to another)
  return logEventText(en, e, over, owner);
}

/** To the owner at an end that closes the room: the questions waiting for their next game of this ruleset, the web page's line. */
export function carriedLine(words: readonly string[]): string {
  return carriedText(en, words);
}

/** The owner removed a player (the room's `remove` acknowledged): the web panel's words. */
export function removedText(name: string): string {
  return en('remove.done', name);
}

/** A move refused for words not in the dictionary, the owner not asked (too many open questions). */
export function wordsNotAsked(words: readonly string[]): string {
  return en('cw.err.unknown-words.notAsked', words.join(', '), words.length);
}

/** RET typed before the hint that came into the area was shown (typed ahead with `C-c C-s`): refused, once. */
export function hintUnseen(): string {
  return 'The hint came as you typed RET: it is in the area now, RET plays it';
}

/**
 * The robot's suggestion in the action area: what it is, its words (where a wildcard stands,
 * so that two TEES read apart) and score; with the server's ranking, which of the best it is
 * and the keys that go through them.
 */
export function hintLine(kind: 'move' | 'trade' | 'pass', words: readonly WordLetter[][], score: number, at: number, of: number, equity?: number): string {
  const what = words.length > 0 ? `${kind} ${spelledText(en, words)}` : kind;
  // the ranking goes by equity (score plus the cards kept), as the web panel's list says: a
  // lower score may come first
  const value = equity === undefined ? '' : `, ${en('cw.hintLine.equity', equity.toFixed(1))}`;
  return `Hint: ${what} for ${score}${value}; RET plays it${of > 1 ? ` (${at + 1} of ${of}: M-n, M-p)` : ''}`;
}
