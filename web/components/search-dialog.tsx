import { Dialog, HStack, IconButton, Portal } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { LuSearch, LuX } from "react-icons/lu";
import { useT } from "../i18n/provider";
import { ToolSearch } from "./tool-search";

/** Where typing "/" means a character, not "search". */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The header's search: a button, and "/" or Ctrl/Cmd+K from anywhere, open a dialog with the tool
 * search (its results listed under the field); choosing a tool, Escape or a click outside closes it.
 */
export function SearchDialog() {
  const t = useT("common");
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const k = e.key.toLowerCase() === "k" && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
      const slash = e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !typingIn(e.target);
      if (!k && !slash) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const label = t("search.label");
  const shortcut = isMac() ? "⌘" : t("search.shortcutCtrl");
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      placement="top"
      size="lg"
      initialFocusEl={() => input.current}
      lazyMount
      unmountOnExit
    >
      <Dialog.Trigger asChild>
        {/* An icon: the header has no room for a field in German or Russian beside the nav links. */}
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={label}
          title={`${label} (/, ${shortcut} K)`}
          aria-keyshortcuts="/ Control+K Meta+K"
          data-testid="header-search"
        >
          <LuSearch />
        </IconButton>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            data-testid="search-dialog"
            p={{ base: "3", md: "4" }}
            mt={{ base: "2", md: "16" }}
            mx={{ base: "2", md: "auto" }}
          >
            <Dialog.Title srOnly>{label}</Dialog.Title>
            <HStack align="start" gap="2">
              <ToolSearch variant="palette" size="lg" inputRef={input} onNavigate={() => setOpen(false)} />
              <Dialog.CloseTrigger asChild position="static" hideFrom="md">
                <IconButton variant="ghost" size="lg" aria-label={t("search.close")}>
                  <LuX />
                </IconButton>
              </Dialog.CloseTrigger>
            </HStack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
