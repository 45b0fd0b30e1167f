import * as v from 'valibot';

/**
 * A choice a form must make (a radio group): the form holds null until it is made, and the field
 * shows `message` while it is null; once made, the value is checked by `schema`.
 */
export function requiredChoice<const S extends v.GenericSchema>(schema: S, message: string) {
  return v.pipe(
    v.nullable(schema),
    v.check((value) => value !== null, message),
  );
}
