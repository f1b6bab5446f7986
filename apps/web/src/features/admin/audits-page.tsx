import { PagePlaceholder } from '../../components/page-placeholder';

export function AuditsPage() {
  return (
    <PagePlaceholder
      title="Audits"
      description="View all system logs here"
      emptyText="Sign-ins and every admin action will be listed here."
    />
  );
}
