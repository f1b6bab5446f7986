import { TestPlayerUrlResponse } from '../admin.ts';
import { endpoint } from '../endpoint.ts';
import { DownloadQuery, ListReleasesResponse } from '../site.ts';

const ADMIN = '/api/admin/v1';

/** The apps' installers. */
export const downloads = {
  releases: endpoint({ method: 'GET', path: '/api/v1/apps/releases', response: ListReleasesResponse }),
  /** The newest installer itself (the apps and the download buttons link here). */
  download: endpoint({ method: 'GET', path: '/api/v1/apps/download', query: DownloadQuery, answer: 'file' }),
  adminTestPlayer: endpoint({ method: 'GET', path: `${ADMIN}/tools/test-player`, response: TestPlayerUrlResponse }),
};
