import "@fontsource-variable/inter";
import "./theme/fonts.css";
// First: it may move the URL to the visitor's language before the router reads it.
import "./i18n/boot";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app";
import { CORE_NAMESPACES } from "./i18n/catalogs";
import { pathLocale } from "./i18n/locale";
import { loadNamespaces } from "./i18n/runtime";
import { holdUntilTakenOver, stopEarlyInput } from "./prerender/take-over";
import { registerOfflineApp } from "./pwa/register";
import { createAppRouter } from "./router";

const root = document.getElementById("root") as HTMLElement;
const tag = pathLocale(window.location.pathname);
// The page drawn at build time (web/prerender), in this URL's language: a first visit that boot.ts
// moved to its own language's URL holds the other language's page, which is drawn anew. Other
// pages (index.html: the 404, a shared file, offline) start empty and are drawn by the app.
const drawn = root.firstElementChild !== null && document.documentElement.lang === tag;
const router = createAppRouter(undefined, { drawn });

async function start() {
  const shown = drawn ? holdUntilTakenOver(root) : undefined;
  // A page the app draws itself: its drop zone decides what a drop does once it is drawn.
  if (!drawn) {
    stopEarlyInput();
    delete root.dataset.takingOver;
  }
  // A drawn page: the route's code and catalogs first (the page asked for them at once), so React
  // takes it over in one go rather than stopping halfway to wait.
  if (drawn) await Promise.all([router.load(), loadNamespaces(tag, CORE_NAMESPACES)]).catch(() => undefined);
  const app = <App router={router} onShown={shown} />;
  // In a transition: React yields to the browser while it works, rather than one long task.
  startTransition(() => {
    if (!drawn) {
      createRoot(root).render(app);
      return;
    }
    // As TanStack's own hydration marks it: the router then draws its matches as the server did
    // (no Suspense boundary of its own around them).
    router.ssr = { manifest: undefined };
    hydrateRoot(root, app, {
      // A visitor whose page differs from the drawn one (signed in, say) has it drawn afresh:
      // expected, so said quietly.
      onRecoverableError: (error) => console.warn("The page was drawn afresh:", error),
    });
  });
}

void start();
registerOfflineApp();
