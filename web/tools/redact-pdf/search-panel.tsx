import { Alert, Box, Button, Checkbox, chakra, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LuSearch } from "react-icons/lu";
import { REDACT_PATTERNS, type RedactPattern } from "../../../schema/form-options";
import { useT } from "../../i18n/provider";
import type { RedactSearch } from "./api";
import { MATCH_STYLE } from "./area-layer";
import { type FoundMatch, matchSummary } from "./plan";

/** Past this many, the list shows the first ones only (the pages still show them all). */
const LISTED = 300;

export function Check({
  checked,
  onChange,
  children,
  disabled,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Checkbox.Root
      size="sm"
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onChange(e.checked === true)}
      alignItems="start"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control mt="0.5" />
      <Checkbox.Label fontWeight="normal">{children}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** The search form: text, match case, whole words, patterns, and Find. */
export function SearchForm({
  query,
  onChange,
  onFind,
  finding,
  error,
  disabled,
}: {
  query: RedactSearch;
  onChange(q: RedactSearch): void;
  onFind(): void;
  finding: boolean;
  error?: string;
  disabled?: boolean;
}) {
  const t = useT("redact-pdf");
  const set =
    <K extends keyof RedactSearch>(key: K) =>
    (value: RedactSearch[K]) =>
      onChange({ ...query, [key]: value });
  const togglePattern = (p: RedactPattern) => (on: boolean) =>
    set("patterns")(
      on ? REDACT_PATTERNS.filter((x) => x === p || query.patterns.includes(x)) : query.patterns.filter((x) => x !== p),
    );
  const empty = query.search.trim() === "" && query.patterns.length === 0;
  return (
    <chakra.form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!empty) onFind();
      }}
    >
      <Stack gap="3">
        <Field.Root>
          <Field.Label>{t("search.label")}</Field.Label>
          <Input
            size="sm"
            value={query.search}
            maxLength={500}
            placeholder={t("search.placeholder")}
            onChange={(e) => set("search")(e.currentTarget.value)}
          />
        </Field.Root>
        <HStack gap="4" wrap="wrap">
          <Check checked={query.matchCase} onChange={set("matchCase")}>
            {t("search.matchCase")}
          </Check>
          <Check checked={query.wholeWord} onChange={set("wholeWord")}>
            {t("search.wholeWord")}
          </Check>
        </HStack>
        <Stack gap="1.5" role="group" aria-label={t("search.patterns")}>
          <Text fontSize="sm" fontWeight="medium">
            {t("search.alsoFind")}
          </Text>
          {REDACT_PATTERNS.map((p) => (
            <Check key={p} checked={query.patterns.includes(p)} onChange={togglePattern(p)}>
              {t(`pattern.${p}`)}
            </Check>
          ))}
        </Stack>
        <Button type="submit" variant="outline" size="sm" loading={finding} disabled={disabled || empty}>
          <LuSearch aria-hidden /> {t("search.find")}
        </Button>
        {error && (
          <Alert.Root status="error" size="sm" borderRadius="md">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </chakra.form>
  );
}

/** The matches found so far: tick or untick each, all or none, or clear the list. */
export function MatchList({
  found,
  onKeep,
  onKeepAll,
  onClear,
  onShow,
}: {
  found: FoundMatch[];
  onKeep(id: string, kept: boolean): void;
  onKeepAll(kept: boolean): void;
  onClear(): void;
  onShow(page: number): void;
}) {
  const t = useT("redact-pdf");
  const kept = found.filter((m) => m.kept).length;
  return (
    <Stack gap="2" data-testid="redact-matches">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <HStack gap="2">
          <Box boxSize="3" borderWidth="1px" borderColor={MATCH_STYLE.borderColor} bg={MATCH_STYLE.bg} />
          <Text fontSize="sm" fontWeight="medium" data-testid="redact-match-summary">
            {matchSummary(t, found)}
          </Text>
        </HStack>
        <Text fontSize="xs" color="fg.muted">
          {t("matches.selected", { count: kept })}
        </Text>
      </HStack>
      <HStack gap="1" wrap="wrap">
        <Button size="xs" variant="ghost" onClick={() => onKeepAll(true)} disabled={kept === found.length}>
          {t("matches.all")}
        </Button>
        <Button size="xs" variant="ghost" onClick={() => onKeepAll(false)} disabled={kept === 0}>
          {t("matches.none")}
        </Button>
        <Button size="xs" variant="ghost" onClick={onClear}>
          {t("matches.clear")}
        </Button>
      </HStack>
      <Stack
        as="ul"
        gap="1.5"
        maxH="18rem"
        overflowY="auto"
        p="1"
        m="0"
        listStyleType="none"
        aria-label={t("matches.list")}
      >
        {found.slice(0, LISTED).map((m) => (
          <HStack as="li" key={m.id} gap="2" justify="space-between" align="start" data-testid="redact-match">
            <Check checked={m.kept} onChange={(on) => onKeep(m.id, on)}>
              <Stack as="span" gap="0.5">
                <Text as="span" wordBreak="break-word" fontWeight="medium">
                  {m.text}
                </Text>
                {m.context && m.context !== m.text && (
                  <Text as="span" fontSize="xs" color="fg.muted" wordBreak="break-word">
                    {m.context}
                  </Text>
                )}
                {m.kind !== "text" && (
                  <Text as="span" fontSize="xs" color="fg.muted" data-testid="redact-match-place">
                    {m.label
                      ? t("place.labelled", { place: t(`place.${m.kind}`), label: m.label })
                      : t(`place.${m.kind}`)}
                  </Text>
                )}
              </Stack>
            </Check>
            {m.page > 0 ? (
              <Button size="2xs" variant="plain" color="fg.muted" onClick={() => onShow(m.page)} flexShrink={0}>
                {t("matches.page", { page: m.page })}
              </Button>
            ) : (
              <Text fontSize="2xs" color="fg.muted" flexShrink={0} pt="1">
                {t("matches.inFile")}
              </Text>
            )}
          </HStack>
        ))}
      </Stack>
      {found.length > LISTED && (
        <Text fontSize="xs" color="fg.muted">
          {t("matches.more", { listed: LISTED, total: found.length })}
        </Text>
      )}
    </Stack>
  );
}
