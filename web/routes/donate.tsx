import { Alert, Box, Button, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { createFileRoute, Link } from "@tanstack/react-router";
import { LuArrowLeft, LuServer, LuSparkles, LuWrench } from "react-icons/lu";
import * as v from "valibot";
import { DonationCard } from "../components/donation-card";
import { FeatureRow } from "../components/icon-tile";

/** ?donation= comes back from Stripe Checkout; anything else is ignored. */
const Search = v.object({ donation: v.fallback(v.optional(v.picklist(["success", "cancelled"])), undefined) });

export const Route = createFileRoute("/donate")({ validateSearch: (s) => v.parse(Search, s), component: Donate });

function ReturnNotice() {
  const { donation } = Route.useSearch();
  if (donation === "success") {
    return (
      <Alert.Root status="success" borderRadius="xl" data-testid="donation-thanks">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Thank you for the coffee!</Alert.Title>
          <Alert.Description>Your donation went through. It keeps PDFTools free for everyone.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (donation === "cancelled") {
    return (
      <Alert.Root status="info" borderRadius="xl">
        <Alert.Indicator />
        <Alert.Title>The donation was cancelled. Nothing was charged.</Alert.Title>
      </Alert.Root>
    );
  }
  return null;
}

const reasons = [
  {
    icon: LuWrench,
    title: "Tool maintenance",
    text: "Keeping every tool working with the PDFs and images people really have.",
  },
  { icon: LuSparkles, title: "New features", text: "More tools and better results, decided by what you ask for." },
  { icon: LuServer, title: "Server costs", text: "Processing and storage at the edge, so files are done in seconds." },
];

function Donate() {
  return (
    <Container maxW="6xl" py={{ base: "10", md: "16" }}>
      <Button asChild variant="ghost" size="sm" mb="6">
        <Link to="/">
          <LuArrowLeft /> Back to Tools
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
              Buy Me a Coffee
            </Heading>
            <Text color="fg.muted" fontSize="lg">
              PDFTools is free, with no ads and no watermarks. Donations are what keep it that way.
            </Text>
          </Stack>
          <Stack gap="4" as="ul" listStyleType="none">
            {reasons.map((r) => (
              <Box as="li" key={r.title} bg="surface" borderWidth="1px" borderRadius="xl" p="4">
                <FeatureRow icon={r.icon} title={r.title} text={r.text} palette="orange" />
              </Box>
            ))}
          </Stack>
        </Stack>
        <DonationCard />
      </SimpleGrid>
    </Container>
  );
}
