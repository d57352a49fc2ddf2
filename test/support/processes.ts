// Processes the tests start and stop, seen through /proc.
import { readFileSync } from 'node:fs';

/** Whether a process runs (a zombie has exited: only its parent's wait is missing). */
export function pidAlive(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').startsWith('Z');
  } catch {
    return false;
  }
}
