import { describe, expect, it } from 'vitest';
import { analyserSizeFor, createReceiverMeter, levelBetween, pickSpeaker, rmsLevel } from './audio-level';

describe('speaker detection', () => {
  it('measures silence as 0 and a loud signal near 1', () => {
    expect(rmsLevel(new Float32Array(128))).toBe(0);
    expect(rmsLevel(new Float32Array(128).fill(0.5))).toBe(1);
    expect(rmsLevel([])).toBe(0);
  });

  it('highlights the loudest peer above the threshold, nobody in silence', () => {
    expect(
      pickSpeaker(
        new Map([
          ['a', 0.2],
          ['b', 0.6],
        ]),
        null,
      ),
    ).toBe('b');
    expect(
      pickSpeaker(
        new Map([
          ['a', 0.01],
          ['b', 0.02],
        ]),
        'a',
      ),
    ).toBeNull();
  });

  it('keeps the current speaker on a near tie, so the highlight does not flicker', () => {
    expect(
      pickSpeaker(
        new Map([
          ['a', 0.5],
          ['b', 0.55],
        ]),
        'a',
      ),
    ).toBe('a');
    expect(
      pickSpeaker(
        new Map([
          ['a', 0.2],
          ['b', 0.6],
        ]),
        'a',
      ),
    ).toBe('b');
  });
});

/** A peer connection whose stats count received audio energy as given, and whose receivers report `lastPacket`. */
function statsConnection(energy: { energy: number; duration: number } | null, lastPacket = 0) {
  const state = { energy, lastPacket };
  const pc = {
    getStats: async () =>
      new Map(
        state.energy
          ? [
              [
                'in-audio',
                { type: 'inbound-rtp', kind: 'audio', totalAudioEnergy: state.energy.energy, totalSamplesDuration: state.energy.duration },
              ],
              ['in-video', { type: 'inbound-rtp', kind: 'video' }],
            ]
          : [['in-video', { type: 'inbound-rtp', kind: 'video' }]],
      ),
    getReceivers: () => [{ track: { kind: 'audio' }, getSynchronizationSources: () => [{ audioLevel: state.lastPacket }] }],
  };
  return { pc: pc as unknown as RTCPeerConnection, state };
}

describe('the level of a received voice', () => {
  it('is the level over the whole interval between two readings of the audio energy', () => {
    // A beep at 0.5 for a tenth of a quarter second, silence otherwise: rms 0.5 * sqrt(0.1), scaled by 4.
    expect(levelBetween({ energy: 1, duration: 10 }, { energy: 1 + 0.25 * 0.025, duration: 10.25 })).toBeCloseTo(4 * 0.5 * Math.sqrt(0.1));
    expect(levelBetween({ energy: 1, duration: 10 }, { energy: 1, duration: 10.25 })).toBe(0);
    expect(levelBetween({ energy: 1, duration: 10 }, { energy: 1, duration: 10 })).toBe(0);
    expect(levelBetween({ energy: 0, duration: 0 }, { energy: 1, duration: 1 })).toBe(1);
  });

  it('counts a short sound in an interval even when the last packet was quiet', async () => {
    const { pc, state } = statsConnection({ energy: 0, duration: 0 });
    const meter = createReceiverMeter(pc);
    expect(await meter.read()).toBe(0);
    state.energy = { energy: 0.25 * 0.025, duration: 0.25 };
    expect(await meter.read()).toBeGreaterThan(0.5);
    state.energy = { energy: 0.25 * 0.025, duration: 0.5 };
    expect(await meter.read()).toBe(0);
  });

  it('falls back to the level of the last packet where the browser counts no energy', async () => {
    const { pc } = statsConnection(null, 0.1);
    expect(await createReceiverMeter(pc).read()).toBeCloseTo(0.4);
  });

  it('sizes the local analyser to hold the whole poll interval', () => {
    expect(analyserSizeFor(48_000, 0.25)).toBe(16_384);
    expect(analyserSizeFor(44_100, 0.25)).toBe(16_384);
    expect(analyserSizeFor(48_000, 0.01)).toBe(512);
    expect(analyserSizeFor(192_000, 1)).toBe(32_768);
    expect(analyserSizeFor(8_000, 0)).toBe(32);
  });
});
