/**
 * Runs the third-party imitations as a process, for browser tests and local trials:
 *   node test/support/imitations/serve.ts 8799
 */
import { startImitations } from "./server.ts";

const port = Number(process.argv[2] ?? process.env.IMITATION_PORT ?? 8799);
const { server } = await startImitations(port);
server.ref();
console.info(`third-party imitations on http://127.0.0.1:${port}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
