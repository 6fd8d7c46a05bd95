import { Box, Button, Card, HStack, Progress, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuCrown } from "react-icons/lu";
import { useDeviceMode } from "../device/mode";
import { formatNumber, formatPercent } from "../i18n/format";
import { useT } from "../i18n/provider";
import { allowanceOf } from "../session/allowance";
import { useAuth } from "../session/auth-context";
import { LimitReached } from "./allowance-banner";

/** Spec section 6: the signed-in banner on tool pages ('compressions' on the image tool). */
export function AccountBanner({ unit = "conversions" }: { unit?: "conversions" | "compressions" }) {
  const t = useT("common");
  const { user } = useAuth();
  const [onDevice] = useDeviceMode();
  if (!user) return null;
  const a = allowanceOf(user);
  const premium = a.tier === "premium";
  return (
    <Card.Root variant="outline" bg="surface" borderRadius="xl" data-testid="account-banner">
      <Card.Body py="4">
        <HStack justify="space-between" gap="4" wrap="wrap">
          <Stack gap="1" flex="1" minW="56">
            <HStack gap="2">
              {premium && <LuCrown color="var(--chakra-colors-yellow-500)" aria-hidden />}
              <Text fontWeight="semibold">{premium ? t("banner.premium") : t("banner.free")}</Text>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {t(unit === "compressions" ? "banner.usageImages" : "banner.usage", {
                used: formatNumber(a.used),
                daily: a.daily === null ? t("banner.unlimited") : formatNumber(a.daily),
              })}
            </Text>
            {onDevice && (
              <Text fontSize="sm" color="teal.fg" data-testid="device-not-counted">
                {t("banner.deviceNotCounted")}
              </Text>
            )}
            <Progress.Root
              value={premium ? 0 : a.percent}
              max={100}
              size="sm"
              colorPalette={a.exhausted ? "red" : premium ? "yellow" : "blue"}
              maxW="sm"
            >
              <HStack justify="space-between">
                <Progress.Label fontSize="xs" color="fg.muted">
                  {t("banner.dailyUsage")}
                </Progress.Label>
                <Progress.ValueText fontSize="xs">
                  {premium ? t("banner.unlimited") : formatPercent(a.percent)}
                </Progress.ValueText>
              </HStack>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          </Stack>
          {!premium && (
            <Button asChild size="sm" colorPalette="yellow">
              <Link to="/premium">
                <LuCrown /> {t("banner.upgrade")}
              </Link>
            </Button>
          )}
        </HStack>
        {a.exhausted && !onDevice && (
          <Box mt="4">
            <LimitReached tier={a.tier === "free" ? "free" : "other"} daily={a.daily ?? 0} />
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
