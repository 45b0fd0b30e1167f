import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLatestOnly } from './use-latest-only.ts';

describe('useLatestOnly', () => {
  it('lets only the newest call land, across re-renders', () => {
    const { result, rerender } = renderHook(() => useLatestOnly());
    const first = result.current.begin();
    expect(first()).toBe(true);
    rerender();
    const second = result.current.begin();
    expect(first()).toBe(false);
    expect(second()).toBe(true);
  });

  it('drop voids the answer on its way, and a later call lands again', () => {
    const { result } = renderHook(() => useLatestOnly());
    const pending = result.current.begin();
    result.current.drop();
    expect(pending()).toBe(false);
    expect(result.current.begin()()).toBe(true);
  });
});
