import { AdminMessageResponse, AdminUserSchema, UpdateUserResponse, type Role, type UpdateUserBody } from '@bridge/api';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ADMIN_API_BASE, API_BASE, apiRequest } from '../../lib/api-client';
import { userQueryKey } from '../../lib/auth';
import { setStoredUser } from '../../lib/storage';

// Users: the signed-in user's profile, and the admin console's list (role, status, delete).

const updateResult = UpdateUserResponse.shape.result;

/** One profile edit (`POST /user/update`); the answer's user replaces the cached one. */
export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => apiRequest(`${API_BASE}/user/update`, { method: 'POST', body, schema: updateResult }),
    onSuccess: (result) => {
      if (!result.user) return;
      setStoredUser(result.user);
      queryClient.setQueryData(userQueryKey, result.user);
    },
    // The edit dialog shows the server's sentence under its field.
    meta: { handlesError: true },
  });
};

// Admin console -------------------------------------------------------------------------------------------------

const pageSchema = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), lastDocId: z.string().nullable() });

export type UsersPageParams = { limit: number; lastDocId?: string; query?: string };

export const usersQueryOptions = (params: UsersPageParams) =>
  queryOptions({
    queryKey: ['admin', 'users', params],
    queryFn: ({ signal }) =>
      apiRequest(`${ADMIN_API_BASE}/users/${params.query ? 'search' : 'all'}`, {
        query: { limit: params.limit, lastDocId: params.lastDocId, query: params.query },
        schema: pageSchema(AdminUserSchema),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export type UserChange =
  { kind: 'role'; uid: string; role: Role } | { kind: 'disable'; uid: string; disabled: boolean } | { kind: 'delete'; uid: string };

/** Role, status and delete: each answers the server's success text; the list reloads after. */
export function useUserChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: UserChange) => {
      const schema = AdminMessageResponse.shape.result;
      if (change.kind === 'role')
        return apiRequest(`${ADMIN_API_BASE}/users/set-role`, { method: 'PUT', body: { uid: change.uid, role: change.role }, schema });
      if (change.kind === 'disable')
        return apiRequest(`${ADMIN_API_BASE}/users/disable`, {
          method: 'PUT',
          query: { key: change.uid },
          body: { disabled: change.disabled },
          schema,
        });
      return apiRequest(`${ADMIN_API_BASE}/users/delete`, { method: 'DELETE', query: { key: change.uid }, schema });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
