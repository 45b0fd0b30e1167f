import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '#shared/api/headers.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { useDecisionDialog } from './decision-dialog-store.ts';
import { DecisionDialogs } from './decision-dialogs.tsx';
import { decided, openDecision, TICKET_ID, turbine } from './testing/fixtures.ts';

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

function setup() {
  const onDecided = vi.fn();
  render(<DecisionDialogs balls={1500} onDecided={onDecided} />);
  return { onDecided, user: userEvent.setup() };
}

beforeEach(() => {
  useDecisionDialog.setState({ request: null, serial: 0 });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('trade-in popup', () => {
  it('list → detail → back → another → approve sends the instrument', async () => {
    const { calls } = stubFetch({
      'GET /ajax/cabinet/trade-in': list,
      'GET /ajax/cabinet/trade-in/1': detail(1, 'Турбина Synea Vision TK-98 L'),
      'GET /ajax/cabinet/trade-in/2': detail(2, 'Наконечник Synea WK-56 LT'),
      'POST /ajax/cabinet/defects/trade-in': decided('Обмен на новый инструмент согласован'),
    });
    const { onDecided, user } = setup();
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
    await user.click(within(dialog).getByRole('button', { name: 'Согласовать в счет нового инструмента' }));

    expect(await screen.findByText('Обмен на новый инструмент согласован')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onDecided).toHaveBeenCalledWith(TICKET_ID);
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ ticket_id: TICKET_ID, defect: { id: 101, version: 3 }, instrument_id: 1, end: true });
    expect(post?.headers.get(IDEMPOTENCY_HEADER)).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });

  it('closes on the overlay and on the close button', async () => {
    stubFetch({ 'GET /ajax/cabinet/trade-in': list });
    const { user } = setup();
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
    const { user } = setup();
    openDecision('trade-in', [turbine]);
    await user.click(await screen.findByRole('button', { name: /Подробнее об инструменте Турбина/ }));
    await user.click(await screen.findByRole('button', { name: 'Согласовать в счет нового инструмента' }));
    expect(await screen.findByText('Этот инструмент недоступен для обмена')).toBeInTheDocument();
  });
});
