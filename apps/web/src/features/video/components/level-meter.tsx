import { useEffect, useRef } from 'react';
import { createLevelMeter } from '../call/audio-level';
import classes from './media.module.css';

/** A bar that follows the microphone's loudness (Web Audio AnalyserNode), drawn without re-rendering React. */
export function LevelMeter({ stream, enabled }: { stream: MediaStream | null; enabled: boolean }) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!stream || !enabled) {
      if (bar.current) bar.current.style.transform = 'scaleX(0)';
      return;
    }
    const meter = createLevelMeter(stream);
    if (!meter) {
      // No microphone in the stream: the bar stays empty.
      if (bar.current) bar.current.style.transform = 'scaleX(0)';
      return;
    }
    let frame = requestAnimationFrame(function draw() {
      if (bar.current) bar.current.style.transform = `scaleX(${meter.read().toFixed(3)})`;
      frame = requestAnimationFrame(draw);
    });
    return () => {
      cancelAnimationFrame(frame);
      meter.close();
    };
  }, [stream, enabled]);
  return (
    <div className={classes.meter} aria-hidden="true" data-testid="level-meter">
      <div ref={bar} className={classes.meterBar} />
    </div>
  );
}
