import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { useAuthStore } from '../stores/auth-store';
import { AppRoutes } from './router';

export function App() {
  const restoreSession = useAuthStore((state) => state.restoreSession);
  useEffect(() => {
    void restoreSession();
  }, [restoreSession]);
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
