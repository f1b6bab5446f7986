import type { User } from '@bridge/api';
import { useMemo, useSyncExternalStore } from 'react';
import { storageKeys } from './storage-keys';

export { storageKeys };
export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export type CookieConsent = 'accepted' | 'rejected';

const CHANGE_EVENT = 'bridge-storage';

// Storage can throw (disabled cookies, private mode, quota): the app then simply keeps nothing.
function read(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // ignored: see read()
  }
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: key }));
}

/** Calls `listener` when any stored value changes, in this tab or another one. */
export function subscribeStorage(listener: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}

// A light shape check instead of the zod schema keeps zod out of the first page's download; the stored
// value only picks the header's buttons, and every real decision asks the server.
export function parseStoredUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const user = value as Record<string, unknown>;
    const valid =
      typeof user.uid === 'string' &&
      typeof user.email === 'string' &&
      typeof user.displayName === 'string' &&
      typeof user.emailVerified === 'boolean' &&
      (user.role === 'player' || user.role === 'admin');
    return valid ? (value as User) : null;
  } catch {
    return null;
  }
}

export const getStoredUser = (): User | null => parseStoredUser(read(storageKeys.currentUser));

/** Keeps the signed-in user and the admin flag. */
export function setStoredUser(user: User): void {
  write(storageKeys.currentUser, JSON.stringify(user));
  write(storageKeys.isAdmin, String(user.role === 'admin'));
}

export const getIsAdmin = (): boolean => read(storageKeys.isAdmin) === 'true';
export const setIsAdmin = (value: boolean): void => write(storageKeys.isAdmin, String(value));

export const getIsLoggingOut = (): boolean => read(storageKeys.isLoggingOut) === 'true';
export const setIsLoggingOut = (value: boolean): void => write(storageKeys.isLoggingOut, value ? 'true' : null);

export function getCookieConsent(): CookieConsent | null {
  const value = read(storageKeys.cookieConsent);
  return value === 'accepted' || value === 'rejected' ? value : null;
}
export const setCookieConsent = (value: CookieConsent): void => write(storageKeys.cookieConsent, value);
/** Forgets the choice, so the cookie banner asks again. */
export const clearCookieConsent = (): void => write(storageKeys.cookieConsent, null);

/** A JSON value kept under `key`; null when absent or unreadable. */
export function getStoredJson(key: StorageKey): unknown {
  const raw = read(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Keeps a JSON value under `key`; null forgets it. */
export const setStoredJson = (key: StorageKey, value: unknown): void => write(key, value === null ? null : JSON.stringify(value));

/** Forgets the user, the admin flag and everything picked while signed in. Cookie consent stays. */
export function clearSession(): void {
  for (const key of [
    storageKeys.currentUser,
    storageKeys.isAdmin,
    storageKeys.selectedItem,
    storageKeys.selectedSubItem,
    storageKeys.relayServers,
    storageKeys.loadedAfresh,
  ]) {
    write(key, null);
  }
}

/** The user kept in storage (no request): enough to choose between 'Login' and 'Go To Dashboard'. */
export function useStoredUser(): User | null {
  const raw = useSyncExternalStore(
    subscribeStorage,
    () => read(storageKeys.currentUser),
    () => null,
  );
  return useMemo(() => parseStoredUser(raw), [raw]);
}
