import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuCircleAlert } from "react-icons/lu";
import { useT } from "../i18n/provider";

export function NotFound() {
  const t = useT("common");
  return (
    <Container maxW="xl" py={{ base: "16", md: "24" }}>
      <Stack align="center" textAlign="center" gap="4" bg="surface" borderWidth="1px" borderRadius="xl" p="10">
        <LuCircleAlert size="40" color="var(--chakra-colors-red-500)" aria-hidden />
        <Heading as="h1" size="2xl">
          {t("notFound.title")}
        </Heading>
        <Text color="fg.muted">{t("notFound.text")}</Text>
        <Button asChild variant="outline" mt="2">
          <Link to="/">{t("notFound.home")}</Link>
        </Button>
      </Stack>
    </Container>
  );
}
