import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { stubFetch, type RecordedCall } from '#client/lib/testing/fetch-stub.ts';
import { decided, inTurn, loyalty, offline, scaler, statement, TICKET_ID, turbine } from './testing/fixtures.ts';
import { openPoints, renderDecisionDialogs, startEachTestWithNoPopup, type User } from './testing/dialogs.tsx';

// 'Согласовать выбранные' with points (cabinet.md §4): one step per instrument, but nothing is applied
// until the last step is chosen; then every approval goes, and if one does not, the popup says
// plainly which were applied and which were not.

const APPROVE = 'POST /ajax/cabinet/defects/approve';
const loyaltyOf = (id: number) => `GET /ajax/cabinet/defects/${id}/loyalty`;
const NBSP = '\u00A0';
const motor = statement({
  id: 103,
  series: 'M-3003',
  type: 4,
  name: 'Микромотор Bien-Air',
  defect: 'Не вращается',
  sum: '20000.00',
  version: 2,
});

const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST');

async function spend(user: User, dialog: HTMLElement, balls: string) {
  await user.click(await within(dialog).findByRole('button', { name: 'Списать в счет ремонта' }));
  await user.type(within(dialog).getByLabelText('Сколько бонусов списать'), balls);
  await user.click(within(dialog).getByRole('button', { name: 'Списать и согласовать' }));
}

startEachTestWithNoPopup();

describe('approving several statements with points', () => {
  it('applies nothing until the last step, counts the points already chosen, then sends every approval in order', async () => {
    const { calls } = stubFetch({
      [loyaltyOf(101)]: loyalty({ ballsAvailable: 1500, ballsForDiscount: 1500 }),
      [loyaltyOf(102)]: loyalty({ ballsAvailable: 1500, ballsForDiscount: 1500 }),
      [APPROVE]: decided(),
    });
    const { onDecided, user } = renderDecisionDialogs(1500);
    const dialog = await openPoints(user, [turbine, scaler]);

    expect(within(dialog).getByText('Инструмент 1 из 2')).toBeInTheDocument();
    expect(within(dialog).getByText(/Ремонт будет согласован после выбора по всем инструментам/)).toBeInTheDocument();
    await spend(user, dialog, '1000');

    expect(await within(dialog).findByText('Инструмент 2 из 2 — последний')).toBeInTheDocument();
    // Chosen, not applied: nothing went to the server, and the page was not told of a change.
    expect(posts(calls)).toHaveLength(0);
    expect(onDecided).not.toHaveBeenCalled();
    expect(within(dialog).getByText('«Турбина W&H»: списать 1 000 бонусов.')).toBeInTheDocument();
    // 1 500 on the account, 1 000 promised to the first repair: 500 are left for this one.
    expect(
      await within(dialog)
        .findByText('Доступно на подарок')
        .then((dt) => dt.nextElementSibling?.textContent),
    ).toBe('500');
    await user.click(within(dialog).getByRole('button', { name: 'Выбрать подарок' }));
    expect(within(dialog).getByRole('radio', { name: /^Набор боров/ })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Выбрать подарок' }));

    await user.click(within(dialog).getByRole('button', { name: 'Согласовать без использования бонусов' }));
    expect(await screen.findByText('Ремонт согласован (ведомостей: 2)')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onDecided).toHaveBeenCalledWith(TICKET_ID);
    const sent = posts(calls);
    expect(sent.map((call) => call.body)).toEqual([
      { ticket_id: TICKET_ID, defects: [{ id: 101, version: 3 }], balls: 1000, gift: null, end: false },
      { ticket_id: TICKET_ID, defects: [{ id: 102, version: 7 }], balls: 0, gift: null, end: true },
    ]);
    expect(sent[0]?.headers.get(IDEMPOTENCY_HEADER)).not.toBe(sent[1]?.headers.get(IDEMPOTENCY_HEADER));
  });

  it('closed half-way, applies nothing at all', async () => {
    const { calls } = stubFetch({ [loyaltyOf(101)]: loyalty(), [loyaltyOf(102)]: loyalty(), [APPROVE]: decided() });
    const { onDecided, user } = renderDecisionDialogs(1500);
    const dialog = await openPoints(user, [turbine, scaler]);
    await user.click(await within(dialog).findByRole('button', { name: 'Согласовать без использования бонусов' }));
    await within(dialog).findByText('Инструмент 2 из 2 — последний');
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toHaveLength(0);
    expect(onDecided).not.toHaveBeenCalled();
  });

  it('says plainly which were applied and which not when one is refused, and goes on with the others', async () => {
    const refused = {
      status: 409,
      body: {
        success: false,
        message: 'Ведомость изменилась, пока вы её смотрели.',
        details: { statements: [{ id: 102, version: 8, sum: '9900.00', status: 1, agreed: 0 }] },
      },
    };
    const { calls } = stubFetch({
      [loyaltyOf(101)]: loyalty(),
      [loyaltyOf(102)]: loyalty(),
      [loyaltyOf(103)]: loyalty(),
      [APPROVE]: [decided(), refused, decided()],
    });
    const { onDecided, user } = renderDecisionDialogs(1500);
    const dialog = await openPoints(user, [turbine, scaler, motor]);
    for (const step of [1, 2]) {
      await within(dialog).findByText(`Инструмент ${step} из 3`);
      await user.click(await within(dialog).findByRole('button', { name: 'Согласовать без использования бонусов' }));
    }
    await within(dialog).findByText('Инструмент 3 из 3 — последний');
    await user.click(await within(dialog).findByRole('button', { name: 'Согласовать без использования бонусов' }));

    const report = await within(dialog).findByRole('list', { name: 'Что стало с ведомостями' });
    const lines = within(report)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      `Турбина W&H №${NBSP}A-1001 — согласовано`,
      `Скалер EMS №${NBSP}S-2002 — не согласовано: Ведомость изменилась, пока вы её смотрели.`,
      `Микромотор Bien-Air №${NBSP}M-3003 — согласовано`,
    ]);
    expect(within(dialog).getByText('Согласовано 2 из 3.', { exact: false })).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(3);
    // The page follows what was applied.
    expect(onDecided).toHaveBeenCalledWith(TICKET_ID);
    expect(within(dialog).queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Понятно' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stops when the connection fails, says what is not sent, and repeats the rest with the same key', async () => {
    const { calls } = stubFetch({
      [loyaltyOf(101)]: loyalty(),
      [loyaltyOf(102)]: loyalty(),
      [loyaltyOf(103)]: loyalty(),
      [APPROVE]: inTurn(decided(), offline, decided(), decided()),
    });
    const { user } = renderDecisionDialogs(1500);
    const dialog = await openPoints(user, [turbine, scaler, motor]);
    for (const step of [1, 2, 3]) {
      await within(dialog).findByText(new RegExp(`^Инструмент ${step} из 3`));
      await user.click(await within(dialog).findByRole('button', { name: 'Согласовать без использования бонусов' }));
    }
    const report = await within(dialog).findByRole('list', { name: 'Что стало с ведомостями' });
    expect(
      within(report)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(' — ')[1]),
    ).toEqual(['согласовано', expect.stringMatching(/^не отправлено: /), 'не отправлено']);
    expect(posts(calls)).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Ремонт согласован (ведомостей: 3)')).toBeInTheDocument();
    const sent = posts(calls);
    expect(sent.map((call) => (call.body as { defects: { id: number }[] }).defects[0]?.id)).toEqual([
      101, 102, 102, 103,
    ]);
    expect(sent[2]?.headers.get(IDEMPOTENCY_HEADER)).toBe(sent[1]?.headers.get(IDEMPOTENCY_HEADER));
  });
});
