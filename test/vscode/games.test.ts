// The game side of the extension without VS Code: server addresses, the webview CSP's
// connect sources, and the VS Code webview host (media/ui/host-vscode.ts) over a fake
// acquireVsCodeApi. The real thing runs in test/vscode/extension.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSources, isLoopback, parseAddress } from '../../extension/games/address.js';
import { answerGames, fetchGames } from '../../extension/games/listing.js';
import { judgeGames, offersOf, type ListedGame } from '../../extension/games/offers.js';
import { hostAlive, OPEN_GAMES_KEPT, openElsewhere, withOpenGame, withoutOpenGame, type OpenGame } from '../../extension/games/openGames.js';
import { VsCodeHost, type FromGameWebview, type GameHostConfig, type GameHostState } from '../../media/ui/host-vscode.js';
import { entryFor, forgetSeat, heldGameIds, keepSeat } from '../../media/ui/seats.js';
import { Player, startServer, type ServerProcess } from '../support/game-server.js';

describe('server addresses', () => {
  it('reads host:port, a bare host, URLs and owner links', () => {
    expect(parseAddress('example.org:4000')).toEqual({ url: 'http://example.org:4000', address: 'example.org:4000' });
    expect(parseAddress(' example.org ')).toEqual({ url: 'http://example.org:27037', address: 'example.org:27037' });
    expect(parseAddress('https://games.example.org/')).toEqual({ url: 'https://games.example.org:443', address: 'games.example.org:443' });
    expect(parseAddress('http://127.0.0.1:27037/?owner=abc-DEF_1')).toEqual({ url: 'http://127.0.0.1:27037', address: '127.0.0.1:27037', owner: 'abc-DEF_1' });
    expect(parseAddress('')).toBeUndefined();
    expect(parseAddress('ftp://x:1')).toBeUndefined();
    expect(parseAddress('a b:c')).toBeUndefined();
  });

  it('lets a webview reach the server over http and ws only', () => {
    expect(connectSources('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000 ws://127.0.0.1:4000');
    expect(connectSources('https://example.org:443')).toBe('https://example.org wss://example.org');
  });

  it('knows a server on the extension host\'s own loopback (reached from a webview through asExternalUri)', () => {
    for (const u of ['http://127.0.0.1:27037', 'http://127.1.2.3:1', 'http://localhost:4000', 'http://game.localhost:4000', 'http://[::1]:4000', 'https://LOCALHOST']) expect(isLoopback(u), u).toBe(true);
    for (const u of ['http://example.org:27037', 'http://192.168.1.5:27037', 'http://[::2]:1', 'http://127.0.0.1.example.org', 'http://localhost.example.org']) expect(isLoopback(u), u).toBe(false);
  });
});

function fakeApi(initial?: GameHostState) {
  const posted: FromGameWebview[] = [];
  let state = initial;
  return {
    posted,
    state: () => state,
    api: { postMessage: (m: FromGameWebview) => void posted.push(m), getState: () => state, setState: (s: GameHostState) => void (state = JSON.parse(JSON.stringify(s)) as GameHostState) },
  };
}

const config = (over: Partial<GameHostConfig> = {}): GameHostConfig => ({
  panel: 'yatzee',
  serverUrl: 'http://127.0.0.1:4000',
  server: { kind: 'local', address: '127.0.0.1:4000' },
  params: { owner: 'T' },
  language: 'da',
  store: { 'yatzee.name': 'Ann' },
  ...over,
});

describe('the play list offers what the room takes', () => {
  const g = (over: Partial<ListedGame>): ListedGame => ({ id: 'g', kind: 'cardwords', players: 1, robots: 0, maxPlayers: 2, state: 'waiting', clients: 1, watchers: 2, watching: 0, ...over });
  const offered = (games: ListedGame[], kind: string, owner: boolean) => offersOf(games, kind, owner).map((o) => `${o.game.id}${o.watchOnly ? ':watch' : ''}`);

  it('a free seat to take, a held one to watch, nothing where neither is taken, nothing of another kind or ended', () => {
    const games = [
      g({ id: 'free' }),
      g({ id: 'full', players: 1, robots: 1 }),
      g({ id: 'started', players: 2, state: 'playing' }),
      g({ id: 'closed', players: 2, state: 'playing', watchers: 0 }),
      g({ id: 'crowded', players: 2, state: 'playing', watchers: 1, watching: 1 }),
      g({ id: 'ended', state: 'ended' }),
      g({ id: 'dice', kind: 'yatzee', maxPlayers: 10, watchers: undefined, watching: undefined }),
    ];
    expect(offered(games, 'cardwords', false)).toEqual(['free', 'full:watch', 'started:watch']);
    // the owner watches beyond the watcher places
    expect(offered(games, 'cardwords', true)).toEqual(['free', 'full:watch', 'started:watch', 'closed:watch', 'crowded:watch']);
    // Yatzee: a sheet while fewer than 10 are held, at any time of the game; watching else,
    // while one of its 20 watcher places is free (an older server listed none: unjudged)
    const full = { kind: 'yatzee', players: 7, robots: 3, maxPlayers: 10, state: 'playing' };
    const yatzee = [g({ ...full, id: 'dice-full', watchers: 20, watching: 19 }), g({ ...full, id: 'dice-crowded', watchers: 20, watching: 20 }), g({ ...full, id: 'dice-old', watchers: undefined })];
    expect(offered([...games, ...yatzee], 'yatzee', false)).toEqual(['dice', 'dice-full:watch', 'dice-old:watch']);
    expect(offered([...games, ...yatzee], 'yatzee', true)).toEqual(['dice', 'dice-full:watch', 'dice-crowded:watch', 'dice-old:watch']);
    // what is not offered is named with why (the play command said "No open game" of a game
    // in play with no watcher place free); the owner is refused none
    const refused = (owner: boolean) => judgeGames([...games, ...yatzee], 'cardwords', owner).refused.map((r) => `${r.game.id}:${r.why}`);
    expect(refused(false)).toEqual(['closed:lobby.noWatchers', 'crowded:lobby.watchersTaken']);
    expect(refused(true)).toEqual([]);
    expect(judgeGames(yatzee, 'yatzee', false).refused.map((r) => r.game.id)).toEqual(['dice-crowded']);
    // an older server's listing without maxPlayers is offered unjudged
    const { maxPlayers: _, ...old } = g({ id: 'old', players: 9 });
    expect(offered([old], 'cardwords', false)).toEqual(['old']);
  });

  // The tester's severe find: a robot game closed and opened again from the list was offered
  // to watch ("Every seat is taken"), since the player's own seat is one of the held ones.
  it('a game where the user keeps a seat: offered first, to take the seat back, never to watch', () => {
    const games = [
      g({ id: 'free' }),
      g({ id: 'robot', players: 1, robots: 1, state: 'playing' }),
      g({ id: 'closed', players: 2, state: 'playing', watchers: 0 }),
      g({ id: 'ended', players: 1, robots: 1, state: 'ended' }),
    ];
    const held = new Set(['robot', 'closed', 'ended']);
    const offers = offersOf(games, 'cardwords', false, held);
    expect(offers.map((o) => `${o.game.id}${o.mine ? ':mine' : ''}${o.watchOnly ? ':watch' : ''}`)).toEqual(['robot:mine', 'closed:mine', 'free']);
    // the seats the panels keep (closed panels too), as the extension reads them from its store
    const store: Record<string, unknown> = {
      'cardwords.seat': { gameId: 'robot', name: 'Ann', key: 'k1' },
      'cardwords.seats': [{ gameId: 'robot', name: 'Ann', key: 'k1' }, { gameId: 'closed', name: 'Ann', key: 'k2' }, { gameId: 7 }],
      'yatzee.seat': { gameId: 'dice', name: 'Ann', key: 'k3' },
    };
    const load = <T>(key: string) => store[key] as T | undefined;
    expect([...heldGameIds({ load }, 'cardwords')].sort()).toEqual(['closed', 'robot']);
    expect([...heldGameIds({ load }, 'yatzee')]).toEqual(['dice']);
  });

  it('a page asked to watch watches, also a game where it keeps a seat (the seat stays with the page that plays it); else it takes the kept seat', () => {
    const store: Record<string, unknown> = { 'cardwords.seats': [{ gameId: 'robot', name: 'Ann', key: 'k1' }] };
    const host = (params: Record<string, string>) => ({ load: <T>(key: string) => store[key] as T | undefined, param: (n: string) => params[n] ?? null });
    expect(entryFor(host({ game: 'robot', watch: '1' }), 'cardwords', 'robot')).toEqual({ watch: true });
    expect(entryFor(host({ game: 'robot' }), 'cardwords', 'robot')).toEqual({ seat: { gameId: 'robot', name: 'Ann', key: 'k1' } });
    expect(entryFor(host({ game: 'other', watch: '1' }), 'cardwords', 'other')).toEqual({ watch: true });
    expect(entryFor(host({ game: 'other' }), 'cardwords', 'other')).toBeNull();
    expect(entryFor(host({}), 'yatzee', null)).toBeNull();
  });
});

describe('the games the windows show (a tab another window restores on the folder is not opened twice)', () => {
  const a: OpenGame = { host: 101, kind: 'cardwords', game: 'X', address: '127.0.0.1:5000' };
  const alive = (pid: number) => pid !== 999;
  it('another live window showing the game counts; this window, a gone one, another game or server do not', () => {
    const list = withOpenGame([{ ...a, host: 999 }], a, alive);
    // the gone window's entry pruned, the live one kept once
    expect(list).toEqual([a]);
    expect(withOpenGame(list, a, alive)).toEqual([a]);
    expect(openElsewhere(list, { kind: 'cardwords', game: 'X', address: '127.0.0.1:5000' }, 202, alive)).toEqual(a);
    expect(openElsewhere(list, { kind: 'cardwords', game: 'X', address: '127.0.0.1:5000' }, 101, alive)).toBeUndefined();
    expect(openElsewhere([{ ...a, host: 999 }], { kind: 'cardwords', game: 'X', address: '127.0.0.1:5000' }, 202, alive)).toBeUndefined();
    expect(openElsewhere(list, { kind: 'yatzee', game: 'X', address: '127.0.0.1:5000' }, 202, alive)).toBeUndefined();
    expect(openElsewhere(list, { kind: 'cardwords', game: 'X', address: '127.0.0.1:5001' }, 202, alive)).toBeUndefined();
    expect(withoutOpenGame(list, a)).toEqual([]);
    // bounded
    let many: OpenGame[] = [];
    for (let i = 0; i < OPEN_GAMES_KEPT + 5; i++) many = withOpenGame(many, { ...a, game: `G${i}` }, alive);
    expect(many.length).toBe(OPEN_GAMES_KEPT);
    expect(many[0]!.game).toBe(`G${OPEN_GAMES_KEPT + 4}`);
    // a real process: this one is alive
    expect(hostAlive(process.pid)).toBe(true);
  });
});

describe('VsCodeHost', () => {
  it('answers from the configuration and keeps state with setState', () => {
    const f = fakeApi();
    const host = new VsCodeHost(config(), f.api);
    expect(host.kind).toBe('vscode');
    expect(host.serverUrl()).toBe('http://127.0.0.1:4000');
    expect(host.param('owner')).toBe('T');
    expect(host.param('game')).toBeNull();
    expect(host.language()).toBe('da');
    expect(host.load('yatzee.name')).toBe('Ann');
    host.save('yatzee.hints', true);
    host.save('yatzee.seat', { gameId: 'g1', name: 'Ann', key: 'k' });
    expect(f.state()?.store['yatzee.seat']).toEqual({ gameId: 'g1', name: 'Ann', key: 'k' });
    // a taken seat names the game a reload goes back to
    expect(f.state()?.params.game).toBe('g1');
    expect(host.param('game')).toBe('g1');
    // only the keys that outlive a panel go to the extension (the seat does: closing the
    // panel must not lose it)
    expect(f.posted).toEqual([
      { type: 'save', key: 'yatzee.hints', value: true },
      { type: 'save', key: 'yatzee.seat', value: { gameId: 'g1', name: 'Ann', key: 'k' } },
    ]);
    host.save('lines.game', { seed: 's' });
    expect(f.posted).toHaveLength(2);
    host.remove('yatzee.seat');
    expect(host.load('yatzee.seat')).toBeUndefined();
    expect(f.posted.at(-1)).toEqual({ type: 'remove', key: 'yatzee.seat' });
    host.open('lines');
    expect(f.posted.at(-1)).toEqual({ type: 'open', panel: 'lines', params: {} });
  });

  it('a seat outlives its panel: the next panel of the game, opened from the list, has its key', () => {
    const first = fakeApi();
    new VsCodeHost(config({ panel: 'cardwords' }), first.api).save('cardwords.seat', { gameId: 'g7', name: 'Ann', key: 'k7' });
    // the extension keeps what was posted (globalState) and hands it to the next panel
    const kept: Record<string, unknown> = {};
    for (const m of first.posted) if (m.type === 'save') kept[m.key] = m.value;
    const next = new VsCodeHost(config({ panel: 'cardwords', params: { game: 'g7' }, store: kept }), fakeApi().api);
    expect(next.load('cardwords.seat')).toEqual({ gameId: 'g7', name: 'Ann', key: 'k7' });
  });

  it('after a reload, the kept state wins over the configuration', () => {
    const first = fakeApi();
    const a = new VsCodeHost(config(), first.api);
    a.save('yatzee.name', 'Bo');
    a.save('yatzee.seat', { gameId: 'g2', name: 'Bo', key: 'k2' });
    // the serializer passes the kept params back; the page starts again with that state
    const second = fakeApi(first.state());
    const b = new VsCodeHost(config({ params: first.state()!.params, serverUrl: 'http://127.0.0.1:5000' }), second.api);
    expect(b.load('yatzee.name')).toBe('Bo');
    expect(b.param('game')).toBe('g2');
    expect(b.serverUrl()).toBe('http://127.0.0.1:5000');
    // another panel's state is not taken
    const other = new VsCodeHost(config({ panel: 'lines' }), fakeApi(first.state()).api);
    expect(other.load('yatzee.seat')).toBeUndefined();
  });

  it('a panel keeps the seats the other panels kept since it opened: its game\'s end forgets its own seat, not theirs (a seat lost so was offered to watch only)', () => {
    // the extension's globalState, as extension/games/panel.ts keeps it and tells the other panels
    const ext: Record<string, unknown> = {};
    const panels: Array<{ host: VsCodeHost; f: ReturnType<typeof fakeApi> }> = [];
    const open = (initial?: GameHostState) => {
      const f = fakeApi(initial);
      const host = new VsCodeHost(config({ panel: 'cardwords', store: { ...ext } }), f.api);
      const p = { host, f };
      f.api.postMessage = (m: FromGameWebview) => {
        f.posted.push(m);
        if (m.type !== 'save' && m.type !== 'remove') return;
        if (m.type === 'save') ext[m.key] = m.value;
        else delete ext[m.key];
        for (const o of panels) if (o !== p) o.host.stored(m.type === 'save' ? { type: 'stored', key: m.key, value: m.value } : { type: 'stored', key: m.key });
      };
      panels.push(p);
      return p;
    };
    const b = open();
    keepSeat(b.host, 'cardwords', { gameId: 'B', name: 'Ann', key: 'kb' });
    const a = open();
    keepSeat(a.host, 'cardwords', { gameId: 'A', name: 'Ann', key: 'ka' });
    // game B ends (the owner's End it now): its panel forgets its seat, from its own copy
    forgetSeat(b.host, 'cardwords', 'B');
    expect([...heldGameIds({ load: <T>(k: string) => ext[k] as T | undefined }, 'cardwords')]).toEqual(['A']);
    // a panel restored with its state (as old as its last save) takes the seats from the extension
    const restored = open(b.f.state());
    expect(restored.host.load('cardwords.seats')).toEqual([{ gameId: 'A', name: 'Ann', key: 'ka' }]);
    const stale = fakeApi({ ...b.f.state()!, store: { 'cardwords.seats': [{ gameId: 'B', name: 'Ann', key: 'kb' }] } });
    expect(new VsCodeHost(config({ panel: 'cardwords', store: { ...ext } }), stale.api).load('cardwords.seats')).toEqual([{ gameId: 'A', name: 'Ann', key: 'ka' }]);
  });

  it('never writes the owner token into the webview\'s state (VS Code keeps it on disk); the page still reads it', () => {
    const f = fakeApi();
    const host = new VsCodeHost(config({ params: { owner: 'T0ken', game: 'g1' } }), f.api);
    host.save('owner', 'T0ken');
    host.save('yatzee.seat', { gameId: 'g1', name: 'Ann', key: 'k' });
    expect(host.param('owner')).toBe('T0ken');
    expect(host.load('owner')).toBe('T0ken');
    expect(JSON.stringify(f.state())).not.toContain('T0ken');
    expect(f.state()?.params.game).toBe('g1');
    // not posted to the extension's plain store either
    expect(JSON.stringify(f.posted)).not.toContain('T0ken');
  });

  it('a settings change reaches the open panel: new values, kept for a reload, listeners called', () => {
    const f = fakeApi();
    const host = new VsCodeHost(config({ params: { cardSize: '32' }, store: { 'cardwords.coords': { digitsForColumns: false } } }), f.api);
    const seen: Array<string | null> = [];
    host.onUpdate(() => seen.push(host.param('cardSize')));
    host.update({ type: 'settings', params: { cardSize: '48' }, store: { 'cardwords.coords': { digitsForColumns: true, colsRight: false, rowsUp: true } } });
    expect(seen).toEqual(['48']);
    expect(host.load('cardwords.coords')).toEqual({ digitsForColumns: true, colsRight: false, rowsUp: true });
    expect(f.state()?.params.cardSize).toBe('48');
  });
});

// The join page judges Join and Watch by GET /games, which a webview cannot fetch (another
// origin, no CORS header on that path): the page asks the extension host, which fetches it.
describe('the open games for a webview, fetched by the extension host', () => {
  let srv: ServerProcess;
  beforeAll(async () => {
    srv = await startServer();
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it('a panel asks with postMessage; the extension answers with the real server\'s list, matched by id', async () => {
    const game = await Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Ann' });
    try {
      const f = fakeApi();
      const host = new VsCodeHost(config({ serverUrl: 'vscode-webview://elsewhere' }), f.api);
      const asked = host.games();
      const request = f.posted.at(-1)!;
      expect(request).toEqual({ type: 'games', id: 1 });
      if (request.type !== 'games') throw new Error('no games request');
      // an answer to another id is not this one's
      host.answerGames({ type: 'games', id: 99, games: [] });
      // the extension's handler (panel.ts calls it with the connection's URL, as the extension host reaches it)
      const answer = await answerGames(request, srv.url);
      expect(answer.id).toBe(1);
      host.answerGames(answer);
      const games = await asked;
      expect(games?.find((g) => g.id === game.room.roomId)).toMatchObject({ kind: 'yatzee', maxPlayers: 10 });
    } finally {
      await game.leave();
    }
  });

  it('no server, or one that does not answer: null (the page then offers Join and Watch, and the room judges)', async () => {
    expect(await answerGames({ type: 'games', id: 7 }, null)).toEqual({ type: 'games', id: 7, games: null });
    // a port nobody listens on (1: tcpmux, privileged, not served here)
    expect(await fetchGames('http://127.0.0.1:1')).toBeNull();
  });
});
