import { Badge, Box, Button, Container, Heading, HStack, Icon, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { createFileRoute, Link } from "@tanstack/react-router";
import type { IconType } from "react-icons";
import { LuClock, LuShieldCheck, LuUserX, LuZap } from "react-icons/lu";
import { tools } from "../../schema/tools";
import { ArrowForward } from "../components/direction-icons";
import { DonationCard } from "../components/donation-card";
import { IconTile } from "../components/icon-tile";
import { Section, SectionHeading } from "../components/section";
import { ToolDirectory } from "../components/tool-card";
import { ToolSearch } from "../components/tool-search";
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
      <Container maxW="5xl" py={{ base: "8", md: "20" }} textAlign="center">
        <Stack align="center" gap={{ base: "4", md: "6" }}>
          <Badge
            colorPalette="red"
            variant="surface"
            size={{ base: "md", md: "lg" }}
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
          <Heading as="h1" fontSize={{ base: "3xl", md: "6xl" }} lineHeight="1.05" letterSpacing="-0.03em" maxW="4xl">
            <Rich ns="home" k="hero.title" components={[<Text as="span" color="brand.solid" key="0" />]} />
          </Heading>
          <Text fontSize={{ base: "md", md: "xl" }} color="fg.muted" maxW="2xl">
            {t("hero.text")}
          </Text>
          <Box w="full" maxW="xl">
            <ToolSearch />
          </Box>
          <HStack gap="3" wrap="wrap" justify="center" hideBelow="md">
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

/** A promise: its title on a phone, with its sentence from tablet width up. */
function PromiseItem({ icon, title, text }: { icon: IconType; title: string; text: string }) {
  return (
    <HStack align={{ base: "center", md: "start" }} gap="3">
      <IconTile>
        <Icon as={icon} boxSize="5" />
      </IconTile>
      <Stack gap="1">
        <Text fontWeight="semibold" fontSize={{ base: "sm", md: "md" }} lineHeight="short">
          {title}
        </Text>
        <Text fontSize="sm" color="fg.muted" hideBelow="md">
          {text}
        </Text>
      </Stack>
    </HStack>
  );
}

function Home() {
  const t = useT("home");
  const common = useT("common");
  return (
    <>
      <Hero />
      <Section aria-labelledby="tools-heading" py={{ base: "8", md: "16" }}>
        <SectionHeading
          id="tools-heading"
          title={t("tools.title")}
          subtitle={t("tools.subtitle", { count: tools.length })}
        />
        <ToolDirectory />
      </Section>
      <Box bg="surface" borderYWidth="1px">
        <Section py={{ base: "6", md: "12" }}>
          <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: "4", md: "6" }}>
            {promises.map((p) => (
              <PromiseItem
                key={p.key}
                icon={p.icon}
                title={t(`promise.${p.key}.title`)}
                text={t(`promise.${p.key}.text`)}
              />
            ))}
          </SimpleGrid>
        </Section>
      </Box>
      <Section aria-labelledby="support-heading" py={{ base: "8", md: "16" }}>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: "8", lg: "16" }} alignItems="center">
          <Stack gap={{ base: "3", md: "4" }} align="start">
            <Heading as="h2" id="support-heading" size={{ base: "xl", md: "3xl" }} letterSpacing="-0.02em">
              {t("support.title")}
            </Heading>
            <Text color="fg.muted" fontSize={{ base: "md", md: "lg" }}>
              {t("support.text")}
            </Text>
            <Text color="fg.muted" hideBelow="md">
              {t("support.text2")}
            </Text>
            {/* On a phone the widget is one tap away, on the donate page, rather than a screen of the home page. */}
            <Button
              asChild
              hideFrom="md"
              colorPalette="orange"
              bg="orange.700"
              color="white"
              _hover={{ bg: "orange.800" }}
            >
              <Link to="/donate">
                <span aria-hidden>☕</span> {common("donate.button")}
              </Link>
            </Button>
          </Stack>
          <Box hideBelow="md">
            <DonationCard />
          </Box>
        </SimpleGrid>
      </Section>
      <Section pt="0" pb={{ base: "8", md: "24" }} aria-labelledby="cta-heading">
        <Stack
          align="center"
          textAlign="center"
          gap={{ base: "3", md: "5" }}
          borderRadius="2xl"
          p={{ base: "6", md: "14" }}
          bg="brand.solid"
          color="brand.contrast"
        >
          <Heading as="h2" id="cta-heading" size={{ base: "xl", md: "4xl" }} letterSpacing="-0.02em">
            {t("cta.title")}
          </Heading>
          <Text fontSize={{ base: "md", md: "lg" }} maxW="xl">
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
