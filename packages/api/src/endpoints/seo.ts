import { endpoint } from '../endpoint.ts';

/** For search engines: built from PUBLIC_URL. */
export const seo = {
  sitemap: endpoint({ method: 'GET', path: '/sitemap.xml', answer: 'file' }),
  robots: endpoint({ method: 'GET', path: '/robots.txt', answer: 'file' }),
};
