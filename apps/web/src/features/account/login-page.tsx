import { LoginBody } from '@bridge/api';
import { Anchor, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import '@mantine/core/styles/Input.layer.css';
import { paths } from '../../config/paths';
import { AuthCard } from '../../components/auth-card';
import { ErrorDialog } from '../../components/error-dialog';
import { PasswordField } from '../../components/password-field';
import { focusFirstError } from '../../lib/forms';
import { currentUserQueryOptions, startSession } from '../../lib/auth';
import { useLogin } from './api';
import { sessionHomePath } from './session-home';
import { useSignedInHome } from './signed-in-redirect';

export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [dialogError, setDialogError] = useState<unknown>(null);
  const [starting, setStarting] = useState(false);
  const signedInHome = useSignedInHome();

  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(LoginBody, { sync: true }),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    let user;
    try {
      user = await login.mutateAsync(LoginBody.parse(values));
    } catch (error) {
      setDialogError(error);
      return;
    }
    setStarting(true);
    startSession(queryClient, user);
    // The session start asks the server who is signed in; the login answer is the fallback.
    const current = await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 }).catch(() => user);
    navigate(sessionHomePath(current, searchParams.get('redirectTo')), { replace: true });
  }, focusFirstError(form));

  if (signedInHome) return <Navigate to={signedInHome} replace />;

  return (
    <AuthCard title="Log in" subtitle="Welcome back. Log in to see your results and events.">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordField label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to={paths.resetPassword.getHref()} size="sm" fw={600}>
              Forgot Password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={login.isPending || starting}>
            Login
          </Button>
        </Stack>
      </form>
      <Divider
        my="lg"
        label={
          <Text size="sm" c="dimmed">
            New to the platform?
          </Text>
        }
        labelPosition="center"
      />
      <Button component={Link} to={paths.register.getHref()} variant="default" fullWidth size="md">
        Create Account
      </Button>
      <ErrorDialog error={dialogError} onClose={() => setDialogError(null)} />
    </AuthCard>
  );
}
