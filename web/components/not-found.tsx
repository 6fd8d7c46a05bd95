import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuCircleAlert } from "react-icons/lu";

export function NotFound() {
  return (
    <Container maxW="xl" py={{ base: "16", md: "24" }}>
      <Stack align="center" textAlign="center" gap="4" bg="surface" borderWidth="1px" borderRadius="xl" p="10">
        <LuCircleAlert size="40" color="var(--chakra-colors-red-500)" aria-hidden />
        <Heading as="h1" size="2xl">
          404 Page Not Found
        </Heading>
        <Text color="fg.muted">Did you forget to add the page to the router?</Text>
        <Button asChild variant="outline" mt="2">
          <Link to="/">Go to the home page</Link>
        </Button>
      </Stack>
    </Container>
  );
}
