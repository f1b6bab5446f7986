import {
  auditEndpoints,
  contactInboxEndpoints,
  dashboardEndpoints,
  downloadEndpoints,
  insightEndpoints,
  type AuditFilters,
  type DownloadFilters,
} from '@bridge/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

// The admin console's insights: audits, downloads analytics, the dashboard, contact messages, tools.

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

/** The outcome chip: success, failure, or any (left out). */
const outcomeOf = (outcome: string | undefined): AuditFilters['outcome'] => (outcome === 'success' || outcome === 'failure' ? outcome : undefined);

export const auditsQueryOptions = (params: AuditParams) =>
  queryOptions({
    queryKey: ['admin', 'audits', params],
    queryFn: ({ signal }) => apiCall(auditEndpoints.adminList, { query: { ...params, outcome: outcomeOf(params.outcome) }, signal }),
    placeholderData: keepPreviousData,
  });

// Downloads analytics ------------------------------------------------------------------------------------------

export type DownloadParams = {
  startDate: string;
  endDate: string;
  query?: string;
  platform?: DownloadFilters['platform'];
  app?: DownloadFilters['app'];
};

export const downloadEventsQueryOptions = (params: DownloadParams) =>
  queryOptions({
    queryKey: ['admin', 'downloads', params],
    queryFn: ({ signal }) => apiCall(insightEndpoints.adminDownloads, { query: { ...params, eventName: 'file_download' }, signal }),
    placeholderData: keepPreviousData,
  });

/** The summary answers `{ results }` without the `result` envelope, as its declaration says. */
export const downloadsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'downloads-summary'],
    queryFn: async ({ signal }) => (await apiCall(insightEndpoints.adminDownloadsSummary, { signal })).results,
  });

// Dashboard, contact inbox, tools ------------------------------------------------------------------------------

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => apiCall(dashboardEndpoints.admin, { signal }),
  });

export type ContactParams = { limit: number; lastDocId?: string; query?: string };

export const contactMessagesQueryOptions = (params: ContactParams) =>
  queryOptions({
    queryKey: ['admin', 'contact-messages', params],
    queryFn: ({ signal }) => apiCall(contactInboxEndpoints.adminList, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());

/** The newest test player installer's address (404 when none is published). */
export const fetchTestPlayerUrl = () => apiCall(downloadEndpoints.adminTestPlayer);
