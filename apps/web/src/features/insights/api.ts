import { AuditRowSchema, ContactMessageRowSchema, DashboardSchema, DownloadEventSchema, DownloadsSummaryResponse } from '@bridge/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ADMIN_API_BASE, apiRequest } from '../../lib/api-client';

// The admin console's insights: audits, downloads analytics, the dashboard, contact messages, tools.

const pageSchema = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), lastDocId: z.string().nullable() });

// Audits -------------------------------------------------------------------------------------------------------

export type AuditParams = {
  limit: number;
  lastDocId?: string;
  action?: string;
  actor?: string;
  outcome?: string;
  startDate?: string;
  endDate?: string;
};

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
      apiRequest(`${ADMIN_API_BASE}/analytics/events`, {
        query: { ...params, eventName: 'file_download' },
        schema: z.array(DownloadEventSchema),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The summary answers `{ results }` without the `result` envelope. */
export const downloadsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'downloads-summary'],
    queryFn: async ({ signal }) =>
      (await apiRequest(`${ADMIN_API_BASE}/analytics/downloads-summary`, { schema: DownloadsSummaryResponse, envelope: false, signal })).results,
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
    queryFn: ({ signal }) =>
      apiRequest(`${ADMIN_API_BASE}/contact-messages`, { query: { ...params }, schema: pageSchema(ContactMessageRowSchema), signal }),
    placeholderData: keepPreviousData,
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());

/** The newest test player installer's address (404 when none is published). */
export const fetchTestPlayerUrl = () => apiRequest(`${ADMIN_API_BASE}/tools/test-player`, { schema: z.string() });
