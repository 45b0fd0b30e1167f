import { describe, expect, it } from 'vitest';
import { isIntegrationToken } from '#server/middleware/integration-token.ts';

describe('isIntegrationToken', () => {
  it('matches any configured token exactly and nothing when none is configured', () => {
    const tokens = ['first-token-0123456789', 'second-token-0123456789'];
    expect(isIntegrationToken('second-token-0123456789', tokens)).toBe(true);
    expect(isIntegrationToken('second-token-012345678', tokens)).toBe(false);
    expect(isIntegrationToken('SECOND-token-0123456789', tokens)).toBe(false);
    expect(isIntegrationToken('', tokens)).toBe(false);
    expect(isIntegrationToken('', [''])).toBe(false);
    expect(isIntegrationToken('anything', [])).toBe(false);
  });
});
