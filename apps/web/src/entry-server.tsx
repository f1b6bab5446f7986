/**
 * Prerendering entry, built with `vite build --ssr` and run by scripts/prerender.mjs at build time (never on a
 * live request). It renders one URL of the same route tree the browser uses.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { publicPagePaths } from '@bridge/api';
import { createStaticHandler, createStaticRouter, type RouteObject, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { paths } from './config/paths';
import { routes } from './app/router';

export type PrerenderedPage = {
  /** The HTTP status the route tree chose: 404 for the not-found page. */
  status: number;
  /** The markup inside #root, without the head tags React hoisted. */
  html: string;
  /** The page's <title>, <meta> and <link> tags, for the document head. */
  head: string;
  /** Source files (from src/) of the matched lazy routes, to look up in the client build manifest. */
  modules: string[];
  /** How the page hydrates: 'load' at once, 'interaction' on the visitor's first input. */
  hydrate: 'load' | 'interaction';
  /** The page's content depends on its query string, so the HTML fits only the bare path. */
  queryDependent: boolean;
  /** The query parameter the content follows and the values prerendered as pages of their own. */
  queryVariants?: { param: string; values: string[] };
};

// React emits hoistable tags (<title>, <meta>, <link>) before the markup when it renders a fragment.
const HEAD_TAGS = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/;

export async function render(url: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${url} answered a redirect while prerendering`);

  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const head = HEAD_TAGS.exec(markup)?.[0] ?? '';
  const handles = context.matches.map(
    (match) =>
      match.route.handle as
        { module?: string; hydrate?: 'interaction'; queryDependent?: boolean; queryVariants?: PrerenderedPage['queryVariants'] } | undefined,
  );
  return {
    status: context.statusCode,
    html: markup.slice(head.length),
    head,
    modules: handles.flatMap((handle) => (handle?.module ? [handle.module] : [])),
    hydrate: handles.some((handle) => handle?.hydrate === 'interaction') ? 'interaction' : 'load',
    queryDependent: handles.some((handle) => handle?.queryDependent),
    queryVariants: handles.find((handle) => handle?.queryVariants)?.queryVariants,
  };
}

/** Every path prerendered to its own HTML file: the indexed public pages and their alternative spellings. */
export const prerenderPaths = [...publicPagePaths, paths.landing.path, paths.organizerApp.path];

/** The not-found page, rendered once and sent with status 404 for any path no route claims. */
export const notFoundPath = '/__not-found__';

/**
 * The URL patterns the app answers (`:name` matches one segment), so the server can tell an app route from a
 * path that does not exist and answer the latter with a real 404.
 */
export function routePatterns(tree: RouteObject[] = routes, base = ''): string[] {
  return tree.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.path === undefined ? base : joinPaths(base, route.path);
    const own = route.index || (route.path !== undefined && !route.children) || route.element ? [path || '/'] : [];
    return [...own, ...routePatterns(route.children ?? [], path)];
  });
}

const joinPaths = (base: string, path: string) => (path.startsWith('/') ? path : `${base.replace(/\/$/, '')}/${path}`);
