import { Button, Card, Container, DataList, Field, Heading, Input, Stack, Text } from "@chakra-ui/react";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { LuCreditCard, LuLogOut, LuTrash2 } from "react-icons/lu";
import { deletionError, useDeleteAccount } from "../api/account";
import { ApiError } from "../api/client";
import { useBillingPortal } from "../api/premium";
import { displayName } from "../components/account-area";
import { AccountBanner } from "../components/account-banner";
import { ConfirmDialog } from "../components/confirm-dialog";
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
                description: err instanceof ApiError ? err.message : "Please try again.",
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

function DeleteAccount() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const close = () => {
    setOpen(false);
    setPassword("");
  };
  const confirm = async () => {
    try {
      await remove.mutateAsync(password);
      close();
      // Leave the page before signing out, so it never flashes its signed-out form.
      await navigate({ to: "/" });
      await logout();
      toast({ title: "Your account has been deleted", description: "Everything it held is gone." });
    } catch (err) {
      toast({ title: "Account not deleted", description: deletionError(err), variant: "destructive" });
    }
  };
  return (
    <Card.Root variant="outline" bg="surface" borderColor="red.muted">
      <Card.Body gap="3">
        <Card.Title>Delete account</Card.Title>
        <Card.Description>
          Deletes your account, your file history, every file you converted and every share link to them, now. An active
          Premium subscription is cancelled first. Records of payments are kept, without your name, because tax law
          requires it.
        </Card.Description>
        <Button alignSelf="start" variant="outline" colorPalette="red" onClick={() => setOpen(true)}>
          <LuTrash2 /> Delete account
        </Button>
      </Card.Body>
      <ConfirmDialog
        open={open}
        title="Delete your account?"
        confirmLabel="Delete my account"
        pending={remove.isPending}
        confirmDisabled={password.length === 0}
        onConfirm={confirm}
        onClose={close}
      >
        <Stack gap="3">
          <Text>This cannot be undone. Enter your password to confirm.</Text>
          <Field.Root>
            <Field.Label>Password</Field.Label>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field.Root>
        </Stack>
      </ConfirmDialog>
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
            <DeleteAccount />
          </Stack>
        </Container>
      )}
    </SignInRequired>
  );
}
