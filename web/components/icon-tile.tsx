import { Flex, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";

/** The tinted square that carries an icon on cards, features and tool headers. */
export function IconTile({
  palette = "brand",
  size = "10",
  children,
}: {
  palette?: string;
  size?: "10" | "12" | "14";
  children: ReactNode;
}) {
  return (
    <Flex
      boxSize={size}
      flexShrink="0"
      align="center"
      justify="center"
      borderRadius={size === "10" ? "lg" : "xl"}
      bg={`${palette}.subtle`}
      color={`${palette}.fg`}
    >
      {children}
    </Flex>
  );
}

/** An icon, a title and a line of text: the home page's promises, the donate page's reasons. */
export function FeatureRow({
  icon,
  title,
  text,
  palette,
}: {
  icon: IconType;
  title: string;
  text: string;
  palette?: string;
}) {
  return (
    <HStack align="start" gap="3">
      <IconTile palette={palette}>
        <Icon as={icon} boxSize="5" />
      </IconTile>
      <Stack gap="1">
        <Text fontWeight="semibold">{title}</Text>
        <Text fontSize="sm" color="fg.muted">
          {text}
        </Text>
      </Stack>
    </HStack>
  );
}
