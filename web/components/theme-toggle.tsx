import { ClientOnly, IconButton, Skeleton } from "@chakra-ui/react";
import { LuMoon, LuSun } from "react-icons/lu";
import { useColorMode } from "../theme/color-mode";

export function ThemeToggle() {
  const { colorMode, toggleColorMode } = useColorMode();
  const next = colorMode === "dark" ? "light" : "dark";
  return (
    <ClientOnly fallback={<Skeleton boxSize="9" />}>
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={`Switch to ${next} theme`}
        title={`Switch to ${next} theme`}
        onClick={toggleColorMode}
        data-testid="theme-toggle"
      >
        {colorMode === "dark" ? <LuSun /> : <LuMoon />}
      </IconButton>
    </ClientOnly>
  );
}
