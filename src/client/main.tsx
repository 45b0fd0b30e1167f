import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { watchUnpaidBills } from '#client/features/account/unpaid-bills-clock.ts';
import { headStartTicketReads } from '#client/features/tickets/head-starts.ts';
import { listenForInstallPrompt } from '#client/features/install/install-prompt.ts';
import { handleChunkPreloadErrors } from '#client/lib/chunk-reload.ts';
import { reportUncaughtErrors } from '#client/lib/error-reporter.ts';
import { rememberLaunchMarker } from '#client/lib/standalone.ts';
import { connectOutbox } from '#client/lib/sw-bridge.ts';
import { registerServiceWorker } from '#client/lib/sw-register.ts';
import { preloadRouteChunks, router } from './router.tsx';
import './styles/tokens.css';
import './styles/global.css';

// First of all: whatever fails from here on reaches the server's log.
reportUncaughtErrors();
// Before the router renders: the start_url's ?source=pwa marks the session as the installed app.
rememberLaunchMarker();
// Before the first lazy import: a chunk gone after a deploy reloads the app (lib/chunk-reload.ts).
handleChunkPreloadErrors();
// The browser may offer installing before the root route mounts its invitation.
listenForInstallPrompt();
// The page's own chunks, and who is logged in, are asked for before React's first render rather
// than from it, and so is the requests list's first page or the ticket the address names: all are on
// their way while React starts (the router's, the shell's and the page's calls share them).
preloadRouteChunks(window.location.pathname);
headStartTicketReads(router.state.location);
// The unpaid-bills modal counts its second from the data's change, not from its late chunk (portal.md §4.6).
watchUnpaidBills();
void useAccountStore.getState().refresh();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing in index.html');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

void registerServiceWorker();
// The worker's outbox of decisions made offline (ADR 0010): drain triggers and its notices.
connectOutbox();
