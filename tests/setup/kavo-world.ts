// KAVO ID in the server tests: a test app whose KAVO_* settings name a local oidc-provider
// (tests/setup/kavo-provider.ts), and 'Привязать KAVO ID' walked as the browser would.
import { KAVO_CALLBACK_PATH } from '../../src/shared/screens/kavo.ts';
import { KAVO_TEST_CLIENT, startKavoProvider, type KavoProvider } from './kavo-provider.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp, type TestAppOptions } from './test-app.ts';

export interface KavoWorld {
  t: TestApp;
  kavo: KavoProvider;
  close(): Promise<void>;
}

export async function createKavoWorld(options: TestAppOptions = {}): Promise<KavoWorld> {
  const kavo = await startKavoProvider([`${TEST_PUBLIC_URL}${KAVO_CALLBACK_PATH}`]);
  const t = await createTestApp({
    ...options,
    config: {
      ...options.config,
      kavo: {
        issuerUrl: kavo.issuer,
        clientId: KAVO_TEST_CLIENT.clientId,
        clientSecret: KAVO_TEST_CLIENT.clientSecret,
        tokenKey: undefined,
      },
    },
  });
  return { t, kavo, close: async () => Promise.all([t.close(), kavo.close()]).then(() => undefined) };
}

/** 'Привязать KAVO ID' as the logged-in browser: the provider's address, its login and consent, and the portal's callback; the page it lands on. */
export async function linkKavo(
  world: KavoWorld,
  login: string,
  consent: 'accept' | 'deny' = 'accept',
): Promise<string> {
  const callback = await providerAnswer(world, login, consent);
  return callbackLanding(world.t, callback);
}

/** The provider's answer to a flow this browser started (the URL it sends the browser back to). */
export async function providerAnswer(
  world: KavoWorld,
  login: string,
  consent: 'accept' | 'deny' = 'accept',
): Promise<URL> {
  const started = await world.t.request('/ajax/cabinet/kavo-id/connect', { method: 'POST', json: {} });
  if (started.status !== 200) throw new Error(`connect answered ${started.status}: ${await started.text()}`);
  const { url } = (await started.json()) as { url: string };
  return world.kavo.authorize(url, { login, consent });
}

/** Opens the callback in the portal; the page it redirects to. */
export async function callbackLanding(t: TestApp, callback: URL): Promise<string> {
  const response = await t.request(`${callback.pathname}${callback.search}`, { redirect: 'manual' });
  if (response.status !== 303) throw new Error(`callback answered ${response.status}: ${await response.text()}`);
  return response.headers.get('location') ?? '';
}
