import { ClientOnly, IconButton, Skeleton } from "@chakra-ui/react";
import { LuMoon, LuSun } from "react-icons/lu";
import { useT } from "../i18n/provider";
import { useColorMode } from "../theme/color-mode";

export function ThemeToggle() {
  const { colorMode, toggleColorMode } = useColorMode();
  const t = useT("common");
  const label = colorMode === "dark" ? t("theme.toLight") : t("theme.toDark");
  return (
    <ClientOnly fallback={<Skeleton boxSize="9" />}>
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={label}
        title={label}
        onClick={toggleColorMode}
        data-testid="theme-toggle"
      >
        {colorMode === "dark" ? <LuSun /> : <LuMoon />}
      </IconButton>
    </ClientOnly>
  );
}
