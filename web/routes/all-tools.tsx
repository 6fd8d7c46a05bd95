import { Heading, SimpleGrid, Stack } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { groupTools } from "../../schema/tools";
import { Section, SectionHeading } from "../components/section";
import { ToolCard } from "../components/tool-card";

export const Route = createFileRoute("/all-tools")({ component: AllTools });

function AllTools() {
  return (
    <Section>
      <SectionHeading
        level="h1"
        title="All Tools"
        subtitle="Every tool, grouped by what it does. All free, all in your browser."
      />
      <Stack gap="12">
        {groupTools().map((group) => (
          <Stack key={group.heading} as="section" gap="5" aria-label={group.heading}>
            <Heading as="h2" size="xl">
              {group.heading}
            </Heading>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
              {group.tools.map((t) => (
                <ToolCard
                  key={t.id}
                  path={t.path}
                  icon={t.icon}
                  color={t.color}
                  title={t.title}
                  description={t.description}
                />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}
