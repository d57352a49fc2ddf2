// What `cardwords serve` prints that the programs starting it read (the VS Code extension's
// local server, the Emacs bridge's): one home for the sentence and its match.

/** The start failed: the port asked for is in use (serve then exits 1). */
export function portInUseText(port: number, host: string): string {
  return `port ${port} on ${host} is in use: choose another with --port (0: any free port)`;
}

/** Matches portInUseText in serve's output. */
export const PORT_IN_USE = / is in use: choose another with --port/;

/** The start failed: another `cardwords serve` that still runs holds the data folder (serve then exits 1). */
export function dataFolderInUseText(dataDir: string, pid: number): string {
  return `the data folder ${dataDir} is in use by another cardwords serve (pid ${pid}): stop it first, or give this one its own --data`;
}

/** Matches dataFolderInUseText in serve's output. */
export const DATA_FOLDER_IN_USE = / is in use by another cardwords serve \(pid \d+\)/;
