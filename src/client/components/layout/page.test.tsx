import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Page } from './page.tsx';

describe('Page', () => {
  it('reads the heading, then the aside, then the body (the aside stands beside the body only on wide screens)', () => {
    render(
      <Page title="Заявка на ремонт" narrow aside={<p>Здравствуйте, Анна!</p>}>
        <form aria-label="Заявка" />
      </Page>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Заявка на ремонт' });
    const aside = screen.getByText('Здравствуйте, Анна!');
    const body = screen.getByRole('form', { name: 'Заявка' });
    expect(heading.compareDocumentPosition(aside) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(aside.compareDocumentPosition(body) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.title).toBe('Заявка на ремонт — Сервисный центр');
  });
});
