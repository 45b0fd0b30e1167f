import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { installRussianValibotMessages } from './russian-messages.ts';

beforeAll(() => installRussianValibotMessages());

const schema = v.object({
  ticket_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  comment: v.pipe(v.string(), v.maxLength(5)),
  defects: v.array(v.object({ id: v.number() })),
  kind: v.picklist(['a', 'b']),
  strict: v.strictObject({ x: v.string() }),
});

const messages = (input: unknown) => (v.safeParse(schema, input).issues ?? []).map((issue) => issue.message);

describe('valibot messages without our own text', () => {
  it('are Russian, and a missing or unknown key is named', () => {
    expect(messages({})).toContain('Не заполнено обязательное поле «ticket_id»');
    const all = messages({
      ticket_id: 1.5,
      comment: 'слишком длинно',
      defects: [{ id: 'x' }],
      kind: 'c',
      strict: { x: 'y', z: 1 },
    });
    expect(all).toEqual([
      'Значение должно быть целым числом',
      'Значение не длиннее 5 символов',
      'Значение должно быть числом',
      'Значение не из списка допустимых',
      'Неизвестное поле «z»',
    ]);
    expect(messages('text')).toEqual(['Значение должно быть объектом']);
  });

  it("leave a schema's own message alone", () => {
    expect(v.safeParse(v.string('Введите текст'), 1).issues?.[0]?.message).toBe('Введите текст');
  });
});
