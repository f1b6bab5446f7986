import { messages, type User } from '@bridge/api';
import { Button, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PagePlaceholder } from '../../components/page-placeholder';
import { currentUserQueryOptions, signOut } from '../../lib/auth';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useUpdateProfile } from './profile-api';
import { ProfileEditDialog } from './profile-edit-dialog';
import { profileFields, type ProfileField } from './profile-fields';
import classes from './profile-page.module.css';

export function ProfilePage() {
  const { data: user } = useQuery(currentUserQueryOptions());
  const [editing, setEditing] = useState<ProfileField | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const navigate = useNavigate();

  const handleSaved = (field: ProfileField, updated: User) => {
    // A changed address must be verified again: the verify-email page says so and can resend the link.
    if (field.type === 'email' && !updated.emailVerified) navigate(paths.verifyEmail.getHref(updated.email));
  };

  return (
    <PagePlaceholder title="Profile" description="Your account information, as organisers and other players see it.">
      <Paper withBorder radius="md" component="section" aria-labelledby="account-information">
        <Title order={2} id="account-information" fz="lg" px="lg" pt="lg" pb="xs">
          Account information
        </Title>
        <Text size="sm" c="dimmed" px="lg" pb="sm">
          Choose a row to change it.
        </Text>
        <ul className={classes.list}>
          {profileFields.map((field) => {
            const value = user ? field.value(user) : null;
            return (
              <li key={field.key}>
                <UnstyledButton
                  className={classes.row}
                  onClick={() => setEditing(field)}
                  disabled={!user}
                  aria-haspopup="dialog"
                >
                  <span className={classes.term}>{field.label}</span>
                  <span className={classes.value}>
                    {field.type === 'password' ? (
                      <Text span c="dimmed">Change your password</Text>
                    ) : (
                      value || <Text span c="dimmed">Not set</Text>
                    )}
                  </span>
                  <span className={classes.action} aria-hidden="true">
                    Edit
                  </span>
                </UnstyledButton>
              </li>
            );
          })}
        </ul>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="delete-account">
        <Stack gap="xs" align="flex-start">
          <Title order={2} id="delete-account" fz="lg">
            Delete account
          </Title>
          <Text size="sm" c="dimmed">
            Deletes your account and everything it owns. This cannot be undone.
          </Text>
          <Button color="red.8" variant="outline" onClick={() => setConfirmingDelete(true)} disabled={!user}>
            Delete account
          </Button>
        </Stack>
      </Paper>
      {user && <ProfileEditDialog field={editing} user={user} onClose={() => setEditing(null)} onSaved={handleSaved} />}
      <DeleteAccountDialog opened={confirmingDelete} onClose={() => setConfirmingDelete(false)} />
    </PagePlaceholder>
  );
}

function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const handleConfirm = async () => {
    try {
      const result = await update.mutateAsync({ type: 'delete', value: '' });
      notifySuccess(result.message || messages.accountDeleted);
    } catch (error) {
      notifyError(error);
      return;
    }
    await signOut(queryClient);
    navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <ConfirmDialog
      opened={opened}
      title="Delete account"
      message={
        'Delete your account for good? Your profile (name, email, contact, city, PIN, BFI or BBO number), your ' +
        "sign-ins, and the events you organised, with those events' score, replay and participant data, are " +
        'deleted, and you are signed out. This cannot be undone.'
      }
      confirmLabel="Delete account"
      danger
      loading={update.isPending}
      onConfirm={() => void handleConfirm()}
      onCancel={onClose}
    />
  );
}
