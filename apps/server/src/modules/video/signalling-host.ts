import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChannelAccess, SignallingUser } from './channels.ts';
import type { FromSignalling, SignallingSettings, ToSignalling, UpgradeRequest } from './signalling-protocol.ts';

const ENTRY = fileURLToPath(new URL('./signalling-process.ts', import.meta.url));
/** The server's package folder: `--import tsx` resolves from the working directory, wherever the server was started. */
const SERVER_DIR = path.resolve(path.dirname(ENTRY), '../../..');
/** How long the process gets to close its sockets and tell their peers before it is killed. */
const CLOSE_TIMEOUT_MS = 5000;

export interface SignallingHostOptions {
  settings: SignallingSettings;
  /** Whether the user may join the channel, and in which seat: the process asks; the server holds the database. */
  access(user: SignallingUser, channel: string): Promise<ChannelAccess>;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
}

/**
 * The server's side of the signalling process (docs/decisions/016): starts it, hands it each authenticated
 * `/ws/video` socket, answers its access questions from the database, and closes it with the server. A process
 * that dies is started again by the next socket; the pages whose sockets it held reconnect.
 */
export class SignallingHost {
  private child: ChildProcess | undefined;
  private ready: Promise<ChildProcess> | undefined;
  private closing = false;

  constructor(private readonly options: SignallingHostOptions) {}

  /** Starts the process unless it runs; resolves once it accepts sockets. */
  start(): Promise<ChildProcess> {
    if (this.closing) return Promise.reject(new Error('the server is closing'));
    this.ready ??= new Promise<ChildProcess>((resolve, reject) => {
      const child = fork(ENTRY, [], { cwd: SERVER_DIR, execArgv: ['--import', 'tsx'], stdio: 'inherit' });
      this.child = child;
      const forget = () => {
        if (this.child !== child) return;
        this.child = undefined;
        this.ready = undefined;
      };
      child.on('error', (error) => {
        forget();
        this.options.log.error({ err: error }, 'the video signalling process failed');
        reject(error);
      });
      child.on('exit', (code, signal) => {
        forget();
        if (!this.closing) this.options.log.error({ code, signal }, 'the video signalling process exited; the next socket starts another');
        reject(new Error(`the video signalling process exited (${code ?? signal})`));
      });
      child.on('message', (message: FromSignalling) => {
        if (message.kind === 'ready') resolve(child);
        else if (message.kind === 'access') this.answerAccess(child, message.id, message.user, message.channel);
      });
      send(child, { kind: 'start', settings: this.options.settings });
    });
    return this.ready;
  }

  /**
   * Gives an upgraded, authenticated socket to the process, which completes the WebSocket handshake. The bytes
   * the client sent after its request (`head`, normally none: a client waits for the handshake's answer) go along.
   */
  async hand(socket: Socket, head: Buffer, request: UpgradeRequest, user: SignallingUser): Promise<void> {
    let child: ChildProcess;
    try {
      child = await this.start();
    } catch {
      socket.destroy();
      return;
    }
    if (socket.destroyed) return;
    // This process must read nothing more from the socket: the client's first frame belongs to the handshake's
    // new owner. The handle is sent open and closed here once sent, so the socket closes as any other here does.
    (socket as unknown as { _handle?: { readStop?(): number } })._handle?.readStop?.();
    // Node tracks a socket sent from a net.Server so that server.close() waits for the child to close it; once
    // that child has exited, the server's close waits forever. close() ends the process first, so the socket
    // goes without that link.
    (socket as unknown as { server: unknown }).server = null;
    const message: ToSignalling = { kind: 'socket', user, request, head: head.toString('base64') };
    const failed = (error: unknown) => this.options.log.error({ err: error }, 'a video socket could not be handed to the signalling process');
    try {
      child.send(message, socket, { keepOpen: true }, (error) => {
        if (error) failed(error);
        socket.destroy();
      });
    } catch (error) {
      // Not a socket with a handle of its own (a TLS socket, a test's in-memory stream): it cannot be passed.
      failed(error);
      socket.destroy();
    }
  }

  /** Closes every socket of the process (their peers are told) and waits for it to exit. */
  async close(): Promise<void> {
    this.closing = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit').catch(() => undefined);
    send(child, { kind: 'close' });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_TIMEOUT_MS)))]);
    clearTimeout(timer);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  private answerAccess(child: ChildProcess, id: number, user: SignallingUser, channel: string) {
    this.options.access(user, channel).then(
      (access) => send(child, { kind: 'access', id, access }),
      (error: unknown) => {
        this.options.log.error({ err: error }, 'checking a video channel access failed');
        send(child, { kind: 'access', id, access: null });
      },
    );
  }
}

/** Sends unless the process has gone (its exit is handled on its own). */
function send(child: ChildProcess, message: ToSignalling) {
  if (child.connected) child.send(message, () => undefined);
}
