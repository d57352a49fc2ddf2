// cardwords/playtest (custom request, core/protocol/language.ts): robots play the ruleset of
// the document (its files as saved on disk) and the report comes back. The card values are
// learned first when the cache has none. Progress goes out as $/progress; a cancelled
// request stops between two games and answers RequestCancelled.
import { dirname } from 'node:path';
import { ErrorCodes, LSPErrorCodes, ResponseError, WorkDoneProgress, type CancellationToken, type Connection } from 'vscode-languageserver';
import { rulesFromRuleset } from '../../../core/games/cardwords/setup.js';
import { learnGamesNote } from '../../../core/robots/cardwords/learn.js';
import { Playtest, playtestRefusal } from '../../../core/robots/cardwords/playtest.js';
import { ROBOT_LEVELS, type RobotLevel } from '../../../core/robots/cardwords/robot.js';
import { PLAYTEST_LIMITS, PLAYTEST_METHOD, type PlaytestParams, type PlaytestReport } from '../../../core/protocol/language.js';
import { unplayableText } from '../../cli/diagnostics.js';
import { loadRulesetDir } from '../../ruleset/fs.js';
import { loadLeaves } from '../../robots/leaves.js';
import { loadWordStore, rulesetChars } from '../../words/cache.js';
import type { ServerContext } from '../context.js';
import { uriToPath } from '../workspace.js';

const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

class Cancelled extends Error {}

interface Progress {
  begin(title: string, message: string): void;
  report(percentage: number, message: string): void;
  done(): void;
}

/** $/progress on the client's token. */
function onToken(connection: Connection, token: string | number): Progress {
  return {
    begin: (title, message) => void connection.sendProgress(WorkDoneProgress.type, token, { kind: 'begin', title, message, percentage: 0, cancellable: true }),
    report: (percentage, message) => void connection.sendProgress(WorkDoneProgress.type, token, { kind: 'report', percentage, message }),
    done: () => void connection.sendProgress(WorkDoneProgress.type, token, { kind: 'end' }),
  };
}

const NO_PROGRESS: Progress = { begin: () => undefined, report: () => undefined, done: () => undefined };

function bad(message: string): ResponseError<void> {
  return new ResponseError<void>(ErrorCodes.InvalidParams, message);
}

function whole(x: unknown, name: string, min: number, max: number, fallback: number): number | string {
  if (x === undefined) return fallback;
  if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max) return `params.${name} must be a whole number from ${min} to ${max}`;
  return x;
}

export function register(ctx: ServerContext): void {
  ctx.connection.onRequest<PlaytestReport, void>(PLAYTEST_METHOD, async (params: PlaytestParams, token: CancellationToken) => {
    return ctx.guard(PLAYTEST_METHOD, new ResponseError<void>(ErrorCodes.InternalError, 'the playtest failed'), async () => {
      if (typeof params !== 'object' || params === null || typeof params.uri !== 'string') return bad('params.uri must be a string');
      const games = whole(params.games, 'games', 1, PLAYTEST_LIMITS.games.max, PLAYTEST_LIMITS.games.default);
      const players = whole(params.players, 'players', 1, PLAYTEST_LIMITS.players.max, PLAYTEST_LIMITS.players.default);
      if (typeof games === 'string') return bad(games);
      if (typeof players === 'string') return bad(players);
      const level = (params.level ?? 'best') as RobotLevel;
      if (!ROBOT_LEVELS.includes(level)) return bad(`params.level must be one of ${ROBOT_LEVELS.join(', ')}`);
      const seed = params.seed ?? 'playtest';
      if (typeof seed !== 'string' || seed.length > PLAYTEST_LIMITS.seedLength) return bad(`params.seed must be a string of at most ${PLAYTEST_LIMITS.seedLength} characters`);
      const path = uriToPath(params.uri);
      if (!path) return bad('params.uri must be a file: URI');
      const dir = dirname(path);
      // with the players, so that too few cards are refused as cardwords check --players says it
      const loaded = await loadRulesetDir(dir, { players }).catch((e: Error) => e);
      if (loaded instanceof Error) return bad(`the ruleset cannot be played: ${loaded.message}`);
      const { ruleset, diagnostics } = loaded;
      // every error (up to a bound) as cardwords check and cardwords playtest print them
      if (!ruleset) return bad(await unplayableText(dir, diagnostics));
      const rules = rulesFromRuleset(ruleset);
      const refused = playtestRefusal(rules, ruleset.words);
      if (refused) return bad(refused);

      // progress: on the client's token, else on one the server creates (when the client allows)
      let progress = NO_PROGRESS;
      if (typeof params.workDoneToken === 'string' || typeof params.workDoneToken === 'number') progress = onToken(ctx.connection, params.workDoneToken);
      else {
        try {
          const r = await ctx.connection.window.createWorkDoneProgress();
          progress = { begin: (t, m) => r.begin(t, 0, m, true), report: (p, m) => r.report(p, m), done: () => r.done() };
        } catch {
          // the client cannot show server-created progress
        }
      }
      progress.begin('Playtest', `${ruleset.name}: loading`);
      const abort = new AbortController();
      const sub = token.onCancellationRequested(() => abort.abort(new Cancelled('cancelled')));
      try {
        const { store } = await loadWordStore(rulesetChars(ruleset), ruleset.words);
        // a huge table learns over fewer games (learnGames): said, so the count is no riddle
        const note = learnGamesNote(rules.table);
        const learned = await loadLeaves(ruleset, store, {
          signal: abort.signal,
          onProgress: (p) => progress.report(Math.floor((p.done * 30) / Math.max(1, p.total)), `${ruleset.name}: learning card values (${p.done}/${p.total} games${note ? `; ${note}` : ''})`),
        });
        // the card set's inlay hints can show the values now
        if (learned.source === 'learned' && ctx.client.inlayRefresh) void ctx.connection.languages.inlayHint.refresh().catch(() => undefined);
        const pt = new Playtest(rules, store, { games, players, level, seed, leaves: learned.leaves, words: ruleset.words });
        while (!pt.finished) {
          if (token.isCancellationRequested) throw new Cancelled('cancelled');
          pt.step();
          progress.report(30 + Math.floor((pt.done * 70) / games), `${ruleset.name}: game ${pt.done} of ${games}`);
          await yieldNow();
        }
        const report = pt.report();
        // the card set's hovers quote it while the ruleset stays as saved (the same key)
        ctx.learned.rememberPlaytest(learned.key, report);
        return report;
      } catch (e) {
        if (e instanceof Cancelled || token.isCancellationRequested) return new ResponseError<void>(LSPErrorCodes.RequestCancelled, 'the playtest was cancelled');
        throw e;
      } finally {
        sub.dispose();
        progress.done();
      }
    });
  });
}
