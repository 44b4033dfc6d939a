import { describe, expect, inject, it } from 'vitest';
import { logInAsSuperAdmin, openAs, waitForAdmin } from '../support/admin-session';
import { useBrowser } from '../support/browser';
import { readManifest } from '../support/route-sizes';

/** The admin area is its own chunk: a visitor of the landing page never downloads it. */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

function adminChunk(): string {
  const chunk = readManifest(inject('e2e').distDir)['src/app/routes/admin-route.tsx'];
  if (!chunk) throw new Error('No admin chunk in the Vite manifest');
  return chunk.file;
}

describe('the admin chunk', () => {
  it('is not downloaded on the landing page', async () => {
    const page = await newPage({ language: 'ru' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await openAs(page, null, '/');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts).not.toContain(`/${adminChunk()}`);
  });

  it('is downloaded when staff open /admin', async () => {
    const page = await newPage({ language: 'ru' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await openAs(page, await logInAsSuperAdmin(), '/admin/user-management');
    await waitForAdmin(page);
    expect(scripts).toContain(`/${adminChunk()}`);
  });
});
