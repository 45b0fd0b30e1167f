import * as v from 'valibot';

// Every message a user or an integrator can get is Russian (DESIGN.md §Data flow). Our schemas carry the
// spec's texts where it gives them; this is valibot's fallback for everything else (its own
// defaults are English: 'Invalid key: Expected "ticket_id" but received undefined').
// @valibot/i18n cannot be used: its peer range stops before valibot 1.

// valibot builds the message before the issue knows its path, so the texts name the value, not the
// field: the answer's `errors` (keyed by field) says where.

const VALIDATIONS: Record<string, (requirement: unknown) => string> = {
  min_length: (n) => `не короче ${String(n)} символов`,
  max_length: (n) => `не длиннее ${String(n)} символов`,
  non_empty: () => 'не может быть пустым',
  min_value: (n) => `не меньше ${String(n)}`,
  max_value: (n) => `не больше ${String(n)}`,
  integer: () => 'должно быть целым числом',
  email: () => 'должно быть адресом эл. почты',
  regex: () => 'в неверном формате',
  min_items: (n) => `не меньше ${String(n)} элементов`,
  max_items: (n) => `не больше ${String(n)} элементов`,
};

const TYPES: Record<string, string> = {
  string: 'строкой',
  number: 'числом',
  boolean: 'true или false',
  array: 'списком',
  object: 'объектом',
  strict_object: 'объектом',
  null: 'null',
};

export function russianIssueMessage(issue: v.BaseIssue<unknown>): string {
  if (issue.kind === 'schema') {
    // A missing key: valibot's `expected` is the key in quotes.
    const key = /^"(.+)"$/.exec(issue.expected ?? '')?.[1];
    if (issue.input === undefined && key) return `Не заполнено обязательное поле «${key}»`;
    if (issue.expected === 'never') return `Неизвестное поле «${String(issue.path?.at(-1)?.key ?? '')}»`;
    if (issue.type === 'picklist' || issue.type === 'literal' || issue.type === 'variant')
      return 'Значение не из списка допустимых';
    const expected = TYPES[issue.type];
    return expected ? `Значение должно быть ${expected}` : 'Недопустимое значение';
  }
  const rule = VALIDATIONS[issue.type];
  return rule ? `Значение ${rule(issue.requirement)}` : 'Недопустимое значение';
}

/** Idempotent: the server's validation module calls it once on load. */
export function installRussianValibotMessages(): void {
  v.setGlobalMessage(russianIssueMessage);
}
