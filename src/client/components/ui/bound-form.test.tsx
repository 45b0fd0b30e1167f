import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAppForm } from './app-form.tsx';
import { BoundForm } from './bound-form.tsx';
import { Button } from './button.tsx';

// Every form on BoundForm, on a submit its checks refuse: the first field with a message comes into
// sight and takes focus (a message off screen with focus left on the button reads as nothing).

afterEach(() => vi.restoreAllMocks());

const required = ({ value }: { value: string | null }) => (value ? undefined : 'Это поле обязательно');

function TwoFields() {
  const form = useAppForm({
    defaultValues: { city: 'Казань', zip: '', room: '' },
    onSubmit: () => {},
  });
  return (
    <BoundForm form={form} aria-label="Адрес">
      <form.AppField name="city" validators={{ onSubmit: required }}>
        {(field) => <field.TextField label="Город" />}
      </form.AppField>
      <form.AppField name="zip" validators={{ onSubmit: required }}>
        {(field) => <field.TextField label="Индекс" />}
      </form.AppField>
      <form.AppField name="room" validators={{ onSubmit: required }}>
        {(field) => <field.TextField label="Офис" />}
      </form.AppField>
      <Button type="submit">Сохранить</Button>
    </BoundForm>
  );
}

function Reasons() {
  const form = useAppForm({
    defaultValues: { reason: null as string | null },
    onSubmit: () => {},
  });
  return (
    <BoundForm form={form} aria-label="Отказ">
      <form.AppField name="reason" validators={{ onSubmit: required }}>
        {(field) => (
          <field.RadioGroupField
            legend="Причина"
            options={[
              { value: 'dear', label: 'Дорогой ремонт' },
              { value: 'later', label: 'Ремонт позже' },
            ]}
          />
        )}
      </form.AppField>
      <Button type="submit">Отправить</Button>
    </BoundForm>
  );
}

describe('BoundForm on a refused submit', () => {
  it('brings the first invalid field into sight and focuses it', async () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    render(<TwoFields />);
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const zip = screen.getByLabelText('Индекс');
    await vi.waitFor(() => expect(zip).toHaveFocus());
    expect(zip).toHaveAccessibleDescription('Это поле обязательно');
    expect(scrolled.mock.contexts).toContain(zip);
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'center' });
  });

  it('focuses a radio group by its first radio', async () => {
    render(<Reasons />);
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await vi.waitFor(() => expect(screen.getByRole('radio', { name: 'Дорогой ремонт' })).toHaveFocus());
  });
});
