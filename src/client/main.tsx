import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { rememberLaunchMarker } from '#client/lib/standalone.ts';
import { registerServiceWorker } from '#client/lib/sw-register.ts';
import { router } from './router.tsx';
import './styles/tokens.css';
import './styles/global.css';

// Before the router renders: the start_url's ?source=pwa marks the session as the installed app.
rememberLaunchMarker();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing in index.html');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

registerServiceWorker();
