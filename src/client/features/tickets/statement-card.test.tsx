import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { StatementCard } from './statement-card.tsx';
import { statement } from './ticket-page.fixtures.ts';

const noop = {
  onApprove: vi.fn(),
  onReject: vi.fn(),
  onDiscuss: vi.fn(),
  onTradeIn: vi.fn(),
  onSelectedChange: vi.fn(),
};

describe('a statement with a decision waiting to be sent', () => {
  it("shows 'Ожидает отправки' instead of the decision buttons", () => {
    const value = statement({ agreed: 0 });
    render(<StatementCard statement={value} ticketFinished={false} selected={false} pending {...noop} />);
    const card = screen.getByRole('article');
    expect(within(card).getByText(/Ожидает отправки/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Согласовать' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('a statement the clinic can no longer decide on', () => {
  const cases = [
    {
      what: 'cancelled by the service centre',
      value: { agreed: 0, status: 4 },
      finished: false,
      badge: 'Отменена',
      note: /Сервисный центр отменил ведомость/,
    },
    {
      what: 'closed by the service centre',
      value: { agreed: 0, status: 3 },
      finished: false,
      badge: 'Закрыта',
      note: /Сервисный центр закрыл ведомость/,
    },
    {
      what: 'on a finished ticket',
      value: { agreed: 0, status: 1 },
      finished: true,
      badge: 'Требует согласования',
      note: /Заявка завершена/,
    },
  ];
  for (const { what, value, finished, badge, note } of cases) {
    it(`${what}: no decision buttons or checkbox, the badge and a line say why`, () => {
      render(<StatementCard statement={statement(value)} ticketFinished={finished} selected={false} {...noop} />);
      const card = screen.getByRole('article');
      expect(within(card).getByText(badge)).toBeInTheDocument();
      expect(within(card).getByText(note)).toBeInTheDocument();
      for (const name of ['Согласовать', 'Обсудить', 'Отказ'])
        expect(within(card).queryByRole('button', { name })).not.toBeInTheDocument();
      expect(within(card).queryByRole('checkbox')).not.toBeInTheDocument();
    });
  }

  it('an open one on an open ticket keeps its buttons and checkbox', () => {
    render(
      <StatementCard
        statement={statement({ agreed: 0, status: 1 })}
        ticketFinished={false}
        selected={false}
        {...noop}
      />,
    );
    const card = screen.getByRole('article');
    expect(within(card).getByRole('button', { name: 'Согласовать' })).toBeInTheDocument();
    expect(within(card).getByRole('checkbox')).toBeInTheDocument();
  });
});

describe('the cost of an open quote', () => {
  it('is on the card beside its decision buttons, without opening «Подробнее»', () => {
    render(
      <StatementCard
        statement={statement({ agreed: 0, status: 1, sum: '12500.00' })}
        ticketFinished={false}
        selected={false}
        {...noop}
      />,
    );
    const card = screen.getByRole('article');
    expect(within(card).getByText(/^Стоимость работ:/)).toHaveTextContent(/Стоимость работ:\s*12\s500,00\s₽/);
    expect(within(card).getByRole('button', { name: 'Подробнее' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('a question someone else asked', () => {
  it("names its author ('Вопрос от …'), and reads 'Ваш вопрос' for the viewer's own", () => {
    const value = statement({
      agreed: 3,
      status: 1,
      decision_comment: 'Можно без замены ротора?',
      decision_author: 'Ирина Котова',
    });
    const { unmount } = render(<StatementCard statement={value} ticketFinished={false} selected={false} {...noop} />);
    expect(screen.getByText('Вопрос от Ирина Котова:')).toBeInTheDocument();
    unmount();
    render(
      <StatementCard
        statement={{ ...value, decision_author: null }}
        ticketFinished={false}
        selected={false}
        {...noop}
      />,
    );
    expect(screen.getByText('Ваш вопрос:')).toBeInTheDocument();
  });
});

describe("a statement the service centre answered ('Обсудить')", () => {
  const answered = statement({
    agreed: 0,
    version: 3,
    answer: {
      question: 'Почему так дорого?',
      text: 'Нужна замена ротора, цена с работой.',
      answered_at: '2026-03-02 12:30:00',
    },
  });

  it('shows the question and the answer with its time above the decision buttons, which are back', () => {
    render(<StatementCard statement={answered} ticketFinished={false} selected={false} {...noop} />);
    const card = screen.getByRole('article');
    const note = within(card).getByRole('region', { name: 'Ответ сервисного центра' });
    expect(note).toHaveTextContent('Вопрос: Почему так дорого?');
    expect(note).toHaveTextContent('Ответ сервисного центра (02.03.2026 12:30): Нужна замена ротора, цена с работой.');
    const approve = within(card).getByRole('button', { name: 'Согласовать' });
    expect(note.compareDocumentPosition(approve) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const name of ['Обсудить', 'Отказ']) expect(within(card).getByRole('button', { name })).toBeInTheDocument();
  });

  it('keeps the answer once the clinic decided, and shows none while a question waits', () => {
    const { unmount } = render(
      <StatementCard
        statement={{ ...answered, agreed: 1, status: 2 }}
        ticketFinished={false}
        selected={false}
        {...noop}
      />,
    );
    expect(screen.getByRole('region', { name: 'Ответ сервисного центра' })).toHaveTextContent('Нужна замена ротора');
    unmount();
    render(
      <StatementCard
        statement={statement({ agreed: 3, decision_comment: 'Второй вопрос', answer: null })}
        ticketFinished={false}
        selected={false}
        {...noop}
      />,
    );
    expect(screen.queryByRole('region', { name: 'Ответ сервисного центра' })).not.toBeInTheDocument();
    expect(screen.getByText('Второй вопрос')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Согласовать' })).not.toBeInTheDocument();
  });
});

describe('a statement traded in for a new instrument', () => {
  it('says which instrument was chosen and for how much, not only that it was exchanged', () => {
    const value = statement({
      agreed: 4,
      status: 1,
      trade_is_enabled: true,
      trade_in: { name: 'Турбина Synea Vision TK-98 L', sum: '41200.00' },
    });
    render(<StatementCard statement={value} ticketFinished={false} selected={false} {...noop} />);
    const card = screen.getByRole('article');
    expect(within(card).getByText('Обмен на новый инструмент', { selector: '[data-badge]' })).toBeInTheDocument();
    expect(card).toHaveTextContent(/Новый инструмент: «Турбина Synea Vision TK-98 L» за 41\s200,00\s₽/);
    expect(within(card).queryByRole('button', { name: 'Обмен на новый инструмент' })).not.toBeInTheDocument();
  });
});
