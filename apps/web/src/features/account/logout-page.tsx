import { paths } from '../../config/paths';
import { SignOutDialog } from '../../components/sign-out-dialog';

export function LogoutPage() {
  return <SignOutDialog scope="user" cancelHref={paths.console.root.getHref()} signedOutHref={paths.login.getHref()} />;
}
