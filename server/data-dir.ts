// The user's data folder, the one home of its rule: the Lines high scores, the game server's
// default --data folder (owner token, game logs) and the Emacs bridge's kept server folders
// live there. $CARDWORDS_DATA_DIR, else $XDG_DATA_HOME/cardwords (an absolute one, as the XDG
// specification asks), else ~/.local/share/cardwords.
import os from 'node:os';
import path from 'node:path';

export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CARDWORDS_DATA_DIR) return path.resolve(env.CARDWORDS_DATA_DIR);
  if (env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME)) return path.join(env.XDG_DATA_HOME, 'cardwords');
  return path.join(env.HOME || os.homedir(), '.local', 'share', 'cardwords');
}
