import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { queryClient } from '../../lib/query-client';

/** Routes below this one talk to the API; they share one query cache and show notifications. */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Notifications position="top-right" zIndex={1000} />
      <Outlet />
    </QueryClientProvider>
  );
}
