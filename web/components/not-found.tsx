import { Button, Container, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuCircleAlert, LuHouse, LuLayoutGrid } from "react-icons/lu";
import { useT } from "../i18n/provider";

/**
 * Any path the site has no page for, in every language (the router's rewrite takes the language
 * prefix off first, so `/de/no-such-page` lands here in German). It says what happened in the
 * visitor's terms and where to go; the spec's sentence stays, addressed to whoever builds the site.
 */
export function NotFound() {
  const t = useT("common");
  return (
    <Container maxW="xl" py={{ base: "12", md: "24" }}>
      <Stack
        align="center"
        textAlign="center"
        gap="4"
        bg="surface"
        borderWidth="1px"
        borderRadius="xl"
        p={{ base: "6", md: "10" }}
        data-testid="not-found"
      >
        <LuCircleAlert size="40" color="var(--chakra-colors-red-500)" aria-hidden />
        <Heading as="h1" size="2xl">
          {t("notFound.title")}
        </Heading>
        <Text fontSize="lg">{t("notFound.lead")}</Text>
        <HStack gap="3" wrap="wrap" justify="center" mt="2">
          <Button asChild colorPalette="red" bg="brand.solid">
            <Link to="/">
              <LuHouse aria-hidden /> {t("notFound.home")}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/all-tools">
              <LuLayoutGrid aria-hidden /> {t("nav.allTools")}
            </Link>
          </Button>
        </HStack>
        <Text fontSize="xs" color="fg.muted" mt="4">
          {t("notFound.developers")} <span>{t("notFound.text")}</span>
        </Text>
      </Stack>
    </Container>
  );
}
