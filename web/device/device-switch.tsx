import { Card, HStack, Icon, Stack, Switch, Text } from "@chakra-ui/react";
import { LuLaptop } from "react-icons/lu";
import { deviceLimitMB } from "./budget";
import { useDeviceMode } from "./mode";

/**
 * The "Process on this device" switch near the top of every tool page. Its one line says what
 * it means; when on, a second says what follows from it (limits, counting, sharing).
 */
export function DeviceSwitch() {
  const [on, setOn] = useDeviceMode();
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
            <Switch.Root colorPalette="teal" checked={on} onCheckedChange={(e) => setOn(e.checked)}>
              <Switch.HiddenInput />
              <Switch.Label fontWeight="semibold" flex="1">
                Process on this device: files never leave it
              </Switch.Label>
              <Switch.Control>
                <Switch.Thumb />
              </Switch.Control>
            </Switch.Root>
            <Text fontSize="sm" color="fg.muted">
              {on
                ? `Your files stay in this browser, even offline. Up to ${deviceLimitMB()}MB per file here; jobs on this device are not counted. To share a result or save it to the cloud, upload it yourself.`
                : "Turn it on to run the tools in this browser instead of on our server."}
            </Text>
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
