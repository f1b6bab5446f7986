import { paths } from '../../config/paths';
import { SignOutDialog } from '../../components/sign-out-dialog';

export function AdminLogoutPage() {
  return <SignOutDialog scope="admin" cancelHref={paths.admin.console.getHref()} signedOutHref={paths.admin.login.getHref()} />;
}
