// 'Мои адреса' end to end on a phone (cabinet.md §2 My addresses, §4, §5, §8; ADR 0014): the demo
// clinic's saved addresses; a new one found by typing two characters and picking a suggestion of
// the geo provider (a local fake speaking Photon's and Nominatim's protocols, tests/setup/geo-fakes.ts),
// shown on the map, saved, edited and deleted with a confirmation; the address check's messages for
// a street without a house and for an address abroad.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  browserForFile,
  DEMO,
  DESKTOP,
  PHONE,
  PHONE_WITH_WORKER,
  openControlled,
  savedCopy,
  screenshot,
  withPage,
} from './support.ts';
import { button, closeUnpaidNotice, dialogNamed, expectFieldError, visible, loginFromHome } from './ui.ts';

const browser = browserForFile();

const addressField = (form: Locator) => form.getByRole('combobox', { name: 'Адрес' });
const card = (page: Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Nothing on the page is wider than the 360 px screen (a wider page would zoom out, widening innerWidth too). */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= 360);

/** Types `text` into the address field and picks the suggestion named `suggestion`. */
async function pickSuggestion(form: Locator, text: string, suggestion: string): Promise<void> {
  await addressField(form).fill(text);
  await form.getByRole('option', { name: suggestion }).click();
}

describe('my addresses', () => {
  it('on a phone (360 px): adds an address from a suggestion, shows it on the map, edits it, deletes it; explains refused addresses', async () => {
    await withPage(browser, PHONE, 'places-phone', async (page) => {
      await loginFromHome(page, PHONE, DEMO);
      // Closed where it opens, 1 s after the login: on the next page it would not come again.
      await closeUnpaidNotice(page);
      await page.goto('/cabinet/address');

      // The demo clinic's two addresses, on the narrowest phone the portal is made for.
      await page.setViewportSize({ width: 360, height: 780 });
      await visible(card(page, 'Клиника на Тверской')).waitFor();
      await expect.poll(() => card(page, 'Филиал на Невском').count()).toBe(1);
      expect(await noSidewaysScroll(page)).toBe(true);
      await screenshot(page, 'places-list-360');

      // Add: two characters bring the suggestions; the chosen one is checked and put on the map.
      await button(page.getByRole('main'), 'Добавить адрес').first().click();
      const add = dialogNamed(page, 'Новый адрес');
      await add.getByLabel('Название').fill('Склад');
      await pickSuggestion(add, 'не', 'Россия, Санкт-Петербург, Невский проспект, 28');
      await visible(add.getByText('Адрес найден')).waitFor();
      await visible(add.getByRole('button', { name: 'Выбранный адрес' }).or(add.getByTitle('Выбранный адрес')))
        .first()
        .waitFor();
      // A tap on the map next to the marker asks for the address there and checks it again.
      const marker = add.getByTitle('Выбранный адрес').first();
      const box = (await marker.boundingBox())!;
      const reverse = page.waitForResponse((response) => new URL(response.url()).pathname === '/ajax/address/geocode');
      await page.mouse.click(box.x + box.width / 2 + 24, box.y + box.height + 12);
      expect((await reverse).status()).toBe(200);
      await visible(add.getByText('Адрес найден')).waitFor();
      expect(await addressField(add).inputValue()).toBe('Россия, Санкт-Петербург, Невский проспект, 28');
      await add.getByLabel('Квартира / офис').fill('склад 5');
      expect(await noSidewaysScroll(page)).toBe(true);
      await screenshot(page, 'places-form-360');
      await button(add, 'Сохранить').click();
      await add.waitFor({ state: 'detached' });
      const saved = card(page, 'Склад');
      await visible(saved.getByText('Россия, Санкт-Петербург, Невский проспект, 28')).waitFor();
      await visible(saved.getByText('Квартира / офис: склад 5')).waitFor();

      // Edit the name.
      await button(saved, 'Изменить адрес «Склад»').click();
      const edit = dialogNamed(page, 'Изменить адрес');
      await edit.getByLabel('Название').fill('Склад на Невском');
      await button(edit, 'Сохранить').click();
      await edit.waitFor({ state: 'detached' });
      await visible(card(page, 'Склад на Невском')).waitFor();

      // Refused addresses say why, and cannot be saved.
      await button(page.getByRole('main'), 'Добавить адрес').first().click();
      const refused = dialogNamed(page, 'Новый адрес');
      await refused.getByLabel('Название').fill('Проверка');
      await refused.getByLabel('Квартира / офис').fill('1');
      await addressField(refused).fill('Москва, Тверская улица');
      await refused.getByLabel('Квартира / офис').focus();
      await expectFieldError(addressField(refused), 'Неточный адрес, уточните номер дома');
      expect(await button(refused, 'Сохранить').isDisabled()).toBe(true);
      await pickSuggestion(refused, 'Минск', 'Беларусь, Минск, проспект Независимости, 4');
      await expectFieldError(addressField(refused), 'Услуги пока не доступны в этом регионе');
      expect(await button(refused, 'Сохранить').isDisabled()).toBe(true);
      await button(refused, 'Отмена').click();
      await refused.waitFor({ state: 'detached' });

      // Delete, after the confirmation.
      await button(card(page, 'Склад на Невском'), 'Удалить адрес «Склад на Невском»').click();
      const confirm = dialogNamed(page, 'Удалить адрес?');
      await button(confirm, 'Удалить').click();
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(() => card(page, 'Склад на Невском').count()).toBe(0);
      await visible(card(page, 'Клиника на Тверской')).waitFor();
    });
  });
});

describe('my addresses offline', () => {
  it('on a phone: the saved addresses show with no network, and a new one says it needs a connection', async () => {
    await withPage(browser, PHONE_WITH_WORKER, 'places-offline', async (page, context) => {
      await loginFromHome(page, PHONE_WITH_WORKER, DEMO);
      await closeUnpaidNotice(page);
      await openControlled(page, '/cabinet/address');
      await visible(card(page, 'Клиника на Тверской')).waitFor();
      await expect.poll(() => savedCopy(page, 'addresses')).toContain('Филиал на Невском');

      await context.setOffline(true);
      await page.reload();
      await visible(card(page, 'Филиал на Невском')).waitFor();
      await button(page.getByRole('main'), 'Добавить адрес').first().click();
      const add = dialogNamed(page, 'Новый адрес');
      await visible(add.getByText('Нет связи с сервером: адрес можно сохранить, когда связь появится.')).waitFor();
      expect(await button(add, 'Сохранить').isDisabled()).toBe(true);
      await screenshot(page, 'places-offline-phone');
      await button(add, 'Отмена').click();
      await context.setOffline(false);
    });
  });
});

describe('service centres', () => {
  it('on a desktop, as a guest: from the contacts page, by region as a list, and on the map with their cards', async () => {
    await withPage(browser, DESKTOP, 'centres-desktop', async (page) => {
      await page.goto('/contacts');
      await page.getByRole('link', { name: 'списком и на карте' }).click();
      await page.waitForURL('**/service-centres');
      const central = page.getByRole('region', { name: 'Центральный' });
      await visible(central.getByRole('heading', { name: 'Головной сервисный центр' })).waitFor();
      await visible(page.getByRole('region', { name: 'Казахстан' }).getByRole('link', { name: /@/ }).first()).waitFor();

      await button(page, 'На карте').click();
      const marker = page
        .getByRole('button', { name: 'Сервисный центр «Урал»' })
        .or(page.getByTitle('Сервисный центр «Урал»'));
      await page.getByLabel('Регион').selectOption('Уральский');
      await visible(marker.first()).waitFor();
      await marker.first().click();
      await visible(page.getByText('Россия, Екатеринбург, ул. Малышева, д. 51')).waitFor();
      await screenshot(page, 'centres-map-desktop');
    });
  });
});
