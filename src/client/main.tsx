import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { useAccountStore } from '#client/features/account/account-store.ts';
import { listenForInstallPrompt } from '#client/features/install/install-prompt.ts';
import { handleChunkPreloadErrors } from '#client/lib/chunk-reload.ts';
import { rememberLaunchMarker } from '#client/lib/standalone.ts';
import { connectOutbox } from '#client/lib/sw-bridge.ts';
import { registerServiceWorker } from '#client/lib/sw-register.ts';
import { router } from './router.tsx';
import './styles/tokens.css';
import './styles/global.css';

// Before the router renders: the start_url's ?source=pwa marks the session as the installed app.
rememberLaunchMarker();
// Before the first lazy import: a chunk gone after a deploy reloads the app (lib/chunk-reload.ts).
handleChunkPreloadErrors();
// The browser may offer installing before the root route mounts its invitation.
listenForInstallPrompt();
// Who is logged in, asked before the first render rather than from the shell's effect after it: the
// answer is on the way while React renders and the route chunks load (the shell's call shares it).
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
