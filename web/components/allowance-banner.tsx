import { Alert, Button, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { LuGauge, LuLaptop, LuUserPlus } from "react-icons/lu";
import { usePublicConfig } from "../api/config";
import { useUsage } from "../api/usage";
import { useDeviceMode } from "../device/mode";
import { translate } from "../i18n/runtime";
import { useAuth } from "../session/auth-context";
import { formatTimeLeft } from "../tools/format";

/** When today's allowance comes back: the next midnight, UTC (the Worker counts days in UTC). */
export function renewsIn(now = new Date()): string {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return formatTimeLeft(new Date(next).toISOString(), now) ?? translate("common", "format.inAMoment");
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * Nothing left today: said before anything is uploaded, with the ways forward that exist here (a
 * free account for a guest, Premium for a free account where this server offers it, and always
 * this device, where jobs are not counted). An account's Upgrade button is the banner's own, beside
 * this.
 */
export function LimitReached({ tier, daily }: { tier: "guest" | "free" | "other"; daily: number }) {
  const { openDialog } = useAuth();
  const [, setDeviceMode] = useDeviceMode();
  const config = usePublicConfig().data;
  // Premium only where this server offers it, and only to a free account.
  const upgrade = tier === "free" && (config?.premium.enabled ?? false);
  const free = config?.limits.daily.free;
  const more =
    tier === "guest"
      ? `Create a free account for ${free ? plural(free, "conversion") : "more conversions"} a day, or`
      : upgrade
        ? "Upgrade to Premium for unlimited conversions, or"
        : "Meanwhile you can";
  return (
    <Alert.Root status="warning" borderRadius="xl" data-testid="limit-reached">
      <Alert.Indicator />
      <Stack gap="3" flex="1">
        <Alert.Content>
          <Alert.Title>
            You have used {tier === "guest" ? "today's" : "all of today's"}{" "}
            {plural(daily, tier === "guest" ? "free conversion" : "conversion")}
          </Alert.Title>
          <Alert.Description>
            They come back at midnight UTC ({renewsIn()}). {more} turn on Process on this device: jobs there are not
            counted.
          </Alert.Description>
        </Alert.Content>
        <HStack gap="2" wrap="wrap">
          {tier === "guest" && (
            <Button size="sm" colorPalette="red" bg="brand.solid" onClick={() => openDialog("register")}>
              <LuUserPlus aria-hidden /> Create a free account
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => setDeviceMode(true)}>
            <LuLaptop aria-hidden /> Process on this device
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
  const { user, isLoading, openDialog } = useAuth();
  const [onDevice] = useDeviceMode();
  const usage = useUsage(!user && !isLoading);
  if (user || isLoading || !usage.data || usage.data.tier !== "guest" || usage.data.daily === null) return null;
  const { remaining, daily } = usage.data;
  if (onDevice) {
    return (
      <Text fontSize="sm" color="teal.fg" textAlign="center" data-testid="guest-allowance">
        Jobs on this device are not counted against your {plural(daily, "free conversion")} a day.
      </Text>
    );
  }
  if (remaining === 0) return <LimitReached tier="guest" daily={daily} />;
  return (
    <HStack
      gap="2"
      justify="center"
      wrap="wrap"
      fontSize="sm"
      color="fg.muted"
      textAlign="center"
      data-testid="guest-allowance"
    >
      <Icon as={LuGauge} aria-hidden />
      <Text>
        <Text as="span" fontWeight="semibold" color="fg">
          {remaining} of {daily}
        </Text>{" "}
        free conversions left today.
      </Text>
      <Button
        variant="plain"
        size="sm"
        h="auto"
        p="0"
        color="brand.fg"
        textDecoration="underline"
        onClick={() => openDialog("register")}
      >
        Create a free account for more
      </Button>
    </HStack>
  );
}
