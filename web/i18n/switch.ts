import { useRouter } from "@tanstack/react-router";
import { type LocaleTag, localePath } from "../../schema/locales";
import { setActiveLocale, storeLocale } from "./locale";
import { useLocale } from "./provider";
import { loadedNamespaces, loadNamespaces } from "./runtime";

/**
 * Switching language: remembered, the new language's catalogs for this page loaded first (no
 * flash of missing text), then the same page at the language's URL, as a new history entry.
 */
export function useSwitchLocale(): (tag: LocaleTag) => Promise<void> {
  const router = useRouter();
  const current = useLocale();
  return async (tag) => {
    storeLocale(tag);
    if (tag === current) return;
    await loadNamespaces(tag, loadedNamespaces(current));
    const { pathname, searchStr, hash } = router.state.location;
    setActiveLocale(tag);
    router.history.push(localePath(tag, pathname) + searchStr + (hash ? `#${hash}` : ""));
  };
}
