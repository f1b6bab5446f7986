import { PagePlaceholder } from '../../components/page-placeholder';

export function ToolsPage() {
  return (
    <PagePlaceholder
      title="Tools"
      description="Maintenance tasks for administrators."
      emptyText="Administrative tools will be available here."
    />
  );
}
