import type { AdminUser } from '@bridge/api';
import { ActionIcon, Badge, Menu, Modal, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CursorPagedTable, useCursorPaging } from '../../components/cursor-pager';
import { BreakableText, DateTimeText, formatDateTime, type DataColumn } from '../../components/data-table';
import { DetailList } from '../../components/detail-list';
import { MoreIcon } from '../../components/icons';
import { ExportMenu, exportHref } from '../../components/export-menu';
import { titleStyles } from '../../components/modal-styles';
import { ListToolbar } from '../../components/list-controls';
import { ConsoleHeading } from '../../components/page-placeholder';
import { adminUserQueryOptions } from '../../lib/auth';
import { notifySuccess } from '../../lib/notify';
import { plural, pluralWord } from '../../lib/plural';
import { useUserChange, usersQueryOptions, type UserChange } from './api';

const ownAccountReason = 'This is your account: another admin can change its role or status, or delete it.';

/** The confirmation of each change: what it does, in plain words. */
function confirmation(change: UserChange, user: AdminUser): { title: string; message: string; label: string; danger: boolean } {
  const who = `${user.names || user.email} (${user.email})`;
  if (change.kind === 'role') {
    return change.role === 'admin'
      ? { title: 'Make admin', message: `Give ${who} the admin role? They can then use this console.`, label: 'Make admin', danger: false }
      : { title: 'Make player', message: `Take the admin role from ${who}? They become a player.`, label: 'Make player', danger: false };
  }
  if (change.kind === 'disable') {
    return change.disabled
      ? {
          title: 'Disable user',
          message: `Disable ${who}? They are signed out and cannot sign in until enabled again.`,
          label: 'Disable',
          danger: true,
        }
      : { title: 'Enable user', message: `Enable ${who}? They can sign in again.`, label: 'Enable', danger: false };
  }
  const events =
    user.eventsOrganised > 0
      ? `Their account and the ${plural(user.eventsOrganised, 'event')} they organised, with ${pluralWord(user.eventsOrganised, { one: "that event's", other: "those events'" })} score, replay and participant data, are deleted.`
      : 'Their account is deleted; they organised no events, so no score, replay and participant data goes with it.';
  return {
    title: 'Delete user',
    message: `Delete ${who} for good? ${events} This cannot be undone.`,
    label: 'Delete',
    danger: true,
  };
}

export function UsersPage() {
  const paging = useCursorPaging();
  const [query, setQuery] = useState('');
  const [preview, setPreview] = useState<AdminUser | null>(null);
  const [pending, setPending] = useState<{ change: UserChange; user: AdminUser } | null>(null);
  const users = useQuery(usersQueryOptions({ limit: paging.pageSize, lastDocId: paging.cursor, query: query || undefined }));
  const change = useUserChange();
  // The signed-in admin (already loaded by the console's shell): their own row offers no role, status or delete.
  const me = useQuery(adminUserQueryOptions()).data?.uid;

  const confirm = pending ? confirmation(pending.change, pending.user) : null;

  const columns: DataColumn<AdminUser>[] = [
    {
      header: 'Name',
      cell: (user) => (
        <div>
          <Text size="sm" fw={600}>
            {user.names || '-'}
            {user.uid === me ? (
              <Badge component="span" ml={6} size="xs" variant="outline" color="gray">
                You
              </Badge>
            ) : null}
          </Text>
          <Text size="xs" c="dimmed">
            <BreakableText text={user.email} />
          </Text>
        </div>
      ),
    },
    // Contact, Role and Created At are in the preview: a phone's row keeps the name beside its Options.
    { header: 'Contact', cell: (user) => user.contact ?? '-', nowrap: true, visibleFrom: 'sm' },
    {
      header: 'Role',
      visibleFrom: 'sm',
      cell: (user) => (
        <Badge variant="light" color={user.role === 'admin' ? 'felt' : 'gray'}>
          {user.role}
        </Badge>
      ),
    },
    {
      header: 'Status',
      cell: (user) => (
        <Badge variant="light" color={user.disabled ? 'red' : 'felt'}>
          {user.disabled ? 'Disabled' : 'Enabled'}
        </Badge>
      ),
    },
    { header: 'Created At', cell: (user) => <DateTimeText value={user.createdAt} />, visibleFrom: 'sm' },
    {
      header: 'Options',
      cell: (user) => (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Options for ${user.email}`}>
              <MoreIcon />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setPreview(user)}>Preview</Menu.Item>
            {user.uid === me ? (
              // The server refuses these on one's own account (so an admin cannot lock themselves out): say so here.
              <Tooltip label={ownAccountReason} multiline w={240} position="left" withinPortal>
                <div>
                  <Menu.Item disabled>{user.role === 'admin' ? 'Make player' : 'Make admin'}</Menu.Item>
                  <Menu.Item disabled>Disable</Menu.Item>
                  <Menu.Item disabled>Delete</Menu.Item>
                  <Menu.Label style={{ maxWidth: 240, whiteSpace: 'normal' }}>{ownAccountReason}</Menu.Label>
                </div>
              </Tooltip>
            ) : (
              <>
                <Menu.Item
                  onClick={() => setPending({ user, change: { kind: 'role', uid: user.uid, role: user.role === 'admin' ? 'player' : 'admin' } })}
                >
                  {user.role === 'admin' ? 'Make player' : 'Make admin'}
                </Menu.Item>
                <Menu.Item onClick={() => setPending({ user, change: { kind: 'disable', uid: user.uid, disabled: !user.disabled } })}>
                  {user.disabled ? 'Enable' : 'Disable'}
                </Menu.Item>
                <Menu.Item color="red" onClick={() => setPending({ user, change: { kind: 'delete', uid: user.uid } })}>
                  Delete
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <ConsoleHeading title="All Users" description="Every account on the platform: roles, status and contact details." />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <ListToolbar
            paging={paging}
            searchPlaceholder="Search User by Name or Email"
            onSearch={setQuery}
            query={users}
            refreshKey={['admin', 'users']}
          >
            <ExportMenu hrefFor={(format) => exportHref('users', format, { query: query || undefined })} />
          </ListToolbar>
          <CursorPagedTable
            caption="All Users"
            columns={columns}
            query={users}
            rowKey={(user) => user.uid}
            emptyText="Oops, No records yet..."
            minWidth={320}
            paging={paging}
            pagerLabel="User pages"
          />
        </Stack>
      </Paper>

      <Modal opened={!!preview} onClose={() => setPreview(null)} title="User" centered radius="md" size="lg" styles={titleStyles}>
        {preview ? (
          <DetailList
            title="User Details"
            items={[
              { label: 'Name', value: preview.names },
              { label: 'Email', value: preview.email },
              { label: 'Email verified', value: preview.emailVerified ? 'Yes' : 'No' },
              { label: 'Role', value: preview.role },
              { label: 'Status', value: preview.disabled ? 'Disabled' : 'Enabled' },
              { label: 'Contact', value: preview.contact },
              { label: 'BFI or BBO number', value: preview.bfiId },
              { label: 'City', value: preview.city },
              { label: 'Postal Index Number', value: preview.postalIndexNumber },
              { label: 'Created At', value: formatDateTime(preview.createdAt) },
              { label: 'Edited At', value: formatDateTime(preview.editedAt) },
              { label: 'User id', value: preview.uid },
            ]}
          />
        ) : null}
      </Modal>

      <ConfirmDialog
        opened={!!pending}
        title={confirm?.title ?? ''}
        message={confirm?.message ?? ''}
        confirmLabel={confirm?.label}
        danger={confirm?.danger}
        loading={change.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          change.mutate(pending.change, {
            onSuccess: (answer) => notifySuccess(answer.message),
            onSettled: () => setPending(null),
          });
        }}
      />
    </Stack>
  );
}
