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
 * examples): either side may (re)negotiate at any time; on a collision the polite peer rolls back its own offer
 * and the impolite one ignores the other's. Candidates trickle; those that arrive before the remote description
 * wait for it.
 *
 * Only the side that starts the link adds transceivers; the answering side takes those the offer created, so each
 * link has one audio and one video line. A state data channel (negotiated, id 0) carries mute and camera flags.
 */
export class PeerLink {
  readonly pc: RTCPeerConnection;
  readonly stream = new MediaStream();
  private makingOffer = false;
  private ignoreOffer = false;
  /** An answer is being applied: the state still says have-local-offer, but an offer may follow it (WebRTC 1.0, 10.7). */
  private settingRemoteAnswer = false;
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private channel: RTCDataChannel | null = null;
  private localState: RemoteState = { audio: true, video: true };
  private restarted = false;
  private closed = false;
  private videoScale = 1;

  constructor(
    readonly peerId: string,
    private readonly polite: boolean,
    private readonly initiator: boolean,
    iceServers: RTCIceServer[],
    private tracks: LocalTracks,
    private readonly signals: PeerSignals,
    private readonly events: PeerLinkEvents,
    videoScale = 1,
  ) {
    this.videoScale = videoScale;
    this.pc = new RTCPeerConnection({ iceServers });
    const pc = this.pc;
    pc.ontrack = ({ track }) => {
      if (!this.stream.getTracks().includes(track)) this.stream.addTrack(track);
      this.events.onStream(this.stream);
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) this.signals.sendCandidate(candidate.toJSON());
    };
    pc.onnegotiationneeded = () => void this.negotiate();
    pc.onconnectionstatechange = () => this.connectionChanged();
    if (initiator) {
      pc.addTransceiver(tracks.audio ?? 'audio', { direction: 'sendrecv' });
      pc.addTransceiver(tracks.video ?? 'video', { direction: 'sendrecv', sendEncodings: [{ scaleResolutionDownBy: videoScale }] });
      this.openChannel();
    }
  }

  private openChannel() {
    if (this.channel) return;
    const channel = this.pc.createDataChannel('state', { negotiated: true, id: 0 });
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
    if (this.closed) return;
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      if (this.pc.localDescription) this.signals.sendDescription(this.pc.localDescription.toJSON() as RTCSessionDescriptionInit);
    } catch (error) {
      this.events.onError(error);
    } finally {
      this.makingOffer = false;
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
      this.settingRemoteAnswer = description.type === 'answer';
      try {
        await this.pc.setRemoteDescription(description); // rolls our own offer back first on a collision
      } finally {
        this.settingRemoteAnswer = false;
      }
      if (description.type === 'offer') {
        // Every offer, not only the first of an answering side: when both sides started at once (glare) and we were
        // the polite side, our own offer was rolled back and the other side's lines are the ones that will carry
        // our tracks.
        this.takeTransceivers();
        await this.pc.setLocalDescription();
        await this.applyVideoScale(); // a line taken from the offer has its encodings from our answer on
        if (this.pc.localDescription) this.signals.sendDescription(this.pc.localDescription.toJSON() as RTCSessionDescriptionInit);
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
    try {
      await this.pc.addIceCandidate(candidate);
    } catch (error) {
      if (!this.ignoreOffer) this.events.onError(error);
    }
  }

  /**
   * We send on the lines the offer created, and open the state channel once they exist. A line of our own that
   * the offer does not hold (ours, rolled back after both sides offered at once) is stopped where the offer has
   * a line of its kind, so each link keeps one audio and one video line and the remote page one video to show.
   */
  private takeTransceivers() {
    const live = this.liveTransceivers();
    const kindOf = (t: RTCRtpTransceiver) => t.receiver.track.kind;
    for (const transceiver of live) {
      const kind = kindOf(transceiver);
      if (kind !== 'audio' && kind !== 'video') continue;
      if (transceiver.mid === null) {
        if (live.some((other) => other.mid !== null && kindOf(other) === kind)) transceiver.stop();
        continue;
      }
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
      if (!this.initiator && !this.pc.remoteDescription) continue;
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
    this.pc.ontrack = null;
    this.pc.onicecandidate = null;
    this.pc.onnegotiationneeded = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
  }
}
