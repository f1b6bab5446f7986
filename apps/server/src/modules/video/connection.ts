import type { WebSocket } from 'ws';
import { messages, VideoClientMessage, VideoCloseCode, type VideoPeer, type VideoServerMessage } from '@bridge/api';
import { TokenBucket } from '../../lib/token-bucket.ts';
import type { ChannelAccess, SignallingUser } from './service.ts';
import type { DropReason, Hub, HubMember } from './hub.ts';

/** What a signalling socket needs from the place it runs in: the rooms, who may join which, and a log. */
export interface ConnectionContext {
  hub: Hub;
  /** Whether the session's user, as they are now, may join the channel, and in which seat (a database question). */
  access(session: string, channel: string): Promise<ChannelAccess>;
  log: { error(details: object, message: string): void };
  /** A socket that has not answered a ping by the next one is dropped and its peers told. */
  heartbeatMs: number;
}

/**
 * Messages a socket may send: a burst for the ICE candidates of a call's start, then a steady rate. A client
 * past it gets an error for each message dropped; honest clients send a few dozen a minute.
 */
export const SIGNAL_BURST = 300;
export const SIGNAL_PER_SECOND = 50;

/** A peer's offer or answer goes on to its target as the message saying which of the two it received. */
const SDP_RECEIVED = { send_offer: 'offer_sdp_recieved', send_answer: 'answer_sdp_recieved' } as const;

/** One browser's signalling socket: at most one channel at a time, messages handled in order. */
export class VideoConnection {
  private readonly allowance = new TokenBucket(SIGNAL_BURST, SIGNAL_PER_SECOND);
  private channel: string | null = null;
  private member: HubMember | null = null;
  /** The last of this socket's messages still being handled, or null when none is. */
  private pending: Promise<void> | null = null;
  private answeredPing = true;
  /** The user's access changed: the socket is closing, and acts on nothing more. */
  private revoked = false;

  private readonly hub: Hub;

  /** `session`: the hash of the session the socket was opened with. */
  constructor(
    private readonly socket: WebSocket,
    readonly user: SignallingUser,
    readonly session: string,
    private readonly context: ConnectionContext,
  ) {
    this.hub = context.hub;
    const { log, heartbeatMs } = context;
    const heartbeat = setInterval(() => {
      if (!this.answeredPing) {
        socket.terminate();
        return;
      }
      this.answeredPing = false;
      socket.ping();
    }, heartbeatMs);
    socket.on('pong', () => (this.answeredPing = true));
    socket.on('message', (data, isBinary) => {
      if (this.revoked) return;
      if (!this.allowance.take()) return this.fail(messages.tooManySignals, 'rate_limited');
      const raw = isBinary ? null : data.toString();
      this.inOrder(
        () => this.handle(raw),
        (error) => {
          log.error({ err: error }, 'video signalling message failed');
          this.reply({ type: 'error', body: { message: messages.operationFailed, code: 'internal_error' } });
        },
      );
    });
    socket.on('close', () => {
      clearInterval(heartbeat);
      this.inOrder(
        () => this.leave(),
        (error) => log.error({ err: error }, 'video leave failed'),
      );
    });
  }

  /**
   * Runs the socket's work one piece after another. A piece that finds nothing pending runs at once, and a relayed
   * offer, answer or candidate through the in-process hub finishes there without a promise: measured, the promise
   * chain of every message cost the relay about 7 us of its 80 (bench/signalling.ts, one message at a time).
   */
  private inOrder(work: () => void | Promise<void>, onError: (error: unknown) => void) {
    if (this.pending) {
      this.pending = this.settle(this.pending.then(work), onError);
      return;
    }
    try {
      const result = work();
      if (result) this.pending = this.settle(result, onError);
    } catch (error) {
      onError(error);
    }
  }

  private settle(work: Promise<void>, onError: (error: unknown) => void): Promise<void> {
    const done: Promise<void> = work.catch(onError).then(() => {
      if (this.pending === done) this.pending = null;
    });
    return done;
  }

  private reply(message: VideoServerMessage) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private fail(message: string, code: string, channelName?: string) {
    this.reply({ type: 'error', channelName, body: { message, code } });
  }

  private handle(raw: string | null): void | Promise<void> {
    if (this.revoked) return;
    let json: unknown;
    try {
      json = raw === null ? undefined : JSON.parse(raw);
    } catch {
      json = undefined;
    }
    const parsed = VideoClientMessage.safeParse(json);
    if (!parsed.success) return this.fail(messages.videoBadMessage, 'validation_failed');
    const message = parsed.data;
    if (message.type === 'join') return this.join(message.channelName, message.body.strict);
    if (message.channelName !== this.channel || !this.member) return this.fail(messages.videoNotJoined, 'not_joined', message.channelName);
    const channelName = this.channel;
    const me = this.member.peer;
    switch (message.type) {
      case 'start':
        return this.hub.send(channelName, me.peerId, null, { type: 'start_call', channelName, body: { peer: me } });
      case 'peerDetails':
        return this.sendPeerDetails(channelName, me.peerId, message.body.targetPeer);
      case 'send_offer':
      case 'send_answer':
        return this.hub.send(channelName, me.peerId, message.body.targetPeer, {
          type: SDP_RECEIVED[message.type],
          channelName,
          body: { sdp: message.body.sdp, from: me.peerId },
        });
      case 'ice_candidate':
        return this.hub.send(channelName, me.peerId, message.body.targetPeer, {
          type: 'ice_candidate',
          channelName,
          body: { candidate: message.body.candidate, from: me.peerId },
        });
      case 'disconnect':
        return this.leave();
    }
  }

  private async sendPeerDetails(channelName: string, myPeerId: string, target: string | undefined) {
    const peers = (await this.hub.peers(channelName)).filter((peer) => peer.peerId !== myPeerId);
    this.reply({ type: 'peerDetails', channelName, body: { peers: target ? peers.filter((peer) => peer.peerId === target) : peers } });
  }

  /**
   * A strict join is refused ('alreadyJoined') while another socket of the same user is in the channel; a
   * non-strict one (a page coming back after its connection dropped) takes that socket's place, and the older
   * socket is told `disconnect` and closed.
   */
  private async join(channelName: string, strict: boolean) {
    if (this.channel) await this.leave();
    const access = await this.context.access(this.session, channelName);
    if (this.revoked) return;
    if (!access.ok) {
      this.fail(access.message, access.code, channelName);
      if (access.code === 'unauthorized') this.revoke();
      return;
    }
    const peer: VideoPeer = { peerId: this.user.id, displayName: this.user.names, seat: access.seat };
    const member: HubMember = { peer, deliver: (message) => this.reply(message), dropped: (reason) => this.dropped(member, reason) };
    if ((await this.hub.join(channelName, member, strict)) === 'alreadyJoined') {
      return this.reply({ type: 'alreadyJoined', channelName, body: { message: messages.videoAlreadyJoined } });
    }
    this.channel = channelName;
    this.member = member;
    const peers = (await this.hub.peers(channelName)).filter((other) => other.peerId !== peer.peerId);
    this.reply({ type: 'joined', channelName, body: { peer, peers } });
  }

  /**
   * The user was disabled, demoted or deleted, or the socket's session ended: it leaves its room at once (its peers
   * are told) and closes. A page still signed in reconnects and joins in the seat its user has now.
   */
  revoke() {
    if (this.revoked) return;
    this.revoked = true;
    this.inOrder(
      () => this.leave(),
      (error) => this.context.log.error({ err: error }, 'video leave failed'),
    );
    this.socket.close(VideoCloseCode.accessChanged, 'access changed');
  }

  /** The hub put this socket out of its room: replaced by a newer socket of the user, or its seat was lost. */
  private dropped(member: HubMember, reason: DropReason) {
    if (this.member !== member) return;
    const channelName = this.channel!;
    this.channel = null;
    this.member = null;
    if (reason === 'replaced') {
      this.reply({ type: 'disconnect', channelName, body: { reason } });
      this.socket.close(1000);
    } else {
      // Not a normal closure: the page reconnects and joins again.
      this.socket.close(1012);
    }
  }

  private async leave() {
    const { channel, member } = this;
    this.channel = null;
    this.member = null;
    if (!channel || !member) return;
    if (await this.hub.leave(channel, member)) {
      await this.hub.send(channel, member.peer.peerId, null, { type: 'disconnected', channelName: channel, body: { peerId: member.peer.peerId } });
    }
  }
}
