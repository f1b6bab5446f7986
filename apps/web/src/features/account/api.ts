import { LoginBody, MessageResponse, RegisterBody, RegisterResponse, ResetPasswordBody, SendPasswordResetBody, UserSchema } from '@bridge/api';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { ADMIN_API_BASE, API_BASE, apiRequest } from '../../lib/api-client';

const messageResult = MessageResponse.shape.result;
const registerResult = RegisterResponse.shape.result;

// Every form here shows its own error dialog, hence `handlesError`.

export const useLogin = () =>
  useMutation({
    mutationFn: (body: LoginBody) => apiRequest(`${API_BASE}/user/login`, { body, schema: UserSchema }),
    meta: { handlesError: true },
  });

export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterBody) => apiRequest(`${API_BASE}/user/register`, { body, schema: registerResult }),
    meta: { handlesError: true },
  });

export const useSendPasswordReset = () =>
  useMutation({
    mutationFn: (body: { email: string }) =>
      apiRequest(`${API_BASE}/user/sendPasswordResetEmail`, { body: SendPasswordResetBody.parse(body), schema: messageResult }),
    meta: { handlesError: true },
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: z.infer<typeof ResetPasswordBody>) => apiRequest(`${API_BASE}/user/resetPassword`, { body, schema: messageResult }),
    meta: { handlesError: true },
  });

/** Signed in: `{}` (the server uses the session's own address). Signed out: the address to send to. */
export const useResendVerification = () =>
  useMutation({
    mutationFn: (body: { email?: string }) => apiRequest(`${API_BASE}/user/verify`, { body, schema: messageResult }),
    meta: { handlesError: true },
  });

export const useConfirmVerification = () =>
  useMutation({
    mutationFn: (token: string) => apiRequest(`${API_BASE}/user/verify/confirm`, { body: { token }, schema: messageResult }),
    meta: { handlesError: true },
  });

/** Admin sign-in: a player account gets 403 with the admin-only text. */
export const useAdminLogin = () =>
  useMutation({
    mutationFn: (body: LoginBody) => apiRequest(`${ADMIN_API_BASE}/user/login`, { body, schema: UserSchema }),
    meta: { handlesError: true },
  });
