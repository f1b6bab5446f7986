// @vitest-environment happy-dom
import type { VideoServerMessage } from '@bridge/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketLike } from './signalling';
import { VideoCall } from './video-call';

// The browser's WebRTC objects, as far as the call uses them before any media flows.
class FakeStream {
  private tracks: unknown[] = [];
  getTracks = () => this.tracks;
  getAudioTracks = () => [];
  getVideoTracks = () => [];
  addTrack = (track: unknown) => this.tracks.push(track);
}
class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  closed = false;
  signalingState = 'stable';
  connectionState = 'new';
  remoteDescription = null;
  localDescription = null;
  ontrack = null;
  onicecandidate = null;
  onnegotiationneeded = null;
  onconnectionstatechange = null;
  constructor() {
    FakePeerConnection.made.push(this);
  }
  addTransceiver = vi.fn();
  channels: { onmessage: ((event: { data: string }) => void) | null }[] = [];
  createDataChannel = () => {
    const channel = { readyState: 'connecting', close: vi.fn(), send: vi.fn(), onopen: null, onmessage: null };
    this.channels.push(channel);
    return channel;
  };
  getTransceivers = () => [];
  getReceivers = () => [];
  /** The received audio's energy so far, as the inbound RTP stats count it. */
  heard = { energy: 0, duration: 0 };
  getStats = async () =>
    new Map([['in-audio', { type: 'inbound-rtp', kind: 'audio', totalAudioEnergy: this.heard.energy, totalSamplesDuration: this.heard.duration }]]);
  close() {
    this.closed = true;
  }
}

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: { type: string; body: unknown }[] = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  receive(message: VideoServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const peer = (peerId: string, seat: 'North' | 'East' | 'South' | 'West', displayName = `${seat} player`) => ({ peerId, seat, displayName });
const channelName = 'k1table0';

async function startedCall() {
  let socket!: FakeSocket;
  const call = new VideoCall({
    url: 'ws://x/ws/video',
    channel: channelName,
    user: { uid: 'u-south', displayName: 'Sara' },
    iceServers: [],
    audio: true,
    video: true,
    choice: {},
    createSocket: () => (socket = new FakeSocket()),
  });
  await call.start();
  socket.readyState = 1;
  socket.onopen?.({});
  return { call, socket: () => socket };
}

/** South's call, joined, with a link to East (who came after) that is up. */
async function callWithEastConnected() {
  const { call, socket } = await startedCall();
  socket().receive({ type: 'joined', channelName, body: { peer: peer('u-south', 'South'), peers: [] } });
  socket().receive({ type: 'start_call', channelName, body: { peer: peer('u-east', 'East') } });
  const pc = FakePeerConnection.made[0]!;
  pc.connectionState = 'connected';
  return { call, pc };
}

describe('a table video call', () => {
  beforeEach(() => {
    FakePeerConnection.made = [];
    vi.stubGlobal('MediaStream', FakeStream);
    vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('joins on open, then starts the call and asks for the peers', async () => {
    const { call, socket } = await startedCall();
    expect(socket().sent.map((m) => m.type)).toEqual(['join']);
    socket().receive({
      type: 'joined',
      channelName,
      body: { peer: peer('u-south', 'South', 'Sara'), peers: [peer('u-west', 'West'), peer('u-north', 'North')] },
    });
    expect(socket().sent.map((m) => m.type)).toEqual(['join', 'start', 'peerDetails']);
    expect(call.getSnapshot().participants.map((p) => p.seat)).toEqual(['North', 'South', 'West']);
    expect(call.getSnapshot().status).toBe('joined');
  });

  it('starts a peer connection to a newcomer and drops it when they leave', async () => {
    const { call, socket } = await startedCall();
    socket().receive({ type: 'joined', channelName, body: { peer: peer('u-south', 'South'), peers: [] } });
    socket().receive({ type: 'start_call', channelName, body: { peer: peer('u-east', 'East') } });
    expect(FakePeerConnection.made).toHaveLength(1);
    expect(call.getSnapshot().participants.map((p) => p.displayName)).toContain('East player');
    socket().receive({ type: 'disconnected', channelName, body: { peerId: 'u-east' } });
    expect(FakePeerConnection.made[0]!.closed).toBe(true);
    expect(call.getSnapshot().participants.map((p) => p.peerId)).toEqual(['u-south']);
  });

  it('reports an unknown table, a refusal and a second tab', async () => {
    const unknown = await startedCall();
    unknown.socket().receive({ type: 'error', channelName, body: { code: 'not_found', message: 'Unknown table' } });
    expect(unknown.call.getSnapshot().problem).toEqual({ kind: 'unknown-table' });
    expect(unknown.call.getSnapshot().status).toBe('ended');

    const refused = await startedCall();
    refused.socket().receive({ type: 'error', channelName, body: { code: 'forbidden', message: 'Not in this event' } });
    expect(refused.call.getSnapshot().problem).toEqual({ kind: 'refused', message: 'Not in this event' });

    const twice = await startedCall();
    twice.socket().receive({ type: 'alreadyJoined', channelName, body: { message: 'You are already joined to chat' } });
    expect(twice.call.getSnapshot().problem).toEqual({ kind: 'already-joined' });
  });

  it('rejoins after a dropped connection in place of its old socket, and ends when another page takes its place', async () => {
    vi.useFakeTimers();
    try {
      const { call, socket } = await startedCall();
      expect(socket().sent).toEqual([expect.objectContaining({ type: 'join', body: { strict: true } })]);
      socket().receive({ type: 'joined', channelName, body: { peer: peer('u-south', 'South'), peers: [] } });
      const first = socket();
      first.onclose?.({ code: 1006 });
      await vi.runOnlyPendingTimersAsync();
      expect(socket()).not.toBe(first);
      socket().readyState = 1;
      socket().onopen?.({});
      expect(socket().sent).toEqual([expect.objectContaining({ type: 'join', body: { strict: false } })]);
      socket().receive({ type: 'joined', channelName, body: { peer: peer('u-south', 'South'), peers: [] } });
      expect(call.getSnapshot().status).toBe('joined');

      socket().receive({ type: 'disconnect', channelName, body: { reason: 'replaced' } });
      expect(call.getSnapshot().problem).toEqual({ kind: 'already-joined' });
      expect(call.getSnapshot().status).toBe('ended');
    } finally {
      vi.useRealTimers();
    }
  });

  it('highlights a remote player whose sound arrives between two polls, and nobody a moment after it stops', async () => {
    vi.useFakeTimers();
    try {
      const { call, pc } = await callWithEastConnected();
      // Each quarter second: a beep at 0.5 for a tenth of it, or silence. The last packet before a poll is quiet.
      const hear = (beep: boolean) => {
        pc.heard = { energy: pc.heard.energy + (beep ? 0.25 * 0.025 : 0), duration: pc.heard.duration + 0.25 };
      };
      await vi.advanceTimersByTimeAsync(250);
      hear(true);
      await vi.advanceTimersByTimeAsync(250);
      expect(call.getSnapshot().speaker).toBe('u-east');
      for (let i = 0; i < 8; i++) {
        hear(false);
        await vi.advanceTimersByTimeAsync(250);
      }
      expect(call.getSnapshot().speaker).toBeNull();
      call.hangUp();
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes the highlight off a speaker at once when their microphone goes off, without the pause it allows a voice', async () => {
    vi.useFakeTimers();
    try {
      const { call, pc } = await callWithEastConnected();
      const hear = (level: number) => {
        pc.heard = { energy: pc.heard.energy + level * level * 0.25, duration: pc.heard.duration + 0.25 };
      };
      await vi.advanceTimersByTimeAsync(250);
      hear(0.5);
      await vi.advanceTimersByTimeAsync(250);
      expect(call.getSnapshot().speaker).toBe('u-east');
      // East turns the microphone off: the state channel says so, and the next poll hears nothing from East.
      pc.channels[0]!.onmessage?.({ data: JSON.stringify({ audio: false, video: true }) });
      hear(0);
      await vi.advanceTimersByTimeAsync(250);
      expect(call.getSnapshot().participants.find((p) => p.peerId === 'u-east')?.audio).toBe(false);
      expect(call.getSnapshot().speaker).toBeNull();
      call.hangUp();
    } finally {
      vi.useRealTimers();
    }
  });

  it('hangs up: says goodbye, closes the links and ends', async () => {
    const { call, socket } = await startedCall();
    socket().receive({ type: 'joined', channelName, body: { peer: peer('u-south', 'South'), peers: [] } });
    socket().receive({ type: 'start_call', channelName, body: { peer: peer('u-east', 'East') } });
    call.hangUp();
    expect(socket().sent.at(-1)?.type).toBe('disconnect');
    expect(FakePeerConnection.made[0]!.closed).toBe(true);
    expect(call.getSnapshot().status).toBe('ended');
  });
});
