import { Container, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

export function SectionHeading({
  title,
  subtitle,
  id,
  level = "h2",
}: {
  title: string;
  subtitle?: string;
  id?: string;
  level?: "h1" | "h2";
}) {
  return (
    <Stack gap="3" textAlign="center" align="center" mb={{ base: "8", md: "10" }}>
      <Heading as={level} id={id} size={{ base: "2xl", md: "3xl" }} letterSpacing="-0.02em">
        {title}
      </Heading>
      {subtitle && (
        <Text color="fg.muted" maxW="2xl" fontSize={{ base: "md", md: "lg" }}>
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}

export function Section({ children, ...props }: { children: ReactNode } & React.ComponentProps<typeof Container>) {
  return (
    <Container as="section" maxW="7xl" py={{ base: "12", md: "16" }} {...props}>
      {children}
    </Container>
  );
}
