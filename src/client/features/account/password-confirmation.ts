import { messages } from '#shared/validation/messages.ts';

/** 'Повторите пароль' (on blur): it must be the new password as typed, in every form that sets one. */
export function confirmsNewPassword({
  value,
  fieldApi,
}: {
  value: string;
  fieldApi: { form: { getFieldValue(name: 'new_password'): unknown } };
}): string | undefined {
  return value !== '' && value === fieldApi.form.getFieldValue('new_password') ? undefined : messages.passwordsDiffer;
}
