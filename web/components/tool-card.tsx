import { Box, Card, Flex, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuArrowRight } from "react-icons/lu";
import type { ToolIcon as ToolIconName } from "../../schema/tools";
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
          <Flex
            align="center"
            justify="center"
            boxSize="12"
            borderRadius="lg"
            bg={`${color}.subtle`}
            color={`${color}.fg`}
          >
            <ToolIcon name={icon} boxSize="6" />
          </Flex>
          <Card.Title fontSize="lg">{title}</Card.Title>
          <Card.Description>{description}</Card.Description>
          <Box flex="1" />
          <Text fontSize="sm" fontWeight="medium" color={`${color}.fg`} display="flex" alignItems="center" gap="1">
            Open tool <LuArrowRight aria-hidden />
          </Text>
        </Card.Body>
      </Link>
    </Card.Root>
  );
}
