// The game server the panels play on: the local one (started by the extension) or a remote
// one (host:port). One status bar item tells which, one output channel has the local
// server's log.
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import * as vscode from 'vscode';
import type { ServerRef } from '../../media/ui/host-vscode.js';
import { cacheFolder } from '../cache.js';
import { localServerSettings, remoteAddress } from '../config.js';
import { isLoopback, parseAddress } from './address.js';
import { LocalServer } from './localServer.js';
import { DATA_FOLDER_IN_USE, PORT_IN_USE } from '../../core/protocol/serve-output.js';

export interface Connection {
  kind: 'local' | 'remote';
  /** http base URL, no trailing slash. */
  url: string;
  /** host:port */
  address: string;
  /** The owner token: the local server's, or one given with a remote owner link. */
  owner?: string;
}

export function refOf(c: Connection): ServerRef {
  return { kind: c.kind, address: c.address };
}

/** globalState: the remote server last connected to (its address only), connected again after a reload. */
const LAST_REMOTE = 'cardwords.lastRemoteServer';

/**
 * globalState: the port each local data folder's server last had (`{ server: 36811,
 * 'server-2': … }`), shared by the windows. A local server asks for its folder's port first, so
 * that a reload (which stops it) or a stop and start keeps its address: an invite link given
 * out and an open page or panel, which keep retrying the address they know, find the game
 * again (a new port at every reload left them on a dead one). It also tells a remembered
 * remote address that was a local server of this extension (any window's: another window may
 * have connected to it), which a reload does not connect to blindly (restore()).
 */
const LOCAL_PORTS = 'cardwords.localServerPorts';

/**
 * SecretStorage key of a remote server's owner token: kept there (never in plain state, a
 * webview's state or a log) so that a reload, which ends the extension host, still creates
 * games there; an owner link given again replaces it.
 */
export function ownerSecretKey(address: string): string {
  return `cardwords.owner/${address}`;
}

/**
 * Whether the server at `url` takes `token` as its owner's (GET /owner, the token in a header
 * as the landing page asks); undefined when it did not say (no answer, an older server).
 */
async function ownerAccepted(url: string, token: string): Promise<boolean | undefined> {
  try {
    const r = await fetch(`${url}/owner`, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(3000) });
    const body = r.ok ? ((await r.json()) as { owner?: unknown }) : undefined;
    return typeof body?.owner === 'boolean' ? body.owner : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the server at `url` answers as a Cardwords server (GET /health). */
async function healthy(url: string): Promise<boolean> {
  try {
    const r = await fetch(`${url}/health`, { signal: AbortSignal.timeout(3000) });
    return r.ok && ((await r.json()) as { name?: string }).name === 'cardwords';
  } catch {
    return false;
  }
}

/** The bundled small ruleset (samples/tiny) the local server offers when the settings name none. */
const BUNDLED_RULESET = ['samples', 'tiny'];
/** How many VS Code windows may each run a local server of its own (a data folder each). */
const LOCAL_DATA_SLOTS = 8;

export class Servers implements vscode.Disposable {
  private channel: vscode.OutputChannel | undefined;
  private status: vscode.StatusBarItem | undefined;
  private local: LocalServer | undefined;
  private starting: Promise<Connection> | undefined;
  private remote: Connection | undefined;
  /** The remote server did not answer its last check (/health): the status bar says so. */
  private remoteDown = false;
  /** The last remote server being connected again after a reload (restore()). */
  private restoring: Promise<void> | undefined;
  private active: 'local' | 'remote' | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly context: vscode.ExtensionContext) {}

  /** The server's log, created on first use (activation stays short). */
  get log(): vscode.OutputChannel {
    this.channel ??= vscode.window.createOutputChannel(vscode.l10n.t('Cardwords Server'));
    return this.channel;
  }

  /**
   * The status bar item, shown once the game side is used or a remote server is remembered
   * (the extension activates at startup too: a window that never played shows none).
   */
  showStatus(): void {
    if (this.status) return;
    this.status = vscode.window.createStatusBarItem('cardwords.server', vscode.StatusBarAlignment.Left, 10);
    this.status.name = vscode.l10n.t('Cardwords Server');
    this.update();
    this.status.show();
  }

  /** The connection the play commands use: the last one started or connected. */
  current(): Connection | undefined {
    const local = this.localConnection();
    if (this.active === 'local' && local) return local;
    if (this.active === 'remote' && this.remote) return this.remote;
    return local ?? this.remote;
  }

  localConnection(): Connection | undefined {
    const s = this.local;
    return s?.running ? { kind: 'local', url: s.url, address: `127.0.0.1:${s.port}`, ...(s.owner ? { owner: s.owner } : {}) } : undefined;
  }

  get localPid(): number | undefined {
    return this.local?.running ? this.local.pid : undefined;
  }

  /**
   * After a reload: the remote server last connected to, again, with the owner token kept in
   * SecretStorage. A server that does not answer now is kept as the current one, shown as
   * unreachable: the next play command asks it again.
   */
  restore(): Promise<void> {
    this.restoring ??= (async () => {
      const address = this.context.globalState.get<string>(LAST_REMOTE);
      const parsed = address ? parseAddress(address) : undefined;
      if (!parsed || this.current()) return;
      this.showStatus(); // a remembered server shows after a reload, before anything is used
      if (await this.localServerGone(parsed)) {
        // this window's own local server, stopped by the reload (another window had connected
        // to it and made it the remembered one), or a closed window's: this window starts its
        // local server again, on that folder's port, with its games (it showed "does not answer")
        this.log.appendLine(`${parsed.address} was a local server of Cardwords and does not answer: starting the local server`);
        if (!this.current()) await this.startLocal();
        return;
      }
      const owner = await this.context.secrets.get(ownerSecretKey(parsed.address));
      if (this.current()) return; // a command or a restored panel was quicker
      this.remote = { kind: 'remote', url: parsed.url, address: parsed.address, ...(owner ? { owner } : {}) };
      this.active = 'remote';
      this.log.appendLine(`connecting again to ${parsed.address}${owner ? ' (as the owner)' : ''}`);
      this.update();
      await this.answers(this.remote);
    })().catch((e: unknown) => this.log.appendLine(`connecting again: ${e instanceof Error ? e.message : String(e)}`));
    return this.restoring;
  }

  /**
   * Whether the server answers as a Cardwords server (GET /health); a remote one's answer
   * shows in the status bar, and an owner token it refuses now is forgotten (checkOwner).
   */
  async answers(c: Connection): Promise<boolean> {
    const ok = await healthy(c.url);
    if (c.kind === 'remote' && this.remote?.address === c.address && this.remoteDown === ok) {
      this.remoteDown = !ok;
      this.log.appendLine(ok ? `${c.address} answers again` : `${c.address} does not answer`);
      this.update();
    }
    if (ok) await this.checkOwner(c);
    return ok;
  }

  /**
   * A remote server's owner token that the server refuses now (started again with a new
   * one, or with another data folder) is forgotten, in SecretStorage too, and the person is
   * told how to be the owner again: kept, it made every later game creation fail. A token
   * the server did not judge (no answer) is kept.
   */
  private async checkOwner(c: Connection): Promise<void> {
    const token = c.owner;
    if (c.kind !== 'remote' || !token) return;
    if ((await ownerAccepted(c.url, token)) !== false) return;
    if (c.owner !== token) return; // forgotten meanwhile (a play command and a restore both asked)
    delete c.owner;
    const key = ownerSecretKey(c.address);
    if ((await this.context.secrets.get(key)) === token) await this.context.secrets.delete(key);
    this.log.appendLine(`${c.address} refused the kept owner token: forgotten`);
    this.update();
    const connect = vscode.l10n.t('Connect with the Owner Link…');
    void vscode.window
      .showWarningMessage(vscode.l10n.t('The server {0} no longer accepts the owner token kept for it (was it started again with a new one?). The token is forgotten: you play there as a guest. To be its owner again, connect with the owner link the server printed.', c.address), connect)
      .then((answer) => (answer === connect ? vscode.commands.executeCommand('cardwords.connectServer') : undefined));
  }

  /** The current connection, else the remote server of the settings, else a new local server. */
  async ensure(): Promise<Connection | undefined> {
    this.showStatus();
    // a play command may be what activated the extension after a reload
    await this.restore();
    const c = this.current();
    if (c) return c;
    const remote = remoteAddress();
    if (remote) return this.connect(remote);
    return this.startLocal();
  }

  /** A connection for a restored panel: the same kind of server it was opened on. */
  async reconnect(ref: ServerRef): Promise<Connection | undefined> {
    this.showStatus();
    await this.restore();
    if (ref.kind === 'local') return this.localConnection() ?? this.startLocal();
    if (this.remote?.address === ref.address) return this.remote;
    const parsed = parseAddress(ref.address);
    // a panel opened on a local server of this extension by its address, gone now: the local
    // server started again (on that folder's port) has the games
    if (parsed && (await this.localServerGone(parsed))) return this.localConnection() ?? this.startLocal();
    return this.connect(ref.address);
  }

  /** The ports the local servers of this extension last had (any window's). */
  private localPorts(): Record<string, number> {
    return this.context.globalState.get<Record<string, number>>(LOCAL_PORTS) ?? {};
  }

  /** Whether `server` was a local server of this extension (any window's) and does not answer now. */
  private async localServerGone(server: { url: string; address: string }): Promise<boolean> {
    const port = Number(new URL(server.url).port);
    if (!isLoopback(server.url) || !Object.values(this.localPorts()).includes(port)) return false;
    return !(await healthy(server.url));
  }

  async startLocal(): Promise<Connection> {
    this.showStatus();
    const running = this.localConnection();
    if (running) {
      this.active = 'local';
      this.update();
      return running;
    }
    if (this.starting) return this.starting;
    this.starting = this.spawnLocal().finally(() => (this.starting = undefined));
    this.update();
    return this.starting;
  }

  private async spawnLocal(): Promise<Connection> {
    const settings = localServerSettings();
    const storage = this.context.globalStorageUri.fsPath;
    const cache = cacheFolder(this.context);
    const rulesets = settings.rulesets.length ? settings.rulesets.map(resolveFolder) : [this.bundledRuleset(storage)];
    for (const r of rulesets) if (!existsSync(r)) throw new Error(vscode.l10n.t('No ruleset folder {0} (setting cardwords.localServer.rulesets).', r));
    const cli = this.context.asAbsolutePath(join('dist', 'cli.js'));
    // a start that failed says whether the port was taken (serve's PORT_IN_USE line), so the
    // caller can try a free port instead, or the data folder (DATA_FOLDER_IN_USE: another
    // VS Code window's local server), so that it tries the next folder
    const start = async (port: number, data: string): Promise<{ server: LocalServer } | { failed: unknown; inUse: boolean; folderHeld?: boolean }> => {
      mkdirSync(data, { recursive: true });
      const args = ['serve', '--port', String(port), '--host', '127.0.0.1', '--data', data, '--exit-with-stdin', ...rulesets.flatMap((r) => ['--ruleset', r])];
      this.log.appendLine(`> ${process.execPath} ${cli} ${args.join(' ')}`.replace(/--owner\S*/g, ''));
      let inUse = false;
      let folderHeld = false;
      try {
        const server = await LocalServer.start({
          cli,
          args,
          env: { ...process.env, CARDWORDS_CACHE_DIR: cache },
          // the owner link stays out of the log: the token is handled for the user
          log: (line) => {
            if (PORT_IN_USE.test(line)) inUse = true;
            if (DATA_FOLDER_IN_USE.test(line)) folderHeld = true;
            this.log.appendLine(line.replace(/owner=[\w-]+/g, 'owner=…'));
          },
        });
        return { server };
      } catch (failed) {
        return { failed, inUse, folderHeld };
      }
    };
    const t0 = performance.now();
    // A data folder is one server's: each VS Code window runs its own local server, so a
    // window finds the first folder no other window's server holds (server, server-2, …).
    // A window keeps its games across its own reloads (its server stops with it, and it takes
    // the same folder again while the other windows keep theirs), and the folder's port.
    let r: Awaited<ReturnType<typeof start>> | undefined;
    let folder = '';
    for (let slot = 1; slot <= LOCAL_DATA_SLOTS; slot++) {
      folder = slot === 1 ? 'server' : `server-${slot}`;
      const data = join(storage, folder);
      const again = settings.port === 0 ? (this.localPorts()[folder] ?? 0) : 0;
      r = await start(settings.port || again, data);
      // the folder's last port taken meanwhile by another program: a free one (open pages
      // and invite links then need the new address)
      if ('failed' in r && again && r.inUse) {
        this.log.appendLine(`port ${again} is taken now: the local server takes a free port`);
        r = await start(0, data);
      }
      if (!('failed' in r) || !r.folderHeld) break;
      this.log.appendLine(`${data} is another window's local server's: trying the next folder`);
    }
    if (!r) throw new Error('no local server folder');
    if ('failed' in r) throw r.failed;
    const server = r.server;
    await this.context.globalState.update(LOCAL_PORTS, { ...this.localPorts(), [folder]: server.port });
    // its owner token kept for its address as a remote server's is: another window connecting
    // to it by address (Connect to Server…) is its owner too, and creates and watches games
    // there (it was a guest, told "No open game" while the game had no watcher place free)
    if (server.owner) await this.context.secrets.store(ownerSecretKey(`127.0.0.1:${server.port}`), server.owner);
    this.log.appendLine(`local server pid ${server.pid} on port ${server.port}, ready in ${(performance.now() - t0).toFixed(0)} ms`);
    server.onExit = (code, signal) => {
      this.log.appendLine(`local server pid ${server.pid} exited (${signal ?? `code ${code}`})`);
      if (this.local === server) this.local = undefined;
      if (this.active === 'local') this.active = this.remote ? 'remote' : undefined;
      this.update();
    };
    this.local = server;
    this.active = 'local';
    // the local server is the one in use now: a reload does not go back to the remote one
    void this.context.globalState.update(LAST_REMOTE, undefined);
    this.update();
    return this.localConnection()!;
  }

  /** The bundled sample, copied to global storage: approved words are appended to its folder. */
  private bundledRuleset(storage: string): string {
    const target = join(storage, 'rulesets', BUNDLED_RULESET[1]!);
    if (!existsSync(target)) cpSync(this.context.asAbsolutePath(join(...BUNDLED_RULESET)), target, { recursive: true });
    return target;
  }

  async stopLocal(): Promise<boolean> {
    const s = this.local;
    if (!s) return false;
    this.log.appendLine(`stopping local server pid ${s.pid}`);
    await s.stop();
    if (this.local === s) this.local = undefined;
    if (this.active === 'local') this.active = this.remote ? 'remote' : undefined;
    this.update();
    return true;
  }

  /**
   * Connects to `host:port` or to an owner link (`http://host:port/?owner=TOKEN`): checks
   * /health. The owner token of a link is kept in SecretStorage for that address, unless the
   * server refuses it (GET /owner); a bare address, or a refused link, takes the kept one (a
   * reload, a restored panel, the address typed again).
   */
  async connect(input: string): Promise<Connection> {
    const parsed = parseAddress(input);
    if (!parsed) throw new Error(vscode.l10n.t('Not a server address: {0} (host:port)', input));
    // said as the play commands say it ("No connection: fetch failed" said nothing), and a
    // page that is not JSON is not a Cardwords server (it was the parser's error)
    const r = await fetch(`${parsed.url}/health`, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
    if (!r) throw new Error(vscode.l10n.t('The server {0} does not answer.', parsed.address));
    const health = r.ok ? ((await r.json().catch(() => undefined)) as { name?: string } | undefined) : undefined;
    if (health?.name !== 'cardwords') throw new Error(vscode.l10n.t('{0} is not a Cardwords server.', parsed.address));
    this.showStatus();
    const key = ownerSecretKey(parsed.address);
    // a link's token is asked first, as a kept one is: one the server refuses (a link from an
    // earlier start of it) is not kept, else every game creation failed until the next check
    const given = parsed.owner && (await ownerAccepted(parsed.url, parsed.owner)) === false ? undefined : parsed.owner;
    if (parsed.owner && !given) {
      this.log.appendLine(`${parsed.address} refused the owner link's token: not kept`);
      void vscode.window.showWarningMessage(vscode.l10n.t('The server {0} refuses the owner token of this link (is the link from an earlier start of the server?), so it is not kept. To be its owner, connect with the owner link the server printed when it last started.', parsed.address));
    }
    if (given) await this.context.secrets.store(key, given);
    const owner = given ?? (await this.context.secrets.get(key));
    this.remote = { kind: 'remote', url: parsed.url, address: parsed.address, ...(owner ? { owner } : {}) };
    this.remoteDown = false;
    this.active = 'remote';
    // the kept token (not a link's: that one was just asked) is asked whether it still holds
    if (!given) await this.checkOwner(this.remote);
    await this.context.globalState.update(LAST_REMOTE, parsed.address);
    this.log.appendLine(`connected to ${parsed.address}${this.remote.owner ? ' (as the owner)' : ''}`);
    this.update();
    return this.remote;
  }

  private update(): void {
    this.changed.fire();
    if (!this.status) return;
    const local = this.local?.running ? this.local : undefined;
    const c = this.current();
    if (this.starting && !local) {
      this.status.text = `$(loading~spin) ${vscode.l10n.t('Cardwords: starting')}`;
      this.status.tooltip = vscode.l10n.t('The local Cardwords server is starting.');
      this.status.command = 'cardwords.showServerLog';
    } else if (c?.kind === 'remote' && this.remoteDown) {
      this.status.text = `$(warning) ${vscode.l10n.t('Cardwords: {0} does not answer', c.address)}`;
      this.status.tooltip = vscode.l10n.t('The Cardwords server {0} does not answer. Click to connect again.', c.address);
      this.status.command = { command: 'cardwords.connectServer', title: vscode.l10n.t('Connect to a Cardwords server'), arguments: [c.address] };
    } else if (c?.kind === 'remote') {
      this.status.text = `$(remote) ${vscode.l10n.t('Cardwords: {0}', c.address)}`;
      this.status.tooltip = vscode.l10n.t('Connected to the Cardwords server {0}.', c.address);
      this.status.command = 'cardwords.showServerLog';
    } else if (local) {
      this.status.text = `$(server-process) ${vscode.l10n.t('Cardwords: port {0}', String(local.port))}`;
      this.status.tooltip = vscode.l10n.t('The local Cardwords server runs on port {0}. Click for its log.', String(local.port));
      this.status.command = 'cardwords.showServerLog';
    } else {
      this.status.text = `$(server) ${vscode.l10n.t('Cardwords: stopped')}`;
      this.status.tooltip = vscode.l10n.t('No Cardwords server. Click to start a local one.');
      this.status.command = 'cardwords.startLocalServer';
    }
  }

  /**
   * The local server reads its rulesets (and port) when it starts: when they change while it
   * runs, the user chooses between a restart now and the next start (nothing changes silently).
   */
  watchSettings(): vscode.Disposable {
    return vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (!e.affectsConfiguration('cardwords.localServer.rulesets') && !e.affectsConfiguration('cardwords.localServer.port')) return;
      if (!this.local?.running) return; // the next start reads them
      const restart = vscode.l10n.t('Restart now');
      const later = vscode.l10n.t('Later');
      const answer = await vscode.window.showInformationMessage(vscode.l10n.t('The local Cardwords server started with the old rulesets and port. Restart it now with the new settings?'), restart, later);
      if (answer === restart) {
        this.log.appendLine('restarting the local server for the new settings');
        await this.stopLocal();
        try {
          await this.startLocal();
        } catch (err) {
          void vscode.window.showErrorMessage(vscode.l10n.t('The local server did not start') + `: ${err instanceof Error ? err.message : String(err)}`);
        }
      } else {
        void vscode.window.showInformationMessage(vscode.l10n.t('The new settings apply when the local server starts again (Cardwords: Start Local Server after Stop Local Server).'));
      }
    });
  }

  /** Synchronous last word (deactivate, window closing): the local server's group gets SIGTERM now. */
  dispose(): void {
    this.local?.kill('SIGTERM');
    this.status?.dispose();
    this.channel?.dispose();
    this.changed.dispose();
  }

  /** deactivate(): stop the local server, SIGKILL after a short grace. */
  async shutdown(): Promise<void> {
    const s = this.local;
    this.local = undefined;
    await s?.stop(1500);
  }
}

function resolveFolder(p: string): string {
  const t = p.trim();
  if (t === '~' || t.startsWith('~/')) return join(homedir(), t.slice(1));
  if (isAbsolute(t)) return t;
  const ws = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  return resolve(ws ?? homedir(), t.replace(/^\$\{workspaceFolder\}[\\/]?/, ''));
}
