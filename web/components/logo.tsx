import { HStack, Image, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";

export function Logo() {
  return (
    <Link to="/" aria-label="PDFTools home">
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
