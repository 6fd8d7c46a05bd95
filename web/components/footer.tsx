import { Box, Link as ChakraLink, Container, Flex, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useSyncExternalStore } from "react";
import { DEFAULT_LIMITS } from "../../schema/tools";
import { usePublicConfig } from "../api/config";
import { useT } from "../i18n/provider";
import { LanguageMenu } from "./language-menu";
import { Logo } from "./logo";

/**
 * Placeholders the spec keeps in the footer: shown, but they lead nowhere yet. fg.muted, not
 * fg.subtle: the subtle grey is 2.6:1 on white and 3.9:1 on the dark footer, under the 4.5:1 text needs.
 */
function Placeholder({ children }: { children: string }) {
  const t = useT("common");
  return (
    <Text as="span" fontSize="sm" color="fg.muted" title={t("footer.comingSoon")} cursor="default">
      {children}
    </Text>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ChakraLink asChild fontSize="sm" color="fg.muted" _hover={{ color: "fg" }} width="fit-content">
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}

declare const __BUILD_YEAR__: number;

const unsubscribed = () => () => undefined;

/**
 * This year: the build's while the app takes over a page drawn at build time (React compares it
 * with the drawing), the visitor's from then on.
 */
function useThisYear() {
  return useSyncExternalStore(
    unsubscribed,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

export function Footer() {
  const t = useT("common");
  const ttl = usePublicConfig().data?.limits.resultTtlHours ?? DEFAULT_LIMITS.resultTtlHours;
  const year = useThisYear();
  return (
    <Box as="footer" borderTopWidth="1px" bg="surface" mt="auto">
      <Container maxW="7xl" py={{ base: "8", md: "10" }}>
        {/* Two columns of links on a phone: the footer stays under a screen tall. */}
        <SimpleGrid columns={{ base: 2, md: 3 }} gap={{ base: "6", md: "8" }}>
          <Stack gap="3" align="start" gridColumn={{ base: "span 2", md: "auto" }}>
            <Logo />
            <Text fontSize="sm" color="fg.muted" maxW="xs">
              {t("footer.tagline", { hours: ttl })}
            </Text>
            <LanguageMenu />
          </Stack>
          <Stack gap="2">
            <Text fontWeight="semibold" fontSize="sm">
              {t("footer.product")}
            </Text>
            <Placeholder>{t("footer.about")}</Placeholder>
            <FooterLink to="/all-tools">{t("nav.allTools")}</FooterLink>
            <Placeholder>{t("footer.faq")}</Placeholder>
            <Placeholder>{t("footer.contact")}</Placeholder>
          </Stack>
          <Stack gap="2">
            <Text fontWeight="semibold" fontSize="sm">
              {t("footer.legal")}
            </Text>
            <FooterLink to="/terms">{t("footer.terms")}</FooterLink>
            <FooterLink to="/privacy">{t("footer.privacy")}</FooterLink>
            <Placeholder>{t("footer.cookies")}</Placeholder>
            <Placeholder>{t("footer.gdpr")}</Placeholder>
          </Stack>
        </SimpleGrid>
        <Flex mt={{ base: "6", md: "10" }} pt="6" borderTopWidth="1px" justify="space-between" wrap="wrap" gap="2">
          <Text fontSize="xs" color="fg.muted">
            {t("footer.copyright", { year })}
          </Text>
          <HStack gap="1" fontSize="xs" color="fg.muted">
            <span aria-hidden>☕</span>
            <Text>{t("footer.madeWith")}</Text>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
