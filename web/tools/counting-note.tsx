import { Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import type { ToolDef } from "../../schema/tools";
import { usageQuery } from "../api/usage";
import { useDeviceMode } from "../device/mode";
import { remainingOf } from "../session/allowance";
import { useAuth } from "../session/auth-context";
import { batchAllowance, countingLine } from "./allowance";

/**
 * The counting rule, by the run button ("Each file counts as one conversion"), and a warning
 * before anything is sent when the files on the list need more conversions than are left today.
 * On this device nothing is counted, and it says so.
 */
export function CountingNote({
  tool,
  files,
}: {
  tool: Pick<ToolDef, "combines" | "maxFiles" | "endpoints">;
  files: number;
}) {
  const [onDevice] = useDeviceMode();
  const { user } = useAuth();
  const browserOnly = tool.endpoints.length === 0;
  const server = useQuery({ ...usageQuery(), enabled: !onDevice && !browserOnly && !user }).data;
  if (browserOnly) return null;
  if (onDevice) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="counting-note">
        Jobs on this device are not counted.
      </Text>
    );
  }
  const check = batchAllowance(tool, files, remainingOf(user, server));
  return (
    <Text fontSize="sm" color={check.allowed ? "fg.muted" : "fg.error"} data-testid="counting-note">
      {countingLine(tool)}
      {!check.allowed &&
        ` These files need ${check.needed} and ${check.remaining === 0 ? "none are" : `only ${check.remaining} ${check.remaining === 1 ? "is" : "are"}`} left today.`}
    </Text>
  );
}
