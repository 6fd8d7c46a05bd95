import { Alert, Box, Button, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { createFileRoute, Link } from "@tanstack/react-router";
import { LuServer, LuSparkles, LuWrench } from "react-icons/lu";
import * as v from "valibot";
import { ArrowBack } from "../components/direction-icons";
import { DonationCard } from "../components/donation-card";
import { FeatureRow } from "../components/icon-tile";
import { namespaces } from "../i18n/loader";
import { useT } from "../i18n/provider";

/** ?donation= comes back from Stripe Checkout; anything else is ignored. */
const Search = v.object({ donation: v.fallback(v.optional(v.picklist(["success", "cancelled"])), undefined) });

export const Route = createFileRoute("/donate")({
  validateSearch: (s) => v.parse(Search, s),
  component: Donate,
  loader: namespaces("donate"),
});

function ReturnNotice() {
  const t = useT("donate");
  const { donation } = Route.useSearch();
  if (donation === "success") {
    return (
      <Alert.Root status="success" borderRadius="xl" data-testid="donation-thanks">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t("page.thanksTitle")}</Alert.Title>
          <Alert.Description>{t("page.thanksText")}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (donation === "cancelled") {
    return (
      <Alert.Root status="info" borderRadius="xl">
        <Alert.Indicator />
        <Alert.Title>{t("page.cancelled")}</Alert.Title>
      </Alert.Root>
    );
  }
  return null;
}

const reasons = [
  { icon: LuWrench, key: "maintenance" },
  { icon: LuSparkles, key: "features" },
  { icon: LuServer, key: "servers" },
] as const;

function Donate() {
  const t = useT("donate");
  return (
    <Container maxW="6xl" py={{ base: "10", md: "16" }}>
      <Button asChild variant="ghost" size="sm" mb="6">
        <Link to="/">
          <ArrowBack /> {t("page.back")}
        </Link>
      </Button>
      <ReturnNotice />
      <SimpleGrid mt="6" columns={{ base: 1, lg: 2 }} gap={{ base: "10", lg: "16" }} alignItems="start">
        <Stack gap="6">
          <Stack gap="3">
            <Text fontSize="5xl" aria-hidden>
              ☕
            </Text>
            <Heading as="h1" size={{ base: "3xl", md: "4xl" }} letterSpacing="-0.02em">
              {t("page.title")}
            </Heading>
            <Text color="fg.muted" fontSize="lg">
              {t("page.text")}
            </Text>
          </Stack>
          <Stack gap="4" as="ul" listStyleType="none">
            {reasons.map((r) => (
              <Box as="li" key={r.key} bg="surface" borderWidth="1px" borderRadius="xl" p="4">
                <FeatureRow
                  icon={r.icon}
                  title={t(`reason.${r.key}.title`)}
                  text={t(`reason.${r.key}.text`)}
                  palette="orange"
                />
              </Box>
            ))}
          </Stack>
        </Stack>
        <DonationCard />
      </SimpleGrid>
    </Container>
  );
}
