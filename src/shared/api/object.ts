import * as v from 'valibot';

// valibot's object() takes any non-null object, an array included: `shipping_order: []` passed as
// an object with no keys set. Bodies that nest objects use this one, which refuses arrays.

export const NOT_AN_OBJECT_MESSAGE = 'Значение должно быть объектом';

export function object<const E extends v.ObjectEntries>(entries: E) {
  const schema = v.object(entries);
  const notArray = v.custom<v.InferInput<typeof schema>>(
    (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
    NOT_AN_OBJECT_MESSAGE,
  );
  // JSON Schema generators cannot describe a custom check: this names the object it guards.
  return v.pipe(Object.assign(notArray, { guardedObject: schema }), schema);
}
