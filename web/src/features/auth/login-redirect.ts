// Where to go after login (core.md §4): the redirect query if present (a path under /camera is a full page
// load), else list/1. Only same-site paths are followed, and an appKey inside the redirect is sent with login.

/** A redirect target is followed only when it is a path on this site (never `//host` or `https://…`). */
export function safeRedirect(redirect: string | null): string | null {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\'))
    return null;
  return redirect;
}

export function afterLoginTarget(redirect: string | null): { path: string; fullLoad: boolean } {
  const path = safeRedirect(redirect);
  if (!path) return { path: '/list/1', fullLoad: false };
  return { path, fullLoad: path.startsWith('/camera') };
}

export function appKeyInRedirect(redirect: string | null): string | null {
  const path = safeRedirect(redirect);
  if (!path) return null;
  return new URL(path, 'http://x').searchParams.get('appKey');
}
