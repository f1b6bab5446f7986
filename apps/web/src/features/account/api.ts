import { SendPasswordResetBody, userEndpoints, type LoginBody, type RegisterBody, type ResetPasswordBody } from '@bridge/api';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

// Every form here shows its own error dialog, hence `handlesError`.

export const useLogin = () =>
  useMutation({
    mutationFn: (body: LoginBody) => apiCall(userEndpoints.login, { body }),
    meta: { handlesError: true },
  });

export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterBody) => apiCall(userEndpoints.register, { body }),
    meta: { handlesError: true },
  });

export const useSendPasswordReset = () =>
  useMutation({
    mutationFn: (body: { email: string }) => apiCall(userEndpoints.sendPasswordReset, { body: SendPasswordResetBody.parse(body) }),
    meta: { handlesError: true },
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordBody) => apiCall(userEndpoints.resetPassword, { body }),
    meta: { handlesError: true },
  });

/** Signed in: `{}` (the server uses the session's own address). Signed out: the address to send to. */
export const useResendVerification = () =>
  useMutation({
    mutationFn: (body: { email?: string }) => apiCall(userEndpoints.verify, { body }),
    meta: { handlesError: true },
  });

export const useConfirmVerification = () =>
  useMutation({
    mutationFn: (token: string) => apiCall(userEndpoints.confirmVerification, { body: { token } }),
    meta: { handlesError: true },
  });

/** Admin sign-in: a player account gets 403 with the admin-only text. */
export const useAdminLogin = () =>
  useMutation({
    mutationFn: (body: LoginBody) => apiCall(userEndpoints.adminLogin, { body }),
    meta: { handlesError: true },
  });
