import { Container, Heading, Spinner, Stack } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/shared/$shareId")({ component: SharedFile });

function SharedFile() {
  return (
    <Container maxW="lg" py="16">
      <Stack align="center" gap="4">
        <Spinner />
        <Heading size="md">Loading shared file...</Heading>
      </Stack>
    </Container>
  );
}
