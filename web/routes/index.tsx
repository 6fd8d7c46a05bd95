import { Badge, Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { createFileRoute, Link } from "@tanstack/react-router";
import { LuClock, LuShieldCheck, LuUserX, LuZap } from "react-icons/lu";
import { tools } from "../../schema/tools";
import { ArrowForward } from "../components/direction-icons";
import { DonationCard } from "../components/donation-card";
import { FeatureRow } from "../components/icon-tile";
import { Section, SectionHeading } from "../components/section";
import { ToolGrid } from "../components/tool-card";
import { namespaces } from "../i18n/loader";
import { useT } from "../i18n/provider";
import { Rich } from "../i18n/rich";

export const Route = createFileRoute("/")({
  component: Home,
  loader: namespaces("home", "donate"),
});

const promises = [
  { icon: LuUserX, key: "signup" },
  { icon: LuClock, key: "deleted" },
  { icon: LuShieldCheck, key: "encryption" },
  { icon: LuZap, key: "fast" },
] as const;

function Hero() {
  const t = useT("home");
  return (
    <Box
      bgGradient="to-b"
      gradientFrom={{ base: "red.50", _dark: "red.950/40" }}
      gradientTo="page"
      borderBottomWidth="1px"
    >
      <Container maxW="5xl" py={{ base: "16", md: "24" }} textAlign="center">
        <Stack align="center" gap="6">
          <Badge
            colorPalette="red"
            variant="surface"
            size="lg"
            borderRadius="full"
            px="3"
            // Longer in other languages than in English: it wraps on a phone rather than overflow.
            whiteSpace="normal"
            textAlign="center"
            h="auto"
            py="1"
            maxW="full"
          >
            {t("hero.badge")}
          </Badge>
          <Heading as="h1" fontSize={{ base: "4xl", md: "6xl" }} lineHeight="1.05" letterSpacing="-0.03em" maxW="4xl">
            <Rich ns="home" k="hero.title" components={[<Text as="span" color="brand.solid" key="0" />]} />
          </Heading>
          <Text fontSize={{ base: "lg", md: "xl" }} color="fg.muted" maxW="2xl">
            {t("hero.text")}
          </Text>
          <HStack gap="3" wrap="wrap" justify="center">
            <Button asChild size="lg" colorPalette="red" bg="brand.solid">
              <Link to="/all-tools">
                {t("hero.explore")} <ArrowForward />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/merge-pdf">{t("hero.merge")}</Link>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}

function Home() {
  const t = useT("home");
  return (
    <>
      <Hero />
      <Section aria-labelledby="tools-heading">
        <SectionHeading
          id="tools-heading"
          title={t("tools.title")}
          subtitle={t("tools.subtitle", { count: tools.length })}
        />
        <ToolGrid tools={tools} />
      </Section>
      <Box bg="surface" borderYWidth="1px">
        <Section py={{ base: "10", md: "12" }}>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
            {promises.map((p) => (
              <FeatureRow
                key={p.key}
                icon={p.icon}
                title={t(`promise.${p.key}.title`)}
                text={t(`promise.${p.key}.text`)}
              />
            ))}
          </SimpleGrid>
        </Section>
      </Box>
      <Section aria-labelledby="support-heading">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: "8", lg: "16" }} alignItems="center">
          <Stack gap="4">
            <Heading as="h2" id="support-heading" size={{ base: "2xl", md: "3xl" }} letterSpacing="-0.02em">
              {t("support.title")}
            </Heading>
            <Text color="fg.muted" fontSize="lg">
              {t("support.text")}
            </Text>
            <Text color="fg.muted">{t("support.text2")}</Text>
          </Stack>
          <DonationCard />
        </SimpleGrid>
      </Section>
      <Section pb={{ base: "16", md: "24" }} aria-labelledby="cta-heading">
        <Stack
          align="center"
          textAlign="center"
          gap="5"
          borderRadius="2xl"
          p={{ base: "8", md: "14" }}
          bg="brand.solid"
          color="brand.contrast"
        >
          <Heading as="h2" id="cta-heading" size={{ base: "2xl", md: "4xl" }} letterSpacing="-0.02em">
            {t("cta.title")}
          </Heading>
          <Text fontSize="lg" maxW="xl" opacity={0.9}>
            {t("cta.text")}
          </Text>
          <Button asChild size="lg" bg="white" color="red.700" _hover={{ bg: "red.50" }}>
            <Link to="/all-tools">
              {t("cta.button")} <ArrowForward />
            </Link>
          </Button>
        </Stack>
      </Section>
    </>
  );
}
