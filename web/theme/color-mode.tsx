import { ThemeProvider, useTheme } from "next-themes";
import { createContext, type ReactNode, useContext } from "react";

export const THEME_STORAGE_KEY = "vite-ui-theme";
export type Theme = "light" | "dark" | "system";

const InsideProvider = createContext(false);

/**
 * Light, dark or system (the default, which follows the device live). The choice is stored
 * under vite-ui-theme and applied as a class on the root element. The spec's second reading
 * (pdftools-theme on tool pages) is folded into this one store so the site never disagrees
 * with itself.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      attribute="class"
      storageKey={THEME_STORAGE_KEY}
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      // Its own script, written into pages drawn at build time, would run before the first paint;
      // the CSP refuses inline scripts: index.html's (THEME_SCRIPT, allowed by its hash) does its work.
      scriptProps={{ type: "text/plain" }}
    >
      <InsideProvider.Provider value={true}>{children}</InsideProvider.Provider>
    </ThemeProvider>
  );
}

export function useColorMode() {
  const inside = useContext(InsideProvider);
  const { theme, resolvedTheme, setTheme } = useTheme();
  if (!inside) throw new Error("useColorMode must be used within a ColorModeProvider");
  const colorMode: "light" | "dark" = resolvedTheme === "dark" ? "dark" : "light";
  return {
    theme: (theme ?? "system") as Theme,
    colorMode,
    setTheme: (t: Theme) => setTheme(t),
    /** The header toggle: light and dark only. */
    toggleColorMode: () => setTheme(colorMode === "dark" ? "light" : "dark"),
  };
}
