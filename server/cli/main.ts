// `cardwords`: the one entry point of every tool (docs/architecture.md#the-cli).
import { commands } from './commands/index.js';
import { processIO, UsageError, EXIT_USAGE, type CliIO } from './io.js';
import { VERSION } from './version.js';

function mainHelp(): string {
  const names = Object.keys(commands);
  const width = Math.max(...names.map((n) => n.length));
  return [
    'Usage: cardwords <command> [options]',
    '',
    'Commands:',
    ...names.map((n) => `  ${n.padEnd(width)}  ${commands[n]!.summary}`),
    '',
    'Run `cardwords <command> --help` for the options of a command.',
    'Options: --help, --version',
    '',
  ].join('\n');
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(mainHelp());
    return name === undefined ? EXIT_USAGE : 0;
  }
  if (name === '--version' || name === '-V') {
    io.out(`cardwords ${VERSION}\n`);
    return 0;
  }
  const entry = commands[name];
  if (!entry) {
    io.err(`cardwords: unknown command '${name}'\n\n${mainHelp()}`);
    return EXIT_USAGE;
  }
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.help);
    return 0;
  }
  if (rest.includes('--version')) {
    io.out(`cardwords ${VERSION}\n`);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`cardwords ${name}: ${e.message}\nRun \`cardwords ${name} --help\` for usage.\n`);
      return EXIT_USAGE;
    }
    throw e;
  }
}

// Run only as the program, not when a test imports main().
const entry = process.argv[1] ?? '';
if (/(?:cli\.js|cardwords(?:\.js)?)$/.test(entry)) {
  // standard output closed by its reader (`cardwords check . | head`): stop quietly, as a
  // program killed by SIGPIPE does (node threw an unhandled EPIPE with its stack)
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(process.exitCode ?? 0);
  });
  main(process.argv.slice(2), processIO).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`cardwords: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = 70;
    },
  );
}
