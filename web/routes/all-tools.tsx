import { Heading, Stack } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { groupTools } from "../../schema/tools";
import { Section, SectionHeading } from "../components/section";
import { ToolGrid } from "../components/tool-card";

export const Route = createFileRoute("/all-tools")({ component: AllTools });

function AllTools() {
  return (
    <Section>
      <SectionHeading
        level="h1"
        title="All Tools"
        subtitle="Every tool, grouped by what it does. All free: run them on our servers, or switch on Process on this device and your files never leave it."
      />
      <Stack gap="12">
        {groupTools().map((group) => (
          <Stack key={group.heading} as="section" gap="5" aria-label={group.heading}>
            <Heading as="h2" size="xl">
              {group.heading}
            </Heading>
            <ToolGrid tools={group.tools} />
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}
