import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { AddressStep } from './address-step.tsx';
import { clinicUser, placesRoutes } from './testing/address-world.ts';
import { initialValues } from './wizard-values.ts';
import { NEW_YEAR_HOLIDAYS_2027 } from '../../../../tests/setup/new-year-holidays.ts';

// The pickup days the address step offers (portal.md §9, docs/api.md): the server's calendar applied
// with the shared rule at the page's clock.

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const user = clinicUser;

async function offeredDays(now: string, calendar: { status?: number; body: unknown }) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(now) });
  stubFetch({ ...placesRoutes, 'GET /ajax/repair-requests/pickup-calendar': calendar });
  await renderInRouter(() => (
    <AddressStep user={user} values={initialValues(user)} errors={{}} change={() => undefined} />
  ));
  const select = screen.getByLabelText('Дата, когда забрать инструменты');
  await within(select).findAllByRole('option', { name: /\d{2}\.\d{2}\.\d{4}/ });
  return within(select)
    .getAllByRole('option', { name: /\d{2}\.\d{2}\.\d{4}/ })
    .map((option) => option.textContent);
}

describe('AddressStep pickup days', () => {
  it('offers today before the cut-off, then weekdays to today + 7 without the closed days', async () => {
    // 11:59 in Moscow on Wednesday 4 March 2026; Monday 9 March is the moved Women's Day.
    const days = await offeredDays('2026-03-04T08:59:00Z', {
      body: { success: true, cutoff_hour: 12, closed_days: ['2026-03-08', '2026-03-09'] },
    });
    expect(days).toEqual([
      '04.03.2026, среда',
      '05.03.2026, четверг',
      '06.03.2026, пятница',
      '10.03.2026, вторник',
      '11.03.2026, среда',
    ]);
  });

  it('starts from the next working day after the cut-off hour', async () => {
    // 15:00 in Moscow on Friday 6 March: Monday is closed, so Tuesday comes first.
    const days = await offeredDays('2026-03-06T12:00:00Z', {
      body: { success: true, cutoff_hour: 12, closed_days: ['2026-03-09'] },
    });
    expect(days[0]).toBe('10.03.2026, вторник');
    expect(days.at(-1)).toBe('13.03.2026, пятница');
  });

  it('offers a working Saturday the server names (decree No. 1335: 1 November 2025)', async () => {
    // 09:00 in Moscow on Wednesday 29 October 2025; Monday 3 and Tuesday 4 November are off.
    const days = await offeredDays('2025-10-29T06:00:00Z', {
      body: { success: true, cutoff_hour: 12, closed_days: ['2025-11-03', '2025-11-04'], open_days: ['2025-11-01'] },
    });
    expect(days).toEqual([
      '29.10.2025, среда',
      '30.10.2025, четверг',
      '31.10.2025, пятница',
      '01.11.2025, суббота',
      '05.11.2025, среда',
    ]);
  });

  it('says so when every day to the horizon is closed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-31T10:00:00Z') });
    stubFetch({
      ...placesRoutes,
      'GET /ajax/repair-requests/pickup-calendar': {
        body: { success: true, cutoff_hour: 12, closed_days: NEW_YEAR_HOLIDAYS_2027 },
      },
    });
    await renderInRouter(() => (
      <AddressStep user={user} values={initialValues(user)} errors={{}} change={() => undefined} />
    ));
    expect(
      await screen.findByText('В ближайшие 7 дней курьер не работает: отправьте заявку позже'),
    ).toBeInTheDocument();
  });

  it('offers the weekdays after the default cut-off when the calendar cannot be had (offline)', async () => {
    const days = await offeredDays('2026-03-04T08:59:00Z', { status: 503, body: { success: false } });
    expect(days[0]).toBe('04.03.2026, среда');
    expect(days).toContain('09.03.2026, понедельник');
  });
});

describe('AddressStep comment', () => {
  it('says how many of the 30 characters are left, read with the field', async () => {
    stubFetch(placesRoutes);
    const values = { ...initialValues(user), message: 'Вход со двора, код 1234' };
    const view = await renderInRouter(() => (
      <AddressStep user={user} values={values} errors={{}} change={() => undefined} />
    ));
    expect(screen.getByLabelText('Комментарий к адресу')).toHaveAccessibleDescription('Осталось 7\u00A0символов');
    view.unmount();
    await renderInRouter(() => (
      <AddressStep user={user} values={{ ...values, message: 'x'.repeat(29) }} errors={{}} change={() => undefined} />
    ));
    expect(screen.getByLabelText('Комментарий к адресу')).toHaveAccessibleDescription('Остался 1\u00A0символ');
  });
});
