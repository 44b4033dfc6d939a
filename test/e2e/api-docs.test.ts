import SwaggerParser from '@apidevtools/swagger-parser';
import { LIVE_PATH } from '@infra/local/live-socket';
import { contentSecurityPolicy } from '@infra/security-headers';
import { describe, expect, inject, it } from 'vitest';
import { screenshot, siteUrl, useBrowser, waitForApp } from './support/browser';
import { readManifest } from './support/route-sizes';

/** The bare OpenAPI document and the API reference page rendered from it (docs/architecture.md §2). */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

function viewerChunk(): string {
  const chunk = readManifest(inject('e2e').distDir)['api-docs.html'];
  if (!chunk) throw new Error('No api-docs entry in the Vite manifest');
  return `/${chunk.file}`;
}

describe('the API reference', () => {
  it('serves /api/openapi.json bare, and it passes an OpenAPI validator', async () => {
    const answer = await fetch(siteUrl('/api/openapi.json'));
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as Record<string, unknown>;
    expect(document).not.toHaveProperty('success');
    await expect(SwaggerParser.validate(document as never)).resolves.toMatchObject({ openapi: '3.1.0' });
  });

  it('renders every operation at /api/docs under the site policy, with nothing refused', {
    timeout: 150_000,
  }, async () => {
    const page = await newPage({ language: 'en' });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const answer = await page.goto(siteUrl('/api/docs'));
    expect(answer?.headers()['content-security-policy']).toBe(
      // The uploads bucket's stand-in and the live WebSocket on the site's own port.
      contentSecurityPolicy([inject('localStack').uploadsUrl], [siteUrl(LIVE_PATH).replace(/^http/, 'ws')]),
    );
    // Swagger UI parses and renders the whole document in the page: seconds of CPU, and the 15 s
    // default ran out on CI with the other lanes busy. Nothing timed is asserted.
    await page.getByRole('heading', { name: /Exchange service API/ }).waitFor({ timeout: 60_000 });
    await page
      .locator('.opblock-summary-path', { hasText: '/api/health' })
      .first()
      .waitFor({ timeout: 60_000 });
    const served = (await (await fetch(siteUrl('/api/openapi.json'))).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(served.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    // Past about 120 operations Swagger UI renders the list virtualized, only what is on screen:
    // every operation is read while the page scrolls through, a screen at a time, to its end.
    const rendered = new Set<string>();
    for (let screens = 0; screens < 200; screens += 1) {
      const shown = await page
        .locator('.opblock-summary')
        .evaluateAll((blocks) =>
          blocks.map(
            (block) =>
              `${block.querySelector('.opblock-summary-method')?.textContent ?? ''} ${block.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? ''}`,
          ),
        );
      for (const label of shown) rendered.add(label);
      const atEnd = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight / 2);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      });
      if (atEnd && rendered.size >= operations.length) break;
      await page.waitForTimeout(50);
    }
    expect([...rendered].sort()).toEqual([...operations].sort());
    expect(problems).toEqual([]);
    await screenshot(page, 'api-docs/1280');
  });

  it('keeps the viewer off the app’s pages', async () => {
    const page = await newPage({ language: 'en' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(siteUrl('/'));
    // The landing page asks for its scripts after the first paint: wait until it has hydrated.
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts).not.toContain(viewerChunk());
  });
});
