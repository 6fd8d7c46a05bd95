import { Box, Link as ChakraLink, Container, Flex, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { useT } from "../i18n/provider";
import { LanguageMenu } from "./language-menu";
import { Logo } from "./logo";

/** Placeholders the spec keeps in the footer: shown, but they lead nowhere yet. */
function Placeholder({ children }: { children: string }) {
  const t = useT("common");
  return (
    <Text as="span" fontSize="sm" color="fg.subtle" title={t("footer.comingSoon")} cursor="default">
      {children}
    </Text>
  );
}

export function Footer() {
  const t = useT("common");
  return (
    <Box as="footer" borderTopWidth="1px" bg="surface" mt="auto">
      <Container maxW="7xl" py="10">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="8">
          <Stack gap="3" align="start">
            <Logo />
            <Text fontSize="sm" color="fg.muted" maxW="xs">
              {t("footer.tagline")}
            </Text>
            <LanguageMenu />
          </Stack>
          <Stack gap="2">
            <Text fontWeight="semibold" fontSize="sm">
              {t("footer.product")}
            </Text>
            <Placeholder>{t("footer.about")}</Placeholder>
            <ChakraLink asChild fontSize="sm" color="fg.muted" _hover={{ color: "fg" }}>
              <Link to="/all-tools">{t("nav.allTools")}</Link>
            </ChakraLink>
            <Placeholder>{t("footer.faq")}</Placeholder>
            <Placeholder>{t("footer.contact")}</Placeholder>
          </Stack>
          <Stack gap="2">
            <Text fontWeight="semibold" fontSize="sm">
              {t("footer.legal")}
            </Text>
            <Placeholder>{t("footer.terms")}</Placeholder>
            <Placeholder>{t("footer.privacy")}</Placeholder>
            <Placeholder>{t("footer.cookies")}</Placeholder>
            <Placeholder>{t("footer.gdpr")}</Placeholder>
          </Stack>
        </SimpleGrid>
        <Flex mt="10" pt="6" borderTopWidth="1px" justify="space-between" wrap="wrap" gap="2">
          <Text fontSize="xs" color="fg.muted">
            {t("footer.copyright", { year: new Date().getFullYear() })}
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
