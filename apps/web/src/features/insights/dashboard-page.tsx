import type { Dashboard } from '@bridge/api';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Sparkline } from '../../components/line-chart';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api-client';
import { plural } from '../../lib/plural';
import { useDashboard } from './api';
import '../../components/data-styles';

type Figure = {
  key: keyof Dashboard;
  label: string;
  /** What the sparkline counts each week, for its description. */
  unit: string;
  /** The line under the figure, from its weekly counts (oldest first); each card says something of its own. */
  caption: (weekly: number[]) => string;
};

const thisWeek = (weekly: number[]) => weekly.at(-1) ?? 0;

const figures: Figure[] = [
  {
    key: 'users',
    label: 'Users',
    unit: 'new users',
    caption: (weekly) => `All accounts; ${thisWeek(weekly).toLocaleString('en-GB')} joined this week`,
  },
  {
    key: 'newUsersThisWeek',
    label: 'New users this week',
    unit: 'new users',
    caption: (weekly) => `${plural(weekly.at(-2) ?? 0, 'new user')} the week before`,
  },
  {
    key: 'activeEvents',
    label: 'Active events',
    unit: 'events started',
    caption: (weekly) => `${plural(thisWeek(weekly), 'event')} started this week`,
  },
  {
    key: 'completedEvents',
    label: 'Completed events',
    unit: 'events completed',
    caption: (weekly) => `${plural(thisWeek(weekly), 'event')} completed this week`,
  },
  { key: 'downloads', label: 'Downloads', unit: 'downloads', caption: (weekly) => `${plural(thisWeek(weekly), 'download')} this week` },
  { key: 'contactMessages', label: 'Contact messages', unit: 'messages', caption: (weekly) => `${plural(thisWeek(weekly), 'message')} this week` },
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
                    {/* The trend sits beside the figure, small: the figure is what the card is for. */}
                    <Group justify="space-between" align="center" gap="sm" wrap="nowrap">
                      <Text fz={30} fw={700} lh={1.3}>
                        {value.value.toLocaleString('en-GB')}
                      </Text>
                      <Sparkline
                        values={value.weekly}
                        width={88}
                        height={24}
                        label={`${figure.unit} in each of the last ${value.weekly.length} weeks, oldest first: ${value.weekly.join(', ')}`}
                      />
                    </Group>
                    <Text size="xs" c="dimmed">
                      {figure.caption(value.weekly)}
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
