import { useEffect, useState } from 'react';

/** `value` may be relative: it is made absolute against the page's origin, which only the browser knows. */
type QrCodeImageProps = { value: string; alt: string; size?: number };

/**
 * A QR code drawn as SVG, so it stays sharp when printed or zoomed. The encoder is fetched only when a code is
 * actually shown.
 */
export function QrCodeImage({ value, alt, size = 200 }: QrCodeImageProps) {
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qrcode) => qrcode.toString(new URL(value, window.location.origin).href, { type: 'svg', width: size, margin: 1, errorCorrectionLevel: 'H' }))
      .then((svg) => {
        if (!cancelled) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        // The direct link beside the code still works.
        if (!cancelled) setSrc(null);
      });
    return () => {
      cancelled = true;
    };
  }, [value, size]);

  return src ? (
    <img src={src} alt={alt} width={size} height={size} style={{ display: 'block' }} />
  ) : (
    <div style={{ width: size, height: size }} aria-hidden="true" />
  );
}
