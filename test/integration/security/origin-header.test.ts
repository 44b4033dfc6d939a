import { ORIGIN_HEADER } from '@functions/commons/origin-secret';
import { describe, expect, inject, it } from 'vitest';
import { api } from '../../support/api';

/**
 * Requests that reach the API around CloudFront, as a caller of the API's own endpoint would send
 * them: the local stack's direct listener runs what API Gateway runs (the origin authorizer, then
 * the route's function) without adding the origin header, as CloudFront does on the site's port.
 */
const { directApiUrl } = inject('localStack');

async function direct(path: string, init: RequestInit = {}) {
  const response = await fetch(`${directApiUrl}${path}`, init);
  return { status: response.status, body: (await response.json()) as unknown };
}

const unauthorized = { status: 401, body: { message: 'Unauthorized' } };
const forbidden = { status: 403, body: { message: 'Forbidden' } };
const forged = { 'cloudfront-viewer-address': '203.0.113.9:443' };

describe('requests that did not come through CloudFront', () => {
  it('are refused by API Gateway without the header, before any function runs: a public route', async () => {
    expect(await direct('/api/health', { headers: forged })).toEqual(unauthorized);
  });

  it('are refused the same way on an authenticated route, a malformed body and an unknown path', async () => {
    expect(await direct('/api/auth/me', { headers: forged })).toEqual(unauthorized);
    expect(
      await direct('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{not json',
      }),
    ).toEqual(unauthorized);
    expect(await direct('/api/nowhere')).toEqual(unauthorized);
  });

  it('are refused by the origin authorizer with a wrong header value', async () => {
    expect(await direct('/api/health', { headers: { ...forged, [ORIGIN_HEADER]: 'guessed' } })).toEqual(
      forbidden,
    );
  });

  it('pass with the value CloudFront sends', async () => {
    const answer = await direct('/api/health', { headers: { [ORIGIN_HEADER]: process.env.ORIGIN_SECRET! } });

    expect(answer.status).toBe(200);
  });

  it('cannot carry a header of their own through the site, which sets it as CloudFront does', async () => {
    const answer = await api('GET', '/api/health', { headers: { [ORIGIN_HEADER]: 'a caller value' } });

    expect(answer.status).toBe(200);
  });
});
