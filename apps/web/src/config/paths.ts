/**
 * Every route of the app in one place. `path` is the router pattern, `getHref` builds a link to it.
 * Leaf module: anything may import it.
 */
const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

const consoleBase = '/console';
const adminConsoleBase = '/admin/console';

export const paths = {
  home: { path: '/', getHref: () => '/' },
  landing: { path: '/landing', getHref: () => '/landing' },
  aboutUs: { path: '/aboutus', getHref: () => '/aboutus' },
  tournaments: { path: '/tournaments', getHref: () => '/tournaments' },
  playerApp: { path: '/player-app', getHref: () => '/player-app' },
  organiserApp: { path: '/organiser-app', getHref: () => '/organiser-app' },
  organizerApp: { path: '/organizer-app', getHref: () => '/organizer-app' },
  contactUs: { path: '/contactus', getHref: () => '/contactus' },
  download: {
    path: '/download',
    getHref: (app?: 'player' | 'organiser' | 'math') => withQuery('/download', { app }),
  },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  results: { path: '/results/:key', getHref: (key: string) => `/results/${encodeURIComponent(key)}` },

  login: { path: '/login', getHref: (redirectTo?: string) => withQuery('/login', { redirectTo }) },
  register: { path: '/register', getHref: () => '/register' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  verifyEmail: { path: '/verify-email', getHref: (email?: string) => withQuery('/verify-email', { email }) },
  logout: { path: '/logout', getHref: () => '/logout' },
  signOut: { path: '/signout', getHref: () => '/signout' },
  sessionClosed: { path: '/session-closed', getHref: () => '/session-closed' },

  console: {
    root: { path: consoleBase, getHref: () => consoleBase },
    pastEvents: {
      path: `${consoleBase}/my-past-events/all-my-past-events`,
      getHref: () => `${consoleBase}/my-past-events/all-my-past-events`,
    },
    /** One of the user's pair events; `tab` is participants (default), board-results or details. */
    pastEventPreview: {
      path: `${consoleBase}/my-past-events/all-my-past-events/:key/:tab`,
      getHref: (key: string, tab = 'participants') => `${consoleBase}/my-past-events/all-my-past-events/${encodeURIComponent(key)}/${tab}`,
    },
    solitaire: {
      path: `${consoleBase}/solitaire/solitaire-events/solitaire-past-events`,
      getHref: () => `${consoleBase}/solitaire/solitaire-events/solitaire-past-events`,
    },
    /** One of the user's solitaire events; `tab` is participants (default) or details. */
    solitairePreview: {
      path: `${consoleBase}/solitaire/solitaire-events/solitaire-past-events/:key/:tab`,
      getHref: (key: string, tab = 'participants') =>
        `${consoleBase}/solitaire/solitaire-events/solitaire-past-events/${encodeURIComponent(key)}/${tab}`,
    },
    profile: { path: `${consoleBase}/profile`, getHref: () => `${consoleBase}/profile` },
    /** Directing: the user's events by phase (every event for an admin), and the New event button. */
    direct: { path: `${consoleBase}/direct`, getHref: () => `${consoleBase}/direct` },
    /** The new-event wizard, one step a screen. */
    directNew: { path: `${consoleBase}/direct/new`, getHref: () => `${consoleBase}/direct/new` },
    /** An event's entries: pairs, players and guests, late entries, withdrawals and swaps before the start. */
    directEntries: {
      path: `${consoleBase}/direct/:key/entries`,
      getHref: (key: string) => `${consoleBase}/direct/${encodeURIComponent(key)}/entries`,
    },
    /** The live view: tables by rounds, the round clock, results, the provisional ranking, Complete. */
    directLive: { path: `${consoleBase}/direct/:key`, getHref: (key: string) => `${consoleBase}/direct/${encodeURIComponent(key)}` },
    /** The printed cards laid out for the browser's Print: `tables` (table cards) or `pairs` (pair guide cards). */
    directPrint: {
      path: `${consoleBase}/direct/:key/print/:kind`,
      getHref: (key: string, kind: 'tables' | 'pairs') => `${consoleBase}/direct/${encodeURIComponent(key)}/print/${kind}`,
    },
  },

  /** The online table of an event: a player's own table now, or `table` for the director and kibitzers. */
  play: {
    path: '/play/:key',
    getHref: (key: string, table?: number) => withQuery(`/play/${encodeURIComponent(key)}`, { table: table ? String(table) : undefined }),
  },

  /** A table's phone page: the address of the QR code on its table card. */
  table: { path: '/t/:key/:table', getHref: (key: string, table: number) => `/t/${encodeURIComponent(key)}/${table}` },

  admin: {
    root: { path: '/admin', getHref: () => '/admin' },
    login: { path: '/admin/login', getHref: () => '/admin/login' },
    logout: { path: '/admin/logout', getHref: () => '/admin/logout' },
    console: { path: adminConsoleBase, getHref: () => adminConsoleBase },
    analytics: {
      path: `${adminConsoleBase}/overview/all-analytics/analytics`,
      getHref: () => `${adminConsoleBase}/overview/all-analytics/analytics`,
    },
    activeEvents: {
      path: `${adminConsoleBase}/active-events/my-active-events/all-my-active-events`,
      getHref: () => `${adminConsoleBase}/active-events/my-active-events/all-my-active-events`,
    },
    /** An active event's preview; `tab` is participants (default) or details. */
    activeEventPreview: {
      path: `${adminConsoleBase}/active-events/my-active-events/all-my-active-events/:key/:tab`,
      getHref: (key: string, tab = 'participants') =>
        `${adminConsoleBase}/active-events/my-active-events/all-my-active-events/${encodeURIComponent(key)}/${tab}`,
    },
    pastEvents: {
      path: `${adminConsoleBase}/past-events/my-past-events/all-my-past-events`,
      getHref: () => `${adminConsoleBase}/past-events/my-past-events/all-my-past-events`,
    },
    /** A past event's preview; `tab` is participants (default), board-results or details. */
    pastEventPreview: {
      path: `${adminConsoleBase}/past-events/my-past-events/all-my-past-events/:key/:tab`,
      getHref: (key: string, tab = 'participants') =>
        `${adminConsoleBase}/past-events/my-past-events/all-my-past-events/${encodeURIComponent(key)}/${tab}`,
    },
    solitaire: {
      path: `${adminConsoleBase}/solitaire/solitaire-events/solitaire-past-events`,
      getHref: () => `${adminConsoleBase}/solitaire/solitaire-events/solitaire-past-events`,
    },
    users: {
      path: `${adminConsoleBase}/users/all-users/all`,
      getHref: () => `${adminConsoleBase}/users/all-users/all`,
    },
    audits: {
      path: `${adminConsoleBase}/audits/all-audits/view-audits`,
      getHref: () => `${adminConsoleBase}/audits/all-audits/view-audits`,
    },
    dashboard: { path: `${adminConsoleBase}/dashboard`, getHref: () => `${adminConsoleBase}/dashboard` },
    tools: { path: `${adminConsoleBase}/tools`, getHref: () => `${adminConsoleBase}/tools` },
  },

  video: {
    /** The join page; with an event's key it opens on that event's tables. */
    root: { path: '/video', getHref: (key?: string) => withQuery('/video', { key }) },
    /** The chat of a table (specification section 4): camera and microphone on or off, the table's label and channel. */
    chat: {
      path: '/video/chat',
      getHref: (query?: { table: string; name: string; audio: boolean; video: boolean }) =>
        withQuery('/video/chat', !query ? {} : { video: String(query.video), audio: String(query.audio), name: query.name, table: query.table }),
    },
    end: { path: '/video/endVideo', getHref: () => '/video/endVideo' },
  },
} as const;

/** A redirect target from a query string, accepted only when it stays on this site. */
export function safeRedirect(target: string | null | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined;
  return target;
}
