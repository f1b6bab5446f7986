import { LoginBody, messages } from '@bridge/api';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { paths } from '../../config/paths';
import { AuthCard } from '../../components/auth-card';
import { ErrorDialog } from '../../components/error-dialog';
import { PasswordField } from '../../components/password-field';
import { focusFirstError } from '../../lib/forms';
import { adminUserQueryOptions, startSession } from '../../lib/auth';
import { useAdminLogin } from './api';

const validate = schemaResolver(LoginBody, { sync: true });

export function AdminLoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useAdminLogin();
  const [dialogError, setDialogError] = useState<unknown>(null);
  const [showForgotHint, setShowForgotHint] = useState(false);
  const form = useForm({ initialValues: { email: '', password: '' }, validate });
  // An admin already signed in goes straight to the console. The form shows meanwhile (it is the prerendered
  // page), and stays for everyone else or when the server does not answer.
  const session = useQuery({ ...adminUserQueryOptions(), retry: false });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const user = await login.mutateAsync(LoginBody.parse(values));
      startSession(queryClient, user);
      navigate(paths.admin.console.getHref(), { replace: true });
    } catch (error) {
      setDialogError(error);
    }
  }, focusFirstError(form));

  if (session.data?.role === 'admin') return <Navigate to={paths.admin.console.getHref()} replace />;

  return (
    <AuthCard title="Welcome Back" subtitle="Log into your Admin account to continue" documentTitle="Admin Login">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordField label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="flex-end" mt={-6}>
            <Anchor component="button" type="button" size="sm" fw={600} onClick={() => setShowForgotHint(true)}>
              Forgot Password?
            </Anchor>
          </Group>
          {showForgotHint ? (
            <Alert role="status" color="gray" variant="light">
              {messages.contactAdmin}
            </Alert>
          ) : null}
          <Button type="submit" fullWidth size="md" loading={login.isPending}>
            Login
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            This area is for platform administrators only. Sign-ins are recorded. By logging in you agree to use the data you see only to run the
            platform, as set out in our{' '}
            <Anchor component={Link} to={paths.privacy.getHref()} size="xs">
              Privacy Policy
            </Anchor>
            .
          </Text>
        </Stack>
      </form>
      <ErrorDialog error={dialogError} onClose={() => setDialogError(null)} />
    </AuthCard>
  );
}
