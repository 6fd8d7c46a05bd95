import { Button, Flex, type FlexProps, HStack, Spacer, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LuRotateCcw, LuX } from "react-icons/lu";
import type { ToolDef } from "../../schema/tools";
import { useT } from "../i18n/provider";
import { CountingNote } from "./counting-note";
import { RunButton } from "./run-button";

export interface QueueActionsProps {
  /** Empties the list and starts again. */
  onReset(): void;
  resetDisabled?: boolean;
  /** The start button; left out once nothing is waiting. */
  start?: {
    label: ReactNode;
    onClick(): void;
    loading: boolean;
    loadingText?: string;
    disabled?: boolean;
  };
  /** A line beside the buttons (how the order is used, for instance). */
  hint?: string;
  /**
   * Stops the run in flight (its requests are aborted, so nothing is counted): while `running`,
   * Cancel stands where Start over was.
   */
  onCancel?(): void;
  running?: boolean;
  /** The tool and the files waiting: the counting rule, and a warning when they need more than is left. */
  counting?: { tool: ToolDef; files: number };
}

/**
 * A tool's run buttons, stuck to the bottom of the screen while the column it sits in is in view:
 * once files are chosen the run button is never scrolled away (a long list, a phone's screen). It
 * must be a direct child of the tool's own column (not inside a card) for that.
 */
export function ActionBar(props: FlexProps) {
  return (
    <Flex
      gap="3"
      position="sticky"
      bottom="0"
      zIndex="docked"
      bg="surface"
      borderWidth="1px"
      borderRadius="xl"
      shadow="md"
      px="4"
      py="3"
      pb="calc(env(safe-area-inset-bottom, 0px) + var(--chakra-spacing-3))"
      {...props}
    />
  );
}

/**
 * The bar under a tool's file list: an optional hint, Start over, and the tool's start button.
 * It sticks to the bottom of the screen while the tool above it is in view, so the start button
 * is never scrolled away from once files are chosen (a long list, a phone's small screen). It
 * must be a direct child of the tool's own column (not inside a card) for that.
 */
export function QueueActions({ onReset, resetDisabled, start, hint, onCancel, running, counting }: QueueActionsProps) {
  const t = useT("tool-shell");
  const cancellable = Boolean(onCancel && running);
  return (
    <ActionBar direction={{ base: "column", sm: "row" }} align={{ sm: "center" }} data-testid="queue-actions">
      {(hint || counting) && (
        <Stack gap="0.5">
          {hint && (
            <Text fontSize="sm" color="fg.muted">
              {hint}
            </Text>
          )}
          {counting && <CountingNote tool={counting.tool} files={counting.files} />}
        </Stack>
      )}
      <Spacer display={{ base: "none", sm: "block" }} />
      <HStack gap="3" justify="end">
        {cancellable ? (
          <Button variant="outline" onClick={onCancel}>
            <LuX aria-hidden /> {t("queue.cancel")}
          </Button>
        ) : (
          <Button variant="ghost" onClick={onReset} disabled={resetDisabled}>
            <LuRotateCcw aria-hidden /> {t("queue.startOver")}
          </Button>
        )}
        {start && (
          <RunButton
            tool={counting?.tool}
            files={counting?.files}
            size="lg"
            flex={{ base: "1", sm: "initial" }}
            loading={start.loading}
            loadingText={start.loadingText}
            disabled={start.disabled}
            onClick={start.onClick}
          >
            {start.label}
          </RunButton>
        )}
      </HStack>
    </ActionBar>
  );
}
