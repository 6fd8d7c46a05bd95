import { Box, Flex } from "@chakra-ui/react";
import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet, useNavigate } from "@tanstack/react-router";
import { AuthDialogs } from "../components/auth-dialogs";
import { Footer } from "../components/footer";
import { Header } from "../components/header";
import { NotFound } from "../components/not-found";
import { MAIN_ID, SkipLink } from "../components/skip-link";
import { PageHead } from "../i18n/head";
import { NavigationProvider } from "../session/navigation";
import { Toaster } from "../ui/toaster";

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const navigate = useNavigate();
  return (
    <NavigationProvider value={(to) => void navigate({ to })}>
      <PageHead />
      <Flex direction="column" minH="100dvh" bg="page">
        <SkipLink />
        <Header />
        {/* tabIndex -1: the skip link moves focus here; outline none, as it is never a Tab stop. */}
        <Box as="main" id={MAIN_ID} tabIndex={-1} flex="1" outline="none">
          <Outlet />
        </Box>
        <Footer />
        <AuthDialogs />
        <Toaster />
      </Flex>
    </NavigationProvider>
  );
}
