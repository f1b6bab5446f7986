import { messages } from '@bridge/api';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';
import type { ShellNavItem } from './console-shell';
import { LogoutIcon } from './icons';
import { PageTitle } from './page-title';
import { signOut } from '../lib/auth';

type Scope = 'user' | 'admin';

interface SignOutConfirmProps {
  opened: boolean;
  scope: Scope;
  /** Where to go once signed out (also when the logout call fails). */
  signedOutHref: string;
  onCancel: () => void;
}

/** The 'Logout' / 'Are you sure you want to continue?' confirmation; Confirm signs out. */
function SignOutConfirm({ opened, scope, signedOutHref, onCancel }: SignOutConfirmProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const handleConfirm = async () => {
    setBusy(true);
    await signOut(queryClient, scope);
    navigate(signedOutHref, { replace: true });
  };

  return (
    <ConfirmDialog
      opened={opened}
      title={messages.logoutTitle}
      message={messages.confirmContinue}
      onCancel={onCancel}
      onConfirm={() => void handleConfirm()}
      loading={busy}
    />
  );
}

interface SignOutDialogProps {
  scope: Scope;
  /** Where Cancel goes when the page was opened directly (no earlier page in this tab to go back to). */
  cancelHref: string;
  /** Where to go once signed out (also when the logout call fails). */
  signedOutHref: string;
}

/** The confirmation as a page of its own: the /logout and /admin/logout routes, opened directly. */
export function SignOutDialog({ scope, cancelHref, signedOutHref }: SignOutDialogProps) {
  const navigate = useNavigate();
  const location = useLocation();

  const handleCancel = () => {
    if (location.key === 'default') navigate(cancelHref, { replace: true });
    else navigate(-1);
  };

  return (
    <>
      <PageTitle title={messages.logoutTitle} />
      <SignOutConfirm opened scope={scope} signedOutHref={signedOutHref} onCancel={handleCancel} />
    </>
  );
}

/**
 * The consoles' Log Out entry: still a link to the logout route (for a new tab), but a click asks over the page
 * the user is on instead of leaving it for a page that holds nothing but the question.
 */
export function useLogOutItem(scope: Scope, href: string, signedOutHref: string): { item: ShellNavItem; dialog: ReactNode } {
  const [opened, setOpened] = useState(false);
  const item: ShellNavItem = {
    label: 'Log Out',
    icon: <LogoutIcon />,
    href,
    onClick: (event?: MouseEvent) => {
      event?.preventDefault();
      setOpened(true);
    },
  };
  const dialog = <SignOutConfirm opened={opened} scope={scope} signedOutHref={signedOutHref} onCancel={() => setOpened(false)} />;
  return { item, dialog };
}
