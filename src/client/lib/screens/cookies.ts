// The notices' "shown lately" marks (portal.md §4.6): plain cookies, readable before any call.

/** Whether the cookie is set; one cleared to an empty value does not count. */
export function hasCookie(name: string): boolean {
  return document.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1);
}

/** Sets the cookie to '1' for `days` days, site-wide. */
export function setCookie(name: string, days: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=1; Max-Age=${days * 24 * 60 * 60}; Path=/; SameSite=Lax${secure}`;
}
