import type { Dashboard } from '@bridge/api';
import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Sparkline } from '../../components/line-chart';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api-client';
import { useDashboard } from './api';
import '../../components/data-styles';

const figures: { key: keyof Dashboard; label: string; unit: string }[] = [
  { key: 'users', label: 'Users', unit: 'new users' },
  { key: 'newUsersThisWeek', label: 'New users this week', unit: 'new users' },
  { key: 'activeEvents', label: 'Active events', unit: 'events started' },
  { key: 'completedEvents', label: 'Completed events', unit: 'events completed' },
  { key: 'downloads', label: 'Downloads', unit: 'downloads' },
  { key: 'contactMessages', label: 'Contact messages', unit: 'messages' },
];

export function DashboardPage() {
  const dashboard = useDashboard();
  return (
    <Stack gap="lg">
      <PageTitle title="Dashboard" />
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Dashboard
        </Title>
        <Text c="dimmed" mt={4}>
          Key figures of the platform at a glance, with what was added in each of the last 8 weeks.
        </Text>
      </div>
      {dashboard.isError ? (
        <Alert color="red" variant="light" role="alert" title="Could not load the key figures">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(dashboard.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void dashboard.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {figures.map((figure) => {
            const value = dashboard.data?.[figure.key];
            return (
              <Paper component="li" key={figure.key} withBorder radius="md" p="md">
                <Text size="sm" c="dimmed" fw={600}>
                  {figure.label}
                </Text>
                {value ? (
                  <>
                    <Text fz={30} fw={700} lh={1.3}>
                      {value.value.toLocaleString('en-GB')}
                    </Text>
                    <Sparkline
                      values={value.weekly}
                      label={`${figure.unit} in each of the last ${value.weekly.length} weeks, oldest first: ${value.weekly.join(', ')}`}
                    />
                    <Text size="xs" c="dimmed">
                      {value.weekly.at(-1) ?? 0} {figure.unit} this week
                    </Text>
                  </>
                ) : (
                  <Skeleton h={72} mt="xs" />
                )}
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
