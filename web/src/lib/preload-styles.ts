/**
 * The app's stand-in for Vite's preload helper (web/preload-styles-plugin.ts): the build wraps each
 * dynamic import as `__vitePreload(() => import(chunk), files)`, `files` being the chunk's styles
 * (module preloading is off in web/vite.config.ts, so there is nothing else to preload). As Vite's
 * helper does, each style is linked once and awaited before the chunk runs, a style the page links
 * already (a prerendered page's, disabled beside its inline styles) is not linked again, and a
 * failure is dispatched as `vite:preloadError` (cancelable) before it rejects. Left out: the
 * modulepreload links and the CSP nonce meta the app does not use, ~400 B gzip of the landing page's
 * JavaScript (docs/decisions.md).
 */
type PreloadError = Event & { payload?: unknown };

/** Each style's load, by URL: pending, or settled (undefined: never asked again, as Vite's helper). */
const seen: Record<string, Promise<unknown> | undefined> = {};

function fail(error: unknown): undefined {
  const event: PreloadError = new Event('vite:preloadError', { cancelable: true });
  event.payload = error;
  window.dispatchEvent(event);
  if (!event.defaultPrevented) throw error;
}

function linkStyle(href: string): Promise<unknown> | undefined {
  if (href in seen) return seen[href];
  if (document.querySelector(`link[rel=stylesheet][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.crossOrigin = '';
  link.href = href;
  const loaded = new Promise((resolve, reject) => {
    link.onload = resolve;
    link.onerror = () => reject(new Error(`Unable to preload CSS for ${href}`));
  });
  document.head.appendChild(link);
  seen[href] = loaded.finally(() => {
    seen[href] = undefined;
  });
  return seen[href];
}

export function __vitePreload<T>(load: () => Promise<T>, files?: string[]): Promise<T | undefined> {
  return Promise.all(
    (files ?? []).map((file) => linkStyle(import.meta.env.BASE_URL + file)?.catch(fail)),
  ).then(() => load().catch(fail));
}
