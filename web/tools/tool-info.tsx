import { Box, Card, Flex, Heading, Icon, List, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { IconType } from "react-icons";
import { LuCircleCheck } from "react-icons/lu";
import { IconTile } from "../components/icon-tile";

export interface Feature {
  icon: IconType;
  title: string;
  text: string;
}

/** The explanatory sections under a tool: what it offers, how it works, what people use it for. */
export function FeatureGrid({ heading, features }: { heading: string; features: Feature[] }) {
  return (
    <Stack as="section" gap="5" aria-label={heading}>
      <Heading as="h2" size="xl" textAlign="center">
        {heading}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: features.length }} gap="4">
        {features.map((f) => (
          <Card.Root key={f.title} variant="outline" bg="surface" borderRadius="xl">
            <Card.Body gap="3">
              <IconTile>
                <Icon as={f.icon} boxSize="5" />
              </IconTile>
              <Heading as="h3" size="md">
                {f.title}
              </Heading>
              <Text color="fg.muted">{f.text}</Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function Steps({ heading, steps }: { heading: string; steps: { title: string; text: string }[] }) {
  return (
    <Stack as="section" gap="5" aria-label={heading}>
      <Heading as="h2" size="xl" textAlign="center">
        {heading}
      </Heading>
      <SimpleGrid as="ol" columns={{ base: 1, sm: 2, md: steps.length }} gap="4" listStyleType="none" p="0" m="0">
        {steps.map((s, i) => (
          <Stack as="li" key={s.title} gap="2" align={{ base: "start", md: "center" }} textAlign={{ md: "center" }}>
            <Flex
              boxSize="10"
              align="center"
              justify="center"
              borderRadius="full"
              bg="brand.solid"
              color="brand.contrast"
              fontWeight="bold"
              aria-hidden
            >
              {i + 1}
            </Flex>
            <Heading as="h3" size="md">
              {s.title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {s.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function UseCases({ heading, cases }: { heading: string; cases: string[] }) {
  return (
    <Box as="section" aria-label={heading} bg="surface" borderWidth="1px" borderRadius="xl" p={{ base: "5", md: "8" }}>
      <Heading as="h2" size="xl" mb="4">
        {heading}
      </Heading>
      <List.Root gap="3" variant="plain">
        {cases.map((c) => (
          <List.Item key={c} alignItems="start">
            <List.Indicator asChild color="green.fg" mt="1">
              <LuCircleCheck />
            </List.Indicator>
            {c}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
