import { PagePlaceholder } from '../../components/page-placeholder';

export function PastEventsPage() {
  return (
    <PagePlaceholder
      title="Bridge Results"
      description="Pair events you played or organised, with rankings, travellers and hand records."
      emptyText="When an event you took part in is scored, it appears here with its full results."
    />
  );
}
