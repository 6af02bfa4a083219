import '../index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
// zod's settings alone (not the schema builder): the first script stays without zod, which loads with the forms.
import { config as zodConfig } from 'zod/v4/core';
import { AppProvider } from './provider';
import { createAppRouter } from './router';
import { makeStore } from './store';

// The page's policy allows no eval (script-src 'self'): zod checks without compiling, and never probes for eval.
zodConfig({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const store = makeStore();
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
