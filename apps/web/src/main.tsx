import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

const root = document.getElementById('root');
if (!root) {
  throw new Error('Element #root fehlt.');
}
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
