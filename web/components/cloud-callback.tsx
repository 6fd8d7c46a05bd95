import { Container, Spinner, Stack, Text } from "@chakra-ui/react";

export function CloudCallback(_props: { provider: "google" | "dropbox" }) {
  return (
    <Container maxW="lg" py="16">
      <Stack align="center" gap="4">
        <Spinner size="lg" />
        <Text>Processing authentication...</Text>
      </Stack>
    </Container>
  );
}
