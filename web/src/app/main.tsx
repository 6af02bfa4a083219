import '../index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';
import { createAppRouter } from './router';
import { makeStore } from './store';

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
