import { initialRedirect, pathLocale, setActiveLocale, storedLocale } from "./locale";

/**
 * Runs before the router reads the URL: on an English path, a stored choice or (with none stored)
 * the browser's languages may move the page to its prefixed twin, in place (no history entry).
 */
const target = initialRedirect(window.location, storedLocale(), navigator.languages ?? [navigator.language]);
if (target) window.history.replaceState(window.history.state, "", target);
setActiveLocale(pathLocale(window.location.pathname));
