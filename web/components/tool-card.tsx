import { Box, Card, Flex, Heading, SimpleGrid, Stack } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { groupTools, type ToolDef, type ToolIcon as ToolIconName, type ToolId } from "../../schema/tools";
import { groupKey } from "../i18n/catalogs";
import { useT } from "../i18n/provider";
import { ChevronForward } from "./direction-icons";
import { ToolIcon } from "./tool-icon";

export interface ToolCardProps {
  path: string;
  icon: ToolIconName;
  color: string;
  title: string;
  description: string;
  /**
   * Home's cards: on a phone the icon and title only (the description from tablet width up), so
   * the whole catalogue fits on a screen or so.
   */
  compact?: boolean;
}

/** A card that links to a tool: its icon, title and description. */
export function ToolCard({ path, icon, color, title, description, compact = false }: ToolCardProps) {
  return (
    <Card.Root
      asChild
      variant="outline"
      bg="surface"
      borderRadius={compact ? "lg" : "xl"}
      transition="transform 0.15s ease, box-shadow 0.15s ease, border-color 0.15s ease"
      _hover={{ transform: "translateY(-2px)", shadow: "md", borderColor: `${color}.300` }}
      _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
      data-testid="tool-card"
    >
      <Link to={path}>
        <Card.Body
          flexDirection="row"
          alignItems={compact ? { base: "center", md: "start" } : "start"}
          gap={compact ? { base: "2", md: "3" } : "4"}
          px={compact ? { base: "2", md: "4" } : { base: "4", md: "5" }}
          py={compact ? { base: "2", md: "4" } : { base: "4", md: "5" }}
        >
          <Flex
            // On a phone every pixel goes to the title: "PDF zusammenfügen" fits a half-width card.
            boxSize={compact ? { base: "7", md: "10" } : "11"}
            flexShrink="0"
            align="center"
            justify="center"
            borderRadius="lg"
            bg={`${color}.subtle`}
            color={`${color}.fg`}
          >
            <ToolIcon name={icon} boxSize={compact ? { base: "4", md: "5" } : "5"} />
          </Flex>
          <Stack gap="1" flex="1" minW="0">
            <Card.Title
              fontSize={compact ? { base: "sm", md: "md" } : "md"}
              lineHeight="short"
              // A long word in another language (German, Russian) wraps rather than overflows a narrow card.
              overflowWrap="break-word"
              hyphens="auto"
            >
              {title}
            </Card.Title>
            <Card.Description hideBelow={compact ? "md" : undefined} lineClamp={compact ? 2 : undefined}>
              {description}
            </Card.Description>
          </Stack>
          {!compact && (
            <Box color={`${color}.fg`} alignSelf="center" flexShrink="0">
              <ChevronForward aria-hidden />
            </Box>
          )}
        </Card.Body>
      </Link>
    </Card.Root>
  );
}

function cardProps(t: ToolDef, text: ReturnType<typeof useT<"tools">>) {
  const id = t.id as ToolId;
  return {
    path: t.path,
    icon: t.icon,
    color: t.color,
    title: text(`${id}.title`),
    description: text(`${id}.description`),
  };
}

/** The catalogue's tools as a grid of cards (All Tools' groups). */
export function ToolGrid({ tools }: { tools: readonly ToolDef[] }) {
  const text = useT("tools");
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={{ base: "3", md: "4" }}>
      {tools.map((t) => (
        <ToolCard key={t.id} {...cardProps(t, text)} />
      ))}
    </SimpleGrid>
  );
}

/**
 * Home's catalogue: every tool under its group, the groups flowing in columns (two on a phone,
 * three on a wide screen) so short groups sit beside long ones instead of leaving rows half empty.
 */
export function ToolDirectory() {
  const text = useT("tools");
  return (
    <Box columnCount={{ base: 2, lg: 3 }} columnGap={{ base: "3", md: "6" }}>
      {groupTools().map((g) => (
        <Box
          key={g.id}
          as="section"
          aria-labelledby={`tools-${g.id}`}
          breakInside="avoid"
          pb={{ base: "4", md: "6" }}
          data-testid="tool-group"
        >
          <Heading
            as="h3"
            id={`tools-${g.id}`}
            fontSize={{ base: "xs", md: "sm" }}
            fontWeight="semibold"
            color="fg.muted"
            textTransform="uppercase"
            letterSpacing="wide"
            mb="2"
          >
            {text(groupKey(g.id))}
          </Heading>
          <Stack gap={{ base: "2", md: "3" }}>
            {g.tools.map((t) => (
              <ToolCard key={t.id} compact {...cardProps(t, text)} />
            ))}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
