import { useState, type ReactNode } from 'react';

export interface WithFilterProps<Filter> {
  initial: Filter;
  /** Called with each filter the list asks for (the route would put it in the address). */
  onChange?: (filter: Filter) => void;
  children: (filter: Filter, setFilter: (filter: Filter) => void) => ReactNode;
}

/** Stands in for the route's address in the lists' component tests: holds the filter a list asks for. */
export function WithFilter<Filter>({ initial, onChange, children }: WithFilterProps<Filter>) {
  const [filter, setFilter] = useState(initial);
  return children(filter, (next) => {
    onChange?.(next);
    setFilter(next);
  });
}
