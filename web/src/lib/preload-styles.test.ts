import { afterEach, describe, expect, it, vi } from 'vitest';
import { __vitePreload } from './preload-styles';

/** What the build passes: a lazy chunk's import, and its styles as the manifest names them. */
const chunk = { LandingPage: 'page' };

const linksTo = (href: string) =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].filter(
    (link) => link.getAttribute('href') === href,
  );

function settle(href: string, outcome: 'load' | 'error') {
  for (const link of linksTo(href)) link.dispatchEvent(new Event(outcome));
}

let nextFile = 0;
/** A file no other test linked: the helper remembers each for the page's life, as Vite's does. */
const freshFile = () => `assets/style-${++nextFile}.css`;

afterEach(() => {
  for (const link of document.querySelectorAll('link')) link.remove();
});

describe('the stand-in for Vite’s preload helper', () => {
  it("links the chunk's styles and runs the chunk only once they have loaded", async () => {
    const [first, second] = [freshFile(), freshFile()];
    const load = vi.fn(async () => chunk);

    const loading = __vitePreload(load, [first, second]);

    expect(linksTo(`/${first}`)).toHaveLength(1);
    expect(linksTo(`/${second}`)).toHaveLength(1);
    settle(`/${first}`, 'load');
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    settle(`/${second}`, 'load');
    await expect(loading).resolves.toBe(chunk);
    expect(load).toHaveBeenCalledOnce();
  });

  it('links a style once for chunks that share it, and not at all for a chunk without styles', async () => {
    const shared = freshFile();

    const loadings = [__vitePreload(async () => 'one', [shared]), __vitePreload(async () => 'two', [shared])];
    settle(`/${shared}`, 'load');

    await expect(Promise.all(loadings)).resolves.toEqual(['one', 'two']);
    await expect(__vitePreload(async () => 'three', [shared])).resolves.toBe('three');
    await expect(__vitePreload(async () => 'four', [])).resolves.toBe('four');
    await expect(__vitePreload(async () => 'five')).resolves.toBe('five');
    expect(linksTo(`/${shared}`)).toHaveLength(1);
  });

  it('does not link again a style the page links already, disabled as a prerendered page leaves it', async () => {
    const file = freshFile();
    document.head.insertAdjacentHTML('beforeend', `<link rel="stylesheet" href="/${file}" disabled>`);

    await expect(__vitePreload(async () => chunk, [file])).resolves.toBe(chunk);

    expect(linksTo(`/${file}`)).toHaveLength(1);
  });

  it('dispatches a style that fails as vite:preloadError and rejects, without running the chunk', async () => {
    const file = freshFile();
    const errors: unknown[] = [];
    const listener = (event: Event) => errors.push((event as Event & { payload: unknown }).payload);
    window.addEventListener('vite:preloadError', listener);
    const load = vi.fn(async () => chunk);

    const loading = __vitePreload(load, [file]);
    settle(`/${file}`, 'error');

    await expect(loading).rejects.toThrow(`Unable to preload CSS for /${file}`);
    window.removeEventListener('vite:preloadError', listener);
    expect(errors).toEqual([new Error(`Unable to preload CSS for /${file}`)]);
    expect(load).not.toHaveBeenCalled();
  });

  it('runs the chunk anyway when a listener cancels the error, and rejects when the chunk fails', async () => {
    const file = freshFile();
    const cancel = (event: Event) => event.preventDefault();
    window.addEventListener('vite:preloadError', cancel);

    const loading = __vitePreload(async () => chunk, [file]);
    settle(`/${file}`, 'error');
    await expect(loading).resolves.toBe(chunk);
    window.removeEventListener('vite:preloadError', cancel);

    const failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(__vitePreload(() => Promise.reject(failure), [])).rejects.toBe(failure);
  });
});
