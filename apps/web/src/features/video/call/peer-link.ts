/** What a peer link says to the other side through the signalling socket. */
export interface PeerSignals {
  sendDescription(description: RTCSessionDescriptionInit): void;
  sendCandidate(candidate: RTCIceCandidateInit): void;
}

/** What the remote side tells us over the link's data channel. */
export interface RemoteState {
  audio: boolean;
  video: boolean;
}

export interface PeerLinkEvents {
  /** The remote stream gained a track (or its first one). */
  onStream(stream: MediaStream): void;
  onState(state: RemoteState): void;
  /** 'connected', or 'failed' once an ICE restart did not help. */
  onConnection(state: 'connecting' | 'connected' | 'failed'): void;
  onError(error: unknown): void;
}

export interface LocalTracks {
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
}

/**
 * One RTCPeerConnection to one remote peer, negotiated with the "perfect negotiation" pattern (W3C WebRTC
 * examples): either side may (re)negotiate at any time; on a collision the polite peer gives way and the impolite
 * one ignores the other's offer. Candidates trickle; those that arrive before the remote description wait for it.
 *
 * The side that starts the link adds one audio and one video line; the answering side takes those the offer
 * created. When both sides start at once, the one that gives way answers from a fresh connection rather than by
 * rolling its own first offer back: Chromium, rolled back before it had gathered candidates, sometimes never
 * gathered any for the answer (the pair stayed 'new' for good), and the lines of its own it then stopped made it
 * ask for a new offer after every answer. A state data channel (negotiated, id 0) carries mute and camera flags.
 */
export class PeerLink {
  private connection: RTCPeerConnection;
  readonly stream = new MediaStream();
  private makingOffer = false;
  private ignoreOffer = false;
  /** An answer is being applied: the state still says have-local-offer, but an offer may follow it (WebRTC 1.0, 10.7). */
  private settingRemoteAnswer = false;
  /** The connection holds lines of our own that no answer has taken up yet (we started the link). */
  private ownLines: boolean;
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private channel: RTCDataChannel | null = null;
  private localState: RemoteState = { audio: true, video: true };
  private restarted = false;
  private closed = false;
  private videoScale = 1;

  constructor(
    readonly peerId: string,
    private readonly polite: boolean,
    initiator: boolean,
    private readonly iceServers: RTCIceServer[],
    private tracks: LocalTracks,
    private readonly signals: PeerSignals,
    private readonly events: PeerLinkEvents,
    videoScale = 1,
  ) {
    this.videoScale = videoScale;
    this.ownLines = initiator;
    this.connection = this.connect();
  }

  /** The connection in use: made again when this side answers the other's first offer instead of its own. */
  get pc(): RTCPeerConnection {
    return this.connection;
  }

  private connect(): RTCPeerConnection {
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    pc.ontrack = ({ track }) => {
      if (!this.stream.getTracks().includes(track)) this.stream.addTrack(track);
      this.events.onStream(this.stream);
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) this.signals.sendCandidate(candidate.toJSON());
    };
    pc.onnegotiationneeded = () => void this.negotiate();
    pc.onconnectionstatechange = () => this.connectionChanged();
    if (this.ownLines) {
      pc.addTransceiver(this.tracks.audio ?? 'audio', { direction: 'sendrecv' });
      pc.addTransceiver(this.tracks.video ?? 'video', { direction: 'sendrecv', sendEncodings: [{ scaleResolutionDownBy: this.videoScale }] });
      this.openChannel(pc);
    }
    return pc;
  }

  /**
   * Drops a connection whose own first offer went unanswered and starts an answering one. Candidates the other
   * side sent meanwhile are still waiting (no remote description was ever set), and stay for the new connection.
   */
  private answerFromFreshConnection() {
    this.ownLines = false;
    this.makingOffer = false;
    this.ignoreOffer = false;
    this.channel?.close();
    this.channel = null;
    shut(this.connection);
    this.connection = this.connect();
  }

  private openChannel(pc = this.pc) {
    if (this.channel) return;
    const channel = pc.createDataChannel('state', { negotiated: true, id: 0 });
    channel.onopen = () => this.sendState();
    channel.onmessage = ({ data }) => {
      try {
        const value = JSON.parse(String(data)) as Partial<RemoteState>;
        if (typeof value.audio === 'boolean' && typeof value.video === 'boolean') this.events.onState({ audio: value.audio, video: value.video });
      } catch {
        // not ours: ignored
      }
    };
    this.channel = channel;
  }

  private async negotiate() {
    const pc = this.pc;
    if (this.closed) return;
    try {
      this.makingOffer = true;
      await pc.setLocalDescription();
      // A connection given up meanwhile (we answer the other side's offer instead): its offer is void.
      if (pc === this.pc && pc.localDescription) this.signals.sendDescription(pc.localDescription.toJSON());
    } catch (error) {
      if (pc === this.pc) this.events.onError(error);
    } finally {
      if (pc === this.pc) this.makingOffer = false;
    }
  }

  /** An offer or answer from the other side. */
  async receiveDescription(description: RTCSessionDescriptionInit): Promise<void> {
    if (this.closed) return;
    try {
      // Perfect negotiation as the WebRTC specification writes it: an offer right behind the answer we are applying
      // is no collision. Taken for one, the impolite side ignored it and the other side waited for an answer that
      // never came.
      const readyForOffer = !this.makingOffer && (this.pc.signalingState === 'stable' || this.settingRemoteAnswer);
      const collision = description.type === 'offer' && !readyForOffer;
      this.ignoreOffer = !this.polite && collision;
      if (this.ignoreOffer) return;
      if (description.type === 'offer' && this.ownLines) this.answerFromFreshConnection();
      this.settingRemoteAnswer = description.type === 'answer';
      try {
        await this.pc.setRemoteDescription(description); // rolls our own offer back first on a collision
      } finally {
        this.settingRemoteAnswer = false;
      }
      if (description.type === 'answer') this.ownLines = false;
      if (description.type === 'offer') {
        this.takeTransceivers();
        await this.pc.setLocalDescription();
        // The answer is sent before anything else is awaited: our lines stopped in takeTransceivers ask for a new
        // offer, and by the next await `localDescription` may be that offer. Sent in the answer's place, the other
        // side (waiting for an answer) ignored it as a collision and the pair never connected.
        const answer = this.pc.localDescription;
        if (answer) this.signals.sendDescription(answer.toJSON());
        await this.applyVideoScale(); // a line taken from the offer has its encodings from our answer on
      }
      for (const candidate of this.pendingCandidates.splice(0)) await this.addCandidate(candidate);
    } catch (error) {
      this.events.onError(error);
    }
  }

  async receiveCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    if (this.closed) return;
    if (!this.pc.remoteDescription) {
      this.pendingCandidates.push(candidate);
      return;
    }
    await this.addCandidate(candidate);
  }

  private async addCandidate(candidate: RTCIceCandidateInit) {
    // A candidate of a connection the other side gave up (its own first offer, when we both started at once)
    // belongs to no description we hold: skipped, not an error.
    const fragments = iceFragments(this.pc.remoteDescription?.sdp);
    if (candidate.usernameFragment && fragments.length > 0 && !fragments.includes(candidate.usernameFragment)) return;
    try {
      await this.pc.addIceCandidate(candidate);
    } catch (error) {
      if (!this.ignoreOffer) this.events.onError(error);
    }
  }

  /** We send on the lines the offer created, and open the state channel once they exist. */
  private takeTransceivers() {
    for (const transceiver of this.liveTransceivers()) {
      const kind = transceiver.receiver.track.kind;
      if ((kind !== 'audio' && kind !== 'video') || transceiver.mid === null) continue;
      if (transceiver.direction !== 'sendrecv') transceiver.direction = 'sendrecv';
      const track = kind === 'audio' ? this.tracks.audio : this.tracks.video;
      if (transceiver.sender.track !== track) {
        void transceiver.sender.replaceTrack(track).catch((error: unknown) => this.events.onError(error));
      }
    }
    this.openChannel();
  }

  /** New local tracks (a device change, the camera switched off or on): swapped in without renegotiating. */
  async setTracks(tracks: LocalTracks): Promise<void> {
    this.tracks = tracks;
    for (const transceiver of this.liveTransceivers()) {
      const kind = transceiver.receiver.track.kind;
      if (kind !== 'audio' && kind !== 'video') continue;
      if (!this.ownLines && !this.pc.remoteDescription) continue;
      await transceiver.sender.replaceTrack(kind === 'audio' ? tracks.audio : tracks.video);
    }
  }

  /** Scales the video we send on this link down by this factor (1 = the camera's size; see videoScaleFor). */
  async setVideoScale(scale: number): Promise<void> {
    if (this.closed || scale === this.videoScale) return;
    this.videoScale = scale;
    await this.applyVideoScale();
  }

  /**
   * The lines still in use. One we stopped after a glare says 'stopped' in `direction` at once but in
   * `currentDirection` only after the next negotiation, and its sender refuses tracks and parameters until then.
   */
  private liveTransceivers() {
    return this.pc.getTransceivers().filter((t) => t.direction !== 'stopped' && t.currentDirection !== 'stopped');
  }

  private async applyVideoScale() {
    // The line the other side receives on: once negotiated it has a mid, before that our own offer's line.
    const video = this.liveTransceivers().filter((t) => t.receiver.track.kind === 'video');
    const sender = (video.find((t) => t.mid !== null) ?? video[0])?.sender;
    const parameters = sender?.getParameters();
    const encoding = parameters?.encodings?.[0];
    if (!sender || !parameters || !encoding || encoding.scaleResolutionDownBy === this.videoScale) return;
    encoding.scaleResolutionDownBy = this.videoScale;
    try {
      await sender.setParameters(parameters);
    } catch (error) {
      this.events.onError(error);
    }
  }

  setLocalState(state: RemoteState): void {
    this.localState = state;
    this.sendState();
  }

  private sendState() {
    if (this.channel?.readyState === 'open') this.channel.send(JSON.stringify(this.localState));
  }

  private connectionChanged() {
    const state = this.pc.connectionState;
    if (state === 'connected') {
      this.restarted = false;
      this.events.onConnection('connected');
    } else if (state === 'failed') {
      // One ICE restart (a changed network, a relay that went away); a second failure is reported.
      if (!this.restarted) {
        this.restarted = true;
        this.events.onConnection('connecting');
        this.pc.restartIce();
      } else {
        this.events.onConnection('failed');
      }
    }
  }

  /** Asks for fresh ICE candidates, as after our signalling socket came back. */
  restartIce(): void {
    if (!this.closed) this.pc.restartIce();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.channel?.close();
    shut(this.pc);
  }
}

/** Closes a connection after taking its handlers off, so nothing it still does reaches the call. */
function shut(pc: RTCPeerConnection) {
  pc.ontrack = null;
  pc.onicecandidate = null;
  pc.onnegotiationneeded = null;
  pc.onconnectionstatechange = null;
  pc.close();
}

/** The ICE username fragments a session description names. */
function iceFragments(sdp: string | undefined): string[] {
  return [...(sdp ?? '').matchAll(/^a=ice-ufrag:(\S+)/gm)].map((match) => match[1]!);
}
