import { messages } from '@bridge/api';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageTitle } from '../../components/page-title';
import { signOut } from '../../lib/auth';

export function LogoutPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const handleCancel = () => {
    // Opened directly (no earlier page in this tab): go to the console instead of leaving the site.
    if (location.key === 'default') navigate(paths.console.root.getHref(), { replace: true });
    else navigate(-1);
  };

  const handleConfirm = async () => {
    setBusy(true);
    await signOut(queryClient, 'user');
    navigate(paths.login.getHref(), { replace: true });
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
