import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Role } from '@bridge/api';
import type { ChannelAccess, SignallingUser } from './service.ts';
import type { FromSignalling, SignallingSettings, ToSignalling, UpgradeRequest } from './signalling-protocol.ts';

const ENTRY = fileURLToPath(new URL('./signalling-process.ts', import.meta.url));
/** The server's package folder: `--import tsx` resolves from the working directory, wherever the server was started. */
const SERVER_DIR = path.resolve(path.dirname(ENTRY), '../../..');
/** How long the process gets to close its sockets and tell their peers before it is killed. */
const CLOSE_TIMEOUT_MS = 5000;
/** A process not ready by then is killed; the sockets waiting for it go to the next one. */
const START_TIMEOUT_MS = 15_000;
/** A process that dies sooner than this after its start is started again only after a wait, doubled each time. */
const SHORT_LIFE_MS = 10_000;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 8000;

export interface SignallingHostOptions {
  settings: SignallingSettings;
  /**
   * Whether the user of the session may join the channel, and in which seat: the process asks; the server holds
   * the database.
   */
  access(session: string, channel: string): Promise<ChannelAccess>;
  /** A user's role now (null: disabled or gone) and unexpired sessions, read when their access changed. */
  userAccess(userId: string): Promise<{ role: Role | null; sessions: string[] }>;
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
  /** Sockets sent to a process that has not yet said it took them, by handoff id. */
  private readonly handoffs = new Map<number, { child: ChildProcess; taken(): void; lost(): void }>();
  private nextHandoff = 0;
  private restartDelayMs = 0;

  constructor(private readonly options: SignallingHostOptions) {}

  /** Starts the process unless it runs; resolves once it accepts sockets. */
  start(): Promise<ChildProcess> {
    if (this.closing) return Promise.reject(new Error('the server is closing'));
    this.ready ??= this.spawnAfter(this.restartDelayMs);
    return this.ready;
  }

  /** After a wait when the last process died young (Redis down at its start, say), not in a tight loop. */
  private async spawnAfter(delayMs: number): Promise<ChildProcess> {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (this.closing) throw new Error('the server is closing');
    return this.spawn();
  }

  private spawn(): Promise<ChildProcess> {
    return new Promise<ChildProcess>((resolve, reject) => {
      const child = fork(ENTRY, [], { cwd: SERVER_DIR, execArgv: ['--import', 'tsx'], stdio: 'inherit' });
      const startedAt = Date.now();
      this.child = child;
      const startTimer = setTimeout(() => {
        this.options.log.error({ timeoutMs: START_TIMEOUT_MS }, 'the video signalling process did not start in time; killing it');
        child.kill('SIGKILL');
      }, START_TIMEOUT_MS);
      child.on('error', (error) => {
        clearTimeout(startTimer);
        this.forget(child);
        this.options.log.error({ err: error }, 'the video signalling process failed');
        reject(error);
      });
      child.on('exit', (code, signal) => {
        clearTimeout(startTimer);
        const young = Date.now() - startedAt < SHORT_LIFE_MS;
        this.restartDelayMs = young ? Math.min(MAX_RESTART_DELAY_MS, Math.max(FIRST_RESTART_DELAY_MS, this.restartDelayMs * 2)) : 0;
        this.forget(child);
        if (!this.closing) this.options.log.error({ code, signal }, 'the video signalling process exited; the next socket starts another');
        reject(new Error(`the video signalling process exited (${code ?? signal})`));
      });
      // After the exit and every message it sent have come in ('exit' may come before its last 'took').
      child.on('close', () => {
        for (const handoff of [...this.handoffs.values()]) if (handoff.child === child) handoff.lost();
      });
      child.on('message', (message: FromSignalling) => {
        if (message.kind === 'ready') {
          clearTimeout(startTimer);
          resolve(child);
        } else if (message.kind === 'took') this.handoffs.get(message.id)?.taken();
        else if (message.kind === 'access') this.answerAccess(child, message.id, message.session, message.channel);
      });
      send(child, { kind: 'start', settings: this.options.settings });
    });
  }

  /**
   * Gives an upgraded, authenticated socket to the process, which completes the WebSocket handshake. The bytes
   * the client sent after its request (`head`, normally none: a client waits for the handshake's answer) go along.
   * This side keeps its copy of the socket until the process says it took it: a process that dies first (killed
   * between the send and its read, before its death is reported here) has written nothing to the socket yet, so
   * the socket goes to a new process, once.
   */
  async hand(socket: Socket, head: Buffer, request: UpgradeRequest, user: SignallingUser, session: string, retried = false): Promise<void> {
    let child: ChildProcess;
    try {
      child = await this.start();
    } catch {
      socket.destroy();
      return;
    }
    if (socket.destroyed) return;
    // The client's first frame belongs to the handshake's new owner. A WebSocket client sends nothing between its
    // request and the handshake's answer (RFC 6455, 4.1), and what came with the request goes along as `head`; this
    // side only stops handing what it reads to anyone. Once taken, the copy here is destroyed, so the socket closes
    // here as any other does.
    socket.pause();
    // Node tracks a socket sent from a net.Server so that server.close() waits for the child to close it; once
    // that child has exited, the server's close waits forever. close() ends the process first, so the socket
    // goes without that link.
    (socket as unknown as { server: unknown }).server = null;
    const id = this.nextHandoff++;
    this.handoffs.set(id, {
      child,
      taken: () => {
        this.handoffs.delete(id);
        socket.destroy();
      },
      lost: () => {
        this.handoffs.delete(id);
        if (retried || this.closing || socket.destroyed) socket.destroy();
        else void this.hand(socket, head, request, user, session, true);
      },
    });
    const message: ToSignalling = { kind: 'socket', id, user, session, request, head: head.toString('base64') };
    try {
      child.send(message, socket, { keepOpen: true }, (error) => {
        if (!error) return;
        this.forget(child);
        this.handoffs.get(id)?.lost();
      });
    } catch (error) {
      // Not a socket with a handle of its own (a TLS socket, a test's in-memory stream): it cannot be passed.
      this.options.log.error({ err: error }, 'a video socket could not be handed to the signalling process');
      this.handoffs.delete(id);
      socket.destroy();
    }
  }

  /**
   * A user was disabled, demoted, deleted or signed out (here or on another instance): the process closes their
   * sockets that no longer stand. A process not running holds none.
   */
  async userChanged(userId: string): Promise<void> {
    const child = this.child;
    if (!child || this.closing) return;
    try {
      const { role, sessions } = await this.options.userAccess(userId);
      send(child, { kind: 'user', userId, role, sessions });
    } catch (error) {
      this.options.log.error({ err: error, userId }, "reading a user's access for their video sockets failed");
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

  /** The process is gone or going: the next socket starts another. */
  private forget(child: ChildProcess) {
    if (this.child !== child) return;
    this.child = undefined;
    this.ready = undefined;
  }

  private answerAccess(child: ChildProcess, id: number, session: string, channel: string) {
    this.options.access(session, channel).then(
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
