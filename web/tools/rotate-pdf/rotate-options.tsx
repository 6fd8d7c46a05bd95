import { Box, Button, Collapsible, Field, HStack, Input, RadioGroup, Stack, Text } from "@chakra-ui/react";
import { LuChevronDown, LuRotateCcw, LuRotateCw } from "react-icons/lu";
import { parsePageRanges, TOO_MANY_PAGES } from "../../../schema/options";
import { type Translate, useT } from "../../i18n/provider";
import { RotatePages } from "./rotate-pages";

export type Angle = "90" | "180" | "270";

export interface RotateChoice {
  angle: Angle;
  scope: "all" | "some";
  pages: string;
}

export const defaultRotateChoice: RotateChoice = { angle: "90", scope: "all", pages: "" };

/** Each angle's words are `angle.<value>`. */
const ANGLES: { value: Angle; icon: typeof LuRotateCw }[] = [
  { value: "90", icon: LuRotateCw },
  { value: "180", icon: LuRotateCw },
  { value: "270", icon: LuRotateCcw },
];

/** The form fields for a choice, or the reason it cannot be sent. */
export function rotateFields(choice: RotateChoice): { fields: Record<string, string> } | { error: string } {
  if (choice.scope === "all") return { fields: { angle: choice.angle } };
  const parsed = parsePageRanges(choice.pages);
  if ("error" in parsed) return parsed;
  return { fields: { angle: choice.angle, pages: JSON.stringify(parsed.pages) } };
}

function summary(choice: RotateChoice, t: Translate<"rotate-pdf">): string {
  const angle = t(`angle.${choice.angle}`);
  return choice.scope === "all"
    ? t("summary.all", { angle })
    : t("summary.some", { pages: choice.pages || "…", angle });
}

/**
 * The typed pages' problem in the page's language: parsePageRanges (schema/options.ts, shared
 * with the server) words it in English, and each of its sentences has a key here.
 */
function rangeError(error: string, t: Translate<"rotate-pdf">): string {
  if (error === TOO_MANY_PAGES) return t("error.tooMany");
  if (error === "Pages are numbered from 1.") return t("error.fromOne");
  if (error.startsWith("Enter the pages")) return t("error.enter");
  let m = /^"(.+)" is not a page or a range like 3-5\.$/.exec(error);
  if (m) return t("error.notRange", { part: m[1] });
  m = /^"(.+)" needs an end page, like (\d+-\d+)\.$/.exec(error);
  if (m) return t("error.needsEnd", { part: m[1], example: m[2] });
  m = /^The range (.+) runs backwards; write it as (\d+-\d+)\.$/.exec(error);
  if (m) return t("error.backwards", { part: m[1], fixed: m[2] });
  m = /^Page (\d+) does not exist: this PDF has (\d+) pages?\.$/.exec(error);
  if (m) return t("error.noSuchPage", { page: m[1], count: Number(m[2]) });
  return error;
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
  const t = useT("rotate-pdf");
  return (
    <Collapsible.Root defaultOpen={false} lazyMount>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted" data-testid="rotate-summary">
          {summary(value, t)}
        </Text>
        <Collapsible.Trigger asChild>
          <Button variant="ghost" size="sm" css={{ "&[data-state=open] svg": { transform: "rotate(180deg)" } }}>
            {t("more")} <LuChevronDown aria-hidden />
          </Button>
        </Collapsible.Trigger>
      </HStack>
      <Collapsible.Content>
        <Stack gap="5" pt="4">
          <RadioGroup.Root
            value={value.angle}
            onValueChange={(e) => onChange({ ...value, angle: (e.value ?? "90") as Angle })}
            aria-label={t("rotation")}
          >
            <Text fontWeight="medium" fontSize="sm" mb="2">
              {t("rotation")}
            </Text>
            <HStack gap="5" wrap="wrap">
              {ANGLES.map((a) => (
                <RadioGroup.Item key={a.value} value={a.value}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t(`angle.${a.value}`)}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
          <RadioGroup.Root
            value={value.scope}
            onValueChange={(e) => onChange({ ...value, scope: e.value === "some" ? "some" : "all" })}
            aria-label={t("pages")}
          >
            <Text fontWeight="medium" fontSize="sm" mb="2">
              {t("pages")}
            </Text>
            <HStack gap="5" wrap="wrap">
              <RadioGroup.Item value="all">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t("scope.all")}</RadioGroup.ItemText>
              </RadioGroup.Item>
              <RadioGroup.Item value="some">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t("scope.some")}</RadioGroup.ItemText>
              </RadioGroup.Item>
            </HStack>
          </RadioGroup.Root>
          {value.scope === "some" && (
            <Box maxW="xs">
              <Field.Root invalid={Boolean(error)}>
                <Field.Label>{t("pageNumbers")}</Field.Label>
                <Input
                  placeholder="1,3-5"
                  value={value.pages}
                  inputMode="numeric"
                  onChange={(e) => onChange({ ...value, pages: e.currentTarget.value })}
                />
                {error ? (
                  <Field.ErrorText>{rangeError(error, t)}</Field.ErrorText>
                ) : (
                  <Field.HelperText>{file ? t("helpPick") : t("help")}</Field.HelperText>
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
