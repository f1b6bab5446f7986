import { Button } from '@mantine/core';
import { useState, type ReactNode } from 'react';

type HeroMediaProps = { poster: ReactNode; videoUrl?: string; videoTitle: string };

/**
 * The hero picture of a product page. With a video address it offers to play the tour in place of the
 * picture; the video is requested only after that click.
 */
export function HeroMedia({ poster, videoUrl, videoTitle }: HeroMediaProps) {
  const [playing, setPlaying] = useState(false);
  if (!videoUrl) return <>{poster}</>;
  if (playing) {
    // eslint-disable-next-line jsx-a11y-x/media-has-caption -- the tour videos are linked from the site's settings (lib/site.ts), with no caption file to point to
    return <video src={videoUrl} controls autoPlay playsInline title={videoTitle} style={{ width: '100%', borderRadius: 16, display: 'block' }} />;
  }
  return (
    <div>
      {poster}
      <Button mt="md" variant="white" onClick={() => setPlaying(true)}>
        Watch the video
      </Button>
    </div>
  );
}
