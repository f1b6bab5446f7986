/** A level meter on a local stream (Web Audio AnalyserNode): `read()` answers 0 (silence) to 1 (loud). */
export interface LevelMeter {
  read(): number;
  close(): void;
}

export function createLevelMeter(stream: MediaStream): LevelMeter | null {
  if (stream.getAudioTracks().length === 0) return null;
  const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return null;
  const context = new Context();
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
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

/** The audio level the browser measured on a received stream (0-1), from its RTP receiver. */
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
