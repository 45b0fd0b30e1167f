import { expect } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { RepairWizard, type RepairWizardProps } from '../repair-wizard.tsx';

/** Renders the wizard and waits until it has read its draft (the steps or 'Продолжить заявку?' show). */
export async function renderWizard(props: Partial<RepairWizardProps> & Pick<RepairWizardProps, 'user'>) {
  const view = await renderInRouter(() => (
    <RepairWizard
      onLogin={() => {}}
      onForgotPassword={() => {}}
      onNewAccountLogin={() => {}}
      onDone={() => {}}
      {...props}
    />
  ));
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
  return view;
}
