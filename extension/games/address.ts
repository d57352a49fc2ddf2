// Server addresses as the user types them (no vscode import: unit-tested in test/vscode/games.test.ts).

/** `host:port`, `host` (port 27037), `http://host:port/`, or an owner link `...?owner=TOKEN`. */
export function parseAddress(input: string): { url: string; address: string; owner?: string } | undefined {
  const s = input.trim();
  if (!s) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(s);
  let u: URL;
  try {
    u = new URL(withScheme ? s : `http://${s}`);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  if (!u.hostname) return undefined;
  const port = u.port || (withScheme ? (u.protocol === 'https:' ? '443' : '80') : '27037');
  const address = `${u.hostname}:${port}`;
  const owner = u.searchParams.get('owner') ?? undefined;
  return { url: `${u.protocol}//${address}`, address, ...(owner ? { owner } : {}) };
}

/** What a game webview's CSP lets it reach: `http://h:p ws://h:p` (https: wss:). */
export function connectSources(url: string): string {
  const u = new URL(url);
  const ws = u.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${u.protocol}//${u.host} ${ws}//${u.host}`;
}

/**
 * Whether the server is on the extension host's own machine (127.0.0.0/8, localhost, ::1): its
 * URL then means the extension host's loopback, which a webview reaches only through
 * `asExternalUri` (a port forward, or code-server's same-origin proxy).
 */
export function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}
