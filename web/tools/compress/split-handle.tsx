import { Box, Icon } from "@chakra-ui/react";
import { LuChevronsLeftRight } from "react-icons/lu";
import { formatPercent } from "../../i18n/format";
import { useT } from "../../i18n/provider";
import { splitForKey } from "./view-math";

export interface SplitHandleProps {
  /** 0-100: how much of the frame, from the left, shows the original. */
  value: number;
  onChange(value: number): void;
  label?: string;
}

/**
 * The line between the two sides and its thumb, a 44-pixel-wide strip a finger finds. The frame
 * drags it (so a second finger on it still makes a pinch); the keyboard moves it as a slider: the
 * arrow keys by 1%, with Shift or Page Up/Down by 10%, Home and End to either edge.
 */
export function SplitHandle({ value, onChange, label }: SplitHandleProps) {
  const t = useT("compress-pdf");
  const rounded = Math.round(value);
  return (
    <Box
      position="absolute"
      top="0"
      bottom="0"
      w="44px"
      ml="-22px"
      style={{ left: `${value}%` }}
      cursor="ew-resize"
      touchAction="none"
      zIndex="2"
      data-testid="compare-handle"
      data-split-handle=""
    >
      <Box
        position="absolute"
        top="0"
        bottom="0"
        left="21px"
        w="2px"
        bg="white"
        boxShadow="0 0 0 1px rgba(0,0,0,0.35)"
      />
      <Box
        role="slider"
        tabIndex={0}
        aria-label={label ?? t("split.label")}
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={t("split.value", {
          original: formatPercent(rounded),
          compressed: formatPercent(100 - rounded),
        })}
        position="absolute"
        top="50%"
        left="0"
        boxSize="44px"
        mt="-22px"
        borderRadius="full"
        bg="white"
        color="gray.800"
        boxShadow="0 1px 4px rgba(0,0,0,0.45)"
        display="flex"
        alignItems="center"
        justifyContent="center"
        outline="none"
        _focusVisible={{ boxShadow: "0 0 0 3px var(--chakra-colors-blue-solid), 0 1px 4px rgba(0,0,0,0.45)" }}
        onKeyDown={(e) => {
          const next = splitForKey(value, e.key, e.shiftKey);
          if (next === null) return;
          e.preventDefault();
          e.stopPropagation();
          onChange(next);
        }}
      >
        <Icon as={LuChevronsLeftRight} boxSize="5" aria-hidden />
      </Box>
    </Box>
  );
}
