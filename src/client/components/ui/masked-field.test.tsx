import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MaskedField } from './masked-field.tsx';

function Harness({ mask, initial = '' }: { mask: 'phone' | 'code'; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MaskedField mask={mask} label="Поле" value={value} onValueChange={setValue} />
      <output data-testid="raw">{value}</output>
    </>
  );
}

describe('MaskedField (phone)', () => {
  it('formats as typed and keeps the raw digits with a leading 7', async () => {
    const user = userEvent.setup();
    render(<Harness mask="phone" />);
    const input = screen.getByLabelText('Поле');
    expect(input).toHaveAttribute('inputmode', 'tel');
    expect(input).toHaveAttribute('autocomplete', 'tel');
    expect(input).toHaveAttribute('placeholder', '+7 (___) ___-__-__');
    await user.type(input, '9123456789');
    expect(input).toHaveValue('+7 (912) 345-67-89');
    expect(screen.getByTestId('raw')).toHaveTextContent('79123456789');
    await user.type(input, '5');
    expect(screen.getByTestId('raw')).toHaveTextContent('79123456789');
  });

  it('treats a leading 8 as the trunk prefix and ignores letters', async () => {
    const user = userEvent.setup();
    render(<Harness mask="phone" />);
    const input = screen.getByLabelText('Поле');
    await user.type(input, '8912abc');
    expect(input).toHaveValue('+7 (912');
  });

  it.each(['8 912 345-67-89', '+79123456789', '+7 (912) 345-67-89', '9123456789'])(
    'sanitises pasted %s',
    async (text) => {
      const user = userEvent.setup();
      render(<Harness mask="phone" />);
      const input = screen.getByLabelText('Поле');
      await user.click(input);
      await user.paste(text);
      expect(input).toHaveValue('+7 (912) 345-67-89');
      expect(screen.getByTestId('raw')).toHaveTextContent('79123456789');
    },
  );

  it('replaces a full number pasted into a filled field', async () => {
    const user = userEvent.setup();
    render(<Harness mask="phone" initial="79001112233" />);
    const input = screen.getByLabelText('Поле');
    await user.click(input);
    await user.paste('8 912 345-67-89');
    expect(input).toHaveValue('+7 (912) 345-67-89');
  });

  it('Backspace over a literal deletes the digit before it and keeps the caret', async () => {
    const user = userEvent.setup();
    render(<Harness mask="phone" initial="79123" />);
    const input = screen.getByLabelText<HTMLInputElement>('Поле');
    expect(input).toHaveValue('+7 (912) 3');
    // Caret after '+7 (912) ', i.e. right after the space.
    await user.click(input);
    input.setSelectionRange(9, 9);
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('+7 (913');
    expect(input.selectionStart).toBe(6);
  });

  it('can be emptied with Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness mask="phone" initial="791" />);
    const input = screen.getByLabelText('Поле');
    await user.click(input);
    await user.keyboard('{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(input).toHaveValue('');
    // The text, not the element: Preact keeps an empty text node where React renders none.
    expect(screen.getByTestId('raw').textContent).toBe('');
  });

  it('edits in the middle without throwing the caret to the end', async () => {
    const user = userEvent.setup();
    render(<Harness mask="phone" initial="79123456789" />);
    const input = screen.getByLabelText<HTMLInputElement>('Поле');
    await user.click(input);
    // Caret after '+7 (91' → delete the 1.
    input.setSelectionRange(6, 6);
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('+7 (923) 456-78-9');
    expect(input.selectionStart).toBe(5);
  });
});

describe('MaskedField (code)', () => {
  it('formats #-#-#-# and takes a pasted code', async () => {
    const user = userEvent.setup();
    render(<Harness mask="code" />);
    const input = screen.getByLabelText('Поле');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(input, '12345');
    expect(input).toHaveValue('1-2-3-4');
    await user.tripleClick(input);
    await user.paste('Ваш код: 9876');
    expect(input).toHaveValue('9-8-7-6');
    expect(screen.getByTestId('raw')).toHaveTextContent('9876');
  });
});
