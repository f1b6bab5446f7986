import { userEndpoints, type User } from '@bridge/api';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall, isApiError } from './api-client';
import { clearSession, setIsLoggingOut, setStoredUser } from './storage';

export const userQueryKey = ['user'] as const;
export const adminUserQueryKey = ['admin', 'user'] as const;

/** The session's user from the server; kept in storage so the public pages know who is signed in. */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: userQueryKey,
    queryFn: async ({ signal }): Promise<User> => {
      try {
        const user = await apiCall(userEndpoints.me, { signal });
        setStoredUser(user);
        return user;
      } catch (error) {
        if (isApiError(error) && error.status === 401) clearSession();
        throw error;
      }
    },
  });

/** The signed-in admin: 401 when signed out, 403 for a player. */
export const adminUserQueryOptions = () =>
  queryOptions({
    queryKey: adminUserQueryKey,
    queryFn: async ({ signal }): Promise<User> => {
      try {
        const user = await apiCall(userEndpoints.adminMe, { signal });
        setStoredUser(user);
        return user;
      } catch (error) {
        if (isApiError(error) && error.status === 401) clearSession();
        throw error;
      }
    },
  });

/** Starts a session on the client after the server signed the user in. */
export function startSession(queryClient: QueryClient, user: User): void {
  setIsLoggingOut(false);
  setStoredUser(user);
  queryClient.setQueryData(userQueryKey, user);
  if (user.role === 'admin') queryClient.setQueryData(adminUserQueryKey, user);
}

/**
 * Logout (specification section 4): set the logging-out flag, forget the user and the admin flag, then tell
 * the server. A failing call still ends the session on this side; the caller then goes to the login page.
 */
export async function signOut(queryClient: QueryClient, scope: 'user' | 'admin' = 'user'): Promise<void> {
  setIsLoggingOut(true);
  clearSession();
  try {
    await apiCall(scope === 'admin' ? userEndpoints.adminLogout : userEndpoints.logout);
  } catch {
    // ignored on purpose: the user asked to leave, and the cookie is gone or will expire.
  } finally {
    queryClient.clear();
  }
}
