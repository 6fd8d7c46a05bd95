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

/** What a person who opens the file with the password may do (the page's progressive option). */
export interface ProtectPermissions {
  allowPrinting: boolean;
  allowCopying: boolean;
  allowEditing: boolean;
}

export const ALL_ALLOWED: ProtectPermissions = { allowPrinting: true, allowCopying: true, allowEditing: true };

const CHOICES: { key: keyof ProtectPermissions; label: string; detail: string }[] = [
  { key: "allowPrinting", label: "Allow printing", detail: "Print the document, in full quality" },
  { key: "allowCopying", label: "Allow copying", detail: "Copy text and images out of it" },
  { key: "allowEditing", label: "Allow editing", detail: "Change pages, add comments, fill in forms" },
];

/** The multipart fields of a protect call (see worker/routes/convert/protect-pdf.ts). */
export function protectFields(password: string, permissions: ProtectPermissions): Record<string, string> {
  return {
    password,
    allowPrinting: String(permissions.allowPrinting),
    allowCopying: String(permissions.allowCopying),
    allowEditing: String(permissions.allowEditing),
  };
}

function summary(p: ProtectPermissions): string {
  const denied = CHOICES.filter((c) => !p[c.key]).map((c) => c.label.replace("Allow ", ""));
  if (denied.length === 0) return "Anyone with the password can print, copy and edit.";
  return `Not allowed: ${denied.join(", ")}.`;
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
  const [shown, setShown] = useState(false);
  return (
    <Stack gap="4">
      <Field.Root>
        <Field.Label>Password</Field.Label>
        <InputGroup
          endElement={
            <IconButton
              aria-label={shown ? "Hide password" : "Show password"}
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
        <Field.HelperText>
          People will need this password to open the PDF. Keep it safe: it cannot be recovered.
        </Field.HelperText>
      </Field.Root>
      <Collapsible.Root defaultOpen={false}>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontSize="sm" color="fg.muted" data-testid="permissions-summary">
            {summary(permissions)}
          </Text>
          <Collapsible.Trigger asChild>
            <Button variant="ghost" size="sm" css={{ "&[data-state=open] svg": { transform: "rotate(180deg)" } }}>
              Permissions <LuChevronDown aria-hidden />
            </Button>
          </Collapsible.Trigger>
        </HStack>
        <Collapsible.Content>
          <Stack gap="3" pt="3">
            {CHOICES.map((c) => (
              <Checkbox.Root
                key={c.key}
                checked={permissions[c.key]}
                onCheckedChange={(e) => onPermissions({ ...permissions, [c.key]: e.checked === true })}
                alignItems="flex-start"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control mt="0.5" />
                <Stack gap="0">
                  <Checkbox.Label>{c.label}</Checkbox.Label>
                  <Text fontSize="xs" color="fg.muted">
                    {c.detail}
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
