// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { DeviceToggle } from './device-toggle';

describe('DeviceToggle', () => {
  it('is named for what a press does, and a press toggles', () => {
    const onToggle = vi.fn();
    renderApp(
      <>
        <DeviceToggle device="microphone" available on disabled={false} onToggle={onToggle} />
        <DeviceToggle device="camera" available on={false} disabled={false} onToggle={onToggle} />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Turn off microphone' }));
    expect(onToggle).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Turn on camera' })).toHaveProperty('disabled', false);
  });

  it('says a missing device is missing and stays disabled', () => {
    renderApp(<DeviceToggle device="camera" available={false} on={false} disabled={false} onToggle={() => undefined} />);
    expect(screen.getByRole('button', { name: 'No camera' })).toHaveProperty('disabled', true);
  });
});
