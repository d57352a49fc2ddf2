// What a robot chooses for a turn: a laying move, a trade or a pass, with its score. Its own
// module so that the champion's parts can name it without importing the level registry
// (robot.ts), which imports them.
import type { Card } from '../../games/cardwords/types.js';
import type { GeneratedMove } from './generate.js';

export type RobotChoice =
  | { kind: 'move'; move: GeneratedMove; score: number }
  | { kind: 'trade'; cards: Card[]; score: number }
  | { kind: 'pass'; score: number };
