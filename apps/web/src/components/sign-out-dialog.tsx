import { messages } from '@bridge/api';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';
import { PageTitle } from './page-title';
import { signOut } from '../lib/auth';

interface SignOutDialogProps {
  scope: 'user' | 'admin';
  /** Where Cancel goes when the page was opened directly (no earlier page in this tab to go back to). */
  cancelHref: string;
  /** Where to go once signed out (also when the logout call fails). */
  signedOutHref: string;
}

/** The 'Logout' / 'Are you sure you want to continue?' confirmation of the /logout and /admin/logout routes. */
export function SignOutDialog({ scope, cancelHref, signedOutHref }: SignOutDialogProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const handleCancel = () => {
    if (location.key === 'default') navigate(cancelHref, { replace: true });
    else navigate(-1);
  };

  const handleConfirm = async () => {
    setBusy(true);
    await signOut(queryClient, scope);
    navigate(signedOutHref, { replace: true });
  };

  return (
    <>
      <PageTitle title={messages.logoutTitle} />
      <ConfirmDialog
        opened
        title={messages.logoutTitle}
        message={messages.confirmContinue}
        onCancel={handleCancel}
        onConfirm={handleConfirm}
        loading={busy}
      />
    </>
  );
}
