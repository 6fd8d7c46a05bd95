import { HStack, Image, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { useT } from "../i18n/provider";

export function Logo() {
  const t = useT("common");
  return (
    <Link to="/" aria-label={t("logo.home")}>
      <HStack gap="2">
        <Image src="/favicon.svg" alt="" boxSize="8" />
        <Text fontWeight="800" fontSize="lg" letterSpacing="-0.02em">
          PDF
          <Text as="span" color="brand.solid">
            Tools
          </Text>
        </Text>
      </HStack>
    </Link>
  );
}
