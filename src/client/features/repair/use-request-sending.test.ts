import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ERRORS_PATH } from '#shared/api/client-errors.ts';
import { repairRequestFailureMessage } from '#shared/screens/repair-failure-report.ts';
import { resetErrorReports } from '#client/lib/error-reporter.ts';
import { recordBeacons } from '#client/lib/testing/beacons.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { useRequestSending } from './use-request-sending.ts';
import { initialValues } from './wizard-values.ts';

// portal.md §8: step 3's form-level failure is logged and a metrics event is sent. What the server
// refuses it counts itself; what it never answered only the page can report.
const beacons = recordBeacons();
beforeEach(() => resetErrorReports());
afterEach(() => vi.unstubAllGlobals());

const sender = { name: 'Анна', surname: 'Смирнова' };
async function sendOnce() {
  const { result } = renderHook(() => useRequestSending(sender, () => {}));
  await act(() => result.current.send(initialValues({ phone: '79161234567', company: 'Улыбка' })));
}

describe('a repair request that fails to send', () => {
  it('reports one event when the server never answered', async () => {
    stubFetch({
      'POST /ajax/repair-requests': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await sendOnce();
    expect(beacons.sent.map((beacon) => beacon.url)).toEqual([CLIENT_ERRORS_PATH]);
    expect(await beacons.reports()).toEqual([
      expect.objectContaining({ source: 'repair-request', message: repairRequestFailureMessage(0) }),
    ]);
  });

  it("reports a gateway's 502, and not a refusal the server counted itself", async () => {
    stubFetch({ 'POST /ajax/repair-requests': [{ status: 502, body: {} }] });
    await sendOnce();
    stubFetch({ 'POST /ajax/repair-requests': { status: 422, body: { success: false, message: 'Проверьте поля' } } });
    await sendOnce();
    expect((await beacons.reports()).map((report) => report.message)).toEqual([repairRequestFailureMessage(502)]);
  });
});
