import {
  ActiveEventSchema,
  AdminMessageResponse,
  AdminParticipantSchema,
  AdminUserSchema,
  AuditRowSchema,
  ContactMessageRowSchema,
  DashboardSchema,
  DeleteEventResponse,
  DownloadEventSchema,
  DownloadsSummaryResponse,
  LoginBody,
  PastEventSchema,
  UserSchema,
  messages,
  type ActiveEvent,
  type Role,
} from '@bridge/api';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { EventRow, EventsAdapter, ParticipantFilter } from '../../components/events/event-types';
import { eventListQuery, eventRowFromPast } from '../../components/events/event-records';
import { parseDetails } from '../../components/events/event-types';
import type { ExportFormat } from '../../components/export-menu';
import { ADMIN_API_BASE, ApiError, apiRequest } from '../../lib/api-client';

type Query = Record<string, string | number | boolean | undefined>;

/** Admin sign-in: a player account gets 403 with the admin-only text. */
export const useAdminLogin = () =>
  useMutation({
    mutationFn: (body: LoginBody) => apiRequest(`${ADMIN_API_BASE}/user/login`, { body, schema: UserSchema }),
    meta: { handlesError: true },
  });

const pageSchema = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), lastDocId: z.string().nullable() });

/** The address of an export: the dataset's list parameters (blank ones left out) plus the format. */
export function exportHref(dataset: string, format: ExportFormat, params: Query): string {
  const search = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  return `${ADMIN_API_BASE}/export/${dataset}?${search.toString()}`;
}

// Events -------------------------------------------------------------------------------------------------------


const fromActive = (event: ActiveEvent): EventRow => ({
  key: event.key,
  organiser: event.userData,
  tables: event.tables,
  details: parseDetails(event.details),
  createdAt: event.createdAt,
});


function participants(key: string, filter: ParticipantFilter, signal?: AbortSignal) {
  return apiRequest(`${ADMIN_API_BASE}/participants/all`, { query: { key, ...filter }, schema: z.array(AdminParticipantSchema), signal });
}

function participantsExportHref(key: string, format: ExportFormat, filter: ParticipantFilter) {
  return exportHref('participants', format, { key, ...filter });
}

async function deleteEvent(key: string): Promise<string> {
  const answer = await apiRequest(`${ADMIN_API_BASE}/tournaments/complete/delete`, {
    method: 'DELETE',
    query: { key },
    schema: DeleteEventResponse.shape.result,
  });
  return answer.message || messages.eventDeleted;
}

function completedEvents(type: 'pair' | 'solitaire', queryKey: string): EventsAdapter {
  return {
    queryKey: ['admin', queryKey],
    list: async (params, signal) => {
      const page = await apiRequest(`${ADMIN_API_BASE}/tournaments/complete`, { query: eventListQuery(params, type), schema: pageSchema(PastEventSchema), signal });
      return { data: page.data.map(eventRowFromPast), lastDocId: page.lastDocId };
    },
    find: async (key, signal) => {
      const page = await apiRequest(`${ADMIN_API_BASE}/tournaments/complete`, { query: { key, type: 'all', limit: 1 }, schema: pageSchema(PastEventSchema), signal });
      return page.data[0] ? eventRowFromPast(page.data[0]) : null;
    },
    participants,
    participantsExportHref,
    exportHref: (format, params) => exportHref('past-events', format, { query: params.query, type, ...params.filters }),
    deleteEvent,
  };
}

export const pastEventsAdapter = completedEvents('pair', 'past-events');
export const solitaireEventsAdapter = completedEvents('solitaire', 'solitaire-events');

export const activeEventsAdapter: EventsAdapter = {
  queryKey: ['admin', 'active-events'],
  list: async (params, signal) => {
    const page = await apiRequest(`${ADMIN_API_BASE}/tournaments/active`, { query: eventListQuery(params, 'pair'), schema: pageSchema(ActiveEventSchema), signal });
    return { data: page.data.map(fromActive), lastDocId: page.lastDocId };
  },
  find: async (key, signal) => {
    const page = await apiRequest(`${ADMIN_API_BASE}/tournaments/active`, { query: { key, type: 'all', limit: 1 }, schema: pageSchema(ActiveEventSchema), signal });
    return page.data[0] ? fromActive(page.data[0]) : null;
  },
  participants,
  participantsExportHref,
  exportHref: (format, params) => exportHref('active-events', format, { query: params.query, type: 'pair', ...params.filters }),
};

// Users --------------------------------------------------------------------------------------------------------

export type UsersPageParams = { limit: number; lastDocId?: string; query?: string };

export const usersQueryOptions = (params: UsersPageParams) =>
  queryOptions({
    queryKey: ['admin', 'users', params],
    queryFn: ({ signal }) =>
      apiRequest(`${ADMIN_API_BASE}/users/${params.query ? 'search' : 'all'}`, {
        query: { limit: params.limit, lastDocId: params.lastDocId, query: params.query },
        schema: pageSchema(AdminUserSchema),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export type UserChange =
  | { kind: 'role'; uid: string; role: Role }
  | { kind: 'disable'; uid: string; disabled: boolean }
  | { kind: 'delete'; uid: string };

/** Role, status and delete: each answers the server's success text; the list reloads after. */
export function useUserChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: UserChange) => {
      const schema = AdminMessageResponse.shape.result;
      if (change.kind === 'role') return apiRequest(`${ADMIN_API_BASE}/users/set-role`, { method: 'PUT', body: { uid: change.uid, role: change.role }, schema });
      if (change.kind === 'disable') return apiRequest(`${ADMIN_API_BASE}/users/disable`, { method: 'PUT', query: { key: change.uid }, body: { disabled: change.disabled }, schema });
      return apiRequest(`${ADMIN_API_BASE}/users/delete`, { method: 'DELETE', query: { key: change.uid }, schema });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

// Audits -------------------------------------------------------------------------------------------------------

export type AuditParams = { limit: number; lastDocId?: string; action?: string; actor?: string; outcome?: string; startDate?: string; endDate?: string };

export const auditsQueryOptions = (params: AuditParams) =>
  queryOptions({
    queryKey: ['admin', 'audits', params],
    queryFn: ({ signal }) => apiRequest(`${ADMIN_API_BASE}/audits`, { query: { ...params }, schema: pageSchema(AuditRowSchema), signal }),
    placeholderData: keepPreviousData,
  });

// Downloads analytics ------------------------------------------------------------------------------------------

export type DownloadParams = { startDate: string; endDate: string; query?: string; platform?: string; app?: string };

export const downloadEventsQueryOptions = (params: DownloadParams) =>
  queryOptions({
    queryKey: ['admin', 'downloads', params],
    queryFn: ({ signal }) =>
      apiRequest(`${ADMIN_API_BASE}/analytics/events`, { query: { ...params, eventName: 'file_download' }, schema: z.array(DownloadEventSchema), signal }),
    placeholderData: keepPreviousData,
  });

/** The summary answers `{ results }` without the `result` envelope, so it is read here rather than by apiRequest. */
export const downloadsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'downloads-summary'],
    queryFn: async ({ signal }) => {
      let response: Response;
      try {
        response = await fetch(`${ADMIN_API_BASE}/analytics/downloads-summary`, { credentials: 'include', headers: { Accept: 'application/json' }, signal });
      } catch (cause) {
        if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
        throw new ApiError({ status: 0, code: 'network_error', message: messages.noConnection });
      }
      const body: unknown = await response.json().catch(() => undefined);
      const parsed = DownloadsSummaryResponse.safeParse(body);
      if (!response.ok || !parsed.success) {
        const error = body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : messages.operationFailed;
        throw new ApiError({ status: response.status, code: 'invalid_response', message: error });
      }
      return parsed.data.results;
    },
  });

// Dashboard, contact inbox, tools ------------------------------------------------------------------------------

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => apiRequest(`${ADMIN_API_BASE}/dashboard`, { schema: DashboardSchema, signal }),
  });

export type ContactParams = { limit: number; lastDocId?: string; query?: string };

export const contactMessagesQueryOptions = (params: ContactParams) =>
  queryOptions({
    queryKey: ['admin', 'contact-messages', params],
    queryFn: ({ signal }) => apiRequest(`${ADMIN_API_BASE}/contact-messages`, { query: { ...params }, schema: pageSchema(ContactMessageRowSchema), signal }),
    placeholderData: keepPreviousData,
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());

/** The newest test player installer's address (404 when none is published). */
export const fetchTestPlayerUrl = () => apiRequest(`${ADMIN_API_BASE}/tools/test-player`, { schema: z.string() });
