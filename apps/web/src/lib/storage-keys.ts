/**
 * Fixed localStorage keys of the client state (specification section 3, "Local client state"). A module of
 * its own so that boot.ts, which must stay tiny, can read the cookie consent without React.
 */
export const storageKeys = {
  currentUser: 'bridge.currentUser',
  isAdmin: 'bridge.isAdmin',
  isLoggingOut: 'bridge.isLoggingOut',
  cookieConsent: 'bridge.cookieConsent',
  selectedItem: 'bridge.selectedItem',
  selectedSubItem: 'bridge.selectedSubItem',
  relayServers: 'bridge.relayServers',
  loadedAfresh: 'bridge.loadedAfresh',
  /** A table phone's entries not yet answered by the server (made offline): sent again, with the same key, later. */
  tableQueue: 'bridge.tableQueue',
} as const;
