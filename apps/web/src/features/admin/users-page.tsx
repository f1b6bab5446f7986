import { PagePlaceholder } from '../../components/page-placeholder';

export function UsersPage() {
  return (
    <PagePlaceholder
      title="All Users"
      description="Every account on the platform: roles, status and contact details."
      emptyText="The searchable list of users, with role and status controls, will appear here."
    />
  );
}
