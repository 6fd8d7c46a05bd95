import { Heading, Stack } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { groupTools } from "../../schema/tools";
import { Section, SectionHeading } from "../components/section";
import { ToolGrid } from "../components/tool-card";
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
      <Stack gap="12">
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
