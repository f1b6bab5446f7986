import { messages, PASSWORD_HINT, ResetPasswordBody, SendPasswordResetBody } from '@bridge/api';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { paths } from '../../config/paths';
import { AuthCard } from '../../components/auth-card';
import { ErrorDialog } from '../../components/error-dialog';
import { PasswordField } from '../../components/password-field';
import { focusFirstError } from '../../lib/forms';
import { useResetPassword, useSendPasswordReset } from './api';

const validateEmail = schemaResolver(SendPasswordResetBody, { sync: true });
const validateNewPassword = schemaResolver(ResetPasswordBody.pick({ password: true }), { sync: true });

function RequestResetForm() {
  const navigate = useNavigate();
  const sendReset = useSendPasswordReset();
  const [dialogError, setDialogError] = useState<unknown>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: validateEmail });

  const handleSubmit = form.onSubmit(async (values) => {
    setSentMessage(null);
    try {
      const result = await sendReset.mutateAsync(values);
      setSentMessage(result.message);
    } catch (error) {
      setDialogError(error);
    }
  }, focusFirstError(form));

  return (
    <AuthCard
      title="Reset your password"
      documentTitle="Reset Password"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {sentMessage ? (
            <Alert role="status" color="felt" variant="light" title="Check your inbox">
              {sentMessage}
            </Alert>
          ) : null}
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <Group grow gap="sm" mt="xs">
            <Button variant="default" size="md" onClick={() => void navigate(paths.login.getHref())}>
              Login
            </Button>
            <Button type="submit" size="md" loading={sendReset.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
      <ErrorDialog error={dialogError} onClose={() => setDialogError(null)} />
    </AuthCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [dialogError, setDialogError] = useState<unknown>(null);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => {
      const errors = validateNewPassword(values);
      if (values.password !== values.confirmPassword) errors.confirmPassword = messages.passwordsDoNotMatch;
      return errors;
    },
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const result = await resetPassword.mutateAsync({ token, password: values.password });
      setDoneMessage(result.message);
    } catch (error) {
      setDialogError(error);
    }
  }, focusFirstError(form));

  if (doneMessage) {
    return (
      <AuthCard title="Password changed" documentTitle="Reset Password">
        <Stack gap="lg">
          <Alert role="status" color="felt" variant="light">
            {doneMessage}
          </Alert>
          <Button size="md" fullWidth onClick={() => void navigate(paths.login.getHref(), { replace: true })}>
            Login
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" documentTitle="Reset Password" subtitle={`${PASSWORD_HINT}.`}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <PasswordField label="New Password" autoComplete="new-password" required {...form.getInputProps('password')} />
          <PasswordField label="Confirm Password" autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
          <Button type="submit" fullWidth size="md" mt="xs" loading={resetPassword.isPending}>
            Set Password
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            Changing your password signs you out on every device.
          </Text>
        </Stack>
      </form>
      <ErrorDialog error={dialogError} onClose={() => setDialogError(null)} />
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return token ? <NewPasswordForm token={token} /> : <RequestResetForm />;
}
