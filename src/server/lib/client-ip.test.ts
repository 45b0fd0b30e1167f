import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppDeps, AppEnv, Config } from '#server/context.ts';
import { clientIp } from '#server/lib/client-ip.ts';

// clientIp() in isolation: a bare app whose only dependency is the config flag, and the Node
// server's bindings (the socket) passed by hand as @hono/node-server would.

function makeApp(trustProxy: boolean) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', { config: { trustProxy } as Config } as AppDeps);
    await next();
  });
  app.get('/ip', (c) => c.text(clientIp(c)));
  return app;
}

const fromBalancer = { incoming: { socket: { remoteAddress: '10.0.0.2', remotePort: 40000, remoteFamily: 'IPv4' } } };

async function ipSeen(
  trustProxy: boolean,
  forwardedFor?: string,
  env: object | undefined = fromBalancer,
): Promise<string> {
  const headers = forwardedFor === undefined ? undefined : { 'x-forwarded-for': forwardedFor };
  const res = await makeApp(trustProxy).request('/ip', { headers }, env);
  return res.text();
}

describe('clientIp', () => {
  it('uses the socket address and ignores X-Forwarded-For by default (anyone can send it)', async () => {
    expect(await ipSeen(false)).toBe('10.0.0.2');
    expect(await ipSeen(false, '203.0.113.7')).toBe('10.0.0.2');
  });

  it('uses the entry the proxy appended when TRUST_PROXY is on', async () => {
    expect(await ipSeen(true, '203.0.113.7')).toBe('203.0.113.7');
    // A client's own forged entries come first; the balancer's entry is the last one.
    expect(await ipSeen(true, '1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipSeen(true, ' 2001:db8::1 ')).toBe('2001:db8::1');
  });

  it('falls back to the socket when the proxy sent no usable header', async () => {
    expect(await ipSeen(true)).toBe('10.0.0.2');
    expect(await ipSeen(true, ' , ')).toBe('10.0.0.2');
  });

  it("answers 'local' without a socket (app.request in tests)", async () => {
    expect(await ipSeen(false, '203.0.113.7', {})).toBe('local');
  });
});
