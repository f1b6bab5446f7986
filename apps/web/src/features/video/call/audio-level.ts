/** A level meter on a local stream (Web Audio AnalyserNode): `read()` answers 0 (silence) to 1 (loud). */
export interface LevelMeter {
  read(): number;
  close(): void;
}

/**
 * `windowSeconds` is how much of the latest sound each read measures: a meter drawn every frame wants a short
 * one, the speaker poll one as long as its interval, or it sees only an instant of each interval (a pause between
 * words, or always the same phase of a periodic sound) and misses the voice around it.
 */
export function createLevelMeter(stream: MediaStream, windowSeconds = 0.01): LevelMeter | null {
  if (stream.getAudioTracks().length === 0) return null;
  const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return null;
  const context = new Context();
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = analyserSizeFor(context.sampleRate, windowSeconds);
  analyser.smoothingTimeConstant = 0.6;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  // An AudioContext made before a click may start suspended; the page's Join click resumes it.
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  return {
    read() {
      analyser.getFloatTimeDomainData(samples);
      return rmsLevel(samples);
    },
    close() {
      source.disconnect();
      void context.close().catch(() => undefined);
    },
  };
}

/** Root mean square of the samples, scaled so normal speech reaches the upper half of the meter. */
export function rmsLevel(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
  return Math.min(1, Math.sqrt(sum / samples.length) * 4);
}

/** The AnalyserNode size (a power of two from 32 to 32768 samples) that holds at least `seconds` of sound. */
export function analyserSizeFor(sampleRate: number, seconds: number): number {
  const wanted = Math.max(32, Math.ceil(sampleRate * seconds));
  return Math.min(32768, 2 ** Math.ceil(Math.log2(wanted)));
}

/** What the received audio's RTP stats have counted so far: the sum of level² × seconds, and the seconds. */
export interface AudioEnergy {
  energy: number;
  duration: number;
}

/** The level (0-1, scaled as rmsLevel) of the sound received between two readings of the stats' audio energy. */
export function levelBetween(before: AudioEnergy, after: AudioEnergy): number {
  const duration = after.duration - before.duration;
  const energy = after.energy - before.energy;
  if (duration <= 0 || energy <= 0) return 0;
  return Math.min(1, Math.sqrt(energy / duration) * 4);
}

/** The received audio's energy so far, summed over the connection's inbound audio streams; null without such stats. */
export async function receivedEnergy(pc: RTCPeerConnection): Promise<AudioEnergy | null> {
  // The audio receiver's own report is a few entries; the connection's holds every stream, candidate and codec.
  const audio = pc.getReceivers().find((receiver) => receiver.track.kind === 'audio');
  const report = await (typeof audio?.getStats === 'function' ? audio.getStats() : pc.getStats());
  let found: AudioEnergy | null = null;
  report.forEach((stats: { type?: string; kind?: string; totalAudioEnergy?: number; totalSamplesDuration?: number }) => {
    if (stats.type !== 'inbound-rtp' || stats.kind !== 'audio') return;
    if (typeof stats.totalAudioEnergy !== 'number' || typeof stats.totalSamplesDuration !== 'number') return;
    found = { energy: (found?.energy ?? 0) + stats.totalAudioEnergy, duration: (found?.duration ?? 0) + stats.totalSamplesDuration };
  });
  return found;
}

/**
 * A meter on what one peer connection receives: each `read()` answers the level since the previous read, from the
 * RTP stats' audio energy (an average over the whole interval, so a voice with pauses still counts). Where the
 * browser counts no energy it falls back to the level of the last packet (receiverLevel).
 */
export function createReceiverMeter(pc: RTCPeerConnection): { read(): Promise<number> } {
  let last: AudioEnergy | null = null;
  return {
    async read() {
      const now = await receivedEnergy(pc).catch(() => null);
      if (!now) return receiverLevel(pc);
      const level = last && now.duration >= last.duration ? levelBetween(last, now) : 0;
      last = now;
      return level;
    },
  };
}

/** The audio level of the last packet received on each audio source (0-1), from the RTP receivers. */
export function receiverLevel(pc: RTCPeerConnection): number {
  let level = 0;
  for (const receiver of pc.getReceivers()) {
    if (receiver.track.kind !== 'audio') continue;
    for (const source of receiver.getSynchronizationSources()) level = Math.max(level, source.audioLevel ?? 0);
  }
  // audioLevel is the linear amplitude (1 = 0 dBov), the rms of rmsLevel before its scaling: scale alike.
  return Math.min(1, level * 4);
}

/** The loudest speaker above the threshold, or null; the current one keeps the highlight on a near tie. */
export function pickSpeaker(levels: ReadonlyMap<string, number>, current: string | null, threshold = 0.05): string | null {
  let best: string | null = null;
  let bestLevel = threshold;
  for (const [id, level] of levels) {
    if (level > bestLevel) {
      best = id;
      bestLevel = level;
    }
  }
  if (current && best && best !== current && (levels.get(current) ?? 0) > bestLevel * 0.8) return current;
  return best;
}
