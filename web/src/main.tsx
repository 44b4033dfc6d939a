// Styles first: the design system's base rules must precede the components' own.
import './components/ui/tokens.css';
import './components/ui/base.css';
import './components/ui/ui.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';

// Until i18n is ready the page shows index.html's 'Loading...' (docs/product.md §9).
initI18n().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
