import { cleanup } from '@testing-library/react';
import { useToastStore } from '@web/stores/toast-store';
import { afterEach, beforeEach } from 'vitest';

/**
 * The web tests share one jsdom per worker (the project runs with `isolate: false`, which saves
 * most of its time): no test sees another file's rendered tree or a toast it left behind.
 */
beforeEach(() => useToastStore.getState().clear());
afterEach(() => cleanup());
