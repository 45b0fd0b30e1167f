import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { decisionMessages } from '#shared/screens/decisions.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { decided, loyalty, statement, TICKET_ID, turbine } from './testing/fixtures.ts';
import { openPoints, renderDecisionDialogs, startEachTestWithNoPopup } from './testing/dialogs.tsx';

const APPROVE = 'POST /ajax/cabinet/defects/approve';
const loyaltyOf = (id: number) => `GET /ajax/cabinet/defects/${id}/loyalty`;

/** Text exactly as written, non-breaking spaces included (the default matcher treats them as spaces). */
const exactly = (text: string) => (_: string, element: Element | null) =>
  element?.textContent === text && element.children.length === 0;

startEachTestWithNoPopup();

describe('points popup', () => {
  it('opens instead of sending when the user has points, shows the instrument, and sends its approval as the end', async () => {
    const { calls } = stubFetch({ [loyaltyOf(101)]: loyalty(), [APPROVE]: decided() });
    const { onDecided, user } = renderDecisionDialogs(1500);
    const dialog = await openPoints(user, [turbine]);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(within(dialog).queryByText(/Инструмент 1 из/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: /Турбина W&H/ })).toBeInTheDocument();
    expect(within(dialog).getByText('Износ подшипников ротора')).toBeInTheDocument();
    expect(within(dialog).getByText('12 500,00 ₽')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Согласовать без использования бонусов' }));
    expect(await screen.findByText('Ремонт согласован')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onDecided).toHaveBeenCalledWith(TICKET_ID);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { ticket_id: TICKET_ID, defects: [{ id: 101, version: 3 }], balls: 0, gift: null, end: true },
    ]);
  });

  it('asks for the number of points and keeps it within the limit; the message clears on focus', async () => {
    stubFetch({ [loyaltyOf(101)]: loyalty({ ballsForDiscount: 1994 }) });
    const { user } = renderDecisionDialogs(1500);
    const dialog = await openPoints(user);
    const spend = await within(dialog).findByRole('button', { name: 'Списать в счет ремонта' });
    expect(spend).toHaveAttribute('aria-expanded', 'false');
    await user.click(spend);
    expect(spend).toHaveAttribute('aria-expanded', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Списать и согласовать' }));
    expect(await within(dialog).findByText(decisionMessages.ballsRequired)).toBeInTheDocument();

    const input = within(dialog).getByLabelText('Сколько бонусов списать');
    await user.type(input, '2000');
    // The number as the hint beside it writes it: '1 994', a non-breaking space.
    expect(within(dialog).getByText(exactly('Не больше 1\u00A0994'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Списать и согласовать' }));
    const message = await within(dialog).findByText(exactly('Списать можно только 1\u00A0994 и меньше'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);

    await user.click(within(dialog).getByRole('heading', { name: /Турбина/ }));
    await user.click(input);
    expect(within(dialog).queryByText(/Списать можно только/)).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows the server refusal of the points under the input', async () => {
    stubFetch({
      [loyaltyOf(101)]: loyalty(),
      [APPROVE]: {
        status: 422,
        body: { success: false, message: 'Недостаточно бонусов', errors: { balls: ['Недостаточно бонусов'] } },
      },
    });
    const { user } = renderDecisionDialogs(1500);
    const dialog = await openPoints(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Списать в счет ремонта' }));
    const input = within(dialog).getByLabelText('Сколько бонусов списать');
    await user.type(input, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Списать и согласовать' }));
    expect(await within(dialog).findByText('Недостаточно бонусов')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers gifts with picture, cost and name; an unaffordable one is disabled and says what is missing', async () => {
    const { calls } = stubFetch({ [loyaltyOf(101)]: loyalty(), [APPROVE]: decided() });
    const { user } = renderDecisionDialogs(1500);
    const dialog = await openPoints(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Выбрать подарок' }));

    const group = within(dialog).getByRole('radiogroup', { name: 'Подарок' });
    const unavailable = within(group).getByRole('radio', {
      name: /^Смазка для наконечников \(осталось накопить 1\s001\sбонус\)/,
    });
    expect(unavailable).toBeDisabled();
    const burs = within(group).getByRole('radio', { name: /Набор боров/ });
    expect(burs).toBeEnabled();
    expect(within(group).getByText('500 бонусов')).toBeInTheDocument();
    expect(group.querySelectorAll('img')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Согласовать с подарком' }));
    expect(await within(dialog).findByText(decisionMessages.giftRequired)).toBeInTheDocument();
    await user.click(burs);
    await waitFor(() => expect(within(dialog).queryByText(decisionMessages.giftRequired)).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Согласовать с подарком' }));
    await screen.findByText('Ремонт согласован');
    expect(calls.at(-1)?.body).toEqual({
      ticket_id: TICKET_ID,
      defects: [{ id: 101, version: 3 }],
      balls: 0,
      gift: 1,
      end: true,
    });
  });

  it('switching between points and gift closes the other and clears its errors', async () => {
    stubFetch({ [loyaltyOf(101)]: loyalty() });
    const { user } = renderDecisionDialogs(1500);
    const dialog = await openPoints(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Списать в счет ремонта' }));
    await user.click(within(dialog).getByRole('button', { name: 'Списать и согласовать' }));
    await within(dialog).findByText(decisionMessages.ballsRequired);

    await user.click(within(dialog).getByRole('button', { name: 'Выбрать подарок' }));
    expect(within(dialog).queryByLabelText('Сколько бонусов списать')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(decisionMessages.ballsRequired)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Списать в счет ремонта' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Согласовать с подарком' }));
    await within(dialog).findByText(decisionMessages.giftRequired);

    await user.click(within(dialog).getByRole('button', { name: 'Списать в счет ремонта' }));
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(decisionMessages.giftRequired)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Сколько бонусов списать')).not.toHaveAttribute('aria-invalid');
  });

  it('a free repair gets the plain view without asking for points', async () => {
    const { calls } = stubFetch({ [APPROVE]: decided() });
    const { user } = renderDecisionDialogs(1500);
    const dialog = await openPoints(user, [statement({ sum: '0.00' })]);
    expect(within(dialog).queryByRole('button', { name: 'Списать в счет ремонта' })).not.toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Согласовать без использования бонусов' }),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Согласовать' }));
    await screen.findByText('Ремонт согласован');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([APPROVE]);
    expect(calls[0]?.body).toMatchObject({ balls: 0, gift: null, end: true });
  });

  it('a zero balance gets the plain view too', async () => {
    stubFetch({ [loyaltyOf(101)]: loyalty({ ballsAvailable: 0, ballsForDiscount: 0 }), [APPROVE]: decided() });
    const { user } = renderDecisionDialogs(1500);
    const dialog = await openPoints(user);
    const approve = await within(dialog).findByRole('button', { name: 'Согласовать' });
    expect(within(dialog).queryByRole('button', { name: 'Выбрать подарок' })).not.toBeInTheDocument();
    await user.click(approve);
    await screen.findByText('Ремонт согласован');
  });
});
