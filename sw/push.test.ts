import { describe, expect, it, vi } from 'vitest';
import { openPushed, pageOf, showPushed, type PushWorkerScope, type WindowClientLike } from './push.ts';

// The worker's Web Push handlers against an in-memory worker scope: what a push shows, and where a
// tap on it leads.

const ORIGIN = 'https://portal.example';

function fakeWindow(url: string, options: { navigable?: boolean } = {}) {
  const window: WindowClientLike & { focused: number } = {
    url,
    focused: 0,
    focus: vi.fn(async () => {
      window.focused += 1;
    }),
  };
  if (options.navigable !== false) {
    window.navigate = vi.fn(async (next: string) => {
      window.url = next;
    });
  }
  return window;
}

function fakeScope(windows: WindowClientLike[] = []) {
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  const opened: string[] = [];
  const scope: PushWorkerScope = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title, options) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url) => {
        opened.push(url);
      },
    },
  };
  return { scope, shown, opened };
}

const payload = (value: unknown) => ({ json: () => value });

describe('push', () => {
  it('shows the text, its tag and the page it is about', async () => {
    const { scope, shown } = fakeScope();
    await showPushed(
      scope,
      payload({
        title: 'Сервисный центр',
        body: 'Стоимость по ведомости №5 изменена',
        tag: 'notification-31',
        url: '/cabinet/tickets/12',
      }),
    );
    expect(shown).toEqual([
      {
        title: 'Сервисный центр',
        options: expect.objectContaining({
          body: 'Стоимость по ведомости №5 изменена',
          tag: 'notification-31',
          data: { url: '/cabinet/tickets/12' },
          lang: 'ru',
        }),
      },
    ]);
  });

  it('still shows that there is news when the payload is missing or not ours', async () => {
    const { scope, shown } = fakeScope();
    await showPushed(scope, null);
    await showPushed(scope, payload({ hello: 1 }));
    await showPushed(scope, { json: () => JSON.parse('not json') });
    expect(shown.map((item) => [item.options.body, (item.options.data as { url: string }).url])).toEqual([
      ['Новое уведомление', '/cabinet/notifications'],
      ['Новое уведомление', '/cabinet/notifications'],
      ['Новое уведомление', '/cabinet/notifications'],
    ]);
  });
});

describe('notificationclick', () => {
  it('focuses a window already on the page', async () => {
    const there = fakeWindow(`${ORIGIN}/cabinet/tickets/12`);
    const other = fakeWindow(`${ORIGIN}/cabinet/bills`);
    const { scope, opened } = fakeScope([other, there]);
    await openPushed(scope, { url: '/cabinet/tickets/12' });
    expect(there.focused).toBe(1);
    expect(other.focused).toBe(0);
    expect(opened).toEqual([]);
  });

  it('takes an open window of the portal to the ticket, or opens one when there is none', async () => {
    const open = fakeWindow(`${ORIGIN}/cabinet/bills`);
    const world = fakeScope([open]);
    await openPushed(world.scope, { url: '/cabinet/tickets/12' });
    expect(open.url).toBe(`${ORIGIN}/cabinet/tickets/12`);
    expect(open.focused).toBe(1);
    expect(world.opened).toEqual([]);

    const empty = fakeScope([fakeWindow('https://elsewhere.example/')]);
    await openPushed(empty.scope, { url: '/cabinet/tickets/12' });
    expect(empty.opened).toEqual([`${ORIGIN}/cabinet/tickets/12`]);
  });

  it('opens a new window when the open one cannot be navigated', async () => {
    const stuck = fakeWindow(`${ORIGIN}/`, { navigable: true });
    stuck.navigate = vi.fn(async () => {
      throw new TypeError('not controlled');
    });
    const { scope, opened } = fakeScope([stuck]);
    await openPushed(scope, { url: '/cabinet/notifications' });
    expect(opened).toEqual([`${ORIGIN}/cabinet/notifications`]);
  });

  it('never leads away from the portal: anything but a path goes to the notifications', () => {
    const { scope } = fakeScope();
    expect(pageOf(scope, { url: 'https://evil.example/phish' })).toBe(`${ORIGIN}/cabinet/notifications`);
    expect(pageOf(scope, { url: '//evil.example/phish' })).toBe(`${ORIGIN}/cabinet/notifications`);
    expect(pageOf(scope, null)).toBe(`${ORIGIN}/cabinet/notifications`);
    expect(pageOf(scope, { url: '/cabinet/tickets/3' })).toBe(`${ORIGIN}/cabinet/tickets/3`);
  });
});
