import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '#shared/api/headers.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { decisionMessages } from '#shared/screens/decisions.ts';
import { levelRefusalMessage } from '#shared/screens/access-levels.ts';
import { ACCESS_LEVEL_REFUSAL } from '#shared/api/endpoint.ts';
import { REJECT_REASONS } from '#shared/dictionaries/reject-reasons.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { decided, inTurn, offline, openDecision, scaler, TICKET_ID, turbine } from './testing/fixtures.ts';
import { renderDecisionDialogs, startEachTestWithNoPopup } from './testing/dialogs.tsx';

// Testing Library collapses the non-breaking spaces of Russian money into plain ones.
const S = ' ';
const APPROVE = '/ajax/cabinet/defects/approve';
const REJECT = '/ajax/cabinet/defects/reject';
const DISCUSS = '/ajax/cabinet/defects/discuss';

startEachTestWithNoPopup();

describe('approve without points', () => {
  it('confirms with the statements and the total, then sends their versions with end: true', async () => {
    const { calls } = stubFetch({ [`POST ${APPROVE}`]: decided('Ремонт согласован (ведомостей: 2)') });
    const { onDecided, user } = renderDecisionDialogs(0);
    openDecision('approve', [turbine, scaler]);

    const dialog = screen.getByRole('dialog', { name: 'Согласовать ремонт?' });
    expect(within(dialog).getByText('Турбина W&H')).toBeInTheDocument();
    expect(within(dialog).getByText(`12${S}500,00${S}₽`)).toBeInTheDocument();
    expect(within(dialog).getByText(`21${S}200,50${S}₽`)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Согласовать' }));
    expect(await screen.findByText('Ремонт согласован (ведомостей: 2)')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onDecided).toHaveBeenCalledWith(TICKET_ID);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      ticket_id: TICKET_ID,
      defects: [
        { id: 101, version: 3 },
        { id: 102, version: 7 },
      ],
      end: true,
    });
    expect(calls[0]?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[\w-]{8,200}$/);
  });

  it('after a network error offers a retry with the same key; a new tap gets a new key', async () => {
    const { calls } = stubFetch({ [`POST ${APPROVE}`]: inTurn(offline, decided()) });
    const { onDecided, user } = renderDecisionDialogs(0);
    openDecision('approve', [turbine]);
    await user.click(screen.getByRole('button', { name: 'Согласовать' }));
    expect(await screen.findByText(/Нет связи/)).toBeInTheDocument();
    expect(onDecided).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    await screen.findByText('Ремонт согласован');
    expect(calls).toHaveLength(2);
    const firstKey = calls[0]?.headers.get(IDEMPOTENCY_HEADER);
    expect(firstKey).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(calls[1]?.headers.get(IDEMPOTENCY_HEADER)).toBe(firstKey);
    expect(calls[1]?.body).toEqual(calls[0]?.body);

    // Another decision is another tap: a key of its own.
    openDecision('approve', [scaler]);
    await user.click(screen.getByRole('button', { name: 'Согласовать' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.headers.get(IDEMPOTENCY_HEADER)).not.toBe(firstKey);
  });

  it('tapping the button again after a network error repeats the same key too', async () => {
    const { calls } = stubFetch({ [`POST ${APPROVE}`]: inTurn(offline, decided()) });
    const { user } = renderDecisionDialogs(0);
    openDecision('approve', [turbine]);
    await user.click(screen.getByRole('button', { name: 'Согласовать' }));
    await screen.findByText(/Нет связи/);
    await user.click(screen.getByRole('button', { name: 'Согласовать' }));
    await screen.findByText('Ремонт согласован');
    expect(calls[1]?.headers.get(IDEMPOTENCY_HEADER)).toBe(calls[0]?.headers.get(IDEMPOTENCY_HEADER));
  });

  it('on 409 shows what changed and reloads the ticket', async () => {
    stubFetch({
      [`POST ${APPROVE}`]: {
        status: 409,
        body: {
          success: false,
          message: decisionMessages.conflict,
          details: {
            statements: [
              { id: 101, version: 4, sum: '14000.00', status: 1, agreed: 0 },
              { id: 102, version: 8, sum: '8700.50', status: 4, agreed: 2 },
            ],
          },
        },
      },
    });
    const { onDecided, user } = renderDecisionDialogs(0);
    openDecision('approve', [turbine, scaler]);
    await user.click(screen.getByRole('button', { name: 'Согласовать' }));

    const dialog = await screen.findByRole('dialog', { name: 'Ведомость изменилась' });
    expect(within(dialog).getByText(decisionMessages.conflict)).toBeInTheDocument();
    expect(
      within(dialog).getByText(`Стоимость работ: было 12${S}500,00${S}₽, стало 14${S}000,00${S}₽`),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Статус: было «Требует согласования», стало «Отменена»')).toBeInTheDocument();
    expect(within(dialog).getByText('Решение уже принято: от ремонта отказались')).toBeInTheDocument();
    expect(onDecided).toHaveBeenCalledWith(TICKET_ID);
    await user.click(within(dialog).getByRole('button', { name: 'Понятно' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('a level lowered while the page is open (issue 41)', () => {
  it("shows the server's 403 in the popup and has the page reload the ticket (its prices and buttons go)", async () => {
    const refusal = levelRefusalMessage('tickets', 'decisions');
    stubFetch({
      [`POST ${APPROVE}`]: {
        status: 403,
        body: { success: false, message: refusal, details: { reason: ACCESS_LEVEL_REFUSAL, level: 'tickets' } },
      },
    });
    const { onDecided, user } = renderDecisionDialogs(0);
    openDecision('approve', [turbine]);
    await user.click(screen.getByRole('button', { name: 'Согласовать' }));

    const dialog = screen.getByRole('dialog', { name: 'Согласовать ремонт?' });
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(onDecided).toHaveBeenCalledWith(TICKET_ID);
  });
});

describe('reject', () => {
  it('requires a reason, then sends it with the versions', async () => {
    const { calls } = stubFetch({ [`POST ${REJECT}`]: decided('Отказ от ремонта отправлен') });
    const { onDecided, user } = renderDecisionDialogs(0);
    openDecision('reject', [turbine, scaler]);

    const dialog = screen.getByRole('dialog', { name: 'Отказ от ремонта' });
    const group = within(dialog).getByRole('radiogroup', { name: 'Причина отказа' });
    expect(within(group).getAllByRole('radio')).toHaveLength(8);

    await user.click(within(dialog).getByRole('button', { name: 'Отказаться от ремонта' }));
    expect(await within(dialog).findByText(decisionMessages.reasonRequired)).toBeInTheDocument();
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group.getAttribute('aria-describedby')).toBe(within(dialog).getByText(decisionMessages.reasonRequired).id);
    await waitFor(() => expect(within(group).getAllByRole('radio')[0]).toHaveFocus());
    expect(calls).toHaveLength(0);

    await user.click(within(group).getByRole('radio', { name: REJECT_REASONS[4] }));
    await waitFor(() => expect(within(dialog).queryByText(decisionMessages.reasonRequired)).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Отказаться от ремонта' }));
    await screen.findByText('Отказ от ремонта отправлен');
    expect(calls[0]?.body).toEqual({
      ticket_id: TICKET_ID,
      defects: [
        { id: 101, version: 3 },
        { id: 102, version: 7 },
      ],
      comment: 'Дорогой ремонт',
    });
    expect(calls[0]?.headers.get(IDEMPOTENCY_HEADER)).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(onDecided).toHaveBeenCalledWith(TICKET_ID);
  });

  it('shows a 422 under the reasons; fixing it and tapping again is a new key', async () => {
    const { calls } = stubFetch({
      [`POST ${REJECT}`]: inTurn(
        {
          status: 422,
          body: { success: false, message: 'Причина не из списка', errors: { comment: ['Причина не из списка'] } },
        },
        decided('Отказ от ремонта отправлен'),
      ),
    });
    const { user } = renderDecisionDialogs(0);
    openDecision('reject', [turbine]);
    await user.click(screen.getByRole('radio', { name: REJECT_REASONS[0] }));
    await user.click(screen.getByRole('button', { name: 'Отказаться от ремонта' }));
    expect(await screen.findByText('Причина не из списка')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: REJECT_REASONS[1] }));
    expect(screen.queryByText('Причина не из списка')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Отказаться от ремонта' }));
    await screen.findByText('Отказ от ремонта отправлен');
    expect(calls[1]?.headers.get(IDEMPOTENCY_HEADER)).not.toBe(calls[0]?.headers.get(IDEMPOTENCY_HEADER));
  });
});

describe('discuss', () => {
  it('requires a comment, then sends it for the one statement', async () => {
    const { calls } = stubFetch({ [`POST ${DISCUSS}`]: decided('Вопрос отправлен менеджеру сервисного центра') });
    const { onDecided, user } = renderDecisionDialogs(0);
    openDecision('discuss', [scaler]);

    const dialog = screen.getByRole('dialog', { name: 'Вопрос по ремонту' });
    await user.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    expect(await within(dialog).findByText(decisionMessages.commentRequired)).toBeInTheDocument();
    const comment = within(dialog).getByLabelText('Комментарий');
    await waitFor(() => expect(comment).toHaveFocus());
    expect(comment).toHaveAttribute('aria-invalid', 'true');

    await user.type(comment, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    expect(within(dialog).getByText(decisionMessages.commentRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.type(comment, 'Можно ли без замены ротора?');
    await user.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    await screen.findByText('Вопрос отправлен менеджеру сервисного центра');
    expect(calls[0]?.body).toEqual({
      ticket_id: TICKET_ID,
      defect: { id: 102, version: 7 },
      comment: 'Можно ли без замены ротора?',
    });
    expect(onDecided).toHaveBeenCalledWith(TICKET_ID);
  });

  it('shows the server text under the comment and clears it on focus', async () => {
    stubFetch({
      [`POST ${DISCUSS}`]: {
        status: 422,
        body: { success: false, message: 'Слишком длинно', errors: { comment: ['Слишком длинно'] } },
      },
    });
    const { user } = renderDecisionDialogs(0);
    openDecision('discuss', [scaler]);
    const comment = screen.getByLabelText('Комментарий');
    await user.type(comment, 'Вопрос');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    const message = await screen.findByText('Слишком длинно');
    expect(comment.getAttribute('aria-describedby')).toContain(message.id);
    await user.click(comment);
    expect(screen.queryByText('Слишком длинно')).not.toBeInTheDocument();
  });
});
