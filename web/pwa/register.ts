import { registerSW } from "virtual:pwa-register";

/**
 * Registers the service worker that keeps the site and the on-device engine for offline use, once
 * the page has loaded (its precaching then never competes with the page's first paint). A new
 * version takes over on the next visit.
 */
export function registerOfflineApp(): void {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  const start = () => registerSW({ immediate: true });
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
