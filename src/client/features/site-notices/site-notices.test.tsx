import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { reportServerReached } from '#client/lib/connection.ts';
import { goOffline } from '#client/lib/testing/connection.ts';
import { BANNER_DELAY_MS, SiteNotices } from './site-notices.tsx';
import { ADBLOCK_COOKIE, BANNER_COOKIE } from './notice-cookies.ts';

// The shell's notices (portal.md §4.6): the banner 2 s after load, once a day; the ad-blocker notice
// when the probe alone is refused while our server answers, once in 7 days.

const ACTIVE = {
  success: true,
  banner: { is_active: true, link: 'https://example.ru/actions', image: '/ajax/banner/image/5' },
};
const INACTIVE = { success: true, banner: { is_active: false, link: null, image: null } };
const OUR_PROBE = { body: '/* portal-ad-probe: не реклама */' };
/** Our server's health check: it answers while the probe alone is refused. */
const SERVER_UP = { body: { ok: true, db: 'pglite' } };
const serverDown = () => {
  throw new TypeError('Failed to fetch');
};
const BANNER_NAME = 'Специальное предложение';
const ADBLOCK_TITLE = 'Отключите блокировщик рекламы';

function clearCookies() {
  for (const name of [BANNER_COOKIE, ADBLOCK_COOKIE]) document.cookie = `${name}=; Max-Age=0; Path=/`;
}

beforeEach(() => {
  clearCookies();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearCookies();
});

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

const blockedProbe = () => {
  throw new TypeError('Failed to fetch');
};

describe('the banner', () => {
  it('opens 2 s after load with its picture and link, then stays away for a day', async () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    stubFetch({ 'GET /ajax/banner/get': { body: ACTIVE }, 'GET /ads/adsbygoogle.js': OUR_PROBE });
    render(<SiteNotices />);
    await advance(BANNER_DELAY_MS - 100);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(100);
    const dialog = await screen.findByRole('dialog', { name: BANNER_NAME });
    const link = screen.getByRole('link', { name: `${BANNER_NAME} (откроется в новой вкладке)` });
    expect(link).toHaveAttribute('href', 'https://example.ru/actions');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/ajax/banner/image/5');
    expect(cookieSetter).toHaveBeenCalledWith(expect.stringContaining(`${BANNER_COOKIE}=1; Max-Age=86400; Path=/`));

    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not asked for again while the cookie lives', async () => {
    document.cookie = `${BANNER_COOKIE}=1; Max-Age=600; Path=/`;
    const { calls } = stubFetch({ 'GET /ajax/banner/get': { body: ACTIVE }, 'GET /ads/adsbygoogle.js': OUR_PROBE });
    render(<SiteNotices />);
    await advance(BANNER_DELAY_MS * 2);
    expect(calls.map((call) => call.path)).not.toContain('/ajax/banner/get');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows nothing when the banner is off, and leaves no cookie', async () => {
    stubFetch({ 'GET /ajax/banner/get': { body: INACTIVE }, 'GET /ads/adsbygoogle.js': OUR_PROBE });
    render(<SiteNotices />);
    await advance(BANNER_DELAY_MS * 2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.cookie).not.toContain(`${BANNER_COOKIE}=`);
  });

  it('keeps a link that is not http(s) out of the page', async () => {
    stubFetch({
      'GET /ajax/banner/get': { body: { ...ACTIVE, banner: { ...ACTIVE.banner, link: 'javascript:alert(1)' } } },
      'GET /ads/adsbygoogle.js': OUR_PROBE,
    });
    render(<SiteNotices />);
    await advance(BANNER_DELAY_MS);
    await screen.findByRole('dialog', { name: BANNER_NAME });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('the ad-blocker notice', () => {
  it('opens when the probe is refused, says why, and sets its cookie for 7 days on opening', async () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    stubFetch({
      'GET /ajax/banner/get': { body: INACTIVE },
      'GET /ads/adsbygoogle.js': blockedProbe,
      'GET /healthz': SERVER_UP,
    });
    render(<SiteNotices />);
    const dialog = await screen.findByRole('dialog', { name: ADBLOCK_TITLE });
    expect(dialog).toHaveTextContent('На нашем сайте нет рекламы, но блокировщик рекламы может мешать его работе');
    await waitFor(() =>
      expect(cookieSetter).toHaveBeenCalledWith(
        expect.stringContaining(`${ADBLOCK_COOKIE}=1; Max-Age=${7 * 86400}; Path=/`),
      ),
    );
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Хорошо, отключу' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens when a blocker answers with a stub script of its own', async () => {
    stubFetch({ 'GET /ajax/banner/get': { body: INACTIVE }, 'GET /ads/adsbygoogle.js': { body: '(function(){})();' } });
    render(<SiteNotices />);
    expect(await screen.findByRole('dialog', { name: ADBLOCK_TITLE })).toBeInTheDocument();
  });

  it('stays closed when the probe comes through, or when our server answers an error', async () => {
    for (const probe of [OUR_PROBE, { status: 502, body: 'Bad Gateway' }]) {
      const { calls } = stubFetch({ 'GET /ajax/banner/get': { body: INACTIVE }, 'GET /ads/adsbygoogle.js': probe });
      const view = render(<SiteNotices />);
      await waitFor(() => expect(calls.map((call) => call.path)).toContain('/ads/adsbygoogle.js'));
      await advance(BANNER_DELAY_MS);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      view.unmount();
    }
  });

  /** The notices run their course without asking for the ad script, and no banner shows. */
  async function expectNoProbe() {
    const { calls } = stubFetch({
      'GET /ajax/banner/get': { body: INACTIVE },
      'GET /ads/adsbygoogle.js': blockedProbe,
    });
    render(<SiteNotices />);
    await advance(BANNER_DELAY_MS);
    expect(calls.map((call) => call.path)).not.toContain('/ads/adsbygoogle.js');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }

  it('is not probed again while the cookie lives', async () => {
    document.cookie = `${ADBLOCK_COOKIE}=1; Max-Age=600; Path=/`;
    await expectNoProbe();
  });

  it('is never probed offline', async () => {
    goOffline();
    await expectNoProbe();
  });

  it('is not probed while calls to our server fail, though the browser says it is online (Lie-Fi)', async () => {
    reportServerReached(false);
    await expectNoProbe();
  });

  it('stays closed when the probe fails because the server is out of reach too', async () => {
    const { calls } = stubFetch({
      'GET /ajax/banner/get': serverDown,
      'GET /ads/adsbygoogle.js': blockedProbe,
      'GET /healthz': serverDown,
    });
    render(<SiteNotices />);
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/ads/adsbygoogle.js'));
    await advance(BANNER_DELAY_MS);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
