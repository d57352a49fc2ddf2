// The optimal solitaire Yatzee robot (see docs/yatzee.md): dice tables, solver, robot.
export { keepId, keepDice, KEEPS, ROLLS, ROLL0 } from './dice.js';
export * from './solver.js';
export * from './robot.js';
