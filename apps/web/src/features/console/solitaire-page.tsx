import { PagePlaceholder } from '../../components/page-placeholder';

export function SolitairePage() {
  return (
    <PagePlaceholder
      title="Solitaire Events"
      description="View and manage all Solitaire events here"
      emptyText="Solitaire events you played will be listed here once they finish."
    />
  );
}
