import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, Suspense, useEffect } from "react";
import { LanguageProvider } from "./i18n/provider";
import type { AppRouter } from "./router";
import { AuthProvider } from "./session/auth-context";
import { ColorModeProvider } from "./theme/color-mode";
import { system } from "./theme/system";

/** Calls back once the page below it is on screen and live (its first commit, hydration included). */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(() => onShown(), [onShown]);
  return null;
}

/**
 * The whole site: drawn into each page's first HTML at build time (web/prerender), then taken
 * over by the browser (main.tsx), which passes `onShown`.
 */
export function App({ router, onShown }: { router: AppRouter; onShown?: () => void }) {
  return (
    <StrictMode>
      <ChakraProvider value={system}>
        <ColorModeProvider>
          <QueryClientProvider client={router.options.context.queryClient}>
            <Suspense fallback={null}>
              <LanguageProvider history={router.history}>
                <AuthProvider>
                  <RouterProvider router={router} />
                  {onShown && <Shown onShown={onShown} />}
                </AuthProvider>
              </LanguageProvider>
            </Suspense>
          </QueryClientProvider>
        </ColorModeProvider>
      </ChakraProvider>
    </StrictMode>
  );
}
