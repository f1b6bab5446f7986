import { describe, expect, it } from 'vitest';
import { videoTexts } from '../texts';
import { deviceState } from './device-state';

describe('deviceState', () => {
  it('offers both and says nothing when camera and microphone work', () => {
    expect(deviceState([], null)).toEqual({ camera: true, microphone: true, notice: null });
  });

  it('turns off what the device lacks, with the one message of what is missing and how to allow it', () => {
    const noCamera = deviceState(['camera'], null);
    expect(noCamera).toMatchObject({ camera: false, microphone: true, notice: { title: 'No camera' } });
    expect(noCamera.notice!.message).toContain(videoTexts.noCamera);
    expect(noCamera.notice!.message).toContain('allow this site to use it');
    const noMicrophone = deviceState(['microphone'], null);
    expect(noMicrophone).toMatchObject({ camera: true, microphone: false, notice: { title: 'No microphone' } });
    expect(noMicrophone.notice!.message).toContain(videoTexts.noMicrophone);
  });

  it('says neither once, whether the device lists none or the browser has no media at all', () => {
    for (const state of [deviceState(['camera', 'microphone'], null), deviceState([], { kind: 'no-devices' })]) {
      expect(state).toMatchObject({ camera: false, microphone: false, notice: { title: 'No camera or microphone' } });
      expect(state.notice!.message).toMatch(/allow this site to use them .* then choose Try again/);
    }
  });

  it('tells a user who refused the permission where to allow it, and turns both off', () => {
    const state = deviceState([], { kind: 'denied' });
    expect(state).toMatchObject({ camera: false, microphone: false, notice: { title: 'Camera and microphone blocked' } });
    expect(state.notice!.message).toContain('address bar');
  });

  it("keeps the specification's media error for a device that fails", () => {
    const state = deviceState([], { kind: 'failed' });
    expect(state.notice).toMatchObject({ title: videoTexts.mediaErrorTitle });
    expect(state.notice!.message).toContain(videoTexts.mediaErrorMessage);
  });
});
