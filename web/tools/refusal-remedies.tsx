import { Button, HStack, Link } from "@chakra-ui/react";
import { LuLaptop, LuMinimize2 } from "react-icons/lu";
import { setDeviceMode } from "../device/mode";
import { formatNumber } from "../i18n/format";
import { useT } from "../i18n/provider";
import { useGoTo } from "../session/navigation";
import { handOff } from "./handoff";
import type { Remedy } from "./upload-items";

/**
 * What to do about a refused file, on its row: "Over 25 MB: compress it first" opens Compress
 * PDF with the file already on its list (handed over in memory, no reload), and "Process it on
 * this device instead" turns the device switch on and tries the file again here.
 */
export function RefusalRemedies({
  file,
  remedies,
  sizeLimitMB = 25,
  onRetryOnDevice,
}: {
  file: File;
  remedies: readonly Remedy[];
  sizeLimitMB?: number;
  onRetryOnDevice?(): void;
}) {
  const t = useT("tool-shell");
  const goTo = useGoTo();
  return (
    <HStack gap="2" mt="2" wrap="wrap" data-testid="refusal-remedies">
      {remedies.includes("compress") && (
        <Button asChild size="xs" variant="outline">
          <Link
            href="/compress-pdf"
            onClick={(e) => {
              e.preventDefault();
              handOff("compress-pdf", [file]);
              goTo("/compress-pdf");
            }}
          >
            <LuMinimize2 aria-hidden /> {t("remedy.compress", { mb: formatNumber(sizeLimitMB) })}
          </Link>
        </Button>
      )}
      {remedies.includes("device") && onRetryOnDevice && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="teal"
          onClick={() => {
            setDeviceMode(true);
            onRetryOnDevice();
          }}
        >
          <LuLaptop aria-hidden /> {t("remedy.device")}
        </Button>
      )}
    </HStack>
  );
}
