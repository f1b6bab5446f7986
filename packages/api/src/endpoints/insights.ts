import { DownloadFilters, DownloadsSummaryQuery, DownloadsSummaryResponse, ListDownloadEventsResponse } from '../admin.ts';
import { endpoint } from '../endpoint.ts';
import { PageViewBody } from '../site.ts';

/** Insights: page views (after Accept All) and the admin's download analytics. */
export const insights = {
  /** Answered 204 without a body. */
  pageView: endpoint({ method: 'POST', path: '/api/v1/analytics/pageview', body: PageViewBody, answer: 'empty' }),
  adminDownloads: endpoint({ method: 'GET', path: '/api/admin/v1/analytics/events', query: DownloadFilters, response: ListDownloadEventsResponse }),
  /**
   * `{ results: [{ fileName, count }] }`, bare: the admin console of the apps' era reads this shape, which the
   * specification fixes (section 7); decision 045.
   */
  adminDownloadsSummary: endpoint({
    method: 'GET',
    path: '/api/admin/v1/analytics/downloads-summary',
    query: DownloadsSummaryQuery,
    response: DownloadsSummaryResponse,
    envelope: 'bare',
  }),
};
