import { describe, expect, it } from 'vitest';
import type { LookupAddress } from 'node:dns';
import {
  addressRefused,
  guardedLookup,
  namedPushHost,
  pushEndpointAllowed,
  RefusedPushAddress,
} from './push-endpoint.ts';

// The addresses a push may connect to (docs/api.md, push); the route and sender tests cover the names.

describe('addressRefused', () => {
  it('refuses every address that is not public, in any form', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '0.0.0.0',
      '10.1.2.3',
      '172.31.255.1',
      '192.168.0.1',
      '100.64.0.1',
      '100.127.255.254',
      '169.254.169.254',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '192.0.0.8',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
      '::127.0.0.1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '2002:7f00:1::1',
      '2001:db8::1',
      'not an address',
      '0x7f000001',
    ]) {
      expect(addressRefused(address), address).toBe(true);
    }
  });

  it('lets public addresses through', () => {
    for (const address of [
      '142.250.74.10',
      '34.117.237.239',
      '17.188.128.1',
      '2a00:1450:4010:c0e::5f',
      '::ffff:8.8.8.8',
    ]) {
      expect(addressRefused(address), address).toBe(false);
    }
  });
});

describe('guardedLookup', () => {
  const resolve = (all: boolean) =>
    new Promise<{ error: Error | null; result: unknown }>((done) =>
      guardedLookup()('localhost', { all }, (error, result) =>
        done({ error, result: result as string | LookupAddress[] }),
      ),
    );

  it('refuses a name that resolves to this machine, in both callback forms', async () => {
    for (const all of [true, false]) {
      const { error } = await resolve(all);
      expect(error).toBeInstanceOf(RefusedPushAddress);
    }
  });
});

describe('pushEndpointAllowed', () => {
  const endpoint = 'http://127.0.0.1:4000/push/1';

  it('takes plain http or an address only for a host PUSH_SERVICE_HOSTS names exactly, never for its scheme', () => {
    expect(pushEndpointAllowed(endpoint, {})).toBe(false);
    expect(pushEndpointAllowed(endpoint, { pushServiceHosts: ['push.example.ru'] })).toBe(false);
    expect(pushEndpointAllowed(endpoint, { pushServiceHosts: ['127.0.0.1'] })).toBe(true);
    expect(pushEndpointAllowed('http://localhost:4000/p', { pushServiceHosts: ['127.0.0.1'] })).toBe(false);
    expect(pushEndpointAllowed('http://push.example.ru/p', { pushServiceHosts: ['push.example.ru'] })).toBe(true);
    // A subdomain is allowed by the suffix rule: https and a public address only.
    expect(pushEndpointAllowed('http://eu.push.example.ru/p', { pushServiceHosts: ['push.example.ru'] })).toBe(false);
    expect(pushEndpointAllowed('https://eu.push.example.ru/p', { pushServiceHosts: ['push.example.ru'] })).toBe(true);
    expect(namedPushHost('eu.push.example.ru', { pushServiceHosts: ['push.example.ru'] })).toBe(false);
    expect(pushEndpointAllowed('http://[::1]:4000/p', { pushServiceHosts: ['[::1]'] })).toBe(true);
  });
});
