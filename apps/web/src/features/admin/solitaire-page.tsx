import { PagePlaceholder } from '../../components/page-placeholder';

export function SolitairePage() {
  return (
    <PagePlaceholder
      title="Solitaire Events"
      description="View and manage all Solitaire events here"
      emptyText="Finished solitaire events will be listed here."
    />
  );
}
