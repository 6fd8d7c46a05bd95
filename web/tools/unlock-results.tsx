import { Badge, Button, chakra, HStack, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuFileText, LuKeyRound, LuX } from "react-icons/lu";
import { formatBytes } from "./format";
import { ResultActions } from "./result-actions";
import { needsPassword, type UnlockEntry } from "./use-unlock";

/** Asks for one file's password right where its result says it needs one. */
function PasswordPrompt({ entry, onRetry }: { entry: UnlockEntry; onRetry(password: string): void }) {
  const [value, setValue] = useState("");
  return (
    <chakra.form
      display="flex"
      gap="2"
      flexWrap="wrap"
      onSubmit={(e) => {
        e.preventDefault();
        if (value) onRetry(value);
      }}
    >
      <Input
        type="password"
        size="sm"
        flex="1"
        minW="40"
        autoComplete="off"
        aria-label={`Password for ${entry.file.name}`}
        placeholder="Password for this file"
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        autoFocus
      />
      <Button type="submit" size="sm" loading={entry.retrying} disabled={!value} colorPalette="red" bg="brand.solid">
        <LuKeyRound aria-hidden /> Unlock
      </Button>
    </chakra.form>
  );
}

/** The chosen files; each shows its own result once there is one, and a password prompt if it needs one. */
export function UnlockResults({
  entries,
  onRemove,
  onRetry,
  locked,
}: {
  entries: UnlockEntry[];
  onRemove(id: string): void;
  onRetry(id: string, password: string): void;
  locked: boolean;
}) {
  if (entries.length === 0) return null;
  return (
    <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Selected files">
      {entries.map((entry) => {
        const r = entry.result;
        const ok = r?.status === "unlocked";
        return (
          <Stack
            as="li"
            key={entry.id}
            gap="2"
            bg="surface"
            borderWidth="1px"
            borderColor={r && !ok ? "red.emphasized" : "border"}
            borderRadius="xl"
            px="4"
            py="3"
            data-testid="file-result"
            data-status={r?.status ?? "pending"}
          >
            <HStack gap="3" wrap="wrap">
              <LuFileText aria-hidden />
              <Stack gap="0.5" flex="1" minW="0">
                <HStack gap="2" minW="0">
                  <Text fontWeight="medium" truncate title={r?.convertedName ?? entry.file.name}>
                    {r?.convertedName ?? entry.file.name}
                  </Text>
                  {r && (
                    <Badge colorPalette={ok ? "green" : "red"} variant="subtle" flexShrink={0}>
                      {ok ? "Unlocked" : needsPassword(r) ? "Needs password" : "Failed"}
                    </Badge>
                  )}
                </HStack>
                <Text fontSize="sm" color={r && !ok ? "fg.error" : "fg.muted"}>
                  {!r ? formatBytes(entry.file.size) : ok ? r.message : (r.message ?? r.error)}
                </Text>
              </Stack>
              {ok && r.downloadUrl ? (
                <ResultActions result={r} />
              ) : (
                <IconButton
                  aria-label={`Remove ${entry.file.name}`}
                  size="xs"
                  variant="ghost"
                  disabled={locked}
                  onClick={() => onRemove(entry.id)}
                >
                  <LuX />
                </IconButton>
              )}
            </HStack>
            {needsPassword(r) && <PasswordPrompt entry={entry} onRetry={(pw) => onRetry(entry.id, pw)} />}
          </Stack>
        );
      })}
    </Stack>
  );
}
