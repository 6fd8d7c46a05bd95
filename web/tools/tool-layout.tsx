import { Container, Heading, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useEffect, useRef } from "react";
import { LuClock, LuShieldCheck } from "react-icons/lu";
import { type ToolId, toolsById } from "../../schema/tools";
import { AccountBanner } from "../components/account-banner";
import { GuestAllowance } from "../components/allowance-banner";
import { IconTile } from "../components/icon-tile";
import { ToolIcon } from "../components/tool-icon";
import { revokeDeviceResults } from "../device/answer";
import { DeviceSwitch } from "../device/device-switch";
import { useDeviceLimitMB, useDeviceMode } from "../device/mode";
import { formatNumber } from "../i18n/format";
import { useT } from "../i18n/provider";
import { ResultAnnouncer, useResultFocus } from "./result-focus";

/** The frame of every tool page: its catalogue title and description, then the tool. */
export function ToolLayout({ toolId, children, aside }: { toolId: ToolId; children?: ReactNode; aside?: ReactNode }) {
  const tool = toolsById[toolId];
  const t = useT("tool-shell");
  const tt = useT("tools");
  const [deviceMode] = useDeviceMode();
  const deviceLimit = useDeviceLimitMB();
  // A tool with no endpoint (PDF to JPG) only ever runs here: no switch, no upload to speak of.
  const browserOnly = tool.endpoints.length === 0;
  const onDevice = deviceMode || browserOnly;
  // Results made on this device live in memory until the page is left.
  useEffect(() => revokeDeviceResults, []);
  const area = useRef<HTMLDivElement>(null);
  const announcement = useResultFocus(area);
  return (
    <Container maxW="5xl" py={{ base: "8", md: "12" }}>
      <Stack gap="8" ref={area}>
        <ResultAnnouncer message={announcement} />
        <Stack align="center" textAlign="center" gap="3">
          <IconTile palette={tool.color} size="14">
            <ToolIcon name={tool.icon} boxSize="7" />
          </IconTile>
          <Heading as="h1" size={{ base: "3xl", md: "4xl" }} letterSpacing="-0.02em">
            {tt(`${toolId}.title`)}
          </Heading>
          <Text color="fg.muted" fontSize={{ base: "md", md: "lg" }} maxW="2xl">
            {tt(`${toolId}.description`)}
          </Text>
          <HStack gap="4" fontSize="sm" color="fg.muted" wrap="wrap" justify="center">
            <HStack gap="1">
              <Icon as={LuClock} />
              <Text>{t(onDevice ? "layout.nothingUploaded" : "layout.deleted")}</Text>
            </HStack>
            <HStack gap="1">
              <Icon as={LuShieldCheck} />
              <Text>{t("layout.sizeLimit", { mb: formatNumber(onDevice ? deviceLimit : tool.maxSizeMB) })}</Text>
            </HStack>
          </HStack>
        </Stack>
        {!browserOnly && <DeviceSwitch />}
        <AccountBanner unit={toolId === "compress-image" ? "compressions" : "conversions"} />
        {!browserOnly && <GuestAllowance />}
        {children}
        {aside}
      </Stack>
    </Container>
  );
}
