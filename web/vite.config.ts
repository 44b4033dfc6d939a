import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    // Locale files are fetched as JSON at run time: never inline them as data: URLs (the CSP forbids those).
    assetsInlineLimit: (filePath) => (filePath.endsWith('.json') ? false : undefined),
    rolldownOptions: {
      // zod schema builders have no side effects: unused schemas in shared/ (imported for their
      // constants) must not pull zod into the landing page's JavaScript.
      treeshake: { manualPureFunctions: ['z'] },
      preserveEntrySignatures: false,
    },
  },
});
