import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startAppUpdates } from './lib/app-update';
import './styles/tokens.css';
import './styles/base.css';
import './styles/patterns.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// The service worker: the app shell then opens with no network (gym mode).
startAppUpdates();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
