import { Alert, Button, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { LuGauge, LuLaptop, LuUserPlus } from "react-icons/lu";
import { DEFAULT_LIMITS } from "../../schema/tools";
import { usePublicConfig } from "../api/config";
import { useUsage } from "../api/usage";
import { useDeviceMode } from "../device/mode";
import { formatNumber } from "../i18n/format";
import { useT } from "../i18n/provider";
import { Rich } from "../i18n/rich";
import { translate } from "../i18n/runtime";
import { useAuth } from "../session/auth-context";
import { formatTimeLeft } from "../tools/format";

/** When today's allowance comes back: the next midnight, UTC (the Worker counts days in UTC). */
export function renewsIn(now = new Date()): string {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return formatTimeLeft(new Date(next).toISOString(), now) ?? translate("common", "format.inAMoment");
}

/**
 * Nothing left today: said before anything is uploaded, with the ways forward that exist here (a
 * free account for a guest, Premium for a free account where this server offers it, and always
 * this device, where jobs are not counted). An account's Upgrade button is the banner's own, beside
 * this.
 */
export function LimitReached({ tier, daily }: { tier: "guest" | "free" | "other"; daily: number }) {
  const t = useT("parts");
  const { openDialog } = useAuth();
  const [, setDeviceMode] = useDeviceMode();
  const config = usePublicConfig().data;
  // Premium only where this server offers it, and only to a free account.
  const upgrade = tier === "free" && (config?.premium.enabled ?? false);
  const free = config?.limits.daily.free;
  const when = renewsIn();
  const text =
    tier === "guest"
      ? free
        ? t("allowance.textGuest", { when, free })
        : t("allowance.textGuestMore", { when })
      : upgrade
        ? t("allowance.textUpgrade", { when })
        : t("allowance.textOther", { when });
  return (
    <Alert.Root status="warning" borderRadius="xl" data-testid="limit-reached">
      <Alert.Indicator />
      <Stack gap="3" flex="1">
        <Alert.Content>
          <Alert.Title>{t(tier === "guest" ? "allowance.usedGuest" : "allowance.usedAccount", { daily })}</Alert.Title>
          <Alert.Description>{text}</Alert.Description>
        </Alert.Content>
        <HStack gap="2" wrap="wrap">
          {tier === "guest" && (
            <Button size="sm" colorPalette="red" bg="brand.solid" onClick={() => openDialog("register")}>
              <LuUserPlus aria-hidden /> {t("allowance.createAccount")}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => setDeviceMode(true)}>
            <LuLaptop aria-hidden /> {t("allowance.processOnDevice")}
          </Button>
        </HStack>
      </Stack>
    </Alert.Root>
  );
}

/**
 * A guest's allowance on every tool page, from the server (what this address has used today),
 * before anything is chosen: "1 of 2 free conversions left today", or what to do when none are.
 * Signed-in people have the account banner instead; jobs on this device are not counted.
 */
export function GuestAllowance() {
  const t = useT("parts");
  const { user, isLoading } = useAuth();
  const [onDevice] = useDeviceMode();
  const usage = useUsage(!user && !isLoading);
  if (user || isLoading) return null;
  // Not known yet (the page drawn at build time, then while the server is asked): the line a guest
  // most often gets, unseen, holds its place, so the tool below does not move when the answer comes.
  if (usage.isPending && !onDevice) {
    const daily = DEFAULT_LIMITS.daily.guest;
    return <AllowanceLeft remaining={daily} daily={daily} hidden />;
  }
  if (usage.data?.tier !== "guest" || usage.data.daily === null) return null;
  const { remaining, daily } = usage.data;
  if (onDevice) {
    return (
      <Text fontSize="sm" color="teal.fg" textAlign="center" data-testid="guest-allowance">
        {t("allowance.deviceNotCounted", { daily })}
      </Text>
    );
  }
  if (remaining === 0) return <LimitReached tier="guest" daily={daily} />;
  return <AllowanceLeft remaining={remaining ?? daily} daily={daily} />;
}

function AllowanceLeft({ remaining, daily, hidden = false }: { remaining: number; daily: number; hidden?: boolean }) {
  const t = useT("parts");
  const { openDialog } = useAuth();
  return (
    <HStack
      gap="2"
      justify="center"
      wrap="wrap"
      fontSize="sm"
      color="fg.muted"
      textAlign="center"
      data-testid={hidden ? undefined : "guest-allowance"}
      visibility={hidden ? "hidden" : undefined}
      aria-hidden={hidden || undefined}
    >
      <Icon as={LuGauge} aria-hidden />
      <Text>
        <Rich
          ns="parts"
          k="allowance.left"
          values={{ remaining: formatNumber(remaining), daily: formatNumber(daily) }}
          components={[<Text as="span" fontWeight="semibold" color="fg" key="0" />]}
        />
      </Text>
      <Button
        variant="plain"
        size="sm"
        h="auto"
        p="0"
        color="brand.fg"
        textDecoration="underline"
        onClick={() => openDialog("register")}
        tabIndex={hidden ? -1 : undefined}
      >
        {t("allowance.createForMore")}
      </Button>
    </HStack>
  );
}
