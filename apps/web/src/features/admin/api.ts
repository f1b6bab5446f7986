import { LoginBody, UserSchema } from '@bridge/api';
import { useMutation } from '@tanstack/react-query';
import { ADMIN_API_BASE, apiRequest } from '../../lib/api-client';

/** Admin sign-in: a player account gets 403 with the admin-only text. */
export const useAdminLogin = () =>
  useMutation({
    mutationFn: (body: LoginBody) => apiRequest(`${ADMIN_API_BASE}/user/login`, { body, schema: UserSchema }),
    meta: { handlesError: true },
  });
