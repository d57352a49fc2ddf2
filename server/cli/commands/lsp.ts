// `cardwords lsp`: the language server for the five Cardwords file types.
import { parse } from '../args.js';
import { UsageError, type CliIO } from '../io.js';
import type { Command } from './index.js';

const help = `Usage: cardwords lsp [--stdio | --node-ipc]

Runs the Cardwords language server (diagnostics, completion, hover, quick fixes,
formatting, symbols, semantic tokens, inlay hints, code lenses, and the custom requests
cardwords/tablePreview and cardwords/distribution; see docs/lsp-extensions.md).

Options:
  --stdio      speak LSP over standard input and output (Emacs, Neovim; the default)
  --node-ipc   speak LSP over Node's IPC channel (VS Code's language client)
  -h, --help   this help
      --version the version
`;

export const command: Command = {
  help,
  async run(argv: string[], _io: CliIO): Promise<number> {
    const { values } = parse(argv, { stdio: { type: 'boolean' }, 'node-ipc': { type: 'boolean' }, clientProcessId: { type: 'string' } }, false);
    if (values.stdio && values['node-ipc']) throw new UsageError('choose one of --stdio and --node-ipc');
    const { run } = await import('../../language/main.js');
    run(values['node-ipc'] ? 'node-ipc' : 'stdio');
    // The server runs until the client disconnects; the process exits from there.
    return new Promise<number>(() => {});
  },
};
