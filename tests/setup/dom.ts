// Setup of the 'client' test project (happy-dom): jest-dom matchers and an unmounted tree after
// every test, so tests never see each other's DOM.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setCsrfToken } from '#client/lib/http.ts';
import { resetConnection } from '#client/lib/testing/connection.ts';

// Components are tested as the app runs once the start-up user data has come: with a CSRF token.
// lib/http.test.ts clears it to test the writes that come before it.
beforeEach(() => {
  setCsrfToken('test-csrf-token');
  // Online, with no failed call remembered from another test (lib/connection.ts).
  resetConnection();
});

afterEach(() => {
  cleanup();
});
