// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeerLink } from './peer-link';

class FakeStream {
  private tracks: unknown[] = [];
  getTracks = () => this.tracks;
  addTrack = (track: unknown) => this.tracks.push(track);
}

/**
 * Just enough of RTCPeerConnection for a link's first negotiation. With `askAfterAnswer` it asks for a new offer
 * (negotiationneeded, a task) right after an answer, as Chromium did when lines of ours were stopped, and setting
 * the sender's parameters takes a while, so that request lands while the answering side still awaits.
 */
class NegotiatingPeerConnection {
  static made: NegotiatingPeerConnection[] = [];
  static askAfterAnswer = false;
  signalingState: RTCSignalingState = 'stable';
  closed = false;
  lines: unknown[] = [];
  added: RTCIceCandidateInit[] = [];
  connectionState = 'new';
  localDescription: { type: RTCSdpType; sdp: string; toJSON(): RTCSessionDescriptionInit } | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  onnegotiationneeded: (() => void) | null = null;
  ontrack = null;
  onicecandidate = null;
  onconnectionstatechange = null;
  private offers = 0;
  private readonly video = {
    mid: '1',
    direction: 'sendrecv',
    currentDirection: 'sendrecv',
    receiver: { track: { kind: 'video' } },
    sender: {
      track: null,
      replaceTrack: async () => undefined,
      getParameters: () => ({ encodings: [{ scaleResolutionDownBy: 1 }] }),
      setParameters: () => new Promise<void>((resolve) => setTimeout(resolve, 20)),
    },
  };

  constructor() {
    NegotiatingPeerConnection.made.push(this);
  }

  private describe(type: RTCSdpType, sdp: string) {
    this.localDescription = { type, sdp, toJSON: () => ({ type, sdp }) };
  }

  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
  }

  async setLocalDescription() {
    if (this.signalingState === 'have-remote-offer') {
      this.describe('answer', 'the answer');
      this.signalingState = 'stable';
      if (NegotiatingPeerConnection.askAfterAnswer) setTimeout(() => this.onnegotiationneeded?.(), 0);
    } else {
      this.describe('offer', `offer ${++this.offers}`);
      this.signalingState = 'have-local-offer';
    }
  }

  getTransceivers = () => [this.video];
  addTransceiver = (line: unknown) => this.lines.push(line);
  createDataChannel = () => ({ readyState: 'connecting', close: () => undefined, send: () => undefined });
  addIceCandidate = async (candidate: RTCIceCandidateInit) => {
    this.added.push(candidate);
  };
  close() {
    this.closed = true;
  }
}

const linkEvents = (errors: unknown[]) => ({
  onStream: () => undefined,
  onState: () => undefined,
  onConnection: () => undefined,
  onError: (error: unknown) => errors.push(error),
});

describe('PeerLink', () => {
  beforeEach(() => {
    NegotiatingPeerConnection.made = [];
    NegotiatingPeerConnection.askAfterAnswer = false;
    vi.stubGlobal('MediaStream', FakeStream);
    vi.stubGlobal('RTCPeerConnection', NegotiatingPeerConnection);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answers an offer even when a new offer of its own is asked for before the answer has gone', async () => {
    NegotiatingPeerConnection.askAfterAnswer = true;
    const sent: RTCSessionDescriptionInit[] = [];
    const errors: unknown[] = [];
    const link = new PeerLink(
      'remote',
      true,
      false,
      [],
      { audio: null, video: null },
      {
        sendDescription: (description) => sent.push(description),
        sendCandidate: () => undefined,
      },
      linkEvents(errors),
      2,
    );

    await link.receiveDescription({ type: 'offer', sdp: 'their offer' });
    await vi.waitFor(() => expect(sent).toHaveLength(2));

    // The answer first, then our own offer, each once: the other side waits for the answer before it will take
    // an offer of ours.
    expect(sent).toEqual([
      { type: 'answer', sdp: 'the answer' },
      { type: 'offer', sdp: 'offer 1' },
    ]);
    expect(errors).toEqual([]);
    link.close();
  });

  it('when both sides start at once, the polite side answers from a fresh connection and keeps the candidates sent to it', async () => {
    const sent: RTCSessionDescriptionInit[] = [];
    const errors: unknown[] = [];
    const link = new PeerLink(
      'remote',
      true,
      true,
      [],
      { audio: null, video: null },
      {
        sendDescription: (description) => sent.push(description),
        sendCandidate: () => undefined,
      },
      linkEvents(errors),
    );
    const first = NegotiatingPeerConnection.made[0]!;
    expect(first.lines).toHaveLength(2);
    first.onnegotiationneeded!();
    await vi.waitFor(() => expect(sent).toEqual([{ type: 'offer', sdp: 'offer 1' }]));

    // Their candidate comes before their offer, which crosses ours.
    await link.receiveCandidate({ candidate: 'candidate:1', usernameFragment: 'them' });
    await link.receiveDescription({ type: 'offer', sdp: 'v=0\r\na=ice-ufrag:them\r\n' });

    expect(NegotiatingPeerConnection.made).toHaveLength(2);
    const fresh = NegotiatingPeerConnection.made[1]!;
    expect(first.closed).toBe(true);
    expect(link.pc).toBe(fresh);
    expect(fresh.lines).toEqual([]); // it takes the offer's lines instead of adding its own
    expect(sent).toEqual([
      { type: 'offer', sdp: 'offer 1' },
      { type: 'answer', sdp: 'the answer' },
    ]);
    expect(fresh.added).toEqual([{ candidate: 'candidate:1', usernameFragment: 'them' }]);

    // A candidate of a description the other side gave up is skipped, without an error.
    await link.receiveCandidate({ candidate: 'candidate:2', usernameFragment: 'stale' });
    expect(fresh.added).toHaveLength(1);
    expect(errors).toEqual([]);
    link.close();
  });

  it('the impolite side ignores the crossing offer and keeps its connection', async () => {
    const sent: RTCSessionDescriptionInit[] = [];
    const link = new PeerLink(
      'remote',
      false,
      true,
      [],
      { audio: null, video: null },
      {
        sendDescription: (description) => sent.push(description),
        sendCandidate: () => undefined,
      },
      linkEvents([]),
    );
    NegotiatingPeerConnection.made[0]!.onnegotiationneeded!();
    await vi.waitFor(() => expect(sent).toHaveLength(1));

    await link.receiveDescription({ type: 'offer', sdp: 'v=0\r\na=ice-ufrag:them\r\n' });

    expect(NegotiatingPeerConnection.made).toHaveLength(1);
    expect(link.pc.remoteDescription).toBeNull();
    expect(sent).toEqual([{ type: 'offer', sdp: 'offer 1' }]);
    link.close();
  });
});
