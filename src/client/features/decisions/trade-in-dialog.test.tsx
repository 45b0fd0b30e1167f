import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '#shared/api/headers.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { decided, openDecision, TICKET_ID, turbine } from './testing/fixtures.ts';
import { renderDecisionDialogs, startEachTestWithNoPopup, type User } from './testing/dialogs.tsx';

const list = {
  body: {
    success: true,
    data: [
      { id: 1, title: 'Турбина Synea Vision TK-98 L', list_img: '/img/tk98.png', price_discount: '39900.00' },
      { id: 2, title: 'Наконечник Synea WK-56 LT', list_img: null, price_discount: '52000.00' },
    ],
  },
};
const detail = (id: number, title: string) => ({
  body: {
    success: true,
    instrument: {
      id,
      title,
      page_img: '/img/big.png',
      properties: ['Подсветка LED+', 'Скорость до 330 000 об/мин'],
      link: `https://shop.example/instrument/${id}`,
      price_discount: id === 1 ? '39900.00' : '52000.00',
    },
  },
});

startEachTestWithNoPopup();

/** 'Согласовать в счет нового инструмента', then the one question it asks, answered yes. */
async function approveAndConfirm(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Согласовать в счет нового инструмента' }));
  const question = await screen.findByRole('dialog', { name: 'Согласовать обмен?' });
  await user.click(within(question).getByRole('button', { name: 'Да, согласовать обмен' }));
}

describe('trade-in popup', () => {
  it('list → detail → back → another → approve (asked once, with the instrument and its price) sends the instrument and goes back to the list', async () => {
    const { calls } = stubFetch({
      'GET /ajax/cabinet/trade-in': list,
      'GET /ajax/cabinet/trade-in/1': detail(1, 'Турбина Synea Vision TK-98 L'),
      'GET /ajax/cabinet/trade-in/2': detail(2, 'Наконечник Synea WK-56 LT'),
      'POST /ajax/cabinet/defects/trade-in': decided('Обмен на новый инструмент согласован'),
    });
    const { onDecided, user } = renderDecisionDialogs(1500);
    openDecision('trade-in', [turbine]);

    const dialog = screen.getByRole('dialog', { name: 'Получите новый инструмент в счет старого!' });
    expect(within(dialog).getByText('Загружаем инструменты…')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Выберите инструмент из списка:' })).toBeInTheDocument();
    expect(await within(dialog).findByText('Турбина Synea Vision TK-98 L')).toBeInTheDocument();
    expect(within(dialog).getByText('39 900,00 ₽')).toBeInTheDocument();
    expect(within(dialog).getByText('52 000,00 ₽')).toBeInTheDocument();

    await user.click(
      within(dialog).getByRole('button', { name: 'Подробнее об инструменте Наконечник Synea WK-56 LT' }),
    );
    const heading = await within(dialog).findByRole('heading', { name: 'Наконечник Synea WK-56 LT' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(dialog).getByText('Скорость до 330 000 об/мин')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Страница инструмента/ })).toHaveAttribute(
      'href',
      'https://shop.example/instrument/2',
    );
    expect(within(dialog).getByText('Цена с учётом обмена вашего инструмента')).toBeInTheDocument();
    // Every word of the popup is Russian (cabinet.md §2): no English 'trade-in' beside the price.
    expect(dialog.textContent).not.toMatch(/trade-in/i);

    await user.click(within(dialog).getByRole('button', { name: 'Выбрать другой инструмент' }));
    const back = await within(dialog).findByRole('button', {
      name: 'Подробнее об инструменте Наконечник Synea WK-56 LT',
    });
    await waitFor(() => expect(back).toHaveFocus());

    await user.click(
      within(dialog).getByRole('button', { name: 'Подробнее об инструменте Турбина Synea Vision TK-98 L' }),
    );
    await within(dialog).findByRole('heading', { name: 'Турбина Synea Vision TK-98 L' });
    const approve = within(dialog).getByRole('button', { name: 'Согласовать в счет нового инструмента' });
    await user.click(approve);

    // One tap commits tens of thousands of roubles: a real dialog asks first, naming what and for how much.
    const question = await screen.findByRole('dialog', { name: 'Согласовать обмен?' });
    expect(question).toHaveAccessibleDescription(/Новый инструмент «Турбина Synea Vision TK-98 L» за 39\s900,00\s₽/);
    expect(question).toHaveFocus();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    // 'Отмена' sends nothing and gives focus back to the button that asked.
    await user.click(within(question).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog', { name: 'Согласовать обмен?' })).not.toBeInTheDocument();
    expect(approve).toHaveFocus();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await approveAndConfirm(user);

    // cabinet.md §4: approving returns to the list, which says what was chosen and for how much; no toast.
    const done = await within(dialog).findByRole('status');
    expect(done).toHaveTextContent('Обмен на новый инструмент согласован');
    expect(done).toHaveTextContent(/Новый инструмент: «Турбина Synea Vision TK-98 L» за 39\s900,00\s₽/);
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByRole('dialog', { name: 'Получите новый инструмент в счет старого!' })).toBe(dialog);
    expect(within(dialog).getByRole('heading', { name: 'Выберите инструмент из списка:' })).toBeInTheDocument();
    expect(screen.getAllByText('Обмен на новый инструмент согласован')).toHaveLength(1);
    expect(onDecided).toHaveBeenCalledWith(TICKET_ID);
    // Decided: another instrument's detail can be looked at, not approved as well.
    await user.click(
      within(dialog).getByRole('button', { name: 'Подробнее об инструменте Наконечник Synea WK-56 LT' }),
    );
    await within(dialog).findByRole('heading', { name: 'Наконечник Synea WK-56 LT' });
    expect(
      within(dialog).queryByRole('button', { name: 'Согласовать в счет нового инструмента' }),
    ).not.toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    const post = posts[0];
    // The price shown goes with it: the server refuses the trade-in if the catalogue's price changed since.
    expect(post?.body).toEqual({
      ticket_id: TICKET_ID,
      defect: { id: 101, version: 3 },
      instrument_id: 1,
      price: '39900.00',
      end: true,
    });
    expect(post?.headers.get(IDEMPOTENCY_HEADER)).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });

  it('closes on the overlay and on the close button', async () => {
    stubFetch({ 'GET /ajax/cabinet/trade-in': list });
    const { user } = renderDecisionDialogs(1500);
    openDecision('trade-in', [turbine]);
    await screen.findByText('Турбина Synea Vision TK-98 L');
    await user.click(screen.getByTestId('modal-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    openDecision('trade-in', [turbine]);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the refusal of an instrument under it', async () => {
    stubFetch({
      'GET /ajax/cabinet/trade-in': list,
      'GET /ajax/cabinet/trade-in/1': detail(1, 'Турбина Synea Vision TK-98 L'),
      'POST /ajax/cabinet/defects/trade-in': {
        status: 422,
        body: {
          success: false,
          message: 'Этот инструмент недоступен для обмена',
          errors: { instrument_id: ['Этот инструмент недоступен для обмена'] },
        },
      },
    });
    const { user } = renderDecisionDialogs(1500);
    openDecision('trade-in', [turbine]);
    await user.click(await screen.findByRole('button', { name: /Подробнее об инструменте Турбина/ }));
    await approveAndConfirm(user);
    expect(await screen.findByText('Этот инструмент недоступен для обмена')).toBeInTheDocument();
  });
});
