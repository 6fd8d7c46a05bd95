import { Box, Link as ChakraLink, Container, Flex, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { Logo } from "./logo";

/** Placeholders the spec keeps in the footer: shown, but they lead nowhere yet. */
function Placeholder({ children }: { children: string }) {
  return (
    <Text as="span" fontSize="sm" color="fg.subtle" title="Coming soon" cursor="default">
      {children}
    </Text>
  );
}

export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" bg="surface" mt="auto">
      <Container maxW="7xl" py="10">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="8">
          <Stack gap="3">
            <Logo />
            <Text fontSize="sm" color="fg.muted" maxW="xs">
              Free PDF and image tools that run at the edge. Files are deleted after 24 hours.
            </Text>
          </Stack>
          <Stack gap="2">
            <Text fontWeight="semibold" fontSize="sm">
              Product
            </Text>
            <Placeholder>About</Placeholder>
            <ChakraLink asChild fontSize="sm" color="fg.muted" _hover={{ color: "fg" }}>
              <Link to="/all-tools">All Tools</Link>
            </ChakraLink>
            <Placeholder>FAQ</Placeholder>
            <Placeholder>Contact</Placeholder>
          </Stack>
          <Stack gap="2">
            <Text fontWeight="semibold" fontSize="sm">
              Legal
            </Text>
            <Placeholder>Terms of Service</Placeholder>
            <Placeholder>Privacy Policy</Placeholder>
            <Placeholder>Cookie Policy</Placeholder>
            <Placeholder>GDPR</Placeholder>
          </Stack>
        </SimpleGrid>
        <Flex mt="10" pt="6" borderTopWidth="1px" justify="space-between" wrap="wrap" gap="2">
          <Text fontSize="xs" color="fg.muted">
            © {new Date().getFullYear()} PDFTools. Free forever, supported by donations.
          </Text>
          <HStack gap="1" fontSize="xs" color="fg.muted">
            <span aria-hidden>☕</span>
            <Text>Made with coffee</Text>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
