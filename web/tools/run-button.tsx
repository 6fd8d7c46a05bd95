import { Button, type ButtonProps } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { LuBan } from "react-icons/lu";
import type { ToolDef } from "../../schema/tools";
import { usageQuery } from "../api/usage";
import { useDeviceMode } from "../device/mode";
import { useT } from "../i18n/provider";
import { remainingOf } from "../session/allowance";
import { useAuth } from "../session/auth-context";
import { type BatchAllowance, batchAllowance } from "./allowance";

export type CountedTool = Pick<ToolDef, "combines" | "maxFiles" | "endpoints">;

/**
 * `files` files of `tool` against what is left today, as far as the page knows (an account's
 * own count, a guest's from GET /api/usage); null where nothing is counted: on this device, and
 * for a tool only the browser runs.
 */
export function useBatchCheck(tool: CountedTool, files: number): BatchAllowance | null {
  const [onDevice] = useDeviceMode();
  const { user } = useAuth();
  const browserOnly = tool.endpoints.length === 0;
  const server = useQuery({ ...usageQuery(), enabled: !onDevice && !browserOnly && !user }).data;
  if (browserOnly || onDevice) return null;
  return batchAllowance(tool, files, remainingOf(user, server));
}

/** Nothing is left today, and the page knows it: no run can start. */
export function useNoneLeft(tool: CountedTool | undefined, files = 1): boolean {
  const check = useBatchCheck(tool ?? UNCOUNTED, Math.max(1, files));
  return check !== null && check.remaining === 0;
}

const UNCOUNTED: CountedTool = { combines: false, maxFiles: 1, endpoints: [] };

/**
 * A tool's run button. When none of today's conversions is left (and the page knows it), it says
 * so, the spec's "Conversion limit reached", and cannot be pressed: pressing it would only have
 * marked every file failed without sending anything. The banner above the tool offers the ways
 * on (an account, Premium, this device). A batch that needs more than is left still runs into the
 * spec's toast, which says how many files to take off.
 */
export function RunButton({
  tool,
  files = 1,
  children,
  disabled,
  ...props
}: ButtonProps & { tool?: CountedTool; files?: number }) {
  const t = useT("tool-shell");
  if (useNoneLeft(tool, files)) {
    // Plainly not a run button, but its words read in full (a disabled button's usual fading
    // would blur the reason), on two lines where a phone has no room for one.
    return (
      <Button
        {...props}
        variant="outline"
        colorPalette="gray"
        disabled
        _disabled={{ opacity: 1, cursor: "not-allowed" }}
        whiteSpace="normal"
        h="auto"
        minH="10"
        minW="0"
        py="1.5"
        data-limit="reached"
      >
        <LuBan aria-hidden /> {t("limit.title")}
      </Button>
    );
  }
  return (
    <Button colorPalette="red" bg="brand.solid" {...props} disabled={disabled}>
      {children}
    </Button>
  );
}
