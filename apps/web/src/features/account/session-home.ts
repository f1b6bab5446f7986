import type { User } from '@bridge/api';
import { paths, safeRedirect } from '../../config/paths';

/** Where a session starts (specification section 4): unverified users verify first; admins go to their console. */
export function sessionHomePath(user: User, redirectTo?: string | null): string {
  if (!user.emailVerified) return paths.verifyEmail.getHref(user.email);
  if (user.role === 'admin') return paths.admin.console.getHref();
  return safeRedirect(redirectTo) ?? paths.console.root.getHref();
}
