import { Box, Button, Collapsible, Field, HStack, Input, RadioGroup, Stack, Text } from "@chakra-ui/react";
import { LuChevronDown, LuRotateCcw, LuRotateCw } from "react-icons/lu";
import { parsePageRanges } from "../../schema/options";
import { RotatePages } from "./rotate-pages";

export type Angle = "90" | "180" | "270";

export interface RotateChoice {
  angle: Angle;
  scope: "all" | "some";
  pages: string;
}

export const defaultRotateChoice: RotateChoice = { angle: "90", scope: "all", pages: "" };

const ANGLES: { value: Angle; label: string; icon: typeof LuRotateCw }[] = [
  { value: "90", label: "90° clockwise", icon: LuRotateCw },
  { value: "180", label: "180°", icon: LuRotateCw },
  { value: "270", label: "90° counter-clockwise", icon: LuRotateCcw },
];

/** The form fields for a choice, or the reason it cannot be sent. */
export function rotateFields(choice: RotateChoice): { fields: Record<string, string> } | { error: string } {
  if (choice.scope === "all") return { fields: { angle: choice.angle } };
  const parsed = parsePageRanges(choice.pages);
  if ("error" in parsed) return parsed;
  return { fields: { angle: choice.angle, pages: JSON.stringify(parsed.pages) } };
}

function summary(choice: RotateChoice): string {
  const angle = ANGLES.find((a) => a.value === choice.angle)?.label ?? "";
  return choice.scope === "all" ? `Every page, ${angle}` : `Pages ${choice.pages || "…"}, ${angle}`;
}

/** Rotate's progressive options: by default every page turns 90° clockwise, like the spec's page. */
export function RotateOptions({
  value,
  onChange,
  error,
  file,
  password,
}: {
  value: RotateChoice;
  onChange(next: RotateChoice): void;
  error?: string;
  /** The one PDF on the list: its pages are shown to pick from. */
  file?: File;
  password?: string;
}) {
  return (
    <Collapsible.Root defaultOpen={false} lazyMount>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted" data-testid="rotate-summary">
          {summary(value)}
        </Text>
        <Collapsible.Trigger asChild>
          <Button variant="ghost" size="sm" css={{ "&[data-state=open] svg": { transform: "rotate(180deg)" } }}>
            More options <LuChevronDown aria-hidden />
          </Button>
        </Collapsible.Trigger>
      </HStack>
      <Collapsible.Content>
        <Stack gap="5" pt="4">
          <RadioGroup.Root
            value={value.angle}
            onValueChange={(e) => onChange({ ...value, angle: (e.value ?? "90") as Angle })}
            aria-label="Rotation"
          >
            <Text fontWeight="medium" fontSize="sm" mb="2">
              Rotation
            </Text>
            <HStack gap="5" wrap="wrap">
              {ANGLES.map((a) => (
                <RadioGroup.Item key={a.value} value={a.value}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{a.label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
          <RadioGroup.Root
            value={value.scope}
            onValueChange={(e) => onChange({ ...value, scope: e.value === "some" ? "some" : "all" })}
            aria-label="Pages"
          >
            <Text fontWeight="medium" fontSize="sm" mb="2">
              Pages
            </Text>
            <HStack gap="5" wrap="wrap">
              <RadioGroup.Item value="all">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>All pages</RadioGroup.ItemText>
              </RadioGroup.Item>
              <RadioGroup.Item value="some">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Only these pages</RadioGroup.ItemText>
              </RadioGroup.Item>
            </HStack>
          </RadioGroup.Root>
          {value.scope === "some" && (
            <Box maxW="xs">
              <Field.Root invalid={Boolean(error)}>
                <Field.Label>Page numbers</Field.Label>
                <Input
                  placeholder="1,3-5"
                  value={value.pages}
                  inputMode="numeric"
                  onChange={(e) => onChange({ ...value, pages: e.currentTarget.value })}
                />
                {error ? (
                  <Field.ErrorText>{error}</Field.ErrorText>
                ) : (
                  <Field.HelperText>
                    {file ? "For example 1,3-5, or pick the pages below" : "For example 1,3-5"}
                  </Field.HelperText>
                )}
              </Field.Root>
            </Box>
          )}
          {value.scope === "some" && file && (
            <RotatePages
              file={file}
              password={password}
              pages={value.pages}
              onPages={(pages) => onChange({ ...value, pages })}
            />
          )}
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
