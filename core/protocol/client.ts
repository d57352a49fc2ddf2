// A client's typed side of a game room (core/protocol/messages.ts): the panels in media/ and
// the tests send and receive through it, over the SDK's Room (or anything with its `send`
// and `onMessage`, such as a webview's relay). Only types and one thin function: no SDK
// import, so core/ stays pure.
import type { CardwordsClientMessages, CardwordsServerMessages, MessageMap, MessageType, YatzeeClientMessages, YatzeeServerMessages } from './messages.js';

/** What the wrapper needs of a room: the SDK's Room has both. */
export interface UntypedRoom {
  roomId: string;
  send(type: string, payload?: unknown): void;
  onMessage(type: string, cb: (payload: unknown) => void): unknown;
}

export interface TypedRoom<Out extends MessageMap, In extends MessageMap> {
  readonly roomId: string;
  send<K extends MessageType<Out>>(type: K, payload: Out[K]): void;
  on<K extends MessageType<In>>(type: K, cb: (payload: In[K]) => void): void;
}

export type CardwordsRoomClient = TypedRoom<CardwordsClientMessages, CardwordsServerMessages>;
export type YatzeeRoomClient = TypedRoom<YatzeeClientMessages, YatzeeServerMessages>;

/** The typed view of a room; the messages' types are the protocol's (the server is trusted to keep it). */
export function typedRoom<Out extends MessageMap, In extends MessageMap>(room: UntypedRoom): TypedRoom<Out, In> {
  return {
    get roomId() {
      return room.roomId;
    },
    send: (type, payload) => room.send(type, payload),
    on: (type, cb) => void room.onMessage(type, cb as (p: unknown) => void),
  };
}

export const cardwordsRoom = (room: UntypedRoom): CardwordsRoomClient => typedRoom(room);
export const yatzeeRoom = (room: UntypedRoom): YatzeeRoomClient => typedRoom(room);
