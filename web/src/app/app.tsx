import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { useAuthStore } from '../stores/auth-store';
import { AppRoutes } from './router';

/**
 * The app under any router: the browser's, or the static one of the build's prerendering
 * (web/src/prerender.tsx), so the prerendered HTML is what the browser hydrates.
 */
export function AppContent() {
  const restoreSession = useAuthStore((state) => state.restoreSession);
  useEffect(() => {
    void restoreSession();
  }, [restoreSession]);
  return <AppRoutes />;
}

export function App() {
  return (
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  );
}
