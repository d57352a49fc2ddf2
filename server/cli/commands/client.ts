// `cardwords client`: the bridge an editor starts to play (Emacs: emacs/cardwords-bridge.el).
import { parse } from '../args.js';
import type { CliIO } from '../io.js';
import type { Command } from './index.js';

const help = `Usage: cardwords client --stdio

The game bridge for editors: reads one JSON request a line on standard input and writes
one JSON response a line on standard output (docs/editors.md, "The game bridge"). It runs
the core engines (Lines) so an editor only draws and reads keys. Exits when standard input
ends.

Options:
  --stdio      speak JSON lines over standard input and output (the default and only way)
  -h, --help   this help
      --version the version
`;

export const command: Command = {
  help,
  async run(argv: string[], _io: CliIO): Promise<number> {
    parse(argv, { stdio: { type: 'boolean' } }, false);
    const { serve } = await import('../../bridge/main.js');
    await serve(process.stdin, process.stdout);
    return 0;
  },
};
