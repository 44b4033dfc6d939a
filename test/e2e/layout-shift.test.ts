import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from './support/admin-data';
import { openAs, registerVerifiedUser, type Session } from './support/admin-session';
import { screenshot, useBrowser, VIEWPORTS, waitForApp } from './support/browser';

// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

/** The most the landing, apply and profile pages may shift at 375 and 1280 px, so nothing jumps. */
const CLS_TARGET = 0.02;

interface Shift {
  value: number;
  sources: string[];
}

/**
 * The page's layout shifts since navigation (the browser buffers them), without those right after
 * an input, as Cumulative Layout Shift counts them; each with the elements that moved.
 */
function layoutShifts(page: Page): Promise<Shift[]> {
  return page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) => {
        interface LayoutShift extends PerformanceEntry {
          value: number;
          hadRecentInput: boolean;
          sources: Array<{ node?: Node | null }>;
        }
        const describe = (node: Node | null | undefined) =>
          node instanceof Element
            ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).replace(/ /g, '.')}` : ''}`
            : String(node?.nodeName);
        const entries: LayoutShift[] = [];
        const observer = new PerformanceObserver((list) => {
          entries.push(...(list.getEntries() as LayoutShift[]));
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // The buffered entries arrive in the observer's first callback, a task after observe().
        setTimeout(() => {
          entries.push(...(observer.takeRecords() as LayoutShift[]));
          observer.disconnect();
          resolve(
            entries
              .filter((entry) => !entry.hadRecentInput)
              .map((entry) => ({ value: entry.value, sources: entry.sources.map((s) => describe(s.node)) })),
          );
        }, 200);
      }),
  );
}

/** Lets the last render after the data's arrival paint (two frames), then sums the shifts. */
async function cumulativeLayoutShift(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const shifts = await layoutShifts(page);
  return { cls: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

const WIDTHS = [VIEWPORTS.mobile, VIEWPORTS.desktop] as const;

let user: Session;
beforeAll(async () => {
  user = await registerVerifiedUser('cls');
  await createApplication(user);
});

describe('layout shift', () => {
  it.each(WIDTHS)(
    'keeps the landing page still while it hydrates and its data loads (%i px)',
    async (width) => {
      const page = await newPage({ language: 'en', width });

      await openAs(page, null, '/');
      await waitForApp(page);
      await page.waitForSelector('.ticker__item');
      // The quote calculator's places have arrived too (it loads into space the page reserved).
      await page.waitForSelector('.calc select[name=city]:not([disabled])');

      const { cls, shifts } = await cumulativeLayoutShift(page);
      await screenshot(page, `layout-shift/landing-${width}`);
      expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(CLS_TARGET);
    },
  );

  it.each(WIDTHS)(
    "keeps the landing page's quote calculator one height from its prerendered state to a quote (%i px)",
    async (width) => {
      const page = await newPage({ language: 'ru', width });
      const height = () => page.locator('.calc').evaluate((node) => node.getBoundingClientRect().height);

      await openAs(page, null, '/');
      const prerendered = await height();
      await page.waitForSelector('.calc select[name=city]:not([disabled])');
      await page.locator('.calc select[name=city]').selectOption({ index: 1 });
      await page.locator('.calc [name=amount]').fill('1500000');
      await page.locator('.calc .quote__receive').waitFor();

      await screenshot(page, `layout-shift/landing-quote-${width}`);
      expect(await height()).toBe(prerendered);
    },
  );

  it.each(WIDTHS)('keeps the apply page still while places load (%i px, logged in)', async (width) => {
    const page = await newPage({ language: 'en', width });

    await openAs(page, user, '/apply');
    await page.waitForFunction(() => {
      const continent = document.querySelector<HTMLSelectElement>('select[name=continent]');
      return continent && !continent.disabled && continent.options.length > 1;
    });

    const { cls, shifts } = await cumulativeLayoutShift(page);
    await screenshot(page, `layout-shift/apply-${width}`);
    expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(CLS_TARGET);
  });

  it.each(WIDTHS)('keeps the profile still while its applications load (%i px, logged in)', async (width) => {
    const page = await newPage({ language: 'en', width });

    await openAs(page, user, '/profile');
    await page.waitForSelector('.my-applications tbody tr');

    const { cls, shifts } = await cumulativeLayoutShift(page);
    await screenshot(page, `layout-shift/profile-${width}`);
    expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(CLS_TARGET);
  });
});
