import { describe, expect, it } from 'vitest';
import { answerClock } from './pglite-turns.ts';

describe('answerClock', () => {
  it('says the database answered within a time only after an answer that recent', () => {
    let now = 10_000;
    const clock = answerClock(() => now);
    expect(clock.answeredWithin(1_000)).toBe(false);
    clock.answered();
    now += 1_000;
    expect(clock.answeredWithin(1_000)).toBe(true);
    now += 1;
    expect(clock.answeredWithin(1_000)).toBe(false);
  });
});
