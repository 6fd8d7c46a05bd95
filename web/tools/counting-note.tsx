import { Text } from "@chakra-ui/react";
import { useDeviceMode } from "../device/mode";
import { useT } from "../i18n/provider";
import { type CountedTool, useBatchCheck } from "./run-button";

/**
 * The counting rule, by the run button ("Each file counts as one conversion"), and a warning
 * before anything is sent when the files on the list need more conversions than are left today.
 * On this device nothing is counted, and it says so.
 */
export function CountingNote({ tool, files }: { tool: CountedTool; files: number }) {
  const t = useT("tool-shell");
  const [onDevice] = useDeviceMode();
  const check = useBatchCheck(tool, files);
  if (tool.endpoints.length === 0) return null;
  if (onDevice || !check) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="counting-note">
        {t("counting.device")}
      </Text>
    );
  }
  // The counting rule's short line (schema/allowance.ts, countingLine), in the page's language.
  const line = t(tool.combines ? "counting.combined" : tool.maxFiles === 1 ? "counting.single" : "counting.each");
  const over =
    check.remaining === 0
      ? t("counting.overNone", { needed: check.needed })
      : t("counting.over", { needed: check.needed, remaining: check.remaining ?? 0 });
  return (
    <Text fontSize="sm" color={check.allowed ? "fg.muted" : "fg.error"} data-testid="counting-note">
      {line}
      {!check.allowed && ` ${over}`}
    </Text>
  );
}
