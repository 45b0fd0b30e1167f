// Several browsers against one test app: each its own cookies, CSRF token and client address (the
// app must be made with trustProxy so X-Forwarded-For names it), for tests where a stranger's
// requests must not touch the owner's.
import { CookieJar, type TestApp } from './test-app.ts';

export interface Browser {
  ip: string;
  cookies: CookieJar;
  post(path: string, json: unknown): Promise<Response>;
}

/** A browser at `ip` with a logged-out CSRF token, as the app has on start. */
export async function openBrowser(t: TestApp, ip: string): Promise<Browser> {
  const cookies = new CookieJar();
  let csrf = '';
  const send = async (path: string, init: { method: string; json?: unknown }) => {
    const headers: Record<string, string> = { 'x-forwarded-for': ip };
    const cookie = cookies.header();
    if (cookie) headers.cookie = cookie;
    const response = await t.request(path, { ...init, headers, cookies: false, csrf });
    cookies.store(response, t.deps.now());
    return response;
  };
  const data = (await (await send('/ajax/user/data', { method: 'GET' })).json()) as { csrf_token: string };
  csrf = data.csrf_token;
  return { ip, cookies, post: (path, json) => send(path, { method: 'POST', json }) };
}
