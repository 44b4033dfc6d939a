// Styles first: the design system's base rules must precede the components' own.
import './components/ui/tokens.css';
import './components/ui/base.css';
import './components/ui/ui.css';
import type { Language } from '@shared/enums';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { seedSiteContent } from './components/site-content/content-slot';
import { i18n, initI18n } from './lib/i18n';

const root = document.getElementById('root')!;
// Read before i18n starts: it sets <html lang> to the language it chooses.
const prerenderedLanguage = root.hasAttribute('data-prerendered')
  ? (document.documentElement.lang as Language)
  : null;
// The blocks staff wrote, as the page holds them: what the app renders them as when it hydrates.
if (prerenderedLanguage) seedSiteContent(root, prerenderedLanguage);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Until i18n is ready the page shows its prerendered HTML, or index.html's 'Loading...' (docs/product.md §9).
initI18n().finally(() => {
  // A prerendered page (docs/architecture.md §13) is hydrated when it is in the language the app
  // chose; otherwise (a choice stored before the language cookie existed) it is rendered anew.
  if (prerenderedLanguage === i18n.language) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole tree (the page already shows everything; nothing waits on it).
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
});
