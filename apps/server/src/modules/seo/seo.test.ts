import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPagePaths } from '@bridge/api';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://bridge.example.org' });
});
afterAll(async () => t.close());

describe('sitemap and robots', () => {
  it('lists every public page at the public address', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual(publicPagePaths.map((p) => `https://bridge.example.org${p}`));
  });

  it('points robots at the sitemap and keeps private areas out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.body).toContain('Sitemap: https://bridge.example.org/sitemap.xml');
    expect(response.body).toMatch(/Disallow: \/admin/);
    expect(response.body).toMatch(/Disallow: \/api\//);
    expect(response.body).toMatch(/Disallow: \/t\//);
  });
});
