import type { PageViewBody } from '@bridge/api';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { getCookieConsent, subscribeStorage } from './storage';

// Written out rather than taken from api-client.ts, which would bring zod into the first download.
const PAGE_VIEW_URL = '/api/v1/analytics/pageview';

/** Posts one page view. A beacon survives the page being closed; fetch with keepalive is the fallback. */
export function sendPageView(body: PageViewBody): void {
  const json = JSON.stringify(body);
  try {
    if (typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(PAGE_VIEW_URL, new Blob([json], { type: 'application/json' }))) return;
    }
  } catch {
    // Some browsers throw for beacons they refuse; fall through to fetch.
  }
  void fetch(PAGE_VIEW_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: json,
    credentials: 'include',
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * Counts a page view on every navigation, but only while the visitor's stored choice is 'Accept All'.
 * Accepting counts the page being read at that moment. Only the path is sent: query strings can carry
 * tokens and email addresses.
 */
export function usePageViews(): void {
  const location = useLocation();
  const consent = useSyncExternalStore(subscribeStorage, getCookieConsent, () => null);
  const sentFor = useRef<string | null>(null);
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    if (consent !== 'accepted' || sentFor.current === location.key) return;
    sentFor.current = location.key;
    const referrer = previousPath.current ? window.location.origin + previousPath.current : document.referrer;
    previousPath.current = location.pathname;
    sendPageView({
      path: location.pathname.slice(0, 500),
      referrer: referrer ? referrer.slice(0, 1000) : undefined,
      title: document.title ? document.title.slice(0, 300) : undefined,
    });
  }, [consent, location.key, location.pathname]);
}
