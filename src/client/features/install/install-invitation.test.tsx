import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INSTALL_DISMISS_MS, INSTALL_DISMISSED_KEY } from './install-dismissal.ts';
import { InstallInvitation } from './install-invitation.tsx';
import { listenForInstallPrompt, useInstallPrompt } from './install-prompt.ts';
import { isIosSafari } from './ios-safari.ts';

const TITLE = 'Установите приложение на главный экран';
const IOS_HINT = 'Нажмите «Поделиться» и выберите «На экран „Домой“».';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

/** Chromium's beforeinstallprompt, with the user's answer to the browser dialog. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

let stopListening: () => void;

beforeEach(() => {
  localStorage.clear();
  useInstallPrompt.setState({ promptEvent: null, installed: false });
  stopListening = listenForInstallPrompt(window);
});
afterEach(() => {
  stopListening();
  vi.restoreAllMocks();
});

describe('the install invitation where the browser offers installing', () => {
  it('waits for the browser, then keeps its prompt and shows the invitation', () => {
    render(<InstallInvitation standalone={false} />);
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();

    const { event } = offerInstall();
    // The browser's own mini-infobar is replaced by ours.
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('complementary', { name: 'Установка приложения' })).toHaveTextContent(TITLE);
    expect(screen.getByRole('button', { name: 'Установить' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Не сейчас' })).toBeInTheDocument();
    expect(screen.queryByText(IOS_HINT)).not.toBeInTheDocument();
  });

  it('opens the browser dialog on «Установить» and goes away once installed', async () => {
    render(<InstallInvitation standalone={false} />);
    const { prompt } = offerInstall('accepted');
    await userEvent.click(screen.getByRole('button', { name: 'Установить' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
    expect(useInstallPrompt.getState().installed).toBe(true);
  });

  it('hides when the app gets installed another way (appinstalled)', () => {
    render(<InstallInvitation standalone={false} />);
    offerInstall();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
  });

  it('remembers «Не сейчас» for 30 days', async () => {
    const start = Date.parse('2026-03-01T10:00:00Z');
    vi.spyOn(Date, 'now').mockReturnValue(start);
    const first = render(<InstallInvitation standalone={false} />);
    offerInstall();
    await userEvent.click(screen.getByRole('button', { name: 'Не сейчас' }));
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe(String(start));
    first.unmount();

    // A later visit within the 30 days: the browser offers again, the invitation stays away.
    vi.spyOn(Date, 'now').mockReturnValue(start + INSTALL_DISMISS_MS - 60_000);
    const second = render(<InstallInvitation standalone={false} />);
    offerInstall();
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
    second.unmount();

    vi.spyOn(Date, 'now').mockReturnValue(start + INSTALL_DISMISS_MS + 60_000);
    render(<InstallInvitation standalone={false} />);
    offerInstall();
    expect(screen.getByText(TITLE)).toBeInTheDocument();
  });

  it('counts declining the browser dialog as «Не сейчас»', async () => {
    render(<InstallInvitation standalone={false} />);
    offerInstall('dismissed');
    await userEvent.click(screen.getByRole('button', { name: 'Установить' }));
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();
  });

  it('shows nothing in the installed app', () => {
    render(<InstallInvitation standalone />);
    offerInstall();
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
  });
});

describe('the install instructions on iOS Safari', () => {
  it('tells where to tap (iOS has no install prompt)', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    render(<InstallInvitation standalone={false} />);
    expect(screen.getByText(TITLE)).toBeInTheDocument();
    expect(screen.getByText(IOS_HINT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Установить' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Не сейчас' })).toBeInTheDocument();
  });

  it('remembers «Не сейчас» there too', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    const first = render(<InstallInvitation standalone={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Не сейчас' }));
    first.unmount();
    render(<InstallInvitation standalone={false} />);
    expect(screen.queryByText(IOS_HINT)).not.toBeInTheDocument();
  });

  it('shows nothing when launched from the home screen', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    render(<InstallInvitation standalone />);
    expect(screen.queryByText(IOS_HINT)).not.toBeInTheDocument();
  });

  it('shows nothing in a desktop browser that offers no install', () => {
    render(<InstallInvitation standalone={false} />);
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
  });

  it('tells Safari on iPhone and iPad from other browsers', () => {
    expect(isIosSafari({ userAgent: IPHONE_SAFARI, maxTouchPoints: 5 })).toBe(true);
    expect(isIosSafari({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5 })).toBe(true);
    expect(isIosSafari({ userAgent: IPAD_AS_MAC, maxTouchPoints: 0 })).toBe(false); // a real Mac
    expect(isIosSafari({ userAgent: IPHONE_CHROME, maxTouchPoints: 5 })).toBe(false);
  });
});
