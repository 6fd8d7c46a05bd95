/** Google and Dropbox token and upload endpoints (filled in with the cloud-save work). */
import type { Handler } from "./server.ts";

export const handleCloud: Handler = () => null;
