import {
  Button,
  Checkbox,
  Collapsible,
  Field,
  HStack,
  IconButton,
  Input,
  InputGroup,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useState } from "react";
import { LuChevronDown, LuEye, LuEyeOff } from "react-icons/lu";
import { type Translate, useLocale, useT } from "../../i18n/provider";

/** What a person who opens the file with the password may do (the page's progressive option). */
export interface ProtectPermissions {
  allowPrinting: boolean;
  allowCopying: boolean;
  allowEditing: boolean;
}

export const ALL_ALLOWED: ProtectPermissions = { allowPrinting: true, allowCopying: true, allowEditing: true };

/** Each choice's words are `permissions.<key>.label`, `.detail` and `.name` (in the summary). */
const CHOICES: (keyof ProtectPermissions)[] = ["allowPrinting", "allowCopying", "allowEditing"];

/** The multipart fields of a protect call (see worker/routes/convert/protect-pdf.ts). */
export function protectFields(password: string, permissions: ProtectPermissions): Record<string, string> {
  return {
    password,
    allowPrinting: String(permissions.allowPrinting),
    allowCopying: String(permissions.allowCopying),
    allowEditing: String(permissions.allowEditing),
  };
}

function summary(p: ProtectPermissions, t: Translate<"protect-pdf">, locale: string): string {
  const denied = CHOICES.filter((c) => !p[c]).map((c) => t(`permissions.${c}.name`));
  if (denied.length === 0) return t("permissions.all");
  // "printing, copying": a plain comma list, as the page always wrote it; each language its own.
  const list = locale === "en" ? denied.join(", ") : new Intl.ListFormat(locale, { type: "unit" }).format(denied);
  return t("permissions.denied", { list });
}

export function ProtectOptions({
  password,
  onPassword,
  permissions,
  onPermissions,
}: {
  password: string;
  onPassword(value: string): void;
  permissions: ProtectPermissions;
  onPermissions(next: ProtectPermissions): void;
}) {
  const t = useT("protect-pdf");
  const locale = useLocale();
  const [shown, setShown] = useState(false);
  return (
    <Stack gap="4">
      <Field.Root>
        <Field.Label>{t("password.label")}</Field.Label>
        <InputGroup
          endElement={
            <IconButton
              aria-label={shown ? t("password.hide") : t("password.show")}
              size="xs"
              variant="ghost"
              onClick={() => setShown((s) => !s)}
            >
              {shown ? <LuEyeOff /> : <LuEye />}
            </IconButton>
          }
        >
          {/* The six-character hint lives only in minLength (spec section 5). */}
          <Input
            name="password"
            type={shown ? "text" : "password"}
            minLength={6}
            autoComplete="new-password"
            value={password}
            onChange={(e) => onPassword(e.currentTarget.value)}
          />
        </InputGroup>
        <Field.HelperText>{t("password.help")}</Field.HelperText>
      </Field.Root>
      <Collapsible.Root defaultOpen={false}>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontSize="sm" color="fg.muted" data-testid="permissions-summary">
            {summary(permissions, t, locale)}
          </Text>
          <Collapsible.Trigger asChild>
            <Button variant="ghost" size="sm" css={{ "&[data-state=open] svg": { transform: "rotate(180deg)" } }}>
              {t("permissions.button")} <LuChevronDown aria-hidden />
            </Button>
          </Collapsible.Trigger>
        </HStack>
        <Collapsible.Content>
          <Stack gap="3" pt="3">
            {CHOICES.map((c) => (
              <Checkbox.Root
                key={c}
                checked={permissions[c]}
                onCheckedChange={(e) => onPermissions({ ...permissions, [c]: e.checked === true })}
                alignItems="flex-start"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control mt="0.5" />
                <Stack gap="0">
                  <Checkbox.Label>{t(`permissions.${c}.label`)}</Checkbox.Label>
                  <Text fontSize="xs" color="fg.muted">
                    {t(`permissions.${c}.detail`)}
                  </Text>
                </Stack>
              </Checkbox.Root>
            ))}
          </Stack>
        </Collapsible.Content>
      </Collapsible.Root>
    </Stack>
  );
}
