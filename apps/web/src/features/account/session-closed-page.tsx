import { messages } from '@bridge/api';
import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../components/auth-card';

export function SessionClosedPage() {
  return (
    <AuthCard title={messages.sessionClosed}>
      <Stack gap="lg">
        <Text ta="center" c="dimmed">
          Your session has ended, for example because you signed out on another device or your password was changed. Please log in again to continue.
        </Text>
        <Button component={Link} to={paths.login.getHref()} size="md" fullWidth>
          Login
        </Button>
      </Stack>
    </AuthCard>
  );
}
