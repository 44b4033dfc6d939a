import { paths } from './paths';

/**
 * The order page's path of an application (`/applications/:id`), and the id a path names. Their own
 * module, not paths.ts: the landing page's first chunk holds paths.ts, and only the profile and the
 * order page need them. (The order page reads its id here rather than with react-router's
 * useParams, which no other screen uses: the router's code is in the landing page's chunk too.)
 */
export function applicationPath(id: string): string {
  return paths.order.replace(':id', encodeURIComponent(id));
}

const PREFIX = paths.order.slice(0, paths.order.indexOf(':id'));

/** The id of `/applications/:id`, decoded; empty for any other path or a malformed encoding. */
export function applicationIdOf(pathname: string): string {
  if (!pathname.startsWith(PREFIX)) return '';
  try {
    return decodeURIComponent(pathname.slice(PREFIX.length).replace(/\/+$/, ''));
  } catch {
    return '';
  }
}
