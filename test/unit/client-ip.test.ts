import type { ApiEvent } from '@functions/pipeline/http-types';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import fixture from '../fixtures/http-api-v2-event.json';

// The pipeline's auth middleware imports the data layer, which reads its table at load.
vi.stubEnv('TABLE_NAME', 'unit-test');
let clientIp: typeof import('@functions/pipeline/endpoint').clientIp;

beforeAll(async () => {
  ({ clientIp } = await import('@functions/pipeline/endpoint'));
});

function eventFrom(sourceIp: string, headers: Record<string, string> = {}): ApiEvent {
  const event = structuredClone(fixture) as unknown as ApiEvent;
  event.headers = headers;
  event.requestContext.http.sourceIp = sourceIp;
  return event;
}

describe('clientIp', () => {
  it('takes the viewer address CloudFront forwards, not the edge server that called the API', () => {
    const event = eventFrom('130.176.1.1', { 'cloudfront-viewer-address': '203.0.113.7:52144' });
    expect(clientIp(event)).toBe('203.0.113.7');
  });

  it('keeps every colon of an IPv6 viewer address but the port separator', () => {
    const event = eventFrom('130.176.1.1', { 'cloudfront-viewer-address': '2001:db8::1:443' });
    expect(clientIp(event)).toBe('2001:db8::1');
  });

  it('falls back to the source address when the request did not come through CloudFront', () => {
    expect(clientIp(eventFrom('198.51.100.4'))).toBe('198.51.100.4');
  });
});
