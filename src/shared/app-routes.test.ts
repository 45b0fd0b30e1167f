import { describe, expect, it } from 'vitest';
import { isAppPath } from './app-routes.ts';

describe('isAppPath', () => {
  it.each([
    '/',
    '/cabinet',
    '/cabinet/',
    '/cabinet/tickets',
    '/cabinet/tickets/12',
    '/client/restore-password/abc-DEF_1',
    '/guide/2',
    '/contacts',
  ])('knows the page %s', (path) => expect(isAppPath(path)).toBe(true));

  it.each([
    '/no-such-page',
    '/cabinet/unknown',
    '/cabinet/tickets/12/more',
    '/cabinet/tickets/abc',
    '/cabinet/tickets/0',
    '/guide/3',
    '/client/restore-password',
  ])('does not know %s', (path) => expect(isAppPath(path)).toBe(false));
});
