import { Box, Link as ChakraLink, Container, Flex, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { DEFAULT_LIMITS } from "../../schema/tools";
import { usePublicConfig } from "../api/config";
import { Logo } from "./logo";

/**
 * Placeholders the spec keeps in the footer: shown, but they lead nowhere yet. fg.muted, not
 * fg.subtle: the subtle grey is 2.6:1 on white and 3.9:1 on the dark footer, under the 4.5:1 text needs.
 */
function Placeholder({ children }: { children: string }) {
  return (
    <Text as="span" fontSize="sm" color="fg.muted" title="Coming soon" cursor="default">
      {children}
    </Text>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ChakraLink asChild fontSize="sm" color="fg.muted" _hover={{ color: "fg" }} width="fit-content">
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}

export function Footer() {
  const ttl = usePublicConfig().data?.limits.resultTtlHours ?? DEFAULT_LIMITS.resultTtlHours;
  return (
    <Box as="footer" borderTopWidth="1px" bg="surface" mt="auto">
      <Container maxW="7xl" py="10">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="8">
          <Stack gap="3">
            <Logo />
            <Text fontSize="sm" color="fg.muted" maxW="xs">
              Free PDF and image tools that run at the edge or on your device. Results are deleted after {ttl} hour
              {ttl === 1 ? "" : "s"}, or when their share link ends.
            </Text>
          </Stack>
          <Stack gap="2">
            <Text fontWeight="semibold" fontSize="sm">
              Product
            </Text>
            <Placeholder>About</Placeholder>
            <FooterLink to="/all-tools">All Tools</FooterLink>
            <Placeholder>FAQ</Placeholder>
            <Placeholder>Contact</Placeholder>
          </Stack>
          <Stack gap="2">
            <Text fontWeight="semibold" fontSize="sm">
              Legal
            </Text>
            <FooterLink to="/terms">Terms of Service</FooterLink>
            <FooterLink to="/privacy">Privacy Policy</FooterLink>
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
