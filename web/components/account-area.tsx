import { Avatar, Box, Button, HStack, Menu, Portal, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useNavigate } from "@tanstack/react-router";
import { LuCrown, LuHistory, LuLogIn, LuLogOut, LuSettings } from "react-icons/lu";
import type { PublicUser } from "../../schema/api";
import { formatNumber } from "../i18n/format";
import { useT } from "../i18n/provider";
import { allowanceOf } from "../session/allowance";
import { useAuth } from "../session/auth-context";
import { toast } from "../ui/toaster";
import { RoleBadge } from "./role-badge";

export function displayName(user: PublicUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
}

/** "3/10" today; premium has no ceiling. */
export function ConversionCounter({ user }: { user: PublicUser }) {
  const t = useT("common");
  const a = allowanceOf(user);
  return (
    <Text
      fontSize="sm"
      fontWeight="medium"
      color={a.exhausted ? "red.fg" : "fg.muted"}
      title={t("account.counterTitle")}
      data-testid="conversion-counter"
      whiteSpace="nowrap"
    >
      {t("account.counter", { used: formatNumber(a.used), daily: a.daily === null ? "∞" : formatNumber(a.daily) })}
    </Text>
  );
}

function useSignOut() {
  const t = useT("common");
  const { logout } = useAuth();
  const navigate = useNavigate();
  return async () => {
    await logout();
    toast({ title: t("account.signedOut"), description: t("account.seeYou") });
    void navigate({ to: "/" });
  };
}

function UserMenu({ user }: { user: PublicUser }) {
  const t = useT("common");
  const navigate = useNavigate();
  const signOut = useSignOut();
  const a = allowanceOf(user);
  return (
    <Menu.Root positioning={{ placement: "bottom-end" }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="1" aria-label={t("account.menu")} data-testid="user-menu">
          <Avatar.Root size="xs" colorPalette="red">
            <Avatar.Fallback name={displayName(user)} />
          </Avatar.Root>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60">
            <Box px="3" py="2">
              <Text fontWeight="semibold" data-testid="user-name">
                {displayName(user)}
              </Text>
              <Text fontSize="sm" color="fg.muted" data-testid="user-email">
                {user.email}
              </Text>
            </Box>
            <Menu.Separator />
            <Menu.Item value="history" onSelect={() => navigate({ to: "/history" })}>
              <LuHistory /> {t("account.history")}
            </Menu.Item>
            <Menu.Item value="account" onSelect={() => navigate({ to: "/account" })}>
              <LuSettings /> {t("account.settings")}
            </Menu.Item>
            {a.tier !== "premium" && (
              <Menu.Item value="upgrade" onSelect={() => navigate({ to: "/premium" })}>
                <LuCrown /> {t("account.upgrade")}
              </Menu.Item>
            )}
            <Menu.Separator />
            <Menu.Item value="signout" onSelect={signOut}>
              <LuLogOut /> {t("account.signOut")}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The signed-in part of the header; guests get one Sign In entry (spec section 2, issue 4). */
export function AccountArea() {
  const t = useT("common");
  const { user, isLoading, openDialog } = useAuth();
  if (isLoading) return <Skeleton h="8" w="24" />;
  if (!user) {
    return (
      <Button
        size="sm"
        variant="outline"
        onClick={() => openDialog("login")}
        display={{ base: "none", lg: "inline-flex" }}
      >
        <LuLogIn /> {t("account.signIn")}
      </Button>
    );
  }
  return (
    <HStack gap="2">
      <Box display={{ base: "none", md: "block" }}>
        <ConversionCounter user={user} />
      </Box>
      <Box display={{ base: "none", md: "block" }}>
        <RoleBadge tier={allowanceOf(user).tier} />
      </Box>
      <UserMenu user={user} />
    </HStack>
  );
}

export function MobileAccountArea({ onNavigate }: { onNavigate: () => void }) {
  const t = useT("common");
  const { user, openDialog } = useAuth();
  if (!user) {
    return (
      <Button
        variant="outline"
        onClick={() => {
          onNavigate();
          openDialog("login");
        }}
      >
        <LuLogIn /> {t("account.signIn")}
      </Button>
    );
  }
  return (
    <Stack gap="2" borderTopWidth="1px" pt="4">
      <Text fontWeight="semibold">{displayName(user)}</Text>
      <HStack>
        <ConversionCounter user={user} />
        <RoleBadge tier={allowanceOf(user).tier} />
      </HStack>
    </Stack>
  );
}
