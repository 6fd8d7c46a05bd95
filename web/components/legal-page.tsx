import { Box, Link as ChakraLink, Container, Heading, List, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { ReactElement, ReactNode } from "react";
import { usePublicConfig } from "../api/config";
import type { MessageKey } from "../i18n/catalogs";
import { useLocale, useT } from "../i18n/provider";
import { Rich } from "../i18n/rich";
import type { Values } from "../i18n/runtime";

/** "26 November 2026" (English keeps the day-first date it was written with), in the page's language. */
function longDate(iso: string, tag: string): string {
  return new Intl.DateTimeFormat(tag === "en" ? "en-GB" : tag, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(iso),
  );
}

/** The frame of the Privacy Policy and the Terms of Service: a title, its date (ISO), then sections. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  const t = useT("legal");
  const tag = useLocale();
  return (
    <Container maxW="3xl" py={{ base: "8", md: "14" }}>
      <Stack gap="8" bg="surface" borderWidth="1px" borderRadius="2xl" p={{ base: "5", md: "10" }}>
        <Stack gap="2">
          <Heading as="h1" size={{ base: "2xl", md: "3xl" }} letterSpacing="-0.02em">
            {title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t("updated", { date: longDate(updated, tag) })}
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
export function PageLink({ to, children }: { to: string; children?: ReactNode }) {
  return (
    <ChakraLink asChild color="brand.fg" textDecoration="underline">
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}

/** A paragraph of the legal namespace, its <0>, <1>... markup filled with `components` (bold, links, code). */
export function L({
  k,
  values,
  components = [],
}: {
  k: MessageKey<"legal">;
  values?: Values;
  components?: ReactElement[];
}) {
  return <Rich ns="legal" k={k} values={values} components={components} />;
}

/** The operator's address when this server publishes one (CONTACT_EMAIL). */
export function Contact() {
  const config = usePublicConfig();
  const email = config.data?.contact;
  if (config.isPending) return <Box h="6" />;
  if (email) {
    return (
      <P>
        <L
          k="contact.email"
          values={{ email }}
          components={[<ChakraLink key="0" href={`mailto:${email}`} color="brand.fg" textDecoration="underline" />]}
        />
      </P>
    );
  }
  return (
    <P>
      <L k="contact.none" />
    </P>
  );
}
