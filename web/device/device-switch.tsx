import { Card, HStack, Icon, Stack, Switch, Text } from "@chakra-ui/react";
import { LuLaptop } from "react-icons/lu";
import { formatNumber } from "../i18n/format";
import { useT } from "../i18n/provider";
import { useDeviceLimitMB, useDeviceMode } from "./mode";

/**
 * The "Process on this device" switch near the top of every tool page. Its one line says what
 * it means; when on, a second says what follows from it (limits, counting, sharing).
 */
export function DeviceSwitch() {
  const t = useT("parts");
  const [on, setOn] = useDeviceMode();
  const limitMB = useDeviceLimitMB();
  return (
    <Card.Root
      variant="outline"
      borderRadius="xl"
      bg={on ? "teal.subtle" : "surface"}
      borderColor={on ? "teal.muted" : undefined}
      data-testid="device-switch"
    >
      <Card.Body py="3" px="4">
        <HStack gap="3" align="flex-start">
          <Icon as={LuLaptop} boxSize="5" mt="0.5" color={on ? "teal.fg" : "fg.muted"} flexShrink={0} />
          <Stack gap="1" flex="1" minW="0">
            {/* Room between the words and the switch, and lines tall enough for Arabic's marks when it wraps. */}
            <Switch.Root colorPalette="teal" checked={on} onCheckedChange={(e) => setOn(e.checked)} gap="4">
              <Switch.HiddenInput />
              <Switch.Label fontWeight="semibold" flex="1" lineHeight="1.6">
                {t("device.label")}
              </Switch.Label>
              <Switch.Control>
                <Switch.Thumb />
              </Switch.Control>
            </Switch.Root>
            <Text fontSize="sm" color="fg.muted">
              {on ? t("device.on", { limitMB: formatNumber(limitMB) }) : t("device.off")}
            </Text>
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
