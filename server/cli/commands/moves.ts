// `cardwords moves`: robot analysis of a position (every legal move, or the best N).
import { readFile } from 'node:fs/promises';
import { formatCard } from '../../../core/games/cardwords/notation.js';
import { checkPosition, parsePosition, PositionError, type Position } from '../../../core/games/cardwords/position.js';
import type { Ruleset } from '../../../core/ruleset/types.js';
import { listMoves, prepareSearch, sortMoves, type MoveList, type GenContext, type GeneratedMove } from '../../../core/robots/cardwords/generate.js';
import { bestNonMove, moveWords } from '../../../core/robots/cardwords/robot.js';
import { topByEquity } from '../../../core/robots/cardwords/equity.js';
import { handPoints, unseenCards } from '../../../core/robots/cardwords/simulate.js';
import { rulesFromRuleset } from '../../../core/games/cardwords/setup.js';
import type { Card, PlacedCard } from '../../../core/games/cardwords/types.js';
import { loadLeaves } from '../../robots/leaves.js';
import { loadRuleset } from '../../../core/ruleset/load.js';
import { findRulesetFiles, loadRulesetDir, readText, RulesetError } from '../../ruleset/fs.js';
import { loadWordStore, rulesetChars } from '../../words/cache.js';
import { intOption, parse } from '../args.js';
import { formatText, linesOnDisk } from '../diagnostics.js';
import { EXIT_ERRORS, EXIT_OK, UsageError, type CliIO } from '../io.js';
import type { Command } from './index.js';
import { join } from 'node:path';

const help = `Usage: cardwords moves --ruleset DIR --position FILE [--all | --top N [--equity]] [--json]

Robot analysis of a position: the legal moves of the hand on the table, with exact scores,
best first. The position file is JSON (docs/cardwords.md):
  {"table": {"3,4": "[A 6]", "4,4": "[ E-2]"}, "hand": "[A 6] [  0] [E -1]", "pile": 40}
keys "col,row" 0-based as in the card-table file; cards in the seed's notation; a wildcard
on the table carries its meaning ([ E-2]); "pile" (optional) is the number of cards left
to draw, which limits trades.

Options:
  --ruleset DIR     the ruleset folder (its card table, bonus, charset and dictionaries)
  --position FILE   the position (- for standard input)
  --all             every legal laying move exactly once (no trades or passes)
  --top N           the N best moves (default 10); a trade or pass that scores more than
                    every move is listed first, as the robot would play it
  --equity          rank by equity: score + the value of the cards kept, learned for the
                    ruleset by self-play (cached; the first use learns, minutes for a
                    15x15 ruleset, progress on standard error); trades and the pass are
                    ranked with the moves; columns score, leave, equity
  --json            JSON: [{"score": 23, "cards": {"5,4": "[B 2]"}, "words": ["ABS"]}, ...]
                    (with --equity also "leave", "equity" and "kept")
  --repeat N        benchmark: load once, generate N times, print once; on standard error
                    one line "load-ms: X" and one line "moves-ms: X" per generation
                    (the moves go into a reused buffer; their objects are made once, after)
  --no-cache        build the word graph instead of reading or writing the cache
  -h, --help        this help

A move is a set of (cell, card); a card is identified by its notation, so two identical
cards in the hand give one move. Exit status: 0 ok, 1 bad ruleset or position, 2 usage.
`;

/** Loads a ruleset; a folder without a card set still serves for analysis (the hand is given). */
async function loadForAnalysis(dir: string): Promise<{ ruleset: Ruleset | null; errors: string[]; standIn?: boolean }> {
  try {
    return await loadOrStandIn(dir);
  } catch (e) {
    if (e instanceof RulesetError) return { ruleset: null, errors: [e.message] };
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ruleset: null, errors: [`${dir}: no such file or folder`] };
    if (typeof code === 'string') return { ruleset: null, errors: [`${dir}: ${(e as Error).message}`] };
    throw e;
  }
}

async function loadOrStandIn(dir: string): Promise<{ ruleset: Ruleset | null; errors: string[]; standIn?: boolean }> {
  const result = await loadRulesetDir(dir);
  if (result.ruleset) return { ruleset: result.ruleset, errors: [] };
  // retry with a stand-in card set when only the card set is missing or short
  const m = await findRulesetFiles(dir);
  const errs = result.diagnostics.filter((d) => d.severity === 'error');
  const onlyCards = errs.every((d) => d.file === join(dir, m.cardset) || d.code === 'ruleset/not-enough-cards');
  const lineOf = await linesOnDisk(errs);
  const fmt = errs.map((d) => formatText({ ...d, file: d.file ?? dir }, lineOf(d.file, d.range.start.line)));
  if (!onlyCards) return { ruleset: null, errors: fmt };
  const read = async (f: string) => ({ name: join(dir, f), text: (await readText(join(dir, f))).text });
  const r = loadRuleset({
    name: m.name,
    charset: await read(m.charset),
    cardset: { name: join(dir, m.cardset), text: `1000\n${'[  0]'.repeat(1000)}\n` },
    cardtable: await read(m.cardtable),
    bonus: await read(m.bonus),
    dictionaries: await Promise.all((m.dictionaries ?? []).map(read)),
    ...(m.personal ? { personal: await read(m.personal) } : {}),
    ...(m.removal ? { removal: await read(m.removal) } : {}),
  });
  return r.ruleset ? { ruleset: r.ruleset, errors: [], standIn: true } : { ruleset: null, errors: fmt };
}

/** `--equity`: the top N by static equity with the ruleset's learned leave values. */
async function equityList(ruleset: Ruleset, ctx: GenContext, position: Position, top: number, json: boolean, cache: boolean, io: CliIO): Promise<number> {
  const bar = progressLine(io, 'learning card values');
  const { leaves } = await loadLeaves(ruleset, ctx.store, { cache, onProgress: (p) => bar(p.done, p.total) });
  bar.end();
  const unseen = position.pile === null ? undefined : handPoints(unseenCards(rulesFromRuleset(ruleset).deck, position.hand, position.board));
  const hints = topByEquity(ctx, position.board, position.hand, position.pile, leaves, { n: top, ...(unseen === undefined ? {} : { unseenPoints: unseen }) });
  const out = hints.map((h) => {
    const base = { score: h.score, leave: h.leave, equity: h.equity, kept: h.kept.map(formatCard) };
    if (h.kind === 'pass') return { ...base, action: 'pass' as const };
    if (h.kind === 'trade') return { ...base, action: 'trade' as const, trade: (h.cards as Card[]).map(formatCard) };
    const placed = h.cards as PlacedCard[];
    const cards: Record<string, string> = {};
    for (const p of placed) cards[`${p.col},${p.row}`] = formatCard(p.card);
    const move = { score: h.score, direction: 'across' as const, tiles: placed.map((p) => ({ cell: p.row * ctx.table.width + p.col, card: p.card })) };
    return { ...base, cards, words: moveWords(ctx, position.board, move) };
  });
  if (json) io.out(`${JSON.stringify(out)}\n`);
  else {
    const num = (x: number) => (Math.round(x * 10) / 10).toFixed(1).padStart(7);
    const lines = out.map((o) => {
      const what = 'cards' in o ? `${o.words.join(' ')}  ${Object.entries(o.cards).map(([k, v]) => `${k} ${v}`).join(' ')}` : o.action === 'trade' ? `trade ${o.trade.join(' ')}` : 'pass';
      return `${String(o.score).padStart(5)} ${num(o.leave)} ${num(o.equity)}  ${what}  keeps ${o.kept.join(' ') || '-'}`;
    });
    io.out(`score   leave  equity\n${lines.join('\n')}\n`);
  }
  return EXIT_OK;
}

/** A progress bar: `bar(done, total)` as work goes on, `bar.end()` once it is done. */
export interface ProgressBar {
  (done: number, total: number): void;
  end(): void;
}

/**
 * Progress on standard error: on a terminal one line redrawn in place (at most every 1 %),
 * ended by `end()`; elsewhere (a pipe, a file: an editor reading it, a CI log) whole lines,
 * at most every 10 %, the last one the newest (a redrawn line there was hundreds of carriage
 * returns on one line).
 */
export function progressLine(io: CliIO, label: string): ProgressBar {
  const start = performance.now();
  const tty = io.errTTY === true;
  const step = tty ? 1 : 10;
  let last = -1;
  let drawn = false;
  const bar = ((done: number, total: number) => {
    const pct = total === 0 ? 100 : Math.floor((done * 100) / total);
    const shown = pct - (pct % step);
    if (shown === last) return;
    last = shown;
    const width = 30;
    const fill = Math.round((width * pct) / 100);
    const elapsed = (performance.now() - start) / 1000;
    const left = done > 0 ? (elapsed * (total - done)) / done : NaN;
    const eta = Number.isFinite(left) && done < total ? ` ${formatSeconds(left)} left` : '';
    const text = `${label} [${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${done}/${total}${eta}`;
    io.err(tty ? `\r${text}   ` : `${text}\n`);
    drawn = true;
  }) as ProgressBar;
  bar.end = () => {
    if (tty && drawn) io.err('\n');
    drawn = false;
  };
  return bar;
}

export function formatSeconds(s: number): string {
  if (s < 60) return `${Math.ceil(s)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

function cellName(width: number, cell: number): string {
  return `${cell % width},${Math.floor(cell / width)}`;
}

export const command: Command = {
  help,
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values } = parse(
      argv,
      {
        ruleset: { type: 'string' },
        position: { type: 'string' },
        all: { type: 'boolean' },
        top: { type: 'string' },
        json: { type: 'boolean' },
        repeat: { type: 'string' },
        'no-cache': { type: 'boolean' },
        equity: { type: 'boolean' },
      },
      false,
    );
    if (!values.ruleset) throw new UsageError('--ruleset DIR is required');
    if (!values.position) throw new UsageError('--position FILE is required');
    if (values.all && values.top !== undefined) throw new UsageError('--all and --top exclude each other');
    if (values.all && values.equity) throw new UsageError('--equity ranks the best moves: use --top N, not --all');
    const top = intOption(values.top, 'top', 1, 1_000_000, 10);
    const repeat = intOption(values.repeat, 'repeat', 1, 1_000_000, 1);
    const timing = values.repeat !== undefined;

    const t0 = performance.now();
    const { ruleset, errors, standIn } = await loadForAnalysis(values.ruleset);
    if (!ruleset) {
      io.err(`cardwords moves: the ruleset ${values.ruleset} cannot be used:\n${errors.join('\n')}\n`);
      return EXIT_ERRORS;
    }
    const { store } = await loadWordStore(rulesetChars(ruleset), ruleset.words, { cache: !values['no-cache'] });
    // the move search's one-time setup belongs to the load, as on the server (generate.ts)
    prepareSearch({ table: ruleset.table, bonus: ruleset.bonus.values, store }, ruleset.handSize);
    if (timing) io.err(`load-ms: ${(performance.now() - t0).toFixed(3)}\n`);

    let text: string;
    try {
      text = values.position === '-' ? new TextDecoder().decode(await io.readStdin()) : await readFile(values.position, 'utf8');
    } catch (e) {
      io.err(`cardwords moves: cannot read ${values.position}: ${(e as Error).message}\n`);
      return EXIT_ERRORS;
    }
    let position;
    try {
      position = parsePosition(text, ruleset.table, ruleset.canonical);
      // a stand-in card set says nothing of the real one: then any card goes
      const deck = standIn ? null : ruleset.cards.map((c) => ({ char: c.char, points: c.points }));
      for (const w of checkPosition(position, { handSize: ruleset.handSize, deck })) io.err(`cardwords moves: ${values.position}: warning: ${w}\n`);
    } catch (e) {
      if (e instanceof PositionError) {
        io.err(`cardwords moves: ${values.position}: ${e.message} [${e.code}]\n`);
        return EXIT_ERRORS;
      }
      throw e;
    }
    const ctx: GenContext = { table: ruleset.table, bonus: ruleset.bonus.values, store };
    if (values.equity) return equityList(ruleset, ctx, position, top, Boolean(values.json), !values['no-cache'], io);
    // the moves go into the generator's own buffer (grown by prepareSearch's search, so a
    // first call does not allocate it); objects are made once, for the output
    const mode = values.all || top > 1 ? 'all' : 'best';
    let list: MoveList | undefined;
    for (let i = 0; i < repeat; i++) {
      const t = performance.now();
      list = listMoves(ctx, position.board, position.hand, { mode });
      if (timing) io.err(`moves-ms: ${(performance.now() - t).toFixed(3)}\n`);
    }
    let moves: GeneratedMove[] = sortMoves(list!.moves()); // repeat >= 1
    const W = ruleset.table.width;
    type Out = { score: number; cards?: Record<string, string>; words?: string[]; action?: 'trade' | 'pass'; trade?: string[] };
    const out: Out[] = [];
    if (!values.all) {
      const other = bestNonMove(ctx.bonus, position.hand, position.pile);
      if (!moves[0] || other.score > moves[0].score) {
        out.push(other.kind === 'trade' ? { score: other.score, action: 'trade', trade: other.cards.map(formatCard) } : { score: other.score, action: 'pass' });
      }
      moves = moves.slice(0, top);
    }
    for (const m of moves) {
      const cards: Record<string, string> = {};
      for (const t of m.tiles) cards[cellName(W, t.cell)] = formatCard(t.card);
      out.push({ score: m.score, cards, words: moveWords(ctx, position.board, m) });
    }
    if (values.json) io.out(`${JSON.stringify(out)}\n`);
    else {
      const lines = out.map((o) => {
        if (o.action === 'pass') return `${String(o.score).padStart(5)}  pass`;
        if (o.action === 'trade') return `${String(o.score).padStart(5)}  trade ${o.trade!.join(' ')}`;
        const cards = Object.entries(o.cards!).map(([k, v]) => `${k} ${v}`).join(' ');
        return `${String(o.score).padStart(5)}  ${o.words!.join(' ')}  ${cards}`;
      });
      io.out(lines.length ? `${lines.join('\n')}\n` : 'no legal move\n');
    }
    return EXIT_OK;
  },
};
