import { Hono } from "hono";
import type { AppEnv } from "./env";
import { AppError } from "./errors";
import { requestBodyLimit } from "./middleware/body-limit";
import { errorHandler, notFoundHandler } from "./middleware/error-handler";
import { requestId } from "./middleware/request-id";
import { sameOriginWrites } from "./middleware/same-origin";
import { securityHeaders } from "./middleware/security-headers";
import { account } from "./routes/account";
import { auth } from "./routes/auth";
import { cloud } from "./routes/cloud";
import { config } from "./routes/config";
import { convert } from "./routes/convert";
import { billingPortal, donate } from "./routes/donate";
import { download } from "./routes/download";
import { health } from "./routes/health";
import { history } from "./routes/history";
import { results } from "./routes/results";
import { share } from "./routes/share";
import { stripeWebhook } from "./routes/stripe-webhook";
import { usage } from "./routes/usage";
import { runScheduled } from "./services/scheduled";

const app = new Hono<AppEnv>()
  .use("*", requestId)
  .use("*", securityHeaders)
  // Before the body is read: another site's form post is refused for what it is, not its size.
  .use("/api/*", sameOriginWrites)
  .use("/api/*", requestBodyLimit)
  .route("/api", health)
  .route("/api", config)
  .route("/api", usage)
  .route("/api", auth)
  .route("/api", account)
  .route("/api", convert)
  .route("/api", download)
  .route("/api", share)
  .route("/api", results)
  .route("/api", history)
  .route("/api", donate)
  .route("/api", billingPortal)
  .route("/api", stripeWebhook)
  .route("/api", cloud);

/** Each API route's method and path pattern, so a known path called the wrong way is a 405. */
const apiRoutes = app.routes
  .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/"))
  .map((r) => ({
    method: r.method,
    pattern: new RegExp(`^${r.path.replace(/\/:[^/]+/g, "/[^/]+").replace(/\*/g, ".*")}$`),
  }));

app.onError(errorHandler);
app.notFound((c) => {
  const allowed = [...new Set(apiRoutes.filter((r) => r.pattern.test(c.req.path)).map((r) => r.method))];
  if (allowed.length === 0) return notFoundHandler(c);
  const error = new AppError(
    "method_not_allowed",
    `${c.req.path} does not take ${c.req.method} requests (it takes ${allowed.join(", ")}).`,
  );
  c.header("Allow", allowed.join(", "));
  return errorHandler(error, c);
});

export { app };

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Env>;
