import { Hono } from "hono";
import { requestId } from "hono/request-id";
import type { AppEnv } from "./env";
import { requestBodyLimit } from "./middleware/body-limit";
import { errorHandler, notFoundHandler } from "./middleware/error-handler";
import { securityHeaders } from "./middleware/security-headers";
import { auth } from "./routes/auth";
import { cloud } from "./routes/cloud";
import { config } from "./routes/config";
import { convert } from "./routes/convert";
import { billingPortal, donate } from "./routes/donate";
import { download } from "./routes/download";
import { health } from "./routes/health";
import { history } from "./routes/history";
import { share } from "./routes/share";
import { stripeWebhook } from "./routes/stripe-webhook";
import { runScheduled } from "./services/scheduled";

const app = new Hono<AppEnv>()
  .use("*", requestId())
  .use("*", securityHeaders)
  .use("/api/*", requestBodyLimit)
  .route("/api", health)
  .route("/api", config)
  .route("/api", auth)
  .route("/api", convert)
  .route("/api", download)
  .route("/api", share)
  .route("/api", history)
  .route("/api", donate)
  .route("/api", billingPortal)
  .route("/api", stripeWebhook)
  .route("/api", cloud);

app.onError(errorHandler);
app.notFound(notFoundHandler);

export type AppType = typeof app;
export { app };

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Env>;
