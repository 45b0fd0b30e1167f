import { describe, expect, it } from 'vitest';
import { localSenderWarning } from './sender-check.ts';

describe('localSenderWarning', () => {
  it('warns when a public portal mails from localhost', () => {
    expect(
      localSenderWarning({ mailFrom: 'Сервисный центр <no-reply@localhost>', publicUrl: 'https://service.example.ru' }),
    ).toMatch(/MAIL_FROM is on localhost while PUBLIC_URL is public/);
  });

  it('stays quiet on a laptop, and for a sender of a real domain', () => {
    expect(localSenderWarning({ mailFrom: 'no-reply@localhost', publicUrl: 'http://localhost:8080' })).toBeNull();
    expect(localSenderWarning({ mailFrom: 'no-reply@localhost', publicUrl: 'http://127.0.0.1:8080' })).toBeNull();
    expect(
      localSenderWarning({ mailFrom: 'Сервис <no-reply@service.example.ru>', publicUrl: 'https://service.example.ru' }),
    ).toBeNull();
  });
});
