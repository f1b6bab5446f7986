import { UpdateUserResponse, type UpdateUserBody } from '@bridge/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../lib/api-client';
import { userQueryKey } from '../../lib/auth';
import { setStoredUser } from '../../lib/storage';

const updateResult = UpdateUserResponse.shape.result;

/** One profile edit (`POST /user/update`); the answer's user replaces the cached one. */
export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) =>
      apiRequest(`${API_BASE}/user/update`, { method: 'POST', body, schema: updateResult }),
    onSuccess: (result) => {
      if (!result.user) return;
      setStoredUser(result.user);
      queryClient.setQueryData(userQueryKey, result.user);
    },
    // The edit dialog shows the server's sentence under its field.
    meta: { handlesError: true },
  });
};
