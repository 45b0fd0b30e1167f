// How a saturated process shares what it can hold (ADR 0040): evenly among addresses, and an
// address's part among the credentials it shows, so unchecked credentials never add up to more.
import { describe, expect, it } from 'vitest';
import { InFlightByClient } from './fair-share.ts';

const flooder = (credential: string) => ({ address: '203.0.113.7', credential });
const clinic = { address: '198.51.100.20', credential: 'clinic-session' };

describe('fair share of the requests in flight', () => {
  it('gives a new address half of what two can hold, and the flooding one no more', () => {
    const clients = new InFlightByClient();
    for (let i = 0; i < 12; i += 1) clients.add(flooder('a'));
    expect(clients.share(clinic, 12)).toBe(6);
    expect(clients.held(flooder('a')) + 1).toBeGreaterThan(clients.share(flooder('a'), 12));
    expect(clients.held(clinic) + 1).toBeLessThanOrEqual(clients.share(clinic, 12));
  });

  it('divides an address’s share among its credentials: a fresh cookie per request gains nothing', () => {
    const clients = new InFlightByClient();
    for (let i = 0; i < 6; i += 1) clients.add(flooder(`forged-${i}`));
    clients.add(clinic);
    // Two addresses: 6 each; the flooder's 6 forged cookies and a 7th share its 6.
    expect(clients.share(flooder('forged-new'), 12)).toBeCloseTo(6 / 7);
    expect(clients.share(clinic, 12)).toBe(6);
  });

  it('forgets a client once its requests have finished', () => {
    const clients = new InFlightByClient();
    clients.add(flooder('a'));
    clients.add(flooder('a'));
    clients.remove(flooder('a'));
    expect(clients.held(flooder('a'))).toBe(1);
    clients.remove(flooder('a'));
    expect(clients.held(flooder('a'))).toBe(0);
    // Nobody else in flight: the clinic alone may hold it all.
    expect(clients.share(clinic, 12)).toBe(12);
  });
});
