import { PagePlaceholder } from '../../components/page-placeholder';

export function PastEventsPage() {
  return (
    <PagePlaceholder
      title="Past Events"
      description="Finished pair events with their participants, board results and XML downloads."
      emptyText="Finished events will be listed here with filters, search and export."
    />
  );
}
