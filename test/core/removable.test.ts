// Whom the owner may remove (core/protocol/game.ts): one rule that the rooms decide by and
// every client (web panels, the Emacs bridge's view) offers.
import { describe, expect, it } from 'vitest';
import { cardwordsEndsWithout, cardwordsRematchWaits, cardwordsRemovable, cardwordsSeated, yatzeeEndsWithout, yatzeeRemovable, yatzeeSeated } from '../../core/protocol/game.js';

describe('whom the owner may remove', () => {
  const seat = (name: string, o: { robot?: boolean; left?: boolean } = {}) => ({ name, robot: o.robot ?? false, left: o.left ?? false, owner: false });
  const seats = [seat('Ann'), seat('Bo'), seat('Robot1', { robot: true }), seat('Cy', { left: true }), seat('')];

  it('Cardwords: the humans with a seat, not one given up, not a free seat, not a robot, not the owner\'s own; after a round too; nobody once the game has ended', () => {
    expect(cardwordsRemovable({ status: 'playing', players: seats }, 0)).toEqual(['Bo']);
    // the owner watching: every human seated
    expect(cardwordsRemovable({ status: 'playing', players: seats }, -1)).toEqual(['Ann', 'Bo']);
    expect(cardwordsRemovable({ status: 'waiting', players: seats }, 1)).toEqual(['Ann']);
    expect(cardwordsRemovable({ status: 'over', players: seats }, 0)).toEqual(['Bo']);
    for (const status of ['ended', 'connecting']) expect(cardwordsRemovable({ status, players: seats }, -1)).toEqual([]);
    // a seat taken with the owner token, played in another tab or editor: the owner's own too
    // (offered there, the room refused it)
    expect(cardwordsRemovable({ status: 'playing', players: [{ ...seat('Ann'), owner: true }, seat('Bo')] }, -1)).toEqual(['Bo']);
  });

  it('Yatzee: every player present, robots too, but the owner\'s own sheet (names alike are the same name); nobody once it has ended', () => {
    const sheet = (name: string, present = true) => ({ name, present, owner: false });
    const sheets = [sheet('Ann'), sheet('Robot1'), sheet('Cy', false), sheet('Bo')];
    expect(yatzeeRemovable({ status: 'playing', players: sheets }, 'Ann')).toEqual(['Robot1', 'Bo']);
    expect(yatzeeRemovable({ status: 'playing', players: sheets }, 'ANN')).toEqual(['Robot1', 'Bo']);
    expect(yatzeeRemovable({ status: 'playing', players: sheets }, '')).toEqual(['Ann', 'Robot1', 'Bo']);
    expect(yatzeeRemovable({ status: 'ended', players: sheets }, '')).toEqual([]);
    // a sheet taken with the owner token, played in another tab or editor: the owner's own too
    expect(yatzeeRemovable({ status: 'playing', players: [{ ...sheet('Ann'), owner: true }, sheet('Bo')] }, '')).toEqual(['Bo']);
  });

  it('Cardwords: who still holds a seat, whether a leave ends the game (the last one seated, once dealt), whom a rematch waits for', () => {
    expect(cardwordsSeated(seats)).toEqual(['Ann', 'Bo']);
    expect(cardwordsEndsWithout({ status: 'playing', players: seats }, 0)).toBe(false);
    const last = [seat('Ann'), seat('Bo', { left: true }), seat('Robot1', { robot: true })];
    expect(cardwordsEndsWithout({ status: 'playing', players: last }, 0)).toBe(true);
    expect(cardwordsEndsWithout({ status: 'over', players: last }, 0)).toBe(true);
    // before the deal a leave frees the seat: no end
    expect(cardwordsEndsWithout({ status: 'waiting', players: last }, 0)).toBe(false);
    expect(cardwordsEndsWithout({ status: 'playing', players: last }, 1)).toBe(false);
    // a stand-in's seat (away past the grace) and one given up hold no vote; an away one within the grace does
    const vote = (name: string, o: { auto?: boolean; left?: boolean; rematch?: boolean; robot?: boolean } = {}) => ({ name, robot: o.robot ?? false, left: o.left ?? false, auto: o.auto ?? false, rematch: o.rematch ?? false });
    expect(cardwordsRematchWaits([vote('Ann', { rematch: true }), vote('Bo'), vote('Cy', { auto: true }), vote('Di', { left: true, auto: true }), vote('Robot1', { robot: true })])).toEqual(['Bo']);
  });

  it('Yatzee: who still holds a sheet, whether a leave or removal ends the game (the last human, before or after that sheet went from the state)', () => {
    const sheet = (name: string, robot = false) => ({ name, robot, present: true });
    const three = [sheet('Ann'), sheet('Robot1', true), sheet('Bo')];
    expect(yatzeeSeated(three)).toEqual(['Ann', 'Bo']);
    expect(yatzeeEndsWithout({ status: 'playing', players: three }, 'Ann')).toBe(false);
    const last = [sheet('Robot1', true), sheet('Ann')];
    expect(yatzeeEndsWithout({ status: 'playing', players: last }, 'Ann')).toBe(true);
    expect(yatzeeEndsWithout({ status: 'playing', players: last }, 'ann')).toBe(true);
    // the removal is told after the state that took the sheet: still the last one
    expect(yatzeeEndsWithout({ status: 'playing', players: [sheet('Robot1', true)] }, 'Ann')).toBe(true);
    // a watcher gives up no sheet; an ended game ends no more
    expect(yatzeeEndsWithout({ status: 'playing', players: last }, '')).toBe(false);
    expect(yatzeeEndsWithout({ status: 'ended', players: last }, 'Ann')).toBe(false);
  });
});
