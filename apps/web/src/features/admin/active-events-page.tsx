import { PagePlaceholder } from '../../components/page-placeholder';

export function ActiveEventsPage() {
  return (
    <PagePlaceholder
      title="Active Events"
      description="Events that are running now, with their participants and details."
      emptyText="When an organiser starts an event, it is listed here until it ends."
    />
  );
}
