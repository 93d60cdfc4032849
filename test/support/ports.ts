import { createServer } from 'node:net';

/** A port nobody listens on right now: the kernel picks it, then the probe lets it go. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve, reject) => {
    server.close((error) => (error === undefined ? resolve() : reject(error)));
  });
  if (address === null || typeof address === 'string') throw new Error('no TCP port was given');
  return address.port;
}
