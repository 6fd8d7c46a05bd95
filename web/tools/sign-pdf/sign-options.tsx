import { Alert, Button, Checkbox, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useT } from "../../i18n/provider";

export const NAME_MAX = 120;

/** What the PDF's fonts draw: Latin, Greek and Cyrillic letters, digits, punctuation and symbols. */
const DRAWABLE = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{M}]*$/u;

/**
 * Today's date as the visitor writes it ("24 November 2026", "24. November 2026"...), in digits
 * the PDF's fonts have; in a script they do not draw (Japanese, Chinese, Hindi, Arabic), as
 * numbers, year first (2026-11-24), which every reader reads.
 */
export function todayText(now = new Date(), locale?: string): string {
  const long = new Intl.DateTimeFormat(locale, { dateStyle: "long", numberingSystem: "latn" }).format(now);
  if (DRAWABLE.test(long)) return long;
  const [y, m, d] = [now.getFullYear(), now.getMonth() + 1, now.getDate()];
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** The lines written under each signature: the name, then the date (either may be left out). */
export function captionOf(name: string | undefined, date: string | undefined): string[] {
  return [name?.trim() ?? "", date?.trim() ?? ""].filter((t) => t !== "");
}

function Tick({ checked, onChange, children }: { checked: boolean; onChange(v: boolean): void; children: ReactNode }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(e) => onChange(e.checked === true)} size="sm">
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{children}</Checkbox.Label>
    </Checkbox.Root>
  );
}

export interface SignOptionsProps {
  addDate: boolean;
  onAddDate(v: boolean): void;
  date: string;
  addName: boolean;
  onAddName(v: boolean): void;
  name: string;
  onName(v: string): void;
  nameError?: string;
  remember: boolean;
  onRemember(v: boolean): void;
  canForget: boolean;
  onForget(): void;
}

/** The date and name lines, and whether this browser keeps the signature. */
export function SignOptions(o: SignOptionsProps) {
  const t = useT("sign-pdf");
  return (
    <Stack gap="3">
      <Tick checked={o.addDate} onChange={o.onAddDate}>
        {t("options.addDate", { date: o.date })}
      </Tick>
      <Tick checked={o.addName} onChange={o.onAddName}>
        {t("options.addName")}
      </Tick>
      {o.addName && (
        <Field.Root invalid={Boolean(o.nameError)} ps="6">
          <Field.Label srOnly>{t("options.nameLabel")}</Field.Label>
          <Input
            size="sm"
            value={o.name}
            maxLength={NAME_MAX}
            autoComplete="name"
            placeholder={t("options.namePlaceholder")}
            onChange={(e) => o.onName(e.currentTarget.value)}
          />
          <Field.ErrorText>{o.nameError}</Field.ErrorText>
        </Field.Root>
      )}
      <HStack gap="3" wrap="wrap">
        <Tick checked={o.remember} onChange={o.onRemember}>
          {t("options.remember")}
        </Tick>
        {o.canForget && (
          <Button size="xs" variant="ghost" onClick={o.onForget}>
            {t("options.forget")}
          </Button>
        )}
      </HStack>
      <Text fontSize="xs" color="fg.muted" mt="-1">
        {t("options.rememberHelp")}
      </Text>
    </Stack>
  );
}

/** What this is, said plainly next to the button. */
export function SignatureNotice() {
  const t = useT("sign-pdf");
  return (
    <Alert.Root status="info" variant="subtle" borderRadius="lg" size="sm" data-testid="signature-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{t("notice")}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
