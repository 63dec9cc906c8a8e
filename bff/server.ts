import type { Server } from 'node:http';
import { createBff } from './app.ts';
import { loadBffConfig, type BffConfig } from './config.ts';

export async function startBff(
  overrides: Partial<BffConfig> = {},
  opts: { quiet?: boolean } = {},
): Promise<{ server: Server; url: string; stop(): Promise<void> }> {
  const config = { ...loadBffConfig(), ...overrides };
  const server = await new Promise<Server>((resolve) => {
    const s = createBff(config).listen(config.port, () => resolve(s));
  });
  const url = `http://localhost:${(server.address() as { port: number }).port}`;
  if (!opts.quiet)
    console.log(
      `Payrail BFF (host example) on ${url}  → API ${config.apiUrl}${config.partnerKey ? '' : '  (no partner key: set PAYRAIL_PARTNER_KEY)'}`,
    );
  return {
    server,
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bff = await startBff();
  for (const sig of ['SIGTERM', 'SIGINT'] as const)
    process.once(sig, () => {
      bff.stop().then(() => process.exit(0));
    });
}
