import QRCode from 'qrcode';
import { useMemo, useSyncExternalStore } from 'react';

/** `value` may be relative: it is made absolute against the page's address. */
type QrCodeImageProps = { value: string; alt: string; size?: number };

/**
 * The address the page is served at. Prerendering (at build time) knows only the one the build was given
 * (PUBLIC_URL, vite.config.ts); the browser's own replaces it as soon as the app runs, so a page opened at
 * another address gets a code for that address.
 */
const buildOrigin: string = import.meta.env.PUBLIC_ORIGIN ?? 'http://localhost:3000';
const subscribeNever = () => () => {};
const usePageOrigin = () =>
  useSyncExternalStore(
    subscribeNever,
    () => window.location.origin,
    () => buildOrigin,
  );

/** The dark modules as one SVG path, row by row, a run of modules per `M x y h n v1 h -n z`. */
function qrPath(text: string): { path: string; modules: number } {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'H' }).modules;
  let path = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!data[y * size + x]) continue;
      let end = x;
      while (end + 1 < size && data[y * size + end + 1]) end++;
      path += `M${x} ${y}h${end - x + 1}v1h-${end - x + 1}z`;
      x = end;
    }
  }
  return { path, modules: size };
}

/**
 * A QR code drawn as SVG markup, so it is in the prerendered page (no script needed to see it) and stays sharp
 * when printed or zoomed. Highest error correction, a one-module margin.
 */
export function QrCodeImage({ value, alt, size = 200 }: QrCodeImageProps) {
  const text = new URL(value, usePageOrigin()).href;
  const { path, modules } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      role="img"
      aria-label={alt}
      data-value={text}
      width={size}
      height={size}
      viewBox={`-1 -1 ${modules + 2} ${modules + 2}`}
      shapeRendering="crispEdges"
      style={{ display: 'block' }}
    >
      <rect x={-1} y={-1} width={modules + 2} height={modules + 2} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
