import { Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PagePlaceholder } from '../../components/page-placeholder';
import { currentUserQueryOptions } from '../../lib/auth';
import classes from './profile-page.module.css';

export function ProfilePage() {
  const { data: user } = useQuery(currentUserQueryOptions());

  const rows = [
    { label: 'Full Name', value: user?.displayName },
    { label: 'Email', value: user?.email },
    { label: 'BFI or BBO number', value: user?.bfiId },
    { label: 'Contact', value: user?.contact },
    { label: 'City', value: user?.city },
    { label: 'Postal Index Number', value: user?.postalIndexNumber },
  ];

  return (
    <PagePlaceholder title="Profile" description="Your account information, as organisers and other players see it.">
      <Paper withBorder radius="md">
        <Text fw={700} px="lg" pt="lg" pb="sm">
          Account information
        </Text>
        <dl className={classes.list}>
          {rows.map((row) => (
            <div key={row.label} className={classes.row}>
              <dt className={classes.term}>{row.label}</dt>
              <dd className={classes.value}>{row.value || <Text span c="dimmed">Not set</Text>}</dd>
            </div>
          ))}
        </dl>
      </Paper>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          Editing your details from this page is coming soon.
        </Text>
      </Stack>
    </PagePlaceholder>
  );
}
