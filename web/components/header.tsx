import { Box, Button, Container, Drawer, Flex, HStack, IconButton, Portal, Stack, VStack } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { LuMenu, LuX } from "react-icons/lu";
import { useT } from "../i18n/provider";
import { AccountArea, MobileAccountArea } from "./account-area";
import { LanguageMenu } from "./language-menu";
import { Logo } from "./logo";
import { useNavLinks } from "./nav-links";
import { SearchDialog } from "./search-dialog";
import { ThemeToggle } from "./theme-toggle";

function DonateButton({ onClick }: { onClick?: () => void }) {
  const t = useT("common");
  return (
    // orange.700: white on the palette's own solid (orange.600) is 3.6:1, too faint for 14px text.
    // White in dark mode too: the palette's dark-mode text is black, 2.7:1 on orange.700.
    <Button
      asChild
      size="sm"
      colorPalette="orange"
      variant="solid"
      bg="orange.700"
      color="white"
      _hover={{ bg: "orange.800" }}
      onClick={onClick}
      data-testid="donate-button"
    >
      <Link to="/donate">
        <span aria-hidden>☕</span> {t("donate.button")}
      </Link>
    </Button>
  );
}

const linkStyle = {
  // Narrower between 1024 and 1280 px, where German and Russian links only just fit beside the buttons.
  px: { base: "3", lg: "2", xl: "3" },
  py: "2",
  borderRadius: "md",
  fontSize: "sm",
  fontWeight: "medium",
  color: "fg.muted",
  _hover: { color: "fg", bg: "bg.muted" },
  css: { "&[data-status=active]": { color: "brand.fg", bg: "brand.subtle" } },
} as const;

function MobileNav() {
  const t = useT("common");
  const navLinks = useNavLinks();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="end" size="xs">
      <Drawer.Trigger asChild>
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={t("nav.openMenu")}
          display={{ base: "inline-flex", lg: "none" }}
        >
          <LuMenu />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="mobile-sheet">
            <Drawer.Header>
              <Drawer.Title>
                <Logo />
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <VStack as="nav" aria-label={t("nav.mobile")} align="stretch" gap="1">
                {navLinks.map((l) => (
                  <Box asChild key={l.to} {...linkStyle} fontSize="md" onClick={close}>
                    <Link to={l.to} activeOptions={{ exact: true }}>
                      {l.label}
                    </Link>
                  </Box>
                ))}
              </VStack>
              <Stack mt="6" gap="3">
                <DonateButton onClick={close} />
                <MobileAccountArea onNavigate={close} />
                <LanguageMenu />
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <IconButton variant="ghost" size="sm" aria-label={t("nav.closeMenu")}>
                <LuX />
              </IconButton>
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

export function Header() {
  const t = useT("common");
  const navLinks = useNavLinks();
  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg={{ base: "whiteAlpha.900", _dark: "blackAlpha.700" }}
      backdropFilter="saturate(180%) blur(10px)"
      borderBottomWidth="1px"
    >
      <Container maxW="7xl">
        <Flex h="16" align="center" justify="space-between" gap="4">
          {/* The nav links wrap before the logo gives way (German and Russian at 1024 px). */}
          <Box flexShrink="0">
            <Logo />
          </Box>
          <HStack as="nav" aria-label={t("nav.main")} gap="1" display={{ base: "none", lg: "flex" }}>
            {navLinks.map((l) => (
              <Box asChild key={l.to} {...linkStyle}>
                <Link to={l.to} activeOptions={{ exact: true }}>
                  {l.label}
                </Link>
              </Box>
            ))}
          </HStack>
          <HStack gap={{ base: "2", lg: "1", xl: "2" }}>
            <SearchDialog />
            <Box display={{ base: "none", sm: "block" }}>
              <DonateButton />
            </Box>
            <AccountArea />
            <LanguageMenu compact />
            <ThemeToggle />
            <MobileNav />
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
