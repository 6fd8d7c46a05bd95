/**
 * The three script fonts a typed signature can use, bundled with the app (SIL Open Font Licence
 * 1.1, from @fontsource) and loaded only when the Type tab opens.
 */
import caveat from "@fontsource/caveat/files/caveat-latin-400-normal.woff2?url";
import dancing from "@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff2?url";
import greatVibes from "@fontsource/great-vibes/files/great-vibes-latin-400-normal.woff2?url";
import { useEffect, useState } from "react";

export interface ScriptFont {
  id: string;
  /** The font's own name, shown as written in every language (a name, not words to translate). */
  name: string;
  /** The family name it is registered under (its own, so it cannot clash with the page's fonts). */
  family: string;
  url: string;
}

export const SCRIPT_FONTS: readonly ScriptFont[] = [
  { id: "dancing-script", name: "Dancing Script", family: "Sign Dancing Script", url: dancing },
  { id: "great-vibes", name: "Great Vibes", family: "Sign Great Vibes", url: greatVibes },
  { id: "caveat", name: "Caveat", family: "Sign Caveat", url: caveat },
];

let loading: Promise<void> | undefined;

/** Registers the three fonts with the document (once) and waits for them. */
export function loadScriptFonts(): Promise<void> {
  loading ??= Promise.all(
    SCRIPT_FONTS.map(async (f) => {
      const face = new FontFace(f.family, `url(${f.url}) format("woff2")`, { display: "block" });
      document.fonts.add(await face.load());
    }),
  ).then(
    () => undefined,
    (err) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** "loading", then "ready" (or "failed": the previews fall back to the browser's cursive font). */
export function useScriptFonts() {
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  useEffect(() => {
    let live = true;
    loadScriptFonts().then(
      () => live && setState("ready"),
      () => live && setState("failed"),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
