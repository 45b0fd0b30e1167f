import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteBanner } from '#server/db/schema/notifications.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { insertAccount, loginAs } from '../../../../tests/setup/accounts.ts';
import { backOffice, PDF_BYTES, PNG_BYTES } from '../../../../tests/setup/back-office.ts';
import { errorBody, jsonBody, operationOf, type OpenApiBody } from '../../../../tests/setup/json.ts';

// The site's notices (portal.md §2.3, §4.6, §7): the banner the back office sets with
// PUT /api/v1/banner and every visitor reads with GET /ajax/banner/get, its picture public only while
// the active banner shows it and nothing private uses it; the ad-blocker probe; the public settings.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const putBanner = (json: unknown) => t.integration('/banner', { method: 'PUT', json });
const guestGet = (path: string) => t.request(path, { cookies: false });
const bannerAnswer = async () =>
  (await (await guestGet('/ajax/banner/get')).json()) as { success: boolean; banner: Record<string, unknown> };
const storedBanner = async () => (await t.db.select().from(siteBanner))[0];

describe('PUT /api/v1/banner and GET /ajax/banner/get', () => {
  it('answers no banner until the back office sets one', async () => {
    expect(await bannerAnswer()).toEqual({ success: true, banner: { is_active: false, link: null, image: null } });
  });

  it('sets the banner, which every visitor then reads with a public picture', async () => {
    const picture = await backOffice.file(t, PNG_BYTES, 'акция.png');
    const response = await putBanner({
      is_active: true,
      link: 'https://example.ru/actions',
      image_file_id: picture.id,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      is_active: true,
      link: 'https://example.ru/actions',
      image_file_id: picture.id,
    });
    expect(await bannerAnswer()).toEqual({
      success: true,
      banner: { is_active: true, link: 'https://example.ru/actions', image: `/ajax/banner/image/${picture.id}` },
    });
    const image = await guestGet(`/ajax/banner/image/${picture.id}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(PNG_BYTES))).toBe(true);
  });

  it.each([
    [{ is_active: 'да', image_file_id: 1 }, 'is_active', 'Ожидается true или false'],
    [
      { is_active: true, link: 'javascript:alert(1)', image_file_id: 1 },
      'link',
      'Ожидается ссылка http:// или https://',
    ],
    [
      { is_active: true, link: 'ftp://example.ru/x', image_file_id: 1 },
      'link',
      'Ожидается ссылка http:// или https://',
    ],
    [
      { is_active: true, link: 'https://example.ru' },
      'image_file_id',
      'Для активного баннера нужна картинка (image_file_id)',
    ],
    [{ is_active: true, image_file_id: 0 }, 'image_file_id', 'Ожидается целый положительный идентификатор'],
    [{ is_active: true, image_file_id: 999_999 }, 'image_file_id', 'Файл не найден'],
  ])('refuses %j in Russian on %s and changes nothing', async (body, field, message) => {
    const before = await storedBanner();
    const response = await putBanner(body);
    expect(response.status).toBe(422);
    expect((await errorBody(response)).errors[field]).toEqual([message]);
    expect(await storedBanner()).toEqual(before);
  });

  it("refuses a PDF and a file that a clinic's record uses as the picture", async () => {
    const pdf = await backOffice.file(t, PDF_BYTES, 'договор.pdf');
    const refusedPdf = await putBanner({ is_active: true, image_file_id: pdf.id });
    expect(refusedPdf.status).toBe(422);
    expect((await errorBody(refusedPdf)).errors.image_file_id).toEqual(['Картинка баннера — файл JPEG, PNG или WebP']);

    const clinic = await backOffice.client(t);
    const billPicture = await backOffice.file(t, PNG_BYTES, 'счёт.png');
    await backOffice.bill(t, clinic.id, { document_file_id: billPicture.id });
    const refusedPrivate = await putBanner({ is_active: true, image_file_id: billPicture.id });
    expect(refusedPrivate.status).toBe(422);
    expect((await errorBody(refusedPrivate)).errors.image_file_id).toEqual([
      'Этот файл относится к документам клиента и не может быть картинкой баннера',
    ]);
    expect((await guestGet(`/ajax/banner/image/${billPicture.id}`)).status).toBe(404);
  });

  it('needs the integration token', async () => {
    const response = await t.integration('/banner', { method: 'PUT', json: { is_active: false }, token: null });
    expect(response.status).toBe(401);
  });

  it('keeps the picture public only while the active banner shows it and nothing private uses it', async () => {
    const picture = await backOffice.file(t, PNG_BYTES, 'весна.png');
    const other = await backOffice.file(t, PNG_BYTES, 'другая.png');
    await putBanner({ is_active: true, link: null, image_file_id: picture.id });
    expect((await guestGet(`/ajax/banner/image/${picture.id}`)).status).toBe(200);
    // Another upload is not public because a banner exists.
    expect((await guestGet(`/ajax/banner/image/${other.id}`)).status).toBe(404);

    // A logged-in clinic reaches it through the cabinet's file download as well.
    const account = await insertAccount(t);
    await loginAs(t, account.email);
    expect((await t.request(`/ajax/cabinet/files/${picture.id}`)).status).toBe(200);

    // Switched off: the picture is nobody's to see, and the answer shows no banner.
    expect((await putBanner({ is_active: false, link: null, image_file_id: picture.id })).status).toBe(200);
    expect((await guestGet(`/ajax/banner/image/${picture.id}`)).status).toBe(404);
    expect((await t.request(`/ajax/cabinet/files/${picture.id}`)).status).toBe(404);
    expect(await bannerAnswer()).toEqual({ success: true, banner: { is_active: false, link: null, image: null } });

    // Active again, then a clinic's bill comes to use the same upload: it stays that clinic's.
    await putBanner({ is_active: true, link: 'http://example.ru', image_file_id: picture.id });
    expect((await guestGet(`/ajax/banner/image/${picture.id}`)).status).toBe(200);
    const clinic = await backOffice.client(t);
    await backOffice.bill(t, clinic.id, { document_file_id: picture.id });
    expect((await guestGet(`/ajax/banner/image/${picture.id}`)).status).toBe(404);
    expect((await bannerAnswer()).banner).toEqual({ is_active: false, link: null, image: null });
  });

  it('answers 404 for an image id that names no record', async () => {
    expect((await guestGet('/ajax/banner/image/abc')).status).toBe(404);
    expect((await guestGet('/ajax/banner/image/99999999999')).status).toBe(404);
  });

  it('describes the call in the OpenAPI document', async () => {
    const document = await jsonBody<OpenApiBody>(await t.request('/api/v1/openapi.json'));
    const operation = operationOf(document, '/api/v1/banner', 'put');
    expect(operation.operationId).toBe('putBanner');
    expect(Object.keys(operation.requestBody.content['application/json']?.schema.properties ?? {})).toEqual([
      'is_active',
      'link',
      'image_file_id',
    ]);
  });
});

describe('GET /ads/adsbygoogle.js (the ad-blocker probe)', () => {
  it('is a tiny script of ours, never cached, never the app shell', async () => {
    const response = await guestGet('/ads/adsbygoogle.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.text();
    expect(body).toContain('portal-ad-probe');
    expect(body.length).toBeLessThan(100);
  });
});

describe('GET /ajax/site/settings', () => {
  it('names no main site when MAIN_SITE_URL is unset, and the support address', async () => {
    // Without SUPPORT_EMAIL: the central office's address, as on the contacts page and in the mails' Reply-To.
    const contacts = (await (await guestGet('/ajax/contacts')).json()) as { support_email: string | null };
    expect(await (await guestGet('/ajax/site/settings')).json()).toEqual({
      success: true,
      main_site_url: null,
      support_email: contacts.support_email,
    });
  });

  it('names the main site when it is set', async () => {
    const other = await createTestApp({
      config: { mainSiteUrl: 'https://example.ru', supportEmail: 'help@example.ru' },
    });
    try {
      expect(await (await other.request('/ajax/site/settings')).json()).toEqual({
        success: true,
        main_site_url: 'https://example.ru',
        support_email: 'help@example.ru',
      });
    } finally {
      await other.close();
    }
  });
});
