// `cardwords lines`: the console Lines game with the original clines options.
import type { Command } from './index.js';
import type { CliIO } from '../io.js';
import { VERSION } from '../version.js';
import { LINES_HELP, checkBwFont, parseLinesArgs } from '../../lines/args.js';
import { LinesScores, currentUser, formatScores } from '../../lines/scores.js';

function colourCapable(): boolean {
  if (process.env.NO_COLOR) return false;
  const out = process.stdout as NodeJS.WriteStream;
  return typeof out.hasColors === 'function' ? out.hasColors() : process.env.TERM !== 'dumb';
}

export const command: Command = {
  help: LINES_HELP,
  async run(argv: string[], io: CliIO): Promise<number> {
    const cli = parseLinesArgs(argv);
    if (cli.version) {
      io.out(`cardwords lines ${VERSION} (clines rules)\n`);
      return 0;
    }
    const scores = new LinesScores();
    if (cli.list) {
      try {
        io.out(formatScores(scores.list()));
        return 0;
      } catch (e) {
        io.err(`cardwords lines: ${(e as Error).message}\n`);
        return 1;
      }
    }
    // The colour mode cannot be forced on a terminal without colours (man page, -m).
    const mode = cli.mode === 'b' || !colourCapable() ? 'b' : 'c';
    if (mode === 'b') checkBwFont(cli);
    if (!process.stdin.isTTY || !process.stdout.isTTY) {
      io.err('cardwords lines: needs a terminal (standard input and output must be a TTY)\n');
      return 1;
    }
    const { LinesTerminal } = await import('../../lines/tty.js');
    const game = new LinesTerminal({ cli, mode, input: process.stdin, output: process.stdout, scores, user: currentUser() });
    const outcome = await game.run();
    io.out(`Score: ${outcome.score}${outcome.record ? ' (a new personal record)' : ''}\n`);
    return 0;
  },
};
