import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal, type ModalProps } from './modal.tsx';

function Harness(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      <Modal
        open={open}
        title="Ошибка"
        {...props}
        onClose={() => {
          props.onClose?.();
          setOpen(false);
        }}
      >
        <p>Текст ошибки</p>
        <input aria-label="Поле" />
        <button type="button">OK</button>
      </Modal>
    </>
  );
}

async function openHarness(props: Partial<ModalProps> = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  const trigger = screen.getByRole('button', { name: 'Открыть' });
  await user.click(trigger);
  return { user, trigger, dialog: screen.getByRole('dialog', { name: 'Ошибка' }) };
}

describe('Modal', () => {
  it('is a labelled modal dialog and takes the focus', async () => {
    const { dialog } = await openHarness();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleName('Ошибка');
    expect(dialog).toHaveFocus();
  });

  it("opens as the platform's modal dialog (top layer, inert page) and locks the page scroll", async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const { user, dialog } = await openHarness();
    expect(dialog).toBeInstanceOf(HTMLDialogElement);
    expect(showModal).toHaveBeenCalledOnce();
    expect(dialog).toHaveAttribute('open');
    expect(document.documentElement).toHaveAttribute('data-scroll-locked');
    await user.keyboard('{Escape}');
    expect(document.documentElement).not.toHaveAttribute('data-scroll-locked');
    showModal.mockRestore();
  });

  it('keeps the focus where a field put it', async () => {
    const { user } = await openHarness();
    const field = screen.getByRole('textbox', { name: 'Поле' });
    await user.click(field);
    expect(field).toHaveFocus();
  });

  it('closes on Escape and gives the focus back to the trigger', async () => {
    const onClose = vi.fn();
    const { user, trigger } = await openHarness({ onClose });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('ignores Escape when not allowed', async () => {
    const onClose = vi.fn();
    const { user } = await openHarness({ onClose, closeOnEscape: false });
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toHaveAttribute('open');
  });

  it('leaves Escape to a control inside that handles it (a suggestion list closing)', async () => {
    const onClose = vi.fn();
    const { user } = await openHarness({ onClose });
    const field = screen.getByRole('textbox', { name: 'Поле' });
    field.addEventListener('keydown', (event) => event.key === 'Escape' && event.preventDefault());
    await user.click(field);
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on an overlay click but not on a click inside', async () => {
    const onClose = vi.fn();
    const { user } = await openHarness({ onClose });
    await user.click(screen.getByText('Текст ошибки'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('modal-overlay'));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('keeps open on an overlay click when not allowed', async () => {
    const onClose = vi.fn();
    const { user } = await openHarness({ onClose, closeOnOverlay: false });
    await user.click(screen.getByTestId('modal-overlay'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with the close button', async () => {
    const onClose = vi.fn();
    const { user } = await openHarness({ onClose });
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('focuses the given element first', async () => {
    function WithInitialFocus() {
      const [ref] = useState(() => ({ current: null as HTMLInputElement | null }));
      return (
        <Modal open title="Форма" onClose={() => {}} initialFocusRef={ref}>
          <input aria-label="Эл. почта" ref={(element) => void (ref.current = element)} />
        </Modal>
      );
    }
    render(<WithInitialFocus />);
    expect(screen.getByRole('textbox', { name: 'Эл. почта' })).toHaveFocus();
  });
});

describe('Modal stacking', () => {
  it('only the top dialog reacts to Escape', async () => {
    const outer = vi.fn();
    const inner = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <Modal open title="Внешний" onClose={outer}>
          <p>Внешний</p>
        </Modal>
        <Modal open title="Внутренний" onClose={inner}>
          <p>Внутренний</p>
        </Modal>
      </>,
    );
    await user.keyboard('{Escape}');
    expect(inner).toHaveBeenCalledOnce();
    expect(outer).not.toHaveBeenCalled();
  });
});
