import { Button, Card, Container, DataList, Field, Heading, Input, Stack, Text } from "@chakra-ui/react";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { LuCreditCard, LuLogOut, LuTrash2 } from "react-icons/lu";
import { useDeleteAccount } from "../api/account";
import { useBillingPortal } from "../api/premium";
import { displayName } from "../components/account-area";
import { AccountBanner } from "../components/account-banner";
import { ConfirmDialog } from "../components/confirm-dialog";
import { RoleBadge } from "../components/role-badge";
import { SignInRequired } from "../components/sign-in-required";
import { apiErrorText } from "../i18n/errors";
import { formatDate } from "../i18n/format";
import { namespaces } from "../i18n/loader";
import { useLocale, useT } from "../i18n/provider";
import { allowanceOf } from "../session/allowance";
import { useAuth } from "../session/auth-context";
import { toast } from "../ui/toaster";

export const Route = createFileRoute("/account")({ component: Account, loader: namespaces("account", "parts") });

function ManageSubscription() {
  const t = useT("account");
  const tag = useLocale();
  const portal = useBillingPortal();
  return (
    <Card.Root variant="outline" bg="surface">
      <Card.Body gap="3">
        <Card.Title>{t("subscription.title")}</Card.Title>
        <Card.Description>{t("subscription.text")}</Card.Description>
        <Button
          alignSelf="start"
          variant="outline"
          loading={portal.isPending}
          loadingText={t("processing")}
          onClick={async () => {
            try {
              window.location.assign((await portal.mutateAsync()).url);
            } catch (err) {
              toast({
                title: t("subscription.failed"),
                description: apiErrorText(err, tag) ?? t("tryAgain"),
                variant: "destructive",
              });
            }
          }}
        >
          <LuCreditCard /> {t("subscription.manage")}
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

function DeleteAccount() {
  const t = useT("account");
  const tag = useLocale();
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
      toast({ title: t("delete.done"), description: t("delete.doneText") });
    } catch (err) {
      toast({
        title: t("delete.failed"),
        description: apiErrorText(err, tag) ?? t("delete.notDeleted"),
        variant: "destructive",
      });
    }
  };
  return (
    <Card.Root variant="outline" bg="surface" borderColor="red.muted">
      <Card.Body gap="3">
        <Card.Title>{t("delete.title")}</Card.Title>
        <Card.Description>{t("delete.text")}</Card.Description>
        <Button alignSelf="start" variant="outline" colorPalette="red" onClick={() => setOpen(true)}>
          <LuTrash2 /> {t("delete.button")}
        </Button>
      </Card.Body>
      <ConfirmDialog
        open={open}
        title={t("delete.confirmTitle")}
        confirmLabel={t("delete.confirm")}
        pending={remove.isPending}
        confirmDisabled={password.length === 0}
        onConfirm={confirm}
        onClose={close}
      >
        <Stack gap="3">
          <Text>{t("delete.warning")}</Text>
          <Field.Root>
            <Field.Label>{t("delete.password")}</Field.Label>
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
  const t = useT("account");
  const common = useT("common");
  const tag = useLocale();
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <SignInRequired title={t("title")}>
      {(user) => (
        <Container maxW="3xl" py={{ base: "8", md: "12" }}>
          <Stack gap="6">
            <Heading as="h1" size="3xl">
              {t("title")}
            </Heading>
            <Card.Root variant="outline" bg="surface">
              <Card.Body>
                <DataList.Root orientation="horizontal" gap="4">
                  <DataList.Item>
                    <DataList.ItemLabel>{t("field.name")}</DataList.ItemLabel>
                    <DataList.ItemValue>{displayName(user)}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>{t("field.email")}</DataList.ItemLabel>
                    <DataList.ItemValue>{user.email}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>{t("field.plan")}</DataList.ItemLabel>
                    <DataList.ItemValue>
                      <RoleBadge tier={allowanceOf(user).tier} />
                    </DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>{t("field.memberSince")}</DataList.ItemLabel>
                    <DataList.ItemValue>{formatDate(user.createdAt, tag)}</DataList.ItemValue>
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
              <LuLogOut /> {common("account.signOut")}
            </Button>
            <DeleteAccount />
          </Stack>
        </Container>
      )}
    </SignInRequired>
  );
}
