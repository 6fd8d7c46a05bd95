import { Box, Heading, Stack } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { groupTools } from "../../schema/tools";
import { Section, SectionHeading } from "../components/section";
import { ToolGrid } from "../components/tool-card";
import { ToolSearch } from "../components/tool-search";
import { groupKey } from "../i18n/catalogs";
import { namespaces } from "../i18n/loader";
import { useT } from "../i18n/provider";

export const Route = createFileRoute("/all-tools")({ component: AllTools, loader: namespaces("home") });

function AllTools() {
  const t = useT("home");
  const tools = useT("tools");
  return (
    <Section>
      <SectionHeading level="h1" title={t("allTools.title")} subtitle={t("allTools.subtitle")} />
      <Box maxW="xl" mx="auto" mt={{ base: "-2", md: "-4" }} mb={{ base: "8", md: "12" }}>
        <ToolSearch />
      </Box>
      <Stack gap={{ base: "8", md: "12" }}>
        {groupTools().map((group) => {
          const heading = tools(groupKey(group.id));
          return (
            <Stack key={group.id} as="section" gap="5" aria-label={heading}>
              <Heading as="h2" size="xl">
                {heading}
              </Heading>
              <ToolGrid tools={group.tools} />
            </Stack>
          );
        })}
      </Stack>
    </Section>
  );
}
