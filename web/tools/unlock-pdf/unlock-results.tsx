import { Badge, Box, Button, chakra, Flex, HStack, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { LuFileText, LuKeyRound, LuX } from "react-icons/lu";
import { toolsById } from "../../../schema/tools";
import { useT } from "../../i18n/provider";
import { formatBytes } from "../format";
import { RefusalRemedies } from "../refusal-remedies";
import { ResultActions } from "../result-actions";
import type { UnlockEntry } from "./use-unlock";

/**
 * Asks for one file's password on its row, once the shared password does not open it (or none was
 * given). What is typed here is the file's password for the big Unlock PDF button too (use-unlock
 * keeps it); Enter or the small button checks it here, then sends this file alone.
 */
function PasswordPrompt({
  entry,
  onChange,
  onRetry,
  autoFocus,
}: {
  entry: UnlockEntry;
  onChange(password: string): void;
  onRetry(): void;
  autoFocus: boolean;
}) {
  const t = useT("tool-shell");
  const value = entry.password ?? "";
  return (
    <chakra.form
      display="flex"
      gap="2"
      flexWrap="wrap"
      onSubmit={(e) => {
        e.preventDefault();
        if (value) onRetry();
      }}
    >
      <Input
        type="password"
        size="sm"
        flex="1"
        minW="40"
        autoComplete="off"
        aria-label={t("password.label", { name: entry.file.name })}
        aria-invalid={entry.asks === "wrong" || undefined}
        placeholder={t("password.placeholder")}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        autoFocus={autoFocus}
      />
      <Button type="submit" size="sm" loading={entry.retrying} disabled={!value} colorPalette="red" bg="brand.solid">
        <LuKeyRound aria-hidden /> {t("password.unlock")}
      </Button>
    </chakra.form>
  );
}

/** The chosen files; each shows its own result once there is one, and a password prompt if it needs one. */
export function UnlockResults({
  entries,
  onRemove,
  onRetry,
  onPassword,
  onAddAgain,
  locked,
}: {
  entries: UnlockEntry[];
  onRemove(id: string): void;
  onRetry(id: string): void;
  onPassword(id: string, password: string): void;
  /** A refused file again, on this device ("Process it on this device instead"). */
  onAddAgain(file: File): void;
  locked: boolean;
}) {
  const t = useT("tool-shell");
  const own = useT("unlock-pdf");
  if (entries.length === 0) return null;
  const firstAsking = entries.find((e) => e.asks && !e.refused)?.id;
  return (
    <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={t("results.selectedFiles")}>
      {entries.map((entry) => {
        const r = entry.result;
        const ok = r?.status === "unlocked";
        const asks = !entry.refused && !ok ? entry.asks : undefined;
        const bad = entry.refused || asks === "wrong" || (r && !ok);
        const status = entry.refused ? "refused" : asks ? "locked" : (r?.status ?? "pending");
        return (
          <Stack
            as="li"
            key={entry.id}
            gap="2"
            bg="surface"
            borderWidth="1px"
            borderColor={bad ? "red.emphasized" : "border"}
            borderRadius="xl"
            px={{ base: "3", md: "4" }}
            py="3"
            data-testid="file-result"
            data-status={status}
          >
            <Flex gap="3" wrap="wrap" align="center">
              <LuFileText aria-hidden />
              <Stack gap="0.5" flex="1 1 10rem" minW="0">
                <HStack gap="2" minW="0">
                  <Text fontWeight="medium" truncate title={r?.convertedName ?? entry.file.name}>
                    {r?.convertedName ?? entry.file.name}
                  </Text>
                  {(r || entry.refused || asks) && (
                    <Badge colorPalette={ok ? "green" : asks ? "orange" : "red"} variant="subtle" flexShrink={0}>
                      {t(
                        entry.refused
                          ? "status.refused"
                          : ok
                            ? "status.unlocked"
                            : asks
                              ? "status.needsPassword"
                              : "status.failed",
                      )}
                    </Badge>
                  )}
                </HStack>
                <Text
                  fontSize="sm"
                  color={bad ? "fg.error" : "fg.muted"}
                  role={entry.refused || asks === "wrong" ? "alert" : undefined}
                >
                  {entry.refused
                    ? entry.refused.message
                    : asks === "wrong"
                      ? t("locked.wrong")
                      : asks
                        ? own("row.needsPassword", { name: entry.file.name })
                        : !r
                          ? formatBytes(entry.file.size)
                          : ok
                            ? r.message
                            : (r.message ?? r.error)}
                </Text>
              </Stack>
              {ok && r.downloadUrl ? (
                // On a phone the actions take a line of their own under the name.
                <Box flexBasis={{ base: "full", md: "auto" }} data-testid="row-actions">
                  <ResultActions result={r} size="xs" />
                </Box>
              ) : (
                <IconButton
                  aria-label={t("row.remove", { name: entry.file.name })}
                  size="xs"
                  variant="ghost"
                  disabled={locked}
                  onClick={() => onRemove(entry.id)}
                >
                  <LuX />
                </IconButton>
              )}
            </Flex>
            {entry.refused && entry.refused.remedies.length > 0 && (
              <RefusalRemedies
                file={entry.file}
                remedies={entry.refused.remedies}
                sizeLimitMB={toolsById["unlock-pdf"].maxSizeMB}
                onRetryOnDevice={() => onAddAgain(entry.file)}
              />
            )}
            {asks && (
              <PasswordPrompt
                entry={entry}
                onChange={(pw) => onPassword(entry.id, pw)}
                onRetry={() => onRetry(entry.id)}
                autoFocus={entry.id === firstAsking}
              />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
