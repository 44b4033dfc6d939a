import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type CDPSession,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

/**
 * Debian's Chromium driven by playwright-core: one browser per test file, a fresh context (no
 * cookies, no storage) per test. The browser is Debian's chromium-headless-shell (the same Blink
 * without the full browser's UI processes): the screen sweeps took a third less time on it than
 * on `chromium --headless` (docs/decisions.md). E2E_CHROME names another build.
 */
const CHROME_PATH = process.env.E2E_CHROME ?? '/usr/bin/chromium-headless-shell';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // Pages live seconds: V8's optimizing tiers (Maglev, TurboFan) compile more than they save.
  '--js-flags=--no-opt --no-maglev',
];
const SCREENSHOT_DIR = join(import.meta.dirname, '../../../test-results/screenshots');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const VIEWPORTS = { mobile: 375, tablet: 768, desktop: 1280 } as const;
export type Language = 'ru' | 'en';

export function siteUrl(path = '/'): string {
  return `${inject('e2e').siteUrl}${path}`;
}

export interface PageOptions {
  width?: number;
  language?: Language;
  /** false: a browser with JavaScript turned off (what the prerendered HTML alone shows). */
  javaScript?: boolean;
  /** The visitor's time zone (IANA); the machine's when absent. */
  timeZone?: string;
}

/** Registers the browser's lifecycle for the calling test file and returns a page factory. */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A page in a fresh context; the UI language is stored the way the app stores it. */
  return async function newPage(options: PageOptions = {}): Promise<Page> {
    if (!browser) throw new Error('The browser is not running');
    const context = await browser.newContext({
      viewport: { width: options.width ?? VIEWPORTS.desktop, height: 900 },
      locale: options.language === 'en' ? 'en-US' : 'ru-RU',
      javaScriptEnabled: options.javaScript ?? true,
      ...(options.timeZone ? { timezoneId: options.timeZone } : {}),
    });
    contexts.push(context);
    if (options.javaScript !== false) await context.addInitScript(recordToasts);
    if (options.language && options.javaScript !== false) {
      await context.addInitScript((language) => {
        if (!localStorage.getItem('language')) localStorage.setItem('language', language);
      }, options.language);
    }
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  };
}

declare global {
  interface Window {
    /** Every toast message the document showed, in order (recordToasts). */
    toastsShown?: string[];
  }
}

/**
 * Runs in each page before the app: keeps the text of every toast as it appears. A success toast
 * lasts 2 s, and a test polling for it on a loaded machine can look before and after it; the kept
 * list cannot be missed (showsToast).
 */
function recordToasts() {
  const shown: string[] = [];
  const seen = new WeakSet<Element>();
  window.toastsShown = shown;
  new MutationObserver(() => {
    for (const message of document.querySelectorAll('.toast__message')) {
      if (seen.has(message)) continue;
      seen.add(message);
      shown.push(message.textContent ?? '');
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Does `action`, then waits until the page has shown a toast saying `text` since it began. */
export async function showsToast(page: Page, text: string, action: () => Promise<unknown>) {
  const before = await page.evaluate(() => window.toastsShown?.length ?? 0);
  await action();
  await page
    .waitForFunction(
      ([from, expected]) => window.toastsShown?.slice(from).some((shown) => shown.includes(expected)),
      [before, text] as const,
    )
    .catch(async (error: Error) => {
      // What the page said instead is the failure (a refusal's toast, a page loaded anew).
      const shown = await page.evaluate((from) => window.toastsShown?.slice(from), before).catch(() => []);
      throw new Error(
        `${error.message}\nExpected a toast saying "${text}" at ${page.url()}; shown since: ${JSON.stringify(shown)}`,
      );
    });
}

/** Waits until the app has mounted (a prerendered page: hydrated) and no route is still loading. */
export async function waitForApp(page: Page) {
  await page.waitForSelector('#root[data-ready] .site-shell');
  await page.waitForFunction(() => !document.querySelector('.page-spinner'));
}

/**
 * Screenshots are for a person to look at (`npm run test:screenshots` saves them under
 * test-results/screenshots); no check reads them, so `npm test` skips them: they were a quarter
 * of the screen sweeps' time (docs/decisions.md).
 */
const SAVE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

export async function screenshot(page: Page, name: string) {
  if (!SAVE_SCREENSHOTS) return;
  mkdirSync(dirname(join(SCREENSHOT_DIR, name)), { recursive: true });
  // From the top, so the sticky header is where a visitor sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Sideways scrolling of the page or of an open dialog, in px. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const found: Record<string, number> = {};
    const wide = document.documentElement.scrollWidth - window.innerWidth;
    if (wide > 0) found.page = wide;
    for (const modal of document.querySelectorAll('.modal')) {
      const inside = modal.scrollWidth - modal.clientWidth;
      if (inside > 0) found[`modal ${modal.getAttribute('aria-labelledby') ?? ''}`] = inside;
    }
    return found;
  });
}

/**
 * At a phone's and a desk's width (375 and 1280 px): a screenshot named `{name}-{width}-{language}`,
 * sideways scrolling, and axe-core's serious findings, each problem under its name and width.
 */
export async function lookAtWidths(page: Page, name: string, language: Language, scrollTo?: Locator) {
  const problems: Record<string, unknown> = {};
  for (const width of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    await scrollTo?.scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${width}-${language}`);
    const wide = await overflow(page);
    if (Object.keys(wide).length > 0) problems[`${name}@${width} overflow`] = wide;
    const violations = await seriousAxeViolations(page);
    if (violations.length > 0) problems[`${name}@${width} axe`] = violations;
  }
  return problems;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Runs axe-core on the page once its finite animations have ended (an entrance is not the state a
 * reader meets); returns the serious and critical violations. axe is evaluated over
 * the DevTools protocol because the site's CSP (rightly) refuses the inline script addScriptTag adds,
 * and in an isolated world of its own: it sees the page's DOM and styles but none of its scripts'
 * globals, so it runs the same on a page whose timers a test has stopped (page.clock.pauseAt).
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const { cdp, contextId } = await axeWorld(page);
  const answer = await cdp.send('Runtime.evaluate', {
    // After the page's finite animations end (a toast fading in reads as low contrast halfway).
    expression: `Promise.all(
      document.getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => axe.run()).then((results) => results.violations)`,
    contextId,
    awaitPromise: true,
    returnByValue: true,
  });
  if (answer.exceptionDetails) throw new Error(`axe failed: ${answer.exceptionDetails.text}`);
  return (answer.result.value as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target }) => ({ target })),
    }));
}

interface AxeWorld {
  cdp: CDPSession;
  contextId: number;
}

const axeWorlds = new WeakMap<Page, AxeWorld>();

/**
 * The page's isolated world with axe loaded. Evaluating axe's half a megabyte costs more than a
 * run, so a page keeps its world (and checks at several widths reuse it) until a navigation
 * destroys it.
 */
async function axeWorld(page: Page): Promise<AxeWorld> {
  const known = axeWorlds.get(page);
  if (known) {
    const alive = await known.cdp
      .send('Runtime.evaluate', { expression: 'typeof axe', contextId: known.contextId, returnByValue: true })
      .then(
        (answer) => answer.result.value === 'object',
        () => false,
      );
    if (alive) return known;
    await known.cdp.detach().catch(() => undefined);
  }
  const cdp = await page.context().newCDPSession(page);
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const { executionContextId: contextId } = await cdp.send('Page.createIsolatedWorld', {
    frameId: frameTree.frame.id,
    worldName: 'axe',
  });
  await cdp.send('Runtime.evaluate', { expression: AXE_SOURCE, contextId });
  const world = { cdp, contextId };
  axeWorlds.set(page, world);
  return world;
}
