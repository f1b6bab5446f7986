import { userEndpoints, type Role, type UpdateUserBody } from '@bridge/api';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { userQueryKey } from '../../lib/auth';
import { setStoredUser } from '../../lib/storage';

// Users: the signed-in user's profile, and the admin console's list (role, status, delete).

/** One profile edit (`POST /user/update`); the answer's user replaces the cached one. */
export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => apiCall(userEndpoints.update, { body }),
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

export type UsersPageParams = { limit: number; lastDocId?: string; query?: string };

export const usersQueryOptions = (params: UsersPageParams) =>
  queryOptions({
    queryKey: ['admin', 'users', params],
    queryFn: ({ signal }) =>
      apiCall(params.query ? userEndpoints.adminSearch : userEndpoints.adminList, {
        query: { limit: params.limit, lastDocId: params.lastDocId, query: params.query },
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
      if (change.kind === 'role') return apiCall(userEndpoints.adminSetRole, { body: { uid: change.uid, role: change.role } });
      if (change.kind === 'disable') return apiCall(userEndpoints.adminDisable, { query: { key: change.uid }, body: { disabled: change.disabled } });
      return apiCall(userEndpoints.adminDelete, { query: { key: change.uid } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
