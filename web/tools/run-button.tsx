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

/** Nothing is left today, and the page knows it: no run can start (this device aside). */
export function useNoneLeft(tool: CountedTool | undefined, files = 1): boolean {
  const check = useBatchCheck(tool ?? UNCOUNTED, Math.max(1, files));
  return check !== null && check.remaining === 0;
}

const UNCOUNTED: CountedTool = { combines: false, maxFiles: 1, endpoints: [] };

/**
 * A tool's run button. When none of today's conversions is left (and the page knows it), it says
 * so in the spec's words, "Conversion limit reached", instead of offering a run that cannot
 * happen; pressing it gives the spec's toast with the way on (Upgrade for a free account, an
 * account for a guest), and no file is marked failed. The banner above the tool offers the same
 * ways, and this device. A batch that needs more than is left keeps the tool's words and runs
 * into the spec's toast, which says how many files to take off.
 */
export function RunButton({
  tool,
  files = 1,
  children,
  ...props
}: ButtonProps & { tool?: CountedTool; files?: number }) {
  const t = useT("tool-shell");
  if (useNoneLeft(tool, files)) {
    // Not the red run button: the limit in plain words, on two lines where a phone has no room for one.
    return (
      <Button
        {...props}
        variant="outline"
        colorPalette="gray"
        whiteSpace={{ base: "normal", sm: "nowrap" }}
        h="auto"
        minH="10"
        minW={{ base: "0", sm: "auto" }}
        py="1.5"
        data-limit="reached"
      >
        <LuBan aria-hidden /> {t("limit.title")}
      </Button>
    );
  }
  return (
    <Button colorPalette="red" bg="brand.solid" {...props}>
      {children}
    </Button>
  );
}
