// The part of a Colyseus room a panel uses: the SDK's Room in a browser, or a stand-in
// that relays through the extension in a VS Code webview.
export interface RoomLike {
  roomId: string;
  send(type: string, payload: unknown): void;
  onMessage(type: string, cb: (payload: unknown) => void): unknown;
}
