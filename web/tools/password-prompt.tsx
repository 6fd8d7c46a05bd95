import { Button, chakra, Input, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuKeyRound } from "react-icons/lu";
import { useT } from "../i18n/provider";

export interface FilePasswordPromptProps {
  name: string;
  /** What the server said, when it asked again (a password pdf.js accepted but the server did not). */
  reason?: string;
  /** Tries the password; false when it does not open the file. */
  onSubmit(password: string): Promise<boolean>;
}

/**
 * An encrypted PDF's password, asked for on its own row before anything is sent. The password
 * is checked in the browser first (pdf.js opens the file with it), so a wrong one costs no upload
 * and no conversion; the result has no password.
 */
export function FilePasswordPrompt({ name, reason, onSubmit }: FilePasswordPromptProps) {
  const t = useT("tool-shell");
  const [value, setValue] = useState("");
  const [trying, setTrying] = useState(false);
  const [wrong, setWrong] = useState(false);
  return (
    <Stack gap="1.5" data-testid="password-prompt">
      <Text fontSize="sm">{reason ?? t("locked.prompt", { name })}</Text>
      <chakra.form
        display="flex"
        gap="2"
        flexWrap="wrap"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!value || trying) return;
          setTrying(true);
          const opened = await onSubmit(value).catch(() => false);
          setTrying(false);
          setWrong(!opened);
        }}
      >
        <Input
          type="password"
          size="sm"
          flex="1"
          minW="40"
          autoComplete="off"
          aria-label={t("password.label", { name })}
          aria-invalid={wrong || undefined}
          placeholder={t("password.placeholder")}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setWrong(false);
          }}
          autoFocus
        />
        <Button type="submit" size="sm" loading={trying} disabled={!value} colorPalette="red" bg="brand.solid">
          <LuKeyRound aria-hidden /> {t("password.open")}
        </Button>
      </chakra.form>
      {wrong ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t("locked.wrong")}
        </Text>
      ) : (
        <Text fontSize="xs" color="fg.muted">
          {t("locked.note")}
        </Text>
      )}
    </Stack>
  );
}
