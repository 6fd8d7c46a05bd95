import "@fontsource-variable/inter";
// First: it may move the URL to the visitor's language before the router reads it.
import "./i18n/boot";
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { LanguageProvider } from "./i18n/provider";
import { registerOfflineApp } from "./pwa/register";
import { queryClient, router } from "./router";
import { AuthProvider } from "./session/auth-context";
import { ColorModeProvider } from "./theme/color-mode";
import { system } from "./theme/system";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={null}>
            <LanguageProvider history={router.history}>
              <AuthProvider>
                <RouterProvider router={router} />
              </AuthProvider>
            </LanguageProvider>
          </Suspense>
        </QueryClientProvider>
      </ColorModeProvider>
    </ChakraProvider>
  </StrictMode>,
);

registerOfflineApp();
