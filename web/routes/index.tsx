import { Badge, Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { createFileRoute, Link } from "@tanstack/react-router";
import { LuArrowRight, LuClock, LuShieldCheck, LuUserX, LuZap } from "react-icons/lu";
import { tools } from "../../schema/tools";
import { DonationCard } from "../components/donation-card";
import { FeatureRow } from "../components/icon-tile";
import { Section, SectionHeading } from "../components/section";
import { ToolGrid } from "../components/tool-card";

export const Route = createFileRoute("/")({
  component: Home,
  head: () => ({ meta: [{ title: "PDFTools: free PDF and image tools" }] }),
});

const promises = [
  {
    icon: LuUserX,
    title: "No sign-up needed",
    text: "Use every tool as a guest. An account only adds a higher daily allowance.",
  },
  {
    icon: LuClock,
    title: "Deleted after 24 hours",
    text: "Results are removed automatically. Nobody else can list or guess them.",
  },
  {
    icon: LuShieldCheck,
    title: "Real encryption",
    text: "Protect PDFs with AES-256, and unlock every common kind of PDF password.",
  },
  {
    icon: LuZap,
    title: "Fast, at the edge",
    text: "Files are processed close to you, in seconds, with no watermark added.",
  },
];

function Hero() {
  return (
    <Box
      bgGradient="to-b"
      gradientFrom={{ base: "red.50", _dark: "red.950/40" }}
      gradientTo="page"
      borderBottomWidth="1px"
    >
      <Container maxW="5xl" py={{ base: "16", md: "24" }} textAlign="center">
        <Stack align="center" gap="6">
          <Badge colorPalette="red" variant="surface" size="lg" borderRadius="full" px="3">
            Free forever · No watermarks · No sign-up
          </Badge>
          <Heading as="h1" fontSize={{ base: "4xl", md: "6xl" }} lineHeight="1.05" letterSpacing="-0.03em" maxW="4xl">
            Every PDF tool you need,{" "}
            <Text as="span" color="brand.solid">
              free and fast
            </Text>
          </Heading>
          <Text fontSize={{ base: "lg", md: "xl" }} color="fg.muted" maxW="2xl">
            Merge, split, compress, convert, watermark, rotate, unlock and protect PDFs, and shrink images, in seconds.
            Drop a file, get a better file back.
          </Text>
          <HStack gap="3" wrap="wrap" justify="center">
            <Button asChild size="lg" colorPalette="red" bg="brand.solid">
              <Link to="/all-tools">
                Explore all tools <LuArrowRight />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/merge-pdf">Merge PDFs</Link>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}

function Home() {
  return (
    <>
      <Hero />
      <Section aria-labelledby="tools-heading">
        <SectionHeading
          id="tools-heading"
          title="All the tools you need"
          subtitle={`${tools.length} tools for PDFs and images. Pick one to start; there is nothing to install.`}
        />
        <ToolGrid tools={tools} />
      </Section>
      <Box bg="surface" borderYWidth="1px">
        <Section py={{ base: "10", md: "12" }}>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
            {promises.map((p) => (
              <FeatureRow key={p.title} icon={p.icon} title={p.title} text={p.text} />
            ))}
          </SimpleGrid>
        </Section>
      </Box>
      <Section aria-labelledby="support-heading">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: "8", lg: "16" }} alignItems="center">
          <Stack gap="4">
            <Heading as="h2" id="support-heading" size={{ base: "2xl", md: "3xl" }} letterSpacing="-0.02em">
              Support Our Free Tools
            </Heading>
            <Text color="fg.muted" fontSize="lg">
              PDFTools is free for everyone and carries no ads. If it saved you time, a coffee keeps the servers running
              and new tools coming.
            </Text>
            <Text color="fg.muted">
              Every donation, large or small, goes into maintenance, new features and hosting.
            </Text>
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
            Get Started Now
          </Heading>
          <Text fontSize="lg" maxW="xl" opacity={0.9}>
            Pick a tool, drop your file and download the result. Free, private, and done in seconds.
          </Text>
          <Button asChild size="lg" bg="white" color="red.700" _hover={{ bg: "red.50" }}>
            <Link to="/all-tools">
              Choose a tool <LuArrowRight />
            </Link>
          </Button>
        </Stack>
      </Section>
    </>
  );
}
