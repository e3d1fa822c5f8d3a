import type { NavigateFunction } from "react-router";

/**
 * Sends the browser to a URL a server call returned: a page of this app is opened inside the app (no
 * reload, live state kept); anything else (a hosted checkout or portal) by a full navigation.
 */
export function redirectTo(url: string, navigate: NavigateFunction): void {
  const target = new URL(url, window.location.href);
  if (target.origin === window.location.origin) {
    navigate(`${target.pathname}${target.search}${target.hash}`);
    return;
  }
  window.location.assign(target.href);
}
