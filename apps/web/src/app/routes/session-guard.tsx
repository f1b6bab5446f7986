import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { isApiError } from '../../lib/api-client';
import { adminUserQueryOptions, currentUserQueryOptions } from '../../lib/auth';

// The one place a signed-out visitor is turned away. The pages and layouts below read the same cached user
// query for their own loading, error and verification states, but never see a 401 (or, in the admin console,
// a 403): the guard has already sent the visitor to sign in. Loaded with the layout of
// each area (re-exported there), so TanStack Query stays out of the public pages' first download.

/** Signed out: the login page, which brings the visitor back here after. */
export function UserSessionGuard() {
  const location = useLocation();
  const userQuery = useQuery(currentUserQueryOptions());
  if (userQuery.isError && isApiError(userQuery.error) && userQuery.error.status === 401) {
    return <Navigate to={paths.login.getHref(location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}

/** Signed out (401) or a player (403): the admin login. */
export function AdminSessionGuard() {
  const userQuery = useQuery(adminUserQueryOptions());
  const status = userQuery.isError && isApiError(userQuery.error) ? userQuery.error.status : 0;
  if (status === 401 || status === 403) return <Navigate to={paths.admin.login.getHref()} replace />;
  return <Outlet />;
}
