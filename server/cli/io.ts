// What a CLI command may touch besides the file system: its streams. Tests pass their own
// to capture output; the real CLI passes the process's.
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** All of standard input as bytes (only read when a command needs it). */
  readStdin(): Promise<Uint8Array>;
  /** Standard output is a terminal (colours, bars). */
  isTTY: boolean;
  /** Standard error is a terminal: a progress bar is redrawn in place (else: whole lines). */
  errTTY?: boolean;
}

export const processIO: CliIO = {
  out: (t) => void process.stdout.write(t),
  err: (t) => void process.stderr.write(t),
  isTTY: Boolean(process.stdout.isTTY),
  errTTY: Boolean(process.stderr.isTTY),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return new Uint8Array(Buffer.concat(chunks));
  },
};

/** Exit codes shared by every command, compiler-style. */
export const EXIT_OK = 0;
export const EXIT_ERRORS = 1;
export const EXIT_USAGE = 2;

/** A usage error: the dispatcher prints it with the command's help hint and exits 2. */
export class UsageError extends Error {}
