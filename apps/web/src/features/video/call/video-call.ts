import type { VideoPeer, VideoSeat, VideoServerMessage } from '@bridge/api';
import { createLevelMeter, createReceiverMeter, pickSpeaker, type LevelMeter } from './audio-level';
import { getLocalMedia, MediaError, stopStream, videoScaleFor, type MediaChoice, type MediaProblem } from './media';
import { PeerLink, type LocalTracks } from './peer-link';
import { bySeat } from './seats';
import { SignallingSocket, type SocketFactory } from './signalling';

export interface Participant {
  peerId: string;
  displayName: string;
  seat: VideoSeat | null;
  isSelf: boolean;
  stream: MediaStream | null;
  /** Changes whenever the stream gains a track, so a tile re-attaches it. */
  streamVersion: number;
  audio: boolean;
  video: boolean;
  connection: 'connecting' | 'connected' | 'failed';
}

export type CallProblem =
  | { kind: 'unknown-table' }
  | { kind: 'refused'; message: string }
  | { kind: 'already-joined' }
  | { kind: 'peer-failed' }
  | { kind: 'media'; problem: MediaProblem };

export interface CallSnapshot {
  status: 'starting' | 'connecting' | 'joined' | 'reconnecting' | 'ended';
  participants: Participant[];
  speaker: string | null;
  problem: CallProblem | null;
  /** Device kinds this machine has none of. */
  missing: ('camera' | 'microphone')[];
  audio: boolean;
  video: boolean;
}

export interface VideoCallOptions {
  url: string;
  channel: string;
  user: { uid: string; displayName: string };
  iceServers: RTCIceServer[];
  audio: boolean;
  video: boolean;
  choice: MediaChoice;
  createSocket?: SocketFactory;
}

const SPEAKER_POLL_MS = 250;
const SPEAKER_HOLD_MS = 1200;
const REJOIN_TRIES = 6;

/**
 * A browser's part of a table's video call: local media, the signalling socket, one PeerLink per other peer.
 * The newcomer sends `start`; those already in the room start a link to it (they are the offering side). A
 * snapshot for React (subscribe / getSnapshot) holds everything the page shows.
 */
export class VideoCall {
  private readonly socket: SignallingSocket;
  private readonly links = new Map<string, PeerLink>();
  private readonly people = new Map<string, Participant>();
  private localStream: MediaStream | null = null;
  private meter: LevelMeter | null = null;
  private selfId: string;
  private everJoined = false;
  private mediaSettled = false;
  private rejoinTries = 0;
  private speakerTimer: ReturnType<typeof setInterval> | null = null;
  private polling = false;
  /** One meter per peer connection (a link made again has a new one), so each read measures since the last. */
  private readonly receiverMeters = new WeakMap<RTCPeerConnection, ReturnType<typeof createReceiverMeter>>();
  private spokeAt = 0;
  private listeners = new Set<() => void>();
  private snapshot: CallSnapshot;
  private state: Omit<CallSnapshot, 'participants'>;

  constructor(private readonly options: VideoCallOptions) {
    this.selfId = options.user.uid;
    this.state = { status: 'starting', speaker: null, problem: null, missing: [], audio: options.audio, video: options.video };
    this.people.set(this.selfId, this.selfTile(null));
    this.snapshot = this.build();
    this.socket = new SignallingSocket(
      options.url,
      options.channel,
      options.user.uid,
      {
        onOpen: () => this.joinWhenReady(),
        onMessage: (message) => this.handle(message),
        onLost: () => this.update({ status: 'reconnecting' }),
      },
      options.createSocket,
    );
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private build(): CallSnapshot {
    return { ...this.state, participants: bySeat([...this.people.values()]) };
  }

  private emit() {
    this.snapshot = this.build();
    for (const listener of this.listeners) listener();
  }

  private update(state: Partial<CallSnapshot>) {
    this.state = { ...this.state, ...state };
    this.emit();
  }

  private selfTile(seat: VideoSeat | null): Participant {
    return {
      peerId: this.selfId,
      displayName: this.options.user.displayName,
      seat,
      isSelf: true,
      stream: this.localStream,
      streamVersion: 0,
      audio: this.state?.audio ?? this.options.audio,
      video: this.state?.video ?? this.options.video,
      connection: 'connected',
    };
  }

  private patch(peerId: string, change: Partial<Participant>) {
    const person = this.people.get(peerId);
    if (!person) return;
    this.people.set(peerId, { ...person, ...change });
    this.emit();
  }

  /**
   * Gets the camera and microphone while the socket connects, then joins (so the peers' offers find the local
   * tracks); a media failure is shown but the call goes on without it.
   */
  async start(): Promise<void> {
    this.socket.connect();
    await this.acquireMedia(this.options.choice);
    if (this.state.status === 'ended') return;
    this.mediaSettled = true;
    this.update({ status: 'connecting' });
    this.joinWhenReady();
    this.speakerTimer = setInterval(() => void this.pollSpeaker(), SPEAKER_POLL_MS);
  }

  /**
   * Joins once the media is settled and the socket open, and again on each reconnect. The first join is strict
   * (a second tab is told 'already joined'); after a reconnect the join takes the place of this page's own old
   * socket, which the server may not have noticed gone yet.
   */
  private joinWhenReady() {
    if (this.mediaSettled && this.socket.isOpen) this.socket.send({ type: 'join', body: { strict: !this.everJoined } });
  }

  private tracks(): LocalTracks {
    return { audio: this.localStream?.getAudioTracks()[0] ?? null, video: this.localStream?.getVideoTracks()[0] ?? null };
  }

  private async acquireMedia(choice: MediaChoice): Promise<boolean> {
    try {
      const media = await getLocalMedia(choice);
      if (this.state.status === 'ended') {
        stopStream(media.stream);
        return false;
      }
      const previous = this.localStream;
      this.localStream = media.stream;
      for (const track of media.stream.getAudioTracks()) track.enabled = this.state.audio;
      for (const track of media.stream.getVideoTracks()) track.enabled = this.state.video;
      this.meter?.close();
      this.meter = createLevelMeter(media.stream, SPEAKER_POLL_MS / 1000);
      const tracks = this.tracks();
      await Promise.all([...this.links.values()].map((link) => link.setTracks(tracks).catch(() => undefined)));
      stopStream(previous);
      const self = this.people.get(this.selfId)!;
      this.people.set(this.selfId, { ...self, stream: media.stream, streamVersion: self.streamVersion + 1 });
      this.update({ missing: media.missing, problem: this.state.problem?.kind === 'media' ? null : this.state.problem });
      // What this device lacks is off, for this page and for the others' tiles.
      if (media.missing.includes('microphone') && this.state.audio) this.setAudio(false);
      if (media.missing.includes('camera') && this.state.video) this.setVideo(false);
      return true;
    } catch (error) {
      const problem: MediaProblem = error instanceof MediaError ? error.problem : { kind: 'failed' };
      this.update({ problem: { kind: 'media', problem }, missing: problem.kind === 'no-devices' ? ['camera', 'microphone'] : this.state.missing });
      // Without media nothing is sent: the others' tiles say so.
      if (!this.localStream || this.localStream.getTracks().length === 0) {
        if (this.state.audio) this.setAudio(false);
        if (this.state.video) this.setVideo(false);
      }
      return false;
    }
  }

  /** Other devices chosen in the settings, or Try again after a media error: new tracks replace the old ones. */
  changeDevices(choice: MediaChoice): Promise<boolean> {
    return this.acquireMedia(choice);
  }

  setAudio(on: boolean): void {
    for (const track of this.localStream?.getAudioTracks() ?? []) track.enabled = on;
    this.state = { ...this.state, audio: on };
    this.patch(this.selfId, { audio: on });
    this.shareState();
  }

  setVideo(on: boolean): void {
    for (const track of this.localStream?.getVideoTracks() ?? []) track.enabled = on;
    this.state = { ...this.state, video: on };
    this.patch(this.selfId, { video: on });
    this.shareState();
  }

  private shareState() {
    for (const link of this.links.values()) link.setLocalState({ audio: this.state.audio, video: this.state.video });
  }

  dismissProblem(): void {
    this.update({ problem: null });
  }

  private handle(message: VideoServerMessage) {
    if (this.state.status === 'ended') return;
    switch (message.type) {
      case 'joined':
        return this.joined(message.body.peer, message.body.peers);
      case 'alreadyJoined':
        // After our own reconnect the server may not have noticed the old socket go yet: try again shortly.
        if (this.everJoined && this.rejoinTries < REJOIN_TRIES) {
          this.rejoinTries++;
          this.socket.reconnectSoon(1000 * this.rejoinTries);
          return;
        }
        return this.stop({ kind: 'already-joined' });
      case 'start_call':
        this.upsert(message.body.peer);
        return void this.connectTo(message.body.peer.peerId, true);
      case 'peerDetails':
        for (const peer of message.body.peers) this.upsert(peer);
        return;
      case 'offer_sdp_recieved':
      case 'answer_sdp_recieved': {
        const link =
          this.links.get(message.body.from) ?? (message.type === 'offer_sdp_recieved' ? this.connectTo(message.body.from, false) : undefined);
        return void link?.receiveDescription(message.body.sdp);
      }
      case 'ice_candidate': {
        const link = this.links.get(message.body.from) ?? this.connectTo(message.body.from, false);
        return void link?.receiveCandidate(message.body.candidate);
      }
      case 'disconnected':
        return this.drop(message.body.peerId);
      case 'disconnect':
        // This user joined the chat again from another page, which took this one's place.
        return this.stop({ kind: 'already-joined' });
      case 'error':
        if (message.body.code === 'not_found') return this.stop({ kind: 'unknown-table' });
        if (message.body.code === 'forbidden') return this.stop({ kind: 'refused', message: message.body.message });
        return;
    }
  }

  private joined(peer: VideoPeer, peers: VideoPeer[]) {
    const rejoin = this.everJoined;
    this.everJoined = true;
    this.rejoinTries = 0;
    // On a rejoin the others were told we left and dropped their links: start afresh.
    if (rejoin) for (const id of [...this.links.keys()]) this.drop(id);
    if (peer.peerId !== this.selfId) {
      const self = this.people.get(this.selfId)!;
      this.people.delete(this.selfId);
      this.selfId = peer.peerId;
      this.people.set(this.selfId, { ...self, peerId: peer.peerId });
    }
    this.people.set(this.selfId, { ...this.people.get(this.selfId)!, seat: peer.seat, displayName: peer.displayName });
    for (const other of peers) this.upsert(other, false);
    this.update({ status: 'joined' });
    this.socket.send({ type: 'start' });
    this.socket.send({ type: 'peerDetails', body: {} });
  }

  private upsert(peer: VideoPeer, emit = true) {
    if (peer.peerId === this.selfId) return;
    const known = this.people.get(peer.peerId);
    this.people.set(
      peer.peerId,
      known
        ? { ...known, displayName: peer.displayName, seat: peer.seat }
        : {
            peerId: peer.peerId,
            displayName: peer.displayName,
            seat: peer.seat,
            isSelf: false,
            stream: null,
            streamVersion: 0,
            audio: true,
            video: true,
            connection: 'connecting',
          },
    );
    if (emit) this.emit();
  }

  private connectTo(peerId: string, initiator: boolean): PeerLink | undefined {
    if (peerId === this.selfId) return undefined;
    this.links.get(peerId)?.close();
    if (!this.people.has(peerId)) {
      // An offer from someone we have not heard of yet: a placeholder until their details arrive.
      this.upsert({ peerId, displayName: '', seat: 'Kibitzer' }, false);
      this.socket.send({ type: 'peerDetails', body: { targetPeer: peerId } });
    }
    let link: PeerLink;
    try {
      link = new PeerLink(
        peerId,
        this.selfId < peerId,
        initiator,
        this.options.iceServers,
        this.tracks(),
        {
          sendDescription: (sdp) =>
            this.socket.send({ type: sdp.type === 'answer' ? 'send_answer' : 'send_offer', body: { sdp, targetPeer: peerId } }),
          sendCandidate: (candidate) => this.socket.send({ type: 'ice_candidate', body: { candidate, targetPeer: peerId } }),
        },
        {
          onStream: (stream) => this.patch(peerId, { stream, streamVersion: (this.people.get(peerId)?.streamVersion ?? 0) + 1 }),
          onState: (state) => this.patch(peerId, state),
          onConnection: (connection) => {
            this.patch(peerId, { connection });
            if (connection === 'failed') this.update({ problem: { kind: 'peer-failed' } });
          },
          onError: (error) => console.warn('video: negotiation with a peer failed', error),
        },
        videoScaleFor(this.links.size + (this.links.has(peerId) ? 0 : 1)),
      );
    } catch {
      this.update({ problem: { kind: 'peer-failed' } });
      return undefined;
    }
    link.setLocalState({ audio: this.state.audio, video: this.state.video });
    this.links.set(peerId, link);
    this.scaleVideo();
    this.people.set(peerId, { ...this.people.get(peerId)!, stream: null, connection: 'connecting' });
    this.emit();
    return link;
  }

  private drop(peerId: string) {
    this.links.get(peerId)?.close();
    if (this.links.delete(peerId)) this.scaleVideo();
    if (peerId !== this.selfId && this.people.delete(peerId)) this.emit();
  }

  /** Every link sends the size that suits the number of people in the call now. */
  private scaleVideo() {
    const scale = videoScaleFor(this.links.size);
    for (const link of this.links.values()) void link.setVideoScale(scale);
  }

  /** Each poll measures everyone's sound since the previous one; a slow stats answer skips a poll, not piles up. */
  private async pollSpeaker() {
    if (this.polling) return;
    this.polling = true;
    try {
      const levels = new Map<string, number>();
      if (this.state.audio && this.meter) levels.set(this.selfId, this.meter.read());
      await Promise.all(
        [...this.links].map(async ([id, link]) => {
          // No sound arrives before the link is up; asking for stats then only costs the page's time.
          if (link.pc.connectionState === 'new' || link.pc.connectionState === 'connecting') return;
          let meter = this.receiverMeters.get(link.pc);
          if (!meter) this.receiverMeters.set(link.pc, (meter = createReceiverMeter(link.pc)));
          const level = await meter.read();
          // Someone who left or muted while the stats were read is no candidate.
          if (this.links.get(id) === link && this.people.get(id)?.audio !== false) levels.set(id, level);
        }),
      );
      if (this.state.status === 'ended') return;
      const now = Date.now();
      let speaker = pickSpeaker(levels, this.state.speaker);
      if (speaker) this.spokeAt = now;
      // Speech has pauses between words: the highlight stays a moment after the voice drops, but not after the
      // microphone was turned off.
      else if (this.state.speaker && (this.people.get(this.state.speaker)?.audio ?? false) && now - this.spokeAt < SPEAKER_HOLD_MS)
        speaker = this.state.speaker;
      if (speaker !== this.state.speaker) this.update({ speaker });
    } finally {
      this.polling = false;
    }
  }

  /** Ends the call for this page: a problem that needs the user, or hang-up (no problem). */
  private stop(problem: CallProblem | null) {
    if (this.state.status === 'ended') return;
    this.socket.close();
    for (const link of this.links.values()) link.close();
    this.links.clear();
    for (const id of [...this.people.keys()]) if (id !== this.selfId) this.people.delete(id);
    if (this.speakerTimer) clearInterval(this.speakerTimer);
    this.meter?.close();
    this.meter = null;
    stopStream(this.localStream);
    this.localStream = null;
    this.update({ status: 'ended', problem, speaker: null });
  }

  hangUp(): void {
    this.stop(null);
  }
}
