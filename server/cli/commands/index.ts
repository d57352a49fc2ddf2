// The CLI's command table. Each command is its own module, loaded only when run, so
// `cardwords lines` does not pay for the language server and vice versa.
import type { CliIO } from '../io.js';

export interface Command {
  /** Full `--help` text. */
  help: string;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(argv: string[], io: CliIO): Promise<number>;
}

export interface CommandEntry {
  summary: string;
  load(): Promise<Command>;
}

export const commands: Record<string, CommandEntry> = {
  check: { summary: 'validate Cardwords files or ruleset folders', load: async () => (await import('./check.js')).command },
  count: { summary: 'character distribution of text per charset (cardwords_count)', load: async () => (await import('./count.js')).command },
  moves: { summary: 'robot analysis of a Cardwords position: legal moves with scores', load: async () => (await import('./moves.js')).command },
  playtest: { summary: 'robots play a Cardwords ruleset many times and report how it behaves', load: async () => (await import('./playtest.js')).command },
  lsp: { summary: 'the language server for the five file types (--stdio, --node-ipc)', load: async () => (await import('./lsp.js')).command },
  yatzee: { summary: 'optimal solitaire Yatzee: solve the strategy table, simulate games', load: async () => (await import('./yatzee.js')).command },
  serve: { summary: 'the game server: Cardwords and Yatzee rooms, browser client, owner link', load: async () => (await import('./serve.js')).command },
  lines: { summary: 'play Lines (clines) in the terminal', load: async () => (await import('./lines.js')).command },
  client: { summary: 'the game bridge for editors: JSON lines over stdio (Emacs)', load: async () => (await import('./client.js')).command },
};
