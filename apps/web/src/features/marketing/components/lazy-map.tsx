import { Anchor, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import classes from './lazy-map.module.css';

type LazyMapProps = { latitude: number; longitude: number; title: string };

const SPAN = { lat: 0.004, lon: 0.008 };

export const osmEmbedUrl = (latitude: number, longitude: number): string => {
  const bbox = [longitude - SPAN.lon, latitude - SPAN.lat, longitude + SPAN.lon, latitude + SPAN.lat].map((n) => n.toFixed(5)).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${latitude},${longitude}`;
};

const osmLink = (latitude: number, longitude: number): string =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;

/**
 * An OpenStreetMap embed that is requested only when its box comes near the viewport, so visitors who never
 * scroll down download nothing from the map server.
 */
export function LazyMap({ latitude, longitude, title }: LazyMapProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || visible) return;
    if (typeof IntersectionObserver === 'undefined') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- after hydration only: the prerendered page must not hold the map
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <div>
      <div ref={boxRef} className={classes.frame}>
        {visible ? (
          <iframe
            className={classes.iframe}
            src={osmEmbedUrl(latitude, longitude)}
            title={title}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
          />
        ) : (
          <div className={classes.placeholder} aria-hidden="true">
            <Text fw={600}>Map</Text>
            <Text size="sm">The map loads when you scroll here.</Text>
          </div>
        )}
      </div>
      <Text size="sm" mt="xs">
        <Anchor href={osmLink(latitude, longitude)} target="_blank" rel="noopener noreferrer">
          View a larger map on OpenStreetMap
        </Anchor>
      </Text>
    </div>
  );
}
