// The cabinet end to end, on a world the service centre's back office set up through the
// integration API of the running server (API.md; docs/api.md): a fresh clinic with tickets in
// several statuses, five repair quotes (one with trade-in, one with a PDF), points, gifts, a
// trade-in instrument and, later, bills. Then, as the clinic in Chromium: the requests list's
// filters at a phone and a desktop size, the ticket page and every decision popup (approve,
// reject, discuss, trade in, spend points), the event feed the back office reads back, a quote
// changed while the page was open (409), and the bills with the Счета badge following the back
// office (cabinet.md §2, §4, §5; portal.md §4.6).
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionMessages } from '../../src/shared/screens/decisions.ts';
import { backOffice, PDF_BYTES, PNG_BYTES, type BackOfficeEvent, type Defect } from './back-office.ts';
import {
  DESKTOP,
  PHONE,
  SIZES,
  baseURL,
  launchBrowser,
  openPage,
  screenshot,
  settle,
  withContextPage,
  type ScreenSize,
} from './support.ts';
import {
  button,
  cabinet,
  cabinetNav,
  chooseRadio,
  dialogNamed,
  expectDecision,
  expectFieldError,
  expectText,
  headerPoints,
  loginFromHome,
  shownTicketIds,
  statementCard,
  tabBar,
  visible,
} from './ui.ts';

let browser: Browser;

/** What the back office made: ids to look for in the portal and in the event feed. */
interface World {
  clinic: { id: number; email: string; password: string };
  tickets: { old: number; plain: number; decisions: number; quote: number };
  statements: { approve: number; reject: number; discuss: number; tradeIn: number; points: number; quote: number };
  tradeInInstrumentId: number;
  /** The event feed's position once the world was built: the decisions' events come after it. */
  eventsAfter: number;
}
let world: World;

/** The quotes of the decisions ticket, one per decision, and the one the back office re-prices. */
const QUOTES = {
  approve: {
    series: 'PM-101',
    type: 1,
    name: 'Турбинный наконечник NSK Pana-Max',
    defect: 'Износ подшипников ротора',
    sum: '10000.00',
  },
  reject: { series: 'WA-202', type: 2, name: 'Угловой наконечник W&H WA-99', defect: 'Люфт цанги', sum: '8000.00' },
  discuss: { series: 'EP-303', type: 3, name: 'Скалер EMS Piezon', defect: 'Не держит частоту', sum: '6500.00' },
  tradeIn: {
    series: 'KV-404',
    type: 1,
    name: 'Турбинный наконечник KaVo 8000B',
    defect: 'Трещина корпуса',
    sum: '15000.00',
    trade_is_enabled: true,
  },
  points: { series: 'MX-505', type: 4, name: 'Микромотор Bien-Air MX2', defect: 'Перегрев', sum: '10000.00' },
  quote: { series: 'T1-606', type: 2, name: 'Прямой наконечник Sirona T1', defect: 'Заедает кнопка', sum: '12000.00' },
} as const;

const POINTS = 5000;
/** 30 % of the 10 000,00 ₽ repair (ballsForDiscount): the most the points popup lets spend on it. */
const POINTS_LIMIT = 3000;
const POINTS_SPENT = 1500;
const TRADE_IN = {
  id: 9101,
  title: 'Турбинный наконечник Bien-Air Tornado (e2e)',
  properties: ['Светодиодная подсветка (e2e)', 'Четырёхструйное охлаждение'],
  link: 'https://example.com/tornado',
  price_discount: '41200.00',
  is_active: true,
};
/** A gift the clinic cannot afford: shown, disabled, with what is missing. */
const DEAR_GIFT = { id: 9101, name: 'Стерилизатор (e2e)', cost: 9000, is_available: true };
const DISCUSS_COMMENT = 'Можно заменить только ротор? Ответьте, пожалуйста, до пятницы.';

async function buildWorld(): Promise<World> {
  const clinic = await backOffice.client('clinic-password-2026');
  const pdf = await backOffice.file(PDF_BYTES, 'ведомость ДВ-1.pdf');
  expect(pdf.mime_type).toBe('application/pdf');
  const picture = await backOffice.file(PNG_BYTES, 'tornado.png');

  const instrument = (serial: string, type = 1) => ({
    serial_number: serial,
    type,
    description: 'Шумит при работе',
    status: 2,
  });
  // Oldest first: the list shows the newest on top.
  const old = await backOffice.ticket({
    client_id: clinic.id,
    status: 7,
    created_at: '2025-12-01T09:30:00+03:00',
    instruments: [instrument('OLD-1')],
  });
  const plain = await backOffice.ticket({
    client_id: clinic.id,
    status: 2,
    instruments: [instrument('PL-1'), instrument('PL-2', 3)],
  });
  const decisions = await backOffice.ticket({
    client_id: clinic.id,
    status: 1,
    instruments: Object.values(QUOTES)
      .slice(0, 5)
      .map((quote) => instrument(quote.series, quote.type)),
  });
  // Diagnosed: the back office moves it on to "Требует согласования".
  expect((await backOffice.patchTicket(decisions.id, { status: 5 })).changed).toEqual(['status']);
  const quote = await backOffice.ticket({
    client_id: clinic.id,
    status: 5,
    instruments: [instrument(QUOTES.quote.series, QUOTES.quote.type)],
  });

  const add = (ticketId: number, input: Omit<Defect, 'status'>) => backOffice.defect(ticketId, { ...input, status: 1 });
  const approve = await add(decisions.id, {
    ...QUOTES.approve,
    id_1c: 'ДВ-E2E-1',
    conclusion: 'Замена подшипников и ротора',
    document_file_id: pdf.id,
  });
  const reject = await add(decisions.id, QUOTES.reject);
  const discuss = await add(decisions.id, QUOTES.discuss);
  const tradeIn = await add(decisions.id, QUOTES.tradeIn);
  const points = await add(decisions.id, QUOTES.points);
  const quoted = await add(quote.id, QUOTES.quote);

  expect((await backOffice.points(clinic.id, POINTS, 'Начисление за участие в программе (e2e)')).balance).toBe(POINTS);
  await backOffice.gift(DEAR_GIFT.id, DEAR_GIFT);
  await backOffice.tradeInInstrument(TRADE_IN.id, {
    ...TRADE_IN,
    list_image_file_id: picture.id,
    page_image_file_id: picture.id,
  });

  const { next } = await backOffice.events();
  return {
    clinic,
    tickets: { old: old.id, plain: plain.id, decisions: decisions.id, quote: quote.id },
    statements: {
      approve: approve.id,
      reject: reject.id,
      discuss: discuss.id,
      tradeIn: tradeIn.id,
      points: points.id,
      quote: quoted.id,
    },
    tradeInInstrumentId: TRADE_IN.id,
    eventsAfter: next,
  };
}

// One logged-in context per screen size, reused by the tests (few logins; each test its own page).
const sessions = new Map<ScreenSize['name'], BrowserContext>();

async function loggedIn(size: ScreenSize): Promise<BrowserContext> {
  const existing = sessions.get(size.name);
  if (existing) return existing;
  const { context, page } = await openPage(browser, size);
  await page.close();
  await withContextPage(context, `${size.name}-cabinet-login`, async (login) => {
    await loginFromHome(login, size, world.clinic);
    await login.waitForURL((url) => url.pathname === '/cabinet/tickets');
  });
  sessions.set(size.name, context);
  return context;
}

/** Opens a ticket page and waits for its statements. */
async function openTicket(page: Page, id: number): Promise<void> {
  await page.goto(`/cabinet/tickets/${id}`);
  await visible(page.getByRole('heading', { level: 1, name: `Заявка на ремонт №${id}` })).waitFor();
  await visible(page.getByRole('heading', { name: cabinet.statementsHeading })).waitFor();
}

/** Nothing in `locators` comes within 4 px of the top of the tab bar's raised Ремонт circle. */
async function expectClearOfRepairCircle(page: Page, locators: Locator[]): Promise<void> {
  const circle = (await tabBar(page).getByRole('link', { name: 'Ремонт' }).locator('span').first().boundingBox())!;
  for (const locator of locators) {
    const box = (await visible(locator).boundingBox())!;
    expect(box.y + box.height, `${String(locator)} ends above the Ремонт circle`).toBeLessThanOrEqual(circle.y - 4);
  }
}

/**
 * The points popup's figures: each on the first line of its label, all on one right edge (a long
 * label wraps in its own column instead of pushing its figure under it).
 */
async function expectFiguresAligned(dialog: Locator, labels: string[]): Promise<void> {
  const rows = await Promise.all(
    labels.map(async (label) => {
      const term = dialog.locator('dt', { hasText: label });
      const figure = term.locator('xpath=following-sibling::dd[1]');
      return { label, term: (await term.boundingBox())!, figure: (await figure.boundingBox())! };
    }),
  );
  const rightEdge = rows[0]!.figure.x + rows[0]!.figure.width;
  for (const { label, term, figure } of rows) {
    expect(Math.abs(figure.y - term.y), `'${label}': the figure on the label's line`).toBeLessThanOrEqual(2);
    expect(
      Math.abs(figure.x + figure.width - rightEdge),
      `'${label}': the figure at the right edge`,
    ).toBeLessThanOrEqual(1);
  }
}

/** The decision events of the clinic written after the world was built. */
async function decisionEvents(): Promise<BackOfficeEvent[]> {
  const { events } = await backOffice.events(world.eventsAfter);
  return events.filter(
    (event) =>
      event.client_id === world.clinic.id &&
      event.type.startsWith('defect.') &&
      !/^defect\.(created|updated)$/.test(event.type),
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  world = await buildWorld();
});

afterAll(async () => {
  for (const context of sessions.values()) await context.close().catch(() => undefined);
  await browser?.close();
});

describe.each(SIZES)('the requests list on a $name', (size) => {
  it('filters by status and by number, "Только мои заявки", and opens a ticket with Подробнее', async () => {
    const context = await loggedIn(size);
    await withContextPage(context, `${size.name}-tickets-list`, async (page) => {
      const { old, plain, decisions, quote } = world.tickets;
      // The list calls the page makes, with when they left.
      const sent: Array<{ url: URL; at: number }> = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/ajax/cabinet/tickets') sent.push({ url, at: Date.now() });
      });
      const lastQuery = () => sent.at(-1)?.url.searchParams;

      await page.goto('/cabinet/tickets');
      await expect.poll(() => shownTicketIds(page)).toEqual([quote, decisions, plain, old]);
      await screenshot(page, `${size.name}-tickets-list`);
      // Phones fold the filters behind one button (ADR 0022).
      if (size.name === 'phone') await button(page, 'Фильтры').click();
      // The creator is the clinic, and the older ticket shows its own date.
      const main = page.getByRole('main');
      await expectText(main, world.clinic.email);
      await expectText(main, '01.12.2025');

      // Status: applied at once.
      const status = visible(page.getByLabel(cabinet.statusFilter, { exact: true }));
      await status.selectOption({ label: 'Закрыта' });
      await expect.poll(() => shownTicketIds(page)).toEqual([old]);
      await status.selectOption({ label: 'Требует согласования' });
      await expect.poll(() => shownTicketIds(page)).toEqual([quote, decisions]);
      await screenshot(page, `${size.name}-tickets-list-status`);

      // Number (the newest ticket's: the most digits): one request after the typing pauses
      // (350 ms), not one per digit.
      const number = visible(page.getByLabel(cabinet.numberFilter, { exact: true }));
      const before = sent.length;
      await number.pressSequentially(String(quote), { delay: 40 });
      const typedAt = Date.now();
      await expect.poll(() => shownTicketIds(page)).toEqual([quote]);
      const byNumber = sent.slice(before);
      expect(byNumber.map(({ url }) => url.searchParams.get('number'))).toEqual([String(quote)]);
      expect(byNumber[0]!.url.searchParams.get('status')).toBe('5');
      // Not before the pause (less a margin for the browser's round trip to the test).
      expect(byNumber[0]!.at - typedAt).toBeGreaterThanOrEqual(150);
      await screenshot(page, `${size.name}-tickets-list-number`);

      // Back to everything, then 'Только мои заявки': the user's id goes as client_id, and the
      // clinic's own tickets stay.
      await button(page, cabinet.clearNumber).click();
      await button(page, cabinet.clearStatus).click();
      await expect.poll(() => shownTicketIds(page)).toEqual([quote, decisions, plain, old]);
      const onlyMine = visible(page.getByRole('checkbox', { name: cabinet.onlyMine }));
      const mine = page.waitForResponse((response) => {
        const url = new URL(response.url());
        return (
          url.pathname === '/ajax/cabinet/tickets' && url.searchParams.get('client_id') === String(world.clinic.id)
        );
      });
      await onlyMine.check();
      expect((await mine).status()).toBe(200);
      // The rows shown now are that answer's (the old ones stay on screen while it loads).
      await settle(page);
      expect(await shownTicketIds(page)).toEqual([quote, decisions, plain, old]);
      await onlyMine.uncheck();
      await expect.poll(() => lastQuery()?.has('client_id')).toBe(false);

      await visible(page.getByRole('link', { name: `Подробнее о заявке №${decisions}` })).click();
      await page.waitForURL((url) => url.pathname === `/cabinet/tickets/${decisions}`);
      await visible(page.getByRole('heading', { level: 1, name: `Заявка на ремонт №${decisions}` })).waitFor();
      await expectText(page.getByRole('main'), 'Требует согласования');
      for (const quoteOnTicket of Object.values(QUOTES).slice(0, 5))
        await statementCard(page, quoteOnTicket.name).waitFor();
      await headerPoints(page, '5 000').waitFor();
      if (size.name === 'desktop') await button(page, cabinet.approveAll).waitFor();

      // The statement's PDF that the back office attached downloads for its owner.
      const card = statementCard(page, QUOTES.approve.name);
      await card.getByRole('button', { name: cabinet.details }).click();
      await expectText(card, 'Замена подшипников и ротора');
      const pdfHref = await card.getByRole('link', { name: cabinet.statementPdf }).getAttribute('href');
      const pdf = await page.request.get(new URL(pdfHref!, baseURL()).toString());
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toMatch(/application\/pdf/);
      await screenshot(page, `${size.name}-ticket-page`);
    });
  });
});

describe('decisions on the quotes', () => {
  it('on a phone: approves one, rejects one with a reason, discusses one', async () => {
    const context = await loggedIn(PHONE);
    await withContextPage(context, 'phone-decisions', async (page) => {
      // The narrowest phone the portal is made for.
      await page.setViewportSize({ width: 360, height: 780 });
      await openTicket(page, world.tickets.decisions);

      // A ticked quote brings the selection bar; the tab bar's raised Ремонт circle stays clear of it.
      const approved = statementCard(page, QUOTES.approve.name);
      await approved.getByRole('checkbox').check();
      const bar = page.getByRole('region', { name: 'Выбранные инструменты' });
      await button(bar, cabinet.approveSelected).waitFor();
      await expectClearOfRepairCircle(page, [
        button(bar, cabinet.approveSelected),
        bar.getByText(/Стоимость выбранных/),
      ]);
      await screenshot(page, 'phone-selection-bar-360');
      await approved.getByRole('checkbox').uncheck();
      await bar.waitFor({ state: 'detached' });

      // Approve: the confirmation, then (the clinic has points) the points popup, without points.
      await button(approved, cabinet.approve).click();
      const confirm = dialogNamed(page, cabinet.approveDialog);
      await expectText(confirm, /10\s000,00\s₽/);
      await screenshot(page, 'phone-popup-approve');
      await button(confirm, cabinet.approve).click();
      const points = dialogNamed(page, cabinet.pointsDialog);
      await button(points, cabinet.withoutPoints).waitFor();
      await button(points, cabinet.spendOnRepair).waitFor();
      await screenshot(page, 'phone-popup-points');
      await expectFiguresAligned(points, ['Стоимость ремонта', 'Можно списать в счёт ремонта', 'Доступно на подарок']);
      await button(points, cabinet.withoutPoints).click();
      await points.waitFor({ state: 'detached' });
      await expectDecision(approved, cabinet.decided.approved);
      // No points spent.
      await headerPoints(page, '5 000').waitFor();

      // Reject: a reason is required.
      const rejected = statementCard(page, QUOTES.reject.name);
      await button(rejected, cabinet.reject).click();
      const reject = dialogNamed(page, cabinet.rejectDialog);
      await button(reject, cabinet.rejectSubmit).click();
      await expectFieldError(reject.getByRole('radiogroup'), decisionMessages.reasonRequired);
      await screenshot(page, 'phone-popup-reject-no-reason');
      await chooseRadio(reject, cabinet.rejectReason);
      await button(reject, cabinet.rejectSubmit).click();
      await reject.waitFor({ state: 'detached' });
      await expectDecision(rejected, cabinet.decided.rejected);

      // Discuss: a comment is required.
      const discussed = statementCard(page, QUOTES.discuss.name);
      await button(discussed, cabinet.discuss).click();
      const discuss = dialogNamed(page, cabinet.discussDialog);
      await button(discuss, cabinet.send).click();
      const comment = discuss.getByLabel(cabinet.comment, { exact: true });
      await expectFieldError(comment, decisionMessages.commentRequired);
      await screenshot(page, 'phone-popup-discuss-no-comment');
      await comment.fill(DISCUSS_COMMENT);
      await button(discuss, cabinet.send).click();
      await discuss.waitFor({ state: 'detached' });
      await expectDecision(discussed, cabinet.decided.discussed);

      // The other two are still open, and a reload shows the same (the server has the decisions).
      await button(statementCard(page, QUOTES.tradeIn.name), cabinet.tradeIn).waitFor();
      await page.reload();
      await expectDecision(statementCard(page, QUOTES.discuss.name), cabinet.decided.discussed);
      await screenshot(page, 'phone-ticket-decided');
    });
  });

  it('on a desktop: trades one in for a new instrument, spends points on another', async () => {
    const context = await loggedIn(DESKTOP);
    await withContextPage(context, 'desktop-decisions', async (page) => {
      await openTicket(page, world.tickets.decisions);

      // Trade-in: the list, one instrument's detail, approval in its favour.
      const traded = statementCard(page, QUOTES.tradeIn.name);
      await button(traded, cabinet.tradeIn).click();
      const tradeIn = dialogNamed(page, cabinet.tradeInDialog);
      const more = button(tradeIn, `Подробнее об инструменте ${TRADE_IN.title}`);
      await more.waitFor();
      await expectText(tradeIn, /41\s200,00\s₽/);
      await screenshot(page, 'desktop-popup-trade-in-list');
      await more.click();
      await visible(tradeIn.getByRole('heading', { name: TRADE_IN.title })).waitFor();
      await expectText(tradeIn, TRADE_IN.properties[0]!);
      await screenshot(page, 'desktop-popup-trade-in-detail');
      await button(tradeIn, cabinet.tradeInApprove).click();
      // Tens of thousands of roubles: asked once, naming the instrument and its price.
      const question = dialogNamed(page, 'Согласовать обмен?');
      await expectText(question, TRADE_IN.title);
      await expectText(question, /41\s200,00\s₽/);
      await screenshot(page, 'desktop-popup-trade-in-confirm');
      await button(question, 'Да, согласовать обмен').click();
      await question.waitFor({ state: 'detached' });
      // Approved: back to the list (cabinet.md §4), which says what was chosen and for how much.
      const agreed = tradeIn.getByRole('status');
      await expectText(agreed, `Новый инструмент: «${TRADE_IN.title}»`);
      await more.waitFor();
      await button(tradeIn, 'Закрыть').click();
      await tradeIn.waitFor({ state: 'detached' });
      await expectDecision(traded, cabinet.decided.tradeIn);
      await expectText(
        traded,
        new RegExp(`Новый инструмент: «${TRADE_IN.title.replace(/[()]/g, '\\$&')}» за 41\\s200,00\\s₽`),
      );

      // Points: the gifts (one out of reach, disabled), then spending on the repair: over the
      // limit is refused with the limit, a valid number approves and the balance goes down.
      await headerPoints(page, '5 000').waitFor();
      const spentOn = statementCard(page, QUOTES.points.name);
      await button(spentOn, cabinet.approve).click();
      await button(dialogNamed(page, cabinet.approveDialog), cabinet.approve).click();
      const points = dialogNamed(page, cabinet.pointsDialog);
      await button(points, cabinet.chooseGift).click();
      const dearGift = points.getByRole('radio', { name: /Стерилизатор \(e2e\) \(осталось накопить 4\s000 бонусов\)/ });
      await dearGift.waitFor();
      expect(await dearGift.isDisabled()).toBe(true);
      await screenshot(page, 'desktop-popup-points-gifts');

      await button(points, cabinet.spendOnRepair).click();
      const balls = points.getByLabel(cabinet.ballsInput);
      await balls.fill(String(POINTS_LIMIT + 500));
      await button(points, cabinet.spendAndApprove).click();
      await expectFieldError(balls, decisionMessages.ballsTooMany(POINTS_LIMIT));
      await screenshot(page, 'desktop-popup-points-limit');
      await balls.fill(String(POINTS_SPENT));
      await button(points, cabinet.spendAndApprove).click();
      await points.waitFor({ state: 'detached' });
      await expectDecision(spentOn, cabinet.decided.approved);
      await headerPoints(page, '3 500').waitFor();
      await screenshot(page, 'desktop-ticket-decided');
    });
  });

  it('on a desktop: a quote re-priced while the page is open is not approved; the new price is shown', async () => {
    const context = await loggedIn(DESKTOP);
    await withContextPage(context, 'desktop-conflict', async (page) => {
      await openTicket(page, world.tickets.quote);
      const card = statementCard(page, QUOTES.quote.name);
      await button(card, cabinet.approve).waitFor();

      // The back office changes the price after the clinic saw it.
      const patched = await backOffice.patchDefect(world.statements.quote, { sum: '14500.00' });
      expect(patched).toEqual({ id: world.statements.quote, version: 2, changed: ['sum'] });

      await button(card, cabinet.approve).click();
      const confirm = dialogNamed(page, cabinet.approveDialog);
      await expectText(confirm, /12\s000,00\s₽/);
      await button(confirm, cabinet.approve).click();
      const points = dialogNamed(page, cabinet.pointsDialog);
      await button(points, cabinet.withoutPoints).click();
      await expectText(points, decisionMessages.conflict);
      await expectText(points, /было 12\s000,00\s₽, стало 14\s500,00\s₽/);
      await screenshot(page, 'desktop-popup-conflict');
      await button(points, cabinet.understood).click();
      await points.waitFor({ state: 'detached' });

      // Still undecided, now at the new price; no approval was written.
      await button(card, cabinet.approve).waitFor();
      await card.getByRole('button', { name: cabinet.details }).click();
      await expectText(card, /14\s500,00\s₽/);
      await headerPoints(page, '3 500').waitFor();
      const events = await decisionEvents();
      expect(events.filter((event) => event.payload.defect_id === world.statements.quote)).toEqual([]);
    });
  });

  it('the back office reads exactly one decision event per decided statement', async () => {
    const events = await decisionEvents();
    const byDefect = (id: number) => events.filter((event) => event.payload.defect_id === id);
    const { statements } = world;
    expect(byDefect(statements.approve)).toMatchObject([
      { type: 'defect.approved', ticket_id: world.tickets.decisions, payload: { balls: 0, gift: null } },
    ]);
    expect(byDefect(statements.reject)).toMatchObject([
      { type: 'defect.rejected', payload: { comment: cabinet.rejectReason } },
    ]);
    expect(byDefect(statements.discuss)).toMatchObject([
      { type: 'defect.discussed', payload: { comment: DISCUSS_COMMENT } },
    ]);
    expect(byDefect(statements.tradeIn)).toMatchObject([
      { type: 'defect.trade_in', payload: { instrument_id: world.tradeInInstrumentId } },
    ]);
    expect(byDefect(statements.points)).toMatchObject([
      { type: 'defect.approved', payload: { balls: POINTS_SPENT, gift: null } },
    ]);
    expect(byDefect(statements.quote)).toEqual([]);
    expect(events).toHaveLength(5);
  });
});

describe('bills', () => {
  it('shows the back office’s bills with their statuses, and the Счета badge follows the back office', async () => {
    const suffix = Date.now().toString(36).toUpperCase();
    const pdf = await backOffice.file(PDF_BYTES, 'счёт.pdf');
    const bills = {
      unpaid: { id_1c: `СЧ-${suffix}-1`, status: 'Не оплачен', amount_document: '12500.00' },
      paid: { id_1c: `СЧ-${suffix}-2`, status: 'Оплачен', amount_document: '8000.00' },
      unknown: { id_1c: `СЧ-${suffix}-3`, status: null, amount_document: '6500.00' },
    };
    const unpaid = await backOffice.bill({
      client_id: world.clinic.id,
      date: '2026-03-02',
      ...bills.unpaid,
      defective_list_ids: [world.statements.approve],
      document_file_id: pdf.id,
    });
    await backOffice.bill({ client_id: world.clinic.id, date: '2026-02-20', ...bills.paid });
    await backOffice.bill({ client_id: world.clinic.id, date: '2026-02-10', ...bills.unknown });
    const shown = [
      [bills.unpaid.id_1c, cabinet.unpaid],
      [bills.paid.id_1c, cabinet.paid],
      [bills.unknown.id_1c, cabinet.noData],
    ] as const;

    const desktop = await loggedIn(DESKTOP);
    const phone = await loggedIn(PHONE);
    await withContextPage(desktop, 'desktop-bills', async (page) => {
      await page.goto('/cabinet/bills');
      // The unpaid-bills notice pops up 1 s after the count arrives (portal.md §4.6).
      const notice = dialogNamed(page, cabinet.unpaidNotice);
      await notice.waitFor();
      await screenshot(page, 'desktop-popup-unpaid-bills');
      await button(notice, cabinet.close).click();
      await notice.waitFor({ state: 'detached' });

      for (const [id1c, status] of shown) {
        const row = page.getByRole('row').filter({ hasText: id1c });
        await visible(row.getByText(status, { exact: true })).waitFor();
      }
      await expectText(page.getByRole('row').filter({ hasText: bills.unpaid.id_1c }), /12\s500,00\s₽/);
      await expectText(page.getByRole('row').filter({ hasText: bills.unpaid.id_1c }), '№ ДВ-E2E-1');
      const navBills = visible(cabinetNav(page).getByRole('link', { name: cabinet.billsWithUnpaid, exact: true }));
      await navBills.waitFor();
      expect(await navBills.textContent()).toMatch(/^\s*Счета\s*1\s*$/);
      const download = page.getByRole('link', {
        name: `Скачать счёт ${bills.unpaid.id_1c} (откроется в новой вкладке)`,
      });
      const file = await page.request.get(new URL((await download.getAttribute('href'))!, baseURL()).toString());
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toMatch(/application\/pdf/);
      await screenshot(page, 'desktop-bills');
    });

    // The phone: the notice already counted as seen (its cookie), so it stays away.
    await phone.addCookies([{ name: 'unpaid_bills_notice', value: '1', url: baseURL() }]);
    await withContextPage(phone, 'phone-bills', async (page) => {
      await page.goto('/cabinet/bills');
      for (const [id1c, status] of shown) {
        const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Счёт ${id1c}` }) });
        await visible(card.getByText(status, { exact: true })).waitFor();
      }
      const tabBills = visible(tabBar(page).getByRole('link', { name: cabinet.billsWithUnpaid, exact: true }));
      await tabBills.waitFor();
      expect(await tabBills.textContent()).toMatch(/1/);
      await screenshot(page, 'phone-bills');
    });

    // The back office marks the bill paid: on the next load the badge is gone.
    expect((await backOffice.patchBill(unpaid.id, 'Оплачен')).changed).toEqual(['status']);
    await withContextPage(desktop, 'desktop-bills-paid', async (page) => {
      await page.goto('/cabinet/bills');
      const row = page.getByRole('row').filter({ hasText: bills.unpaid.id_1c });
      await visible(row.getByText(cabinet.paid, { exact: true })).waitFor();
      await visible(cabinetNav(page).getByRole('link', { name: cabinet.bills, exact: true })).waitFor();
      expect(
        await cabinetNav(page)
          .getByRole('link', { name: /неоплачен/ })
          .count(),
      ).toBe(0);
      await screenshot(page, 'desktop-bills-paid');
    });
    await withContextPage(phone, 'phone-bills-paid', async (page) => {
      await page.goto('/cabinet/tickets');
      await visible(tabBar(page).getByRole('link', { name: cabinet.bills, exact: true })).waitFor();
      expect(
        await tabBar(page)
          .getByRole('link', { name: /неоплачен/ })
          .count(),
      ).toBe(0);
    });
  });
});
