import net from 'node:net';

/** A clear, one-line failure the start script prints instead of a stack trace. */
export class LocalStackError extends Error {}

export async function assertPortFree(port: number, what: string, envName: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () =>
      reject(
        new LocalStackError(
          `Port ${port} (${what}) is busy: stop what uses it or set ${envName} to another port.`,
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
