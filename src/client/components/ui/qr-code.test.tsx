import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { decodeQrSvg } from '#client/lib/testing/qr-decode.ts';
import { QrCode } from './qr-code.tsx';

describe('QrCode', () => {
  it('draws a code a scanner reads back to the same text, Cyrillic included (UTF-8 bytes)', () => {
    const text = 'ST00012|Name=ООО «Дентал Сервис»|Sum=1590050|Purpose=Оплата по счёту № СЧ-1024 от 02.03.2026';
    render(<QrCode text={text} size={280} label="Код" />);
    expect(decodeQrSvg(screen.getByRole('img', { name: 'Код' }))).toBe(text);
  });

  it('draws ASCII links as before (the Telegram bot link)', () => {
    render(<QrCode text="https://t.me/service_bot?start=abc123" size={200} label="Ссылка" />);
    expect(decodeQrSvg(screen.getByRole('img', { name: 'Ссылка' }))).toBe('https://t.me/service_bot?start=abc123');
  });
});
