import { Box, Link as ChakraLink, Container, Heading, List, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { usePublicConfig } from "../api/config";

/** The frame of the Privacy Policy and the Terms of Service: a title, its date, then sections. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <Container maxW="3xl" py={{ base: "8", md: "14" }}>
      <Stack gap="8" bg="surface" borderWidth="1px" borderRadius="2xl" p={{ base: "5", md: "10" }}>
        <Stack gap="2">
          <Heading as="h1" size={{ base: "2xl", md: "3xl" }} letterSpacing="-0.02em">
            {title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Last updated {updated}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-labelledby={id}>
      <Heading as="h2" size="lg" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

export function P({ children }: { children: ReactNode }) {
  return <Text lineHeight="tall">{children}</Text>;
}

export function Items({ children }: { children: ReactNode }) {
  return (
    <List.Root as="ul" gap="2" ps="5" lineHeight="tall">
      {children}
    </List.Root>
  );
}

export function Item({ children }: { children: ReactNode }) {
  return <List.Item>{children}</List.Item>;
}

/** A link to another page of the site, underlined so it reads as a link in running text. */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ChakraLink asChild color="brand.fg" textDecoration="underline">
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}

/** The operator's address when this server publishes one (CONTACT_EMAIL). */
export function Contact() {
  const config = usePublicConfig();
  const email = config.data?.contact;
  if (config.isPending) return <Box h="6" />;
  if (email) {
    return (
      <P>
        Write to{" "}
        <ChakraLink href={`mailto:${email}`} color="brand.fg" textDecoration="underline">
          {email}
        </ChakraLink>
        . You do not need to write to us to delete your data: everything can be deleted from the site itself, as
        described above.
      </P>
    );
  }
  return (
    <P>
      The operator of this server has not published a contact address yet. You do not need one to delete your data:
      everything can be deleted from the site itself, as described above.
    </P>
  );
}
