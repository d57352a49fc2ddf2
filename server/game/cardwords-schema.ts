// The Cardwords room's synchronised state (Colyseus schemas) and the compile-time check that
// each schema sends exactly its protocol interface (core/protocol/game.ts).
//
// Private hands: a seat's `hand` is a `.view()` field. Each player's StateView holds its own
// seat (view.add + view.subscribe on the hand); watchers get an empty view, so no client
// ever receives another player's cards. The pile is sent as a count only.
import { schema, t, type SchemaType } from '@colyseus/schema';
import type { Card } from '../../core/games/cardwords/types.js';
import type { CardwordsCardState, CardwordsPlacedState, CardwordsRoomState as CardwordsRoomStateI, CardwordsSeatState } from '../../core/protocol/game.js';
import type { CardwordsState } from '../../core/games/cardwords/engine.js';
import { set, setArray, type Mirrors, type MirrorsProtocol, type SchemaArray } from './schema-sync.js';

export const CwCard = schema({ char: t.string().default(''), points: t.int16().default(0) }, 'CwCard');

/** A card on the table; `char` '' is a wildcard, shown as its `meaning`. */
export const CwPlaced = schema(
  {
    col: t.uint8().default(0),
    row: t.uint8().default(0),
    char: t.string().default(''),
    points: t.int16().default(0),
    meaning: t.string().default(''),
  },
  'CwPlaced',
);

export const CwSeat = schema(
  {
    /** '' for a human seat nobody has taken yet. */
    name: t.string().default(''),
    robot: t.boolean().default(false),
    /** A robot's level ('' for humans). */
    level: t.string().default(''),
    connected: t.boolean().default(false),
    /** Dropped since (server ms); 0 while connected. */
    awaySince: t.float64().default(0),
    /** A stand-in robot plays this human's seat (away past the grace period, left, or removed). */
    auto: t.boolean().default(false),
    /** Actions a stand-in made for this seat this round. */
    standIns: t.uint16().default(0),
    score: t.int32().default(0),
    /** Cards in the hand (public). */
    cards: t.uint8().default(0),
    /** The cards: only this seat's player receives them. */
    hand: t.array(CwCard).view(),
    /** Agreed to a rematch. */
    rematch: t.boolean().default(false),
    /** After the end: the points left in the hand, and what the end added to the score. */
    handPoints: t.int32().default(0),
    adjustment: t.int32().default(0),
    /** The human gave the seat up (Leave): a stand-in plays it to the end (not away: not coming back). */
    left: t.boolean().default(false),
    /** `left` because the owner removed the human. */
    removed: t.boolean().default(false),
    /** Taken with the owner token: not removable (core/protocol/game.ts cardwordsRemovable). */
    owner: t.boolean().default(false),
  },
  'CwSeat',
);
export type CwSeatT = SchemaType<typeof CwSeat>;

export const CwLast = schema(
  {
    player: t.int8().default(-1),
    type: t.string().default(''),
    score: t.int32().default(0),
    words: t.array('string'),
    traded: t.uint8().default(0),
    drawn: t.uint8().default(0),
    /** A stand-in robot played this turn for the seat's human. */
    standIn: t.boolean().default(false),
  },
  'CwLast',
);

export const CardwordsRoomState = schema(
  {
    gameId: t.string().default(''),
    kind: t.string().default('cardwords'),
    ruleset: t.string().default(''),
    digest: t.string().default(''),
    /** waiting (humans sitting down) | playing | over (results out, rematch possible) | ended */
    status: t.string().default('waiting'),
    /** 1 for the first game, +1 per rematch. */
    round: t.uint16().default(1),
    humans: t.uint8().default(0),
    watchers: t.uint8().default(0),
    /** ms a dropped human's seat is held before a stand-in plays it; -1: never. */
    grace: t.float64().default(60_000),
    /** No human is connected: no robot or stand-in moves. */
    paused: t.boolean().default(false),
    /** Seconds left before the game ends for want of play, once that end is near (room-base.ts `updateIdleWarning`); 0: not near. */
    idleEndsIn: t.uint32().default(0),
    width: t.uint8().default(0),
    height: t.uint8().default(0),
    players: t.array(CwSeat),
    /** The cards on the table, in the order laid. */
    board: t.array(CwPlaced),
    /** Cards left in the pile (never which). */
    pile: t.uint16().default(0),
    /** The seat to move; -1 before the start. */
    turn: t.int8().default(-1),
    idle: t.uint8().default(0),
    /** Actions accepted in this round. */
    moves: t.uint32().default(0),
    last: t.ref(CwLast),
    /** After the end: 'out' or 'idle', and the winning seats. */
    endReason: t.string().default(''),
    winners: t.array('uint8'),
  },
  'CardwordsRoomState',
);


// Each schema sends exactly its interface: a field renamed or retyped on one side only fails here.
export type CheckCard = MirrorsProtocol<Mirrors<SchemaType<typeof CwCard>, CardwordsCardState>>;
export type CheckPlaced = MirrorsProtocol<Mirrors<SchemaType<typeof CwPlaced>, CardwordsPlacedState>>;
export type CheckSeat = MirrorsProtocol<Mirrors<SchemaType<typeof CwSeat>, CardwordsSeatState>>;
export type CheckState = MirrorsProtocol<Mirrors<SchemaType<typeof CardwordsRoomState>, CardwordsRoomStateI>>;

const cardKey = (c: { char: string | null; points: number }) => `${c.char ?? ''}\u0000${c.points}`;

/**
 * Brings a schema hand to the engine's: cards that left it are removed, new ones pushed. The
 * engine keeps a hand's order (kept cards, then the cards drawn), so the kept cards match in
 * order. New cards are always new schema objects: a card object is never moved between hands.
 */
export function setHand(hand: SchemaArray<SchemaType<typeof CwCard>>, cards: readonly Card[]): void {
  let j = 0;
  for (let i = 0; i < hand.length; ) {
    const c = hand[i]!;
    if (j < cards.length && cardKey({ char: c.char === '' ? null : c.char, points: c.points }) === cardKey(cards[j]!)) {
      i++;
      j++;
    } else hand.splice(i, 1);
  }
  for (; j < cards.length; j++) {
    const card = new CwCard();
    card.char = cards[j]!.char ?? '';
    card.points = cards[j]!.points;
    hand.push(card);
  }
}

/** What the room knows of a seat that the state shows. */
export interface SeatView {
  name: string;
  /** A robot's level; null for a human seat. */
  level: string | null;
  connected: boolean;
  auto: boolean;
  awaySince: number;
  rematch: boolean;
  /** Gave the seat up (Leave), or removed: played by a stand-in to the end. */
  left: boolean;
  /** Removed by the owner. */
  removed: boolean;
  /** Taken with the owner token. */
  owner: boolean;
}

export interface SyncInput {
  game: CardwordsState | null;
  round: number;
  ended: boolean;
  paused: boolean;
  idleEndsIn: number;
  seats: SeatView[];
  /** This round's action indexes a stand-in made. */
  standInAt: ReadonlySet<number>;
}

/** Copies a game into its schema state; remembers which actions' cards the board shows already. */
export class CardwordsStateSync {
  private shownActions = 0;

  sync(st: SchemaType<typeof CardwordsRoomState>, v: SyncInput): void {
    const g = v.game;
    if (!v.ended) st.status = !g ? 'waiting' : g.over ? 'over' : 'playing';
    if (st.round !== v.round) {
      st.round = v.round;
      st.board.clear();
      this.shownActions = 0;
    }
    st.moves = g?.actions.length ?? 0;
    v.seats.forEach((seat, i) => {
      const p = st.players[i]!;
      set(p, 'name', seat.name);
      set(p, 'robot', seat.level !== null);
      set(p, 'level', seat.level ?? '');
      set(p, 'connected', seat.connected);
      set(p, 'auto', seat.auto);
      set(p, 'awaySince', seat.awaySince);
      set(p, 'standIns', g ? g.actions.reduce((n, a, k) => n + (a.player === i && v.standInAt.has(k) ? 1 : 0), 0) : 0);
      set(p, 'rematch', seat.rematch);
      set(p, 'left', seat.left);
      set(p, 'removed', seat.removed);
      set(p, 'owner', seat.owner);
      const gp = g?.players[i];
      set(p, 'score', gp?.score ?? 0);
      set(p, 'cards', gp?.hand.length ?? 0);
      setHand(p.hand, gp?.hand ?? []);
      set(p, 'handPoints', g?.end?.handPoints[i] ?? 0);
      set(p, 'adjustment', g?.end?.adjustments[i] ?? 0);
    });
    if (g) {
      // the table's cards in the order they were laid (a replay gives the same order)
      for (; this.shownActions < g.actions.length; this.shownActions++) {
        const a = g.actions[this.shownActions]!;
        if (a.type !== 'move') continue;
        for (const p of a.cards) {
          const pc = new CwPlaced();
          pc.col = p.col;
          pc.row = p.row;
          pc.char = p.card.char ?? '';
          pc.points = p.card.points;
          pc.meaning = p.card.meaning ?? '';
          st.board.push(pc);
        }
      }
    }
    set(st, 'pile', g?.pile.length ?? 0);
    set(st, 'turn', g && !g.over && !v.ended ? g.turn : -1);
    set(st, 'idle', g?.idle ?? 0);
    const last = g?.last;
    const l = st.last;
    set(l, 'player', last?.player ?? -1);
    set(l, 'type', last?.type ?? '');
    set(l, 'score', last?.score ?? 0);
    setArray(l.words, last?.words ?? []);
    set(l, 'traded', last?.traded ?? 0);
    set(l, 'drawn', last?.drawn ?? 0);
    set(l, 'standIn', g !== null && g.actions.length > 0 && v.standInAt.has(g.actions.length - 1));
    set(st, 'paused', v.paused);
    set(st, 'idleEndsIn', v.idleEndsIn);
    set(st, 'endReason', g?.end?.reason ?? '');
    setArray(st.winners, g?.end?.winners ?? []);
  }
}
