import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy-route';

// Every page and layout is split out by route. The modules are found by glob so each route knows its source
// file: prerendering reads it to put the page's stylesheets (and, for pages that hydrate at once, its scripts)
// into the HTML head.
const modules = import.meta.glob<Record<string, ComponentType>>([
  '../../features/*/*-page.tsx',
  '../../features/*/*/*-page.tsx',
  '../layouts/query-layout.tsx',
  '../layouts/auth-layout.tsx',
  '../layouts/console-layout.tsx',
  '../layouts/admin-console-layout.tsx',
  '../layouts/video-layout.tsx',
  './*/*-page.tsx',
]);

/**
 * `queryVariants`: the page's content follows one query parameter, and each listed value is prerendered too
 * (the server picks the file by the parameter; any other query leaves the page as the bare path's).
 */
export type PrerenderOptions = { hydrate?: 'interaction'; queryDependent?: boolean; queryVariants?: { param: string; values: string[] } };

/**
 * A lazily loaded route: `lazy` for the router, `handle.module` (path from the web app's folder) for prerendering.
 * `file` is as the glob above spells it, relative to app/routes/.
 */
export function lazyModule(file: string, exportName: string, options: PrerenderOptions = {}): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = modules[file];
  if (!load) throw new Error(`Route module ${file} not found`);
  const lazy = lazyPage(() => load().then((module) => module[exportName] as ComponentType));
  return { lazy, handle: { module: new URL(file, 'http://app.invalid/src/app/routes/').pathname.slice(1), ...options } };
}

// Pages whose prerendered HTML is complete (text, links, native <details>, a form the app takes over when the
// visitor starts on it): the app loads on first use (boot.ts, docs/decisions/009).
export const onInteraction = { hydrate: 'interaction' } as const;
