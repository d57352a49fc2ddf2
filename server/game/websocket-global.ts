// Colyseus core reads the global WebSocket's OPEN constant when a client takes its seat back
// after a drop (Room#_onJoin, `client.readyState !== WebSocket.OPEN`). Node has that global
// from 22 on; the Node of VS Code 1.90 (Electron 29: Node 20), which runs the extension's
// local server, has none, and every reconnection failed with "WebSocket is not defined".
// The `ws` package's class carries the same constants.
import { WebSocket } from 'ws';

const g = globalThis as { WebSocket?: unknown };
g.WebSocket ??= WebSocket;
