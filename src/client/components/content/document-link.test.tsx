import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegistrationForm } from '#client/features/account/registration-form.tsx';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { useAuthDialog } from '#client/features/account/auth-dialog-store.ts';
import { Consents } from '#client/features/repair/consents.tsx';
import { initialValues } from '#client/features/repair/wizard-values.ts';
import { forgetSiteSettings } from '#client/lib/site-settings.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';

// The consent links of the registration form and the repair wizard open the policy and the loyalty
// rules as popups in place (portal.md §2.3), keeping their real addresses for new tabs and no-JS.

beforeEach(() => {
  forgetSiteSettings();
  stubFetch({
    'GET /ajax/site/settings': { body: { success: true, main_site_url: null, support_email: 'help@service.test' } },
  });
  useAccountStore.setState({ user: null, verifiedEmail: null, hydrated: true });
  useAuthDialog.setState({ view: 'register', switching: false });
});
afterEach(() => vi.unstubAllGlobals());

describe("the registration form's consent links", () => {
  it('open the loyalty rules in place, with the terms and the support e-mail; the form keeps what was typed', async () => {
    const user = userEvent.setup();
    render(<RegistrationForm />);
    await user.type(screen.getByLabelText('Имя'), 'Анна');
    const link = screen.getByRole('link', { name: 'правилами программы лояльности' });
    expect(link).toHaveAttribute('href', '/rules/loyalty');

    await user.click(link);
    const dialog = await screen.findByRole('dialog', { name: 'Правила программы лояльности' });
    expect(within(dialog).getByRole('heading', { name: 'Термины' })).toBeInTheDocument();
    for (const term of [
      'Бонус',
      'Бонусный счёт',
      'Начисление',
      'Списание',
      'Активация',
      'Аннулирование',
      'Блокировка',
      'Курс',
      'Участник',
      'Компания',
      'Товары',
      'Услуги',
    ]) {
      expect(within(dialog).getByText(term, { selector: 'dt' })).toBeInTheDocument();
    }
    expect(await within(dialog).findByRole('link', { name: 'help@service.test' })).toHaveAttribute(
      'href',
      'mailto:help@service.test',
    );
    // Clicking the link inside the label did not tick the consent.
    expect(screen.getByRole('checkbox', { name: /обработку персональных данных/ })).not.toBeChecked();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(link).toHaveFocus();
    expect(screen.getByLabelText('Имя')).toHaveValue('Анна');
  });

  it('open the policy in place', async () => {
    const user = userEvent.setup();
    render(<RegistrationForm />);
    await user.click(screen.getByRole('link', { name: 'политикой обработки персональных данных' }));
    const dialog = await screen.findByRole('dialog', { name: 'Политика обработки персональных данных' });
    await user.click(within(dialog).getByRole('button', { name: 'Понятно' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leave a modified or middle click to the browser (a new tab of the page)', () => {
    render(<RegistrationForm />);
    const link = screen.getByRole('link', { name: 'правилами программы лояльности' });
    // Whether the app left each click alone, seen after React's handlers; then no navigation in the test's DOM.
    const leftAlone: boolean[] = [];
    const record = (event: MouseEvent) => {
      if (event.target === link) leftAlone.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', record);
    try {
      fireEvent.click(link, { ctrlKey: true });
      fireEvent.click(link, { button: 1 });
    } finally {
      window.removeEventListener('click', record);
    }
    expect(leftAlone).toEqual([true, true]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe("the repair wizard's consent links", () => {
  const user = { id: 7, name: 'Анна', surname: 'Петрова', email: 'anna@clinic.ru', phone: null, company: null };

  it('open the policy and the loyalty rules in place', async () => {
    const events = userEvent.setup();
    render(<Consents user={user} values={initialValues(user)} errors={{}} change={vi.fn()} />);
    const policy = screen.getByRole('link', { name: 'политикой' });
    expect(policy).toHaveAttribute('href', '/privacy');
    await events.click(policy);
    expect(await screen.findByRole('dialog', { name: 'Политика обработки персональных данных' })).toBeInTheDocument();
    await events.keyboard('{Escape}');

    const rules = screen.getByRole('link', { name: 'правилами программы лояльности' });
    expect(rules).toHaveAttribute('href', '/rules/loyalty');
    await events.click(rules);
    expect(await screen.findByRole('dialog', { name: 'Правила программы лояльности' })).toHaveTextContent(
      'Участие в программе',
    );
  });
});
