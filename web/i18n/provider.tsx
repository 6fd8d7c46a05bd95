import { LocaleProvider as ChakraLocaleProvider } from "@chakra-ui/react";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useSyncExternalStore,
} from "react";
import { DEFAULT_LOCALE, type LocaleTag } from "../../schema/locales";
import { CORE_NAMESPACES, type MessageKey, type Namespace } from "./catalogs";
import { localeOf, pathLocale, setActiveLocale } from "./locale";
import { isLoaded, loadNamespace, loadNamespaces, runtimeOf, suspendUntilLoaded, type Values } from "./runtime";

const LocaleContext = createContext<LocaleTag>(DEFAULT_LOCALE);

/** The page's language (English outside a provider: component tests). */
export function useLocale(): LocaleTag {
  return useContext(LocaleContext);
}

/** What the provider needs of the router's history: the public URL (prefix included) and its changes. */
export interface UrlSource {
  location: { pathname: string };
  subscribe: (listener: () => void) => () => void;
}

/**
 * The site's language comes from the URL (`/de/...`): this sets it for everything below, with
 * `<html lang dir>` and Chakra's locale (its components mirror for right-to-left). It waits (Suspense) until the language's core namespaces are loaded.
 */
export function LanguageProvider({ history, children }: { history: UrlSource; children: ReactNode }) {
  const pathname = useSyncExternalStore(
    history.subscribe,
    () => history.location.pathname,
    () => history.location.pathname,
  );
  const tag = pathLocale(pathname);
  return <LanguageScope tag={tag}>{children}</LanguageScope>;
}

/** One language for a subtree: the provider's, or a test's. */
export function LanguageScope({ tag, children }: { tag: LocaleTag; children: ReactNode }) {
  // Links rendered below are written in this language by the router's output rewrite.
  setActiveLocale(tag);
  // Both at once, not one after the other.
  if (!CORE_NAMESPACES.every((ns) => isLoaded(tag, ns))) throw loadNamespaces(tag, CORE_NAMESPACES);
  const { dir } = localeOf(tag);
  useLayoutEffect(() => {
    document.documentElement.lang = tag;
    document.documentElement.dir = dir;
  }, [tag, dir]);
  useEffect(() => {
    // Error texts are wanted only when something fails: fetched after the page, not before it.
    // English shows the API's own words and never needs them.
    if (tag !== DEFAULT_LOCALE) void loadNamespace(tag, "errors").catch(() => undefined);
  }, [tag]);
  return (
    <LocaleContext.Provider value={tag}>
      <ChakraLocaleProvider locale={tag}>{children}</ChakraLocaleProvider>
    </LocaleContext.Provider>
  );
}

export type Translate<N extends Namespace> = (key: MessageKey<N>, values?: Values) => string;

/**
 * The messages of one namespace in the page's language: `const t = useT("home"); t("cta.title")`.
 * A key that is not in the English catalog is a type error. Suspends until the namespace is loaded.
 */
export function useT<N extends Namespace>(ns: N): Translate<N> {
  const tag = useLocale();
  suspendUntilLoaded(tag, ns);
  const runtime = runtimeOf(tag);
  return useCallback((key: MessageKey<N>, values?: Values) => runtime._(`${ns}:${key}`, values), [runtime, ns]);
}
