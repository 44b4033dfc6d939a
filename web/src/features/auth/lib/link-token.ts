import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The one-time token of a mailed link (verification, password reset). Links carry it in the
 * fragment, `#token=…`, which browsers never send, so it stays out of access logs; links mailed
 * before that carried `?token=…`: such a token is still read, and moved from the query into the
 * fragment (history.replaceState), so the address bar and any later request drop it.
 */
export function readLinkToken({ search, hash }: { search: string; hash: string }): string | null {
  return (
    new URLSearchParams(hash.replace(/^#/, '')).get('token') ||
    new URLSearchParams(search).get('token') ||
    null
  );
}

export function useLinkToken(): string | null {
  const location = useLocation();
  const token = readLinkToken(location);

  useEffect(() => {
    const query = new URLSearchParams(location.search);
    if (!token || !query.has('token')) return;
    query.delete('token');
    const search = query.toString();
    const address = `${location.pathname}${search ? `?${search}` : ''}#token=${encodeURIComponent(token)}`;
    window.history.replaceState(window.history.state, '', address);
  }, [token, location.pathname, location.search]);

  return token;
}
