import { Box, Flex } from "@chakra-ui/react";
import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet, redirect, useNavigate } from "@tanstack/react-router";
import { aliasTarget } from "../../schema/pages";
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
  // A tool's alias (`/pdf-to-jpg`) is replaced by the tool's own path, as the Worker's 301 does on
  // a first visit; here for links within the site and the dev server. The router's paths carry no
  // language prefix, and its output rewrite puts the page's back.
  beforeLoad: ({ location }) => {
    const to = aliasTarget(location.pathname);
    if (to) throw redirect({ to, search: true, replace: true });
  },
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
