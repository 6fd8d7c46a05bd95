import { Button, Flex, HStack, Spacer, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LuRotateCcw } from "react-icons/lu";

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
}

/** The row under a tool's file list: an optional hint, Start over, and the tool's start button. */
export function QueueActions({ onReset, resetDisabled, start, hint }: QueueActionsProps) {
  return (
    <Flex gap="3" direction={{ base: "column", sm: "row" }} align={{ sm: "center" }}>
      {hint && (
        <Text fontSize="sm" color="fg.muted">
          {hint}
        </Text>
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
