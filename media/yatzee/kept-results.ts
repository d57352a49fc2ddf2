// What a Yatzee page keeps of its results for a reload (media/ui/kept-results.ts keeps them).
import type { Result } from './view/results.js';
import type { Column } from './view/table.js';

export interface KeptResults {
  results: Result[];
  /** The reader's name (their line says "(you)"), or null for a watcher. */
  me: string | null;
  /** The status line at the end: why it ended, the winners. */
  said: string;
  /** The score table's columns at the end (absent when kept by an older page). */
  columns?: Column[];
}
