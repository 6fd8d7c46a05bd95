import { Button, Container, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LuLogIn } from "react-icons/lu";
import type { PublicUser } from "../../schema/api";
import { useT } from "../i18n/provider";
import { useAuth } from "../session/auth-context";

/** Renders its children for a signed-in user; asks a guest to sign in first. */
export function SignInRequired({ title, children }: { title: string; children: (user: PublicUser) => ReactNode }) {
  const t = useT("parts");
  const common = useT("common");
  const { user, isLoading, openDialog } = useAuth();
  if (isLoading) {
    return (
      <Container maxW="4xl" py="12">
        <Skeleton h="40" borderRadius="xl" />
      </Container>
    );
  }
  if (!user) {
    return (
      <Container maxW="lg" py={{ base: "12", md: "20" }}>
        <Stack align="center" textAlign="center" gap="4" bg="surface" borderWidth="1px" borderRadius="xl" p="10">
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          <Text color="fg.muted">{t("signIn.text")}</Text>
          <Button colorPalette="red" bg="brand.solid" onClick={() => openDialog("login")}>
            <LuLogIn /> {common("account.signIn")}
          </Button>
        </Stack>
      </Container>
    );
  }
  return <>{children(user)}</>;
}
