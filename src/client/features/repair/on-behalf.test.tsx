import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OUTBOX_REQUEST_QUEUED_MESSAGE } from '#shared/screens/outbox.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { dropDraft, loadDraft } from './draft.ts';
import { ON_BEHALF_TEXT, OnBehalfButtons } from './on-behalf-button.tsx';
import { useRepairSheet } from './repair-sheet-store.ts';
import { clinicUser, fillAddressStep, fillTurbine, placesRoutes } from './testing/address-world.ts';
import { renderWizard } from './testing/render-wizard.tsx';

// 'Оставить заявку от имени клиники' (issue 41): offered for each clinic whose level gives its
// tickets, never for 'Счета'; the wizard says for whom, and the request names the clinic.

const OWNERS = 'GET /ajax/cabinet/access-owners';
const full = { client_id: 31, company: 'Клиника «Улыбка»', level: 'full' };
const tickets = { client_id: 32, company: 'Дента Плюс', level: 'tickets' };
const bills = { client_id: 33, company: 'Бухгалтерия', level: 'bills' };
const owners = (data: unknown[]) => ({ body: { success: true, data } });

beforeEach(() => dropDraft(clinicUser.id));
afterEach(() => {
  vi.unstubAllGlobals();
  useRepairSheet.setState({ open: false, wanted: false, forClinic: null });
});

describe('OnBehalfButtons', () => {
  it("offers one button per clinic at 'Заявки и согласования' or 'Только заявки', none for 'Счета'", async () => {
    stubFetch({ [OWNERS]: owners([full, tickets, bills]) });
    render(<OnBehalfButtons />);
    expect(await screen.findByRole('button', { name: `${ON_BEHALF_TEXT} «Клиника «Улыбка»»` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `${ON_BEHALF_TEXT} «Дента Плюс»` })).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Бухгалтерия/ })).toBeNull();
  });

  it('shows nothing for a colleague with bills only', async () => {
    const { calls } = stubFetch({ [OWNERS]: owners([bills]) });
    const view = render(<OnBehalfButtons />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(view.container).toBeEmptyDOMElement());
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("opens the repair sheet for the one clinic, named 'Оставить заявку от имени клиники'", async () => {
    stubFetch({ [OWNERS]: owners([tickets]) });
    render(<OnBehalfButtons />);
    await userEvent.click(await screen.findByRole('button', { name: ON_BEHALF_TEXT }));
    expect(useRepairSheet.getState()).toMatchObject({ open: true, forClinic: { id: 32, company: 'Дента Плюс' } });
    // The sheet opened another way afterwards is the user's own request again.
    useRepairSheet.getState().show();
    expect(useRepairSheet.getState().forClinic).toBeNull();
  });

  it('says when the clinics could not be loaded, and Повторить loads them again', async () => {
    let fail = true;
    stubFetch({
      [OWNERS]: () => (fail ? { status: 500, body: { success: false, message: 'Сервис недоступен' } } : owners([full])),
    });
    render(<OnBehalfButtons />);
    const retry = await screen.findByRole('button', { name: 'Повторить' });
    expect(screen.getByText('Сервис недоступен')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ON_BEHALF_TEXT })).toBeNull();
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('button', { name: ON_BEHALF_TEXT })).toBeInTheDocument();
  });
});

describe('RepairWizard for a clinic', () => {
  const forClinic = { id: 32, company: 'Дента Плюс' };

  async function fillAndSend() {
    await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
    await fillAddressStep();
    await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
    await fillTurbine();
    await userEvent.click(screen.getByLabelText(/обработку персональных данных/));
    await userEvent.click(screen.getByLabelText(/правилами программы лояльности/));
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
  }

  it('says for whom the request is and sends it with for_client_id', async () => {
    const { calls } = stubFetch({
      ...placesRoutes,
      'POST /ajax/repair-requests': { body: { success: true, ticket_id: 612 } },
    });
    await renderWizard({ user: clinicUser, forClinic });
    expect(screen.getByText(/Заявка от имени клиники «Дента Плюс»/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
    // The clinic's name, not the colleague's own, starts in 'Название клиники'.
    expect(screen.getByLabelText('Название клиники')).toHaveValue('Дента Плюс');
    await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
    const sentBefore = useRepairSheet.getState().sent;
    await fillAndSend();
    expect(await screen.findByText('Заявка №612 отправлена.')).toBeInTheDocument();
    // A requests list on screen is told to load again, so the new ticket shows there.
    expect(useRepairSheet.getState().sent).toBe(sentBefore + 1);
    const [sent] = calls.filter((call) => call.path === '/ajax/repair-requests');
    expect(sent!.body).toMatchObject({
      for_client_id: 32,
      contact: { name: 'Анна', surname: 'Смирнова' },
      address: { company: 'Дента Плюс' },
    });
  });

  it('keeps for_client_id in the request the service worker keeps with no network', async () => {
    const { calls } = stubFetch({
      ...placesRoutes,
      // The service worker's answer when it kept the request (sw/outbox-routes.ts).
      'POST /ajax/repair-requests': {
        status: 202,
        body: { success: true, queued: true, message: OUTBOX_REQUEST_QUEUED_MESSAGE, outbox_id: 'entry-9' },
      },
    });
    await renderWizard({ user: clinicUser, forClinic });
    await fillAndSend();
    expect(await screen.findByText(OUTBOX_REQUEST_QUEUED_MESSAGE)).toBeInTheDocument();
    const [sent] = calls.filter((call) => call.path === '/ajax/repair-requests');
    expect(sent!.body).toMatchObject({ for_client_id: 32 });
  });

  it("sends the user's own request without for_client_id, and keeps each draft to its own clinic", async () => {
    stubFetch({ ...placesRoutes });
    const view = await renderWizard({ user: clinicUser, forClinic });
    await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
    expect((await loadDraft(clinicUser.id))?.forClientId).toBe(32);
    view.unmount();
    // The user's own wizard does not offer the clinic's draft back.
    await renderWizard({ user: clinicUser });
    expect(screen.queryByText('Продолжить заявку?')).toBeNull();
    expect(screen.queryByText(/от имени клиники/)).toBeNull();
  });
});
