// A real OpenID Connect provider for the KAVO ID tests: panva's oidc-provider (a certified
// implementation) on a free 127.0.0.1 port, with one confidential client that must use PKCE, a few
// accounts, and a tiny interaction of its own: a login form (any known account, no password) and a
// consent form with 'Разрешить' / 'Отказать'. `authorize()` walks it without a browser; the e2e
// test's Chromium fills the same forms.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { CookieJar } from './test-app.ts';

export const KAVO_TEST_CLIENT = { clientId: 'portal-test', clientSecret: 'portal-test-secret-0123456789' };

export interface KavoAccount {
  family_name: string;
  given_name: string;
  middle_name?: string;
  phone_number: string;
  address?: { country?: string; locality?: string };
}

/** The provider's people: `sub` → claims. Tests may change them (the provider is the source of truth). */
export const KAVO_ACCOUNTS: Record<string, KavoAccount> = {
  'kavo-ivanova': {
    family_name: 'Иванова',
    given_name: 'Мария',
    middle_name: 'Петровна',
    phone_number: '+7 916 123-45-67',
    address: { country: 'Россия', locality: 'Москва' },
  },
  'kavo-petrov': {
    family_name: 'Петров',
    given_name: 'Олег',
    phone_number: '+79031112233',
    address: { country: 'Казахстан', locality: 'Алматы' },
  },
  'kavo-sidorov': { family_name: 'Сидоров', given_name: 'Илья', middle_name: 'Ильич', phone_number: '+79050001122' },
};

export interface KavoProvider {
  issuer: string;
  provider: Provider;
  /** grant_type of every successful token request, in order (authorization_code, refresh_token). */
  grants: string[];
  /** Walks the authorization URL as a browser would: logs in as `login`, then accepts or denies; the URL the provider sends back to. */
  authorize(url: string, options: { login: string; consent: 'accept' | 'deny' }): Promise<URL>;
  close(): Promise<void>;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The interaction pages: GET shows the prompt's form, POST …/login and …/confirm finish it. */
async function interact(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  const uid = details.uid;
  if (req.method === 'GET') {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (details.prompt.name === 'login') {
      res.end(
        page(
          'Вход в KAVO ID',
          `<form method="post" action="/interaction/${uid}/login"><label>Логин <input name="login" autocomplete="off"></label><button type="submit">Войти</button></form>`,
        ),
      );
    } else {
      const client = escapeHtml(String(details.params.client_id));
      res.end(
        page(
          'Доступ к данным KAVO ID',
          `<p>Приложение ${client} просит доступ к вашему профилю.</p><form method="post" action="/interaction/${uid}/confirm"><button type="submit" name="decision" value="accept">Разрешить</button><button type="submit" name="decision" value="deny">Отказать</button></form>`,
        ),
      );
    }
    return;
  }
  const form = await formBody(req);
  if (req.url?.endsWith('/login')) {
    const login = form.get('login') ?? '';
    if (!Object.hasOwn(KAVO_ACCOUNTS, login)) {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'unknown account' });
      return;
    }
    await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
    return;
  }
  if (form.get('decision') !== 'accept') {
    await provider.interactionFinished(req, res, {
      error: 'access_denied',
      error_description: 'End-User denied the consent',
    });
    return;
  }
  const accountId = details.session?.accountId;
  if (!accountId) throw new Error('consent without a login');
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  if (!grant) throw new Error('grant vanished');
  const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

/** Starts the provider; `redirectUris` are the portal's callback addresses it accepts. */
export async function startKavoProvider(redirectUris: string[], port = 0): Promise<KavoProvider> {
  // Listening first: the issuer names the port.
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: KAVO_TEST_CLIENT.clientId,
        client_secret: KAVO_TEST_CLIENT.clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // PKCE for every client, the confidential one included.
    pkce: { required: () => true, methods: ['S256'] },
    features: { devInteractions: { enabled: false }, revocation: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    claims: {
      openid: ['sub'],
      profile: ['family_name', 'given_name', 'middle_name'],
      phone: ['phone_number'],
      address: ['address'],
    },
    async findAccount(_ctx, sub) {
      if (!Object.hasOwn(KAVO_ACCOUNTS, sub)) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...KAVO_ACCOUNTS[sub] }) };
    },
    // Plain http on 127.0.0.1: no SameSite=None cookies, which browsers drop without Secure.
    cookies: { keys: ['kavo-test-cookie-key'], long: { sameSite: 'lax' }, short: { sameSite: 'lax' } },
    ttl: { AccessToken: 3600, IdToken: 3600, RefreshToken: 86400, Grant: 86400, Interaction: 600, Session: 86400 },
  };
  const provider = new Provider(issuer, configuration);
  const grants: string[] = [];
  provider.on('grant.success', (ctx: { oidc: { params?: { grant_type?: unknown } } }) =>
    grants.push(String(ctx.oidc.params?.grant_type)),
  );
  const answer = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) return void answer(req, res);
    interact(provider, req, res).catch((error: unknown) => {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(String(error));
    });
  });

  return {
    issuer,
    provider,
    grants,
    async authorize(url, { login, consent }) {
      const jar = new CookieJar();
      let next = new URL(url);
      let body: URLSearchParams | undefined;
      for (let step = 0; step < 20; step++) {
        const cookie = jar.header();
        const response = await fetch(next, {
          method: body ? 'POST' : 'GET',
          redirect: 'manual',
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          body,
        });
        jar.store(response, new Date());
        body = undefined;
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          const target = new URL(location, next);
          if (target.origin !== issuer) return target;
          next = target;
          continue;
        }
        const html = await response.text();
        if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${html}`);
        const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
        if (!action) throw new Error(`no form on the provider's page: ${html}`);
        next = new URL(action, next);
        body = action.endsWith('/login') ? new URLSearchParams({ login }) : new URLSearchParams({ decision: consent });
      }
      throw new Error('the provider never sent the browser back');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
