import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckboxField } from './checkbox-field.tsx';
import { TextField } from './text-field.tsx';

describe('TextField', () => {
  // How it looks is checked in a browser; this pins the rule a read-only field rests on (the e-mail in Настройки looked editable).
  it('looks read-only when it is: sunken, no border, no hover, no text cursor', () => {
    render(<TextField label="Эл. почта" value="anna@clinic.ru" readOnly />);
    expect(screen.getByLabelText('Эл. почта')).toHaveAttribute('readonly');
    const css = readFileSync(path.resolve('src/client/components/ui/field.module.css'), 'utf8').replace(
      /\/\*[\s\S]*?\*\//g,
      '',
    );
    const rule = css.match(/\.input\[readonly\]\s*\{([^}]*)\}/)?.[1] ?? '';
    expect(rule).toMatch(/background:\s*var\(--color-surface-sunken\)/);
    expect(rule).toMatch(/border-color:\s*transparent/);
    expect(rule).toMatch(/cursor:\s*default/);
    expect(css).toMatch(/\.input:hover:not\([^)]*\[readonly\]/);
  });

  it('says a required field is required: a star after the label, not read out; the input aria-required', () => {
    render(<TextField label="Квартира / офис" required />);
    const input = screen.getByLabelText('Квартира / офис');
    expect(input).toBeRequired();
    expect(document.querySelector('label')).toHaveAttribute('data-required', 'true');
    render(<TextField label="Комментарий" />);
    expect(screen.getByLabelText('Комментарий')).not.toBeRequired();
    const css = readFileSync(path.resolve('src/client/components/ui/field.module.css'), 'utf8').replace(
      /\/\*[\s\S]*?\*\//g,
      '',
    );
    expect(css).toMatch(/\.label\[data-required\]::after\s*\{[^}]*content:\s*' \*' \/ ''/);
  });

  it('labels the input and links the error', () => {
    render(<TextField label="Город" hint="Например, Казань" error="Укажите город" />);
    const input = screen.getByLabelText('Город');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Например, Казань Укажите город');
  });

  it('is valid without an error', () => {
    render(<TextField label="Город" />);
    expect(screen.getByLabelText('Город')).not.toHaveAttribute('aria-invalid');
  });

  it('reveals a password on demand', async () => {
    render(<TextField label="Пароль" type="password" revealable />);
    const input = screen.getByLabelText('Пароль');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Показать' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Скрыть' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('CheckboxField', () => {
  it('labels the checkbox and links the error', () => {
    render(<CheckboxField label="Согласен" error="Согласие на обработку данных обязательно" />);
    const box = screen.getByRole('checkbox', { name: 'Согласен' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Согласие на обработку данных обязательно');
  });
});
