import { Button, Card, Container, DataList, Heading, Stack } from "@chakra-ui/react";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { LuCreditCard, LuLogOut } from "react-icons/lu";
import { PremiumCheckoutError, useBillingPortal } from "../api/premium";
import { displayName } from "../components/account-area";
import { AccountBanner } from "../components/account-banner";
import { RoleBadge } from "../components/role-badge";
import { SignInRequired } from "../components/sign-in-required";
import { allowanceOf } from "../session/allowance";
import { useAuth } from "../session/auth-context";
import { toast } from "../ui/toaster";

export const Route = createFileRoute("/account")({ component: Account });

function ManageSubscription() {
  const portal = useBillingPortal();
  return (
    <Card.Root variant="outline" bg="surface">
      <Card.Body gap="3">
        <Card.Title>Subscription</Card.Title>
        <Card.Description>
          Change your card, see invoices or cancel Premium on Stripe's secure billing page.
        </Card.Description>
        <Button
          alignSelf="start"
          variant="outline"
          loading={portal.isPending}
          loadingText="Processing..."
          onClick={async () => {
            try {
              window.location.assign((await portal.mutateAsync()).url);
            } catch (err) {
              toast({
                title: "Could not open billing",
                description: err instanceof PremiumCheckoutError ? err.message : "Please try again.",
                variant: "destructive",
              });
            }
          }}
        >
          <LuCreditCard /> Manage subscription
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

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
            {user.hasBillingAccount && <ManageSubscription />}
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
