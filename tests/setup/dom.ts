// Setup of the 'client' test project (happy-dom): jest-dom matchers and an unmounted tree after
// every test, so tests never see each other's DOM.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
