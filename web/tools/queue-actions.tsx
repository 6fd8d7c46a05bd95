import { Button, Flex, HStack, Spacer, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LuRotateCcw } from "react-icons/lu";
import type { ToolDef } from "../../schema/tools";
import { CountingNote } from "./counting-note";

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
  /** The tool and the files waiting: the counting rule, and a warning when they need more than is left. */
  counting?: { tool: ToolDef; files: number };
}

/** The row under a tool's file list: an optional hint, Start over, and the tool's start button. */
export function QueueActions({ onReset, resetDisabled, start, hint, counting }: QueueActionsProps) {
  return (
    <Flex gap="3" direction={{ base: "column", sm: "row" }} align={{ sm: "center" }}>
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
        <Button variant="ghost" onClick={onReset} disabled={resetDisabled}>
          <LuRotateCcw aria-hidden /> Start over
        </Button>
        {start && (
          <Button
            colorPalette="red"
            bg="brand.solid"
            size="lg"
            flex={{ base: "1", sm: "initial" }}
            loading={start.loading}
            loadingText={start.loadingText}
            disabled={start.disabled}
            onClick={start.onClick}
          >
            {start.label}
          </Button>
        )}
      </HStack>
    </Flex>
  );
}
