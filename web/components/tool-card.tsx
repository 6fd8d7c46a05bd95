import { Box, Card, SimpleGrid, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { ToolDef, ToolIcon as ToolIconName, ToolId } from "../../schema/tools";
import { useT } from "../i18n/provider";
import { ArrowForward } from "./direction-icons";
import { IconTile } from "./icon-tile";
import { ToolIcon } from "./tool-icon";

export interface ToolCardProps {
  path: string;
  icon: ToolIconName;
  color: string;
  title: string;
  description: string;
}

/** A card that links to a tool: its icon, title and description. */
export function ToolCard({ path, icon, color, title, description }: ToolCardProps) {
  const t = useT("common");
  return (
    <Card.Root
      asChild
      variant="outline"
      bg="surface"
      borderRadius="xl"
      transition="transform 0.15s ease, box-shadow 0.15s ease, border-color 0.15s ease"
      _hover={{ transform: "translateY(-2px)", shadow: "lg", borderColor: `${color}.300` }}
      _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
      data-testid="tool-card"
    >
      <Link to={path}>
        <Card.Body gap="3">
          <IconTile palette={color} size="12">
            <ToolIcon name={icon} boxSize="6" />
          </IconTile>
          <Card.Title fontSize="lg">{title}</Card.Title>
          <Card.Description>{description}</Card.Description>
          <Box flex="1" />
          <Text fontSize="sm" fontWeight="medium" color={`${color}.fg`} display="flex" alignItems="center" gap="1">
            {t("tool.open")} <ArrowForward aria-hidden />
          </Text>
        </Card.Body>
      </Link>
    </Card.Root>
  );
}

/** The catalogue's tools as a grid of cards (home, All Tools). */
export function ToolGrid({ tools }: { tools: readonly ToolDef[] }) {
  const text = useT("tools");
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
      {tools.map((t) => (
        <ToolCard
          key={t.id}
          path={t.path}
          icon={t.icon}
          color={t.color}
          title={text(`${t.id as ToolId}.title`)}
          description={text(`${t.id as ToolId}.description`)}
        />
      ))}
    </SimpleGrid>
  );
}
