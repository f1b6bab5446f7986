import { describe, expect, it } from 'vitest';
import { pickSpeaker, rmsLevel } from './audio-level';

describe('speaker detection', () => {
  it('measures silence as 0 and a loud signal near 1', () => {
    expect(rmsLevel(new Float32Array(128))).toBe(0);
    expect(rmsLevel(new Float32Array(128).fill(0.5))).toBe(1);
    expect(rmsLevel([])).toBe(0);
  });

  it('highlights the loudest peer above the threshold, nobody in silence', () => {
    expect(pickSpeaker(new Map([['a', 0.2], ['b', 0.6]]), null)).toBe('b');
    expect(pickSpeaker(new Map([['a', 0.01], ['b', 0.02]]), 'a')).toBeNull();
  });

  it('keeps the current speaker on a near tie, so the highlight does not flicker', () => {
    expect(pickSpeaker(new Map([['a', 0.5], ['b', 0.55]]), 'a')).toBe('a');
    expect(pickSpeaker(new Map([['a', 0.2], ['b', 0.6]]), 'a')).toBe('b');
  });
});
