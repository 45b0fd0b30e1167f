import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilePickButton } from './file-pick-button.tsx';

describe('FilePickButton', () => {
  it('shows Russian words, keeps the native input labelled, focusable and taking files', async () => {
    const onChange = vi.fn();
    render(
      <>
        <label htmlFor="photo">Фото (необязательно)</label>
        <FilePickButton id="photo" accept="image/png" onChange={onChange}>
          Выбрать фото
        </FilePickButton>
      </>,
    );
    expect(screen.getByText('Выбрать фото').tagName).toBe('LABEL');
    const input = screen.getByLabelText('Фото (необязательно)');
    // Both labels name the same input: the field's and the button's.
    expect(screen.getByLabelText('Выбрать фото')).toBe(input);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveClass('visually-hidden');
    // The focus ring is drawn on the label right after the input (input:focus-visible + label).
    expect(input.nextElementSibling).toBe(screen.getByText('Выбрать фото'));

    const user = userEvent.setup();
    await user.tab();
    expect(input).toHaveFocus();
    await user.upload(input, new File(['x'], 'rotor.png', { type: 'image/png' }));
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('while disabled is skipped by Tab and takes no file', async () => {
    const onChange = vi.fn();
    render(
      <FilePickButton id="photo" disabled onChange={onChange}>
        Сфотографировать
      </FilePickButton>,
    );
    const input = screen.getByLabelText('Сфотографировать');
    expect(input).toBeDisabled();
    const user = userEvent.setup();
    await user.tab();
    expect(input).not.toHaveFocus();
    await user.upload(input, new File(['x'], 'rotor.png', { type: 'image/png' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
