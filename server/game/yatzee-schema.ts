// The Yatzee room's synchronised state (Colyseus schemas), checked at compile time against
// its protocol interface (core/protocol/game.ts). Everything is public: every client sees
// every sheet live.
import { schema, t, type SchemaType } from '@colyseus/schema';
import type { YatzeeRoomState as YatzeeRoomStateI, YatzeeSheetState } from '../../core/protocol/game.js';
import type { Mirrors, MirrorsProtocol } from './schema-sync.js';

export const YatzeeSheet = schema(
  {
    name: t.string(),
    robot: t.boolean().default(false),
    connected: t.boolean().default(false),
    /** Dropped since (server ms); 0 while connected (robots: 0). */
    awaySince: t.float64().default(0),
    present: t.boolean().default(true),
    /** Per category in CATEGORIES order; -1 = not filled yet. */
    scores: t.array('int16'),
    dice: t.array('uint8'),
    held: t.array('boolean'),
    throwsMade: t.uint8().default(0),
    phase: t.string().default('start'),
    total: t.int16().default(0),
    /** Taken with the owner token: not removable (core/protocol/game.ts yatzeeRemovable). */
    owner: t.boolean().default(false),
  },
  'YatzeeSheet',
);
export type YatzeeSheetT = SchemaType<typeof YatzeeSheet>;

export const YatzeeRoomState = schema(
  {
    gameId: t.string().default(''),
    kind: t.string().default('yatzee'),
    /** playing | ended (every sheet full, or ended otherwise: the `results` message says why) */
    status: t.string().default('playing'),
    /** No human is connected: the robots wait. */
    paused: t.boolean().default(false),
    /** Seconds left before the game ends for want of play, once that end is near (room-base.ts `updateIdleWarning`); 0: not near. */
    idleEndsIn: t.uint32().default(0),
    moves: t.uint32().default(0),
    players: t.array(YatzeeSheet),
  },
  'YatzeeRoomState',
);

// Each schema sends exactly its interface: a field renamed or retyped on one side only fails here.
export type CheckSheet = MirrorsProtocol<Mirrors<SchemaType<typeof YatzeeSheet>, YatzeeSheetState>>;
export type CheckState = MirrorsProtocol<Mirrors<SchemaType<typeof YatzeeRoomState>, YatzeeRoomStateI>>;
