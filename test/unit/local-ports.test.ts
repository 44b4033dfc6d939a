import { createServer } from 'node:net';
import { assertPortFree, freePort, LocalStackError } from '@infra/local/ports';
import { describe, expect, it } from 'vitest';

describe('assertPortFree', () => {
  it('explains in one line which variable to change when the port is busy', async () => {
    const server = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    try {
      const failure = assertPortFree(port, 'site', 'PORT');
      await expect(failure).rejects.toBeInstanceOf(LocalStackError);
      await expect(failure).rejects.toThrow(
        `Port ${port} (site) is busy: stop what uses it or set PORT to another port.`,
      );
    } finally {
      server.close();
    }
  });

  it('passes for a free port', async () => {
    await expect(assertPortFree(await freePort(), 'site', 'PORT')).resolves.toBeUndefined();
  });
});
