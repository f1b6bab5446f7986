import { messages } from '@bridge/api';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { paths } from '../../config/paths';
import { AuthCard } from '../../components/auth-card';
import { ErrorDialog } from '../../components/error-dialog';
import { errorMessage, isApiError } from '../../lib/api-client';
import { userQueryKey } from '../../lib/auth';
import { useStoredUser } from '../../lib/storage';
import { useConfirmVerification, useResendVerification } from './api';

function readStateMessage(state: unknown): string | undefined {
  if (state && typeof state === 'object' && 'message' in state && typeof state.message === 'string') {
    return state.message;
  }
  return undefined;
}

function LinkSent() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const storedUser = useStoredUser();
  const resend = useResendVerification();
  const [dialogError, setDialogError] = useState<unknown>(null);
  const [resentMessage, setResentMessage] = useState<string | null>(null);

  const knownEmail = searchParams.get('email') ?? storedUser?.email ?? null;
  // Opened without an address (and signed out): ask for it, so Resend Email still works.
  const [typedEmail, setTypedEmail] = useState('');
  const email = knownEmail ?? (typedEmail.trim() || null);
  const message =
    readStateMessage(location.state) ??
    (knownEmail
      ? messages.registrationSent(knownEmail)
      : 'We have sent a verification link to your email address. Open it to activate your account, then log in.');

  const handleResend = async () => {
    setResentMessage(null);
    try {
      // Signed in, the server sends to the session's own address; signed out, it needs the address.
      // A stored user whose session has ended gets a second try with the address.
      const result = await resend.mutateAsync(storedUser ? {} : { email: email ?? undefined }).catch((error: unknown) => {
        if (storedUser && email && isApiError(error) && error.status === 401) return resend.mutateAsync({ email });
        throw error;
      });
      setResentMessage(result.message);
    } catch (error) {
      setDialogError(error);
    }
  };

  return (
    <AuthCard title="Verify your email" documentTitle="Verify Email">
      <Stack gap="lg">
        <Text ta="center">{message}</Text>
        <Text size="sm" c="dimmed" ta="center">
          No email after a few minutes? Check your Spam or Junk folder, or send the link again.
        </Text>
        {resentMessage ? (
          <Alert role="status" color="felt" variant="light">
            {resentMessage}
          </Alert>
        ) : null}
        {!knownEmail && !storedUser ? (
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            description="The address you signed up with, to send the link again"
            value={typedEmail}
            onChange={(event) => setTypedEmail(event.currentTarget.value)}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button variant="default" size="md" onClick={() => void handleResend()} loading={resend.isPending} disabled={!storedUser && !email}>
            Resend Email
          </Button>
          <Button size="md" onClick={() => void navigate(paths.login.getHref())}>
            Login
          </Button>
        </SimpleGrid>
      </Stack>
      <ErrorDialog error={dialogError} onClose={() => setDialogError(null)} />
    </AuthCard>
  );
}

function ConfirmToken({ token }: { token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirmVerification();
  const started = useRef(false);

  useEffect(() => {
    // A verification link is single-use: never send it twice (React development mode mounts twice).
    if (started.current) return;
    started.current = true;
    confirm.mutate(token, {
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: userQueryKey }),
    });
  }, [confirm, queryClient, token]);

  return (
    <AuthCard title="Email verification" documentTitle="Verify Email">
      <Stack gap="lg">
        {confirm.isSuccess ? (
          <Alert role="status" color="felt" variant="light" title="Email verified">
            {confirm.data.message}
          </Alert>
        ) : confirm.isError ? (
          <Alert role="alert" color="red" variant="light" title="Verification failed">
            {errorMessage(confirm.error)}
          </Alert>
        ) : (
          <Group justify="center" gap="sm" role="status">
            <Loader size="sm" />
            <Text>Verifying your email address…</Text>
          </Group>
        )}
        <Button size="md" fullWidth onClick={() => void navigate(paths.login.getHref(), { replace: true })}>
          Login
        </Button>
      </Stack>
    </AuthCard>
  );
}

export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return token ? <ConfirmToken token={token} /> : <LinkSent />;
}
