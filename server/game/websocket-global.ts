// Colyseus core reads the global WebSocket's OPEN constant when a client takes its seat back
// after a drop (Room#_onJoin, `client.readyState !== WebSocket.OPEN`). Node has that global
// from 22 on; the Node of VS Code 1.90 (Electron 29: Node 20), which runs the extension's
// local server, has none, and every reconnection failed with "WebSocket is not defined".
// The `ws` package's class carries the same constants.
import { WebSocket } from 'ws';

const g = globalThis as { WebSocket?: unknown };
// (`in`, not a read: Node's own global is a lazy getter, and reading it loads undici, 0.02 CPU-s
// of every server start)
if (!('WebSocket' in g)) g.WebSocket = WebSocket;
