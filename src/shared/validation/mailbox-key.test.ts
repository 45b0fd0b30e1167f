import { describe, expect, it } from 'vitest';
import { mailboxKey } from './mailbox-key.ts';

describe('mailboxKey', () => {
  it("folds Gmail's dots, +tags and googlemail.com into one mailbox", () => {
    for (const spelling of ['ivan.petrov@gmail.com', 'IvanPetrov+promo@Gmail.com', 'i.v.a.n.petrov+1@googlemail.com'])
      expect(mailboxKey(spelling)).toBe('ivanpetrov@gmail.com');
  });

  it('drops a +tag where the provider documents plus addressing, and joins its alias domains', () => {
    expect(mailboxKey('clinic+1@yandex.ru')).toBe('clinic@yandex.ru');
    expect(mailboxKey('clinic+2@ya.ru')).toBe('clinic@yandex.ru');
    expect(mailboxKey('doc+x@me.com')).toBe('doc@icloud.com');
    expect(mailboxKey('doc+x@outlook.com')).toBe('doc@outlook.com');
  });

  it('keeps dots where only the +tag is ignored: i.van and ivan are two Yandex mailboxes', () => {
    expect(mailboxKey('i.van@yandex.ru')).not.toBe(mailboxKey('ivan@yandex.ru'));
  });

  it('leaves other providers alone but for case: a +tag there may be a different person', () => {
    expect(mailboxKey('Office+Kazan@Clinic.RU')).toBe('office+kazan@clinic.ru');
    expect(mailboxKey('ivan+1@mail.ru')).not.toBe(mailboxKey('ivan@mail.ru'));
    expect(mailboxKey('i.van@clinic.ru')).toBe('i.van@clinic.ru');
  });

  it('keeps a local part made of a +tag only, and text without @, as they are', () => {
    expect(mailboxKey('+1@gmail.com')).toBe('+1@gmail.com');
    expect(mailboxKey('not-an-address')).toBe('not-an-address');
  });
});
