import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGES, passwordRuleProblem } from './password-rules.ts';

const common = new Set(['11111111', 'password1', 'qwertyui']);

describe('passwordRuleProblem', () => {
  it.each([
    ['11111111', 'anna@clinic.test', PASSWORD_RULE_MESSAGES.common],
    ['PassWord1', 'anna@clinic.test', PASSWORD_RULE_MESSAGES.common],
    ['smirnova-2026', 'smirnova@clinic.test', PASSWORD_RULE_MESSAGES.containsEmail],
    ['My-SMIRNOVA!', 'Smirnova@clinic.test', PASSWORD_RULE_MESSAGES.containsEmail],
    ['ann-secret-42', 'ann@clinic.test', null],
    ['correct-horse-42', 'smirnova@clinic.test', null],
  ])('%s for %s → %s', (password, email, expected) => {
    expect(passwordRuleProblem(password, email, common)).toBe(expected);
  });
});
