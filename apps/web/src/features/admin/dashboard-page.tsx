import { PagePlaceholder } from '../../components/page-placeholder';

export function DashboardPage() {
  return (
    <PagePlaceholder
      title="Dashboard"
      description="Key figures of the platform at a glance."
      emptyText="Totals of users, events and boards played will appear here."
    />
  );
}
