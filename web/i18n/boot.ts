import { CORE_NAMESPACES } from "./catalogs";
import { initialRedirect, pathLocale, setActiveLocale, storedLocale } from "./locale";
import { loadNamespaces } from "./runtime";

/**
 * Runs before the router reads the URL: on an English path, a stored choice or (with none stored)
 * the browser's languages may move the page to its prefixed twin, in place (no history entry).
 */
const target = initialRedirect(window.location, storedLocale(), navigator.languages ?? [navigator.language]);
if (target) window.history.replaceState(window.history.state, "", target);
const tag = pathLocale(window.location.pathname);
setActiveLocale(tag);
// The page's language's chrome starts loading now, beside the app's own code.
void loadNamespaces(tag, CORE_NAMESPACES).catch(() => undefined);
