import { Button, Card, Container, DataList, Heading, Stack } from "@chakra-ui/react";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { LuLogOut } from "react-icons/lu";
import { displayName } from "../components/account-area";
import { AccountBanner } from "../components/account-banner";
import { RoleBadge } from "../components/role-badge";
import { SignInRequired } from "../components/sign-in-required";
import { allowanceOf } from "../session/allowance";
import { useAuth } from "../session/auth-context";

export const Route = createFileRoute("/account")({ component: Account });

function Account() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <SignInRequired title="Account Settings">
      {(user) => (
        <Container maxW="3xl" py={{ base: "8", md: "12" }}>
          <Stack gap="6">
            <Heading as="h1" size="3xl">
              Account Settings
            </Heading>
            <Card.Root variant="outline" bg="surface">
              <Card.Body>
                <DataList.Root orientation="horizontal" gap="4">
                  <DataList.Item>
                    <DataList.ItemLabel>Name</DataList.ItemLabel>
                    <DataList.ItemValue>{displayName(user)}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>Email</DataList.ItemLabel>
                    <DataList.ItemValue>{user.email}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>Plan</DataList.ItemLabel>
                    <DataList.ItemValue>
                      <RoleBadge tier={allowanceOf(user).tier} />
                    </DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>Member since</DataList.ItemLabel>
                    <DataList.ItemValue>{new Date(user.createdAt).toLocaleDateString()}</DataList.ItemValue>
                  </DataList.Item>
                </DataList.Root>
              </Card.Body>
            </Card.Root>
            <AccountBanner />
            <Button
              alignSelf="start"
              variant="outline"
              onClick={async () => {
                await logout();
                void navigate({ to: "/" });
              }}
            >
              <LuLogOut /> Sign Out
            </Button>
          </Stack>
        </Container>
      )}
    </SignInRequired>
  );
}
