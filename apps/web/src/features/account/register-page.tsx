import { messages, PASSWORD_HINT, RegisterBody } from '@bridge/api';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import '@mantine/core/styles/Input.layer.css';
import { paths } from '../../config/paths';
import { AuthCard } from '../../components/auth-card';
import { ErrorDialog } from '../../components/error-dialog';
import { PasswordField } from '../../components/password-field';
import { focusFirstError } from '../../lib/forms';
import { useRegister } from './api';
import { useSignedInHome } from './signed-in-redirect';

const RegisterFields = z.object({
  names: RegisterBody.shape.names,
  email: RegisterBody.shape.email,
  password: RegisterBody.shape.password,
});
const validateFields = schemaResolver(RegisterFields, { sync: true });

type RegisterValues = { names: string; email: string; password: string; confirmPassword: string };

// The mismatch is checked beside the field rules (not after them) so the user sees every problem at once.
function validate(values: RegisterValues) {
  const errors = validateFields(values);
  if (values.password !== values.confirmPassword) errors.confirmPassword = messages.passwordsDoNotMatch;
  return errors;
}

export function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const [dialogError, setDialogError] = useState<unknown>(null);
  const signedInHome = useSignedInHome();

  const form = useForm<RegisterValues>({
    initialValues: { names: '', email: '', password: '', confirmPassword: '' },
    validate,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const body = RegisterBody.parse({ names: values.names, email: values.email, password: values.password });
      const result = await register.mutateAsync(body);
      navigate(paths.verifyEmail.getHref(result.email), { state: { message: result.message } });
    } catch (error) {
      setDialogError(error);
    }
  }, focusFirstError(form));

  if (signedInHome) return <Navigate to={signedInHome} replace />;

  return (
    <AuthCard title="Create your account" documentTitle="Sign Up" subtitle="Free for players, organisers and clubs.">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Full Name" autoComplete="name" required {...form.getInputProps('names')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordField label="Password" description={PASSWORD_HINT} autoComplete="new-password" required {...form.getInputProps('password')} />
          <PasswordField label="Confirm Password" autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
          <Button type="submit" fullWidth size="md" mt="xs" loading={register.isPending}>
            Sign Up
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center" mt="lg">
        Already have an account?{' '}
        <Anchor component={Link} to={paths.login.getHref()} fw={600}>
          Log in
        </Anchor>
      </Text>
      <ErrorDialog error={dialogError} onClose={() => setDialogError(null)} />
    </AuthCard>
  );
}
