import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { Consents } from './consents.tsx';
import { initialValues, type WizardValues } from './wizard-values.ts';

const user = { id: 7, name: 'Анна', surname: 'Смирнова', email: 'anna@clinic.ru', phone: null, company: null };

function Host() {
  const [values, setValues] = useState<WizardValues>(initialValues(user));
  return <Consents user={user} values={values} errors={{}} change={(patch) => setValues({ ...values, ...patch })} />;
}

describe('Consents', () => {
  it("ticks the box from the label's text; the link words open the rules and leave the box as it is", async () => {
    await renderInRouter(() => <Host />);
    const policy = screen.getByRole('checkbox', { name: /обработку персональных данных/ });
    await userEvent.click(screen.getByText(/Даю согласие на обработку/));
    expect(policy).toBeChecked();
    // A thumb landing beside the words, in the row's padding, counts too.
    await userEvent.click(policy.parentElement!);
    expect(policy).not.toBeChecked();

    const loyalty = screen.getByRole('checkbox', { name: 'Соглашаюсь с правилами программы лояльности' });
    // Nothing guesses the reader's gender.
    expect(document.body).not.toHaveTextContent(/согласен|согласна/);
    await userEvent.click(screen.getByRole('link', { name: 'правилами программы лояльности' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(loyalty).not.toBeChecked();
  });
});
