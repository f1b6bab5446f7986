import { describe, expect, it } from 'vitest';
import { endpoint, listEndpoints, pathUnder, resultSchemaOf, schemaOf, urlOf, endpoints, KeyParams, PostResultResponse } from './index.ts';

describe('endpoint declarations', () => {
  it('default to a JSON answer in the { result } envelope', () => {
    expect(endpoints.events.postResult).toMatchObject({
      method: 'POST',
      path: '/api/v1/tournaments/:key/results',
      envelope: 'result',
      answer: 'json',
    });
    expect(endpoints.video.iceServers.envelope).toBe('bare');
    expect(endpoints.events.pbnFile.answer).toBe('file');
  });

  it('refuse an enveloped answer whose schema has no result', () => {
    expect(() => endpoint({ method: 'GET', path: '/x', response: KeyParams })).toThrow(/needs a response schema with a result/);
  });

  it('give Fastify the schemas they declare, and only those', () => {
    const schema = schemaOf(endpoints.events.postResult);
    expect(Object.keys(schema).sort()).toEqual(['body', 'params', 'response']);
    expect(schema.response[200]).toBe(PostResultResponse);
    expect(Object.keys(schemaOf(endpoints.events.importDeals)).sort()).toEqual(['params', 'response']);
    expect(Object.keys(schemaOf(endpoints.users.adminDisable)).sort()).toEqual(['body', 'querystring', 'response']);
  });

  it('read the result schema inside the envelope, or the whole answer of a bare one', () => {
    expect(resultSchemaOf(endpoints.events.postResult)).toBe(PostResultResponse.shape.result);
    expect(resultSchemaOf(endpoints.video.iceServers)).toBe(endpoints.video.iceServers.response);
    expect(resultSchemaOf(endpoints.events.pbnFile)).toBeUndefined();
  });

  it('build addresses with encoded parameters and the defined query values', () => {
    expect(urlOf(endpoints.events.postResult, { key: 'a b/c' })).toBe('/api/v1/tournaments/a%20b%2Fc/results');
    expect(urlOf(endpoints.events.adminActive, undefined, { limit: 10, query: undefined, type: 'all' })).toBe(
      '/api/admin/v1/tournaments/active?limit=10&type=all',
    );
    expect(() => urlOf(endpoints.events.postResult, {})).toThrow(/needs the parameter key/);
  });

  it('give a route plugin its path under its prefix', () => {
    expect(pathUnder('/api/v1', endpoints.events.postResult)).toBe('/tournaments/:key/results');
    expect(() => pathUnder('/api/admin/v1', endpoints.events.postResult)).toThrow(/is not under/);
  });

  it('are listed by domain and name', () => {
    const names = listEndpoints().map((e) => e.name);
    expect(names).toContain('events.postResult');
    expect(names).toContain('exports.download');
  });
});
