// What a robot decides to do on its turn. Its own module so that the levels (robot.ts) and
// the champion's parts (equity, simulation, endgame) share it without importing each other.
import type { Card } from '../../games/cardwords/types.js';
import type { GeneratedMove } from './generate.js';

export type RobotChoice =
  | { kind: 'move'; move: GeneratedMove; score: number }
  | { kind: 'trade'; cards: Card[]; score: number }
  | { kind: 'pass'; score: number };
