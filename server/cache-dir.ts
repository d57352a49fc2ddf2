// The user's cache folder, the one home of its rule: word graphs, the Yatzee robot's solved
// table and the card values learned by self-play live there.
// $CARDWORDS_CACHE_DIR, else $XDG_CACHE_HOME/cardwords, else ~/.cache/cardwords.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CARDWORDS_CACHE_DIR) return env.CARDWORDS_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'cardwords');
}
