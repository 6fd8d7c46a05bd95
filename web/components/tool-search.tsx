import { Box, Link as ChakraLink, Flex, Input, InputGroup, Text } from "@chakra-ui/react";
import { Link, useNavigate } from "@tanstack/react-router";
import { type KeyboardEvent, type Ref, useEffect, useId, useMemo, useState } from "react";
import { LuSearch } from "react-icons/lu";
import { useT } from "../i18n/provider";
import { search } from "../search/rank";
import { type ToolHit, useToolIndex } from "../search/tool-index";
import { ArrowForward } from "./direction-icons";
import { ToolIcon } from "./tool-icon";

/** Results a field on a page drops down; the header's palette lists them all. */
const INLINE_LIMIT = 8;
/** A phone's keyboard labels its Enter key for going somewhere (a keyword of the browser's, not words). */
const ENTER_KEY = "go";

export interface ToolSearchProps {
  /**
   * "inline": a field on the page whose results drop down over it (home, All Tools). "palette":
   * the header's dialog, with every tool listed until something is typed.
   */
  variant?: "inline" | "palette";
  /** After a result or All Tools is chosen: the palette closes. */
  onNavigate?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  size?: "md" | "lg";
}

/**
 * A combobox (WAI-ARIA's editable combobox with a list popup) over the tool catalogue in the
 * page's language: type, move with the arrow keys, Enter opens the tool, Escape closes. Each result
 * is a real link to the tool, in the page's language.
 */
export function ToolSearch({ variant = "inline", onNavigate, inputRef, size = "lg" }: ToolSearchProps) {
  const t = useT("common");
  const index = useToolIndex();
  const navigate = useNavigate();
  const id = useId();
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(variant === "palette");
  const [active, setActive] = useState(0);
  const palette = variant === "palette";
  const typed = query.trim() !== "";

  const hits = useMemo(() => {
    if (typed) return search(index, query, palette ? undefined : INLINE_LIMIT);
    return palette ? index.docs.map((d) => d.item) : [];
  }, [index, query, typed, palette]);
  const shown = open && (hits.length > 0 || typed);
  const optionId = (i: number) => `${id}-option-${i}`;

  // The option chosen by the arrow keys stays in view as the list scrolls (only when it changes).
  useEffect(() => {
    if (shown) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [id, active, shown]);

  const go = (hit: ToolHit) => {
    // The catalogue's path type is wider than the router's list of routes; every tool has its route.
    void navigate({ to: hit.tool.path as string });
    done();
  };
  const done = () => {
    setQuery("");
    if (!palette) setOpen(false);
    onNavigate?.();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // An input method's Enter confirms what is being composed (Japanese, Chinese): not a choice.
    if (e.nativeEvent.isComposing) return;
    const n = hits.length;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!shown) return setOpen(true);
      if (n > 0) setActive((a) => (e.key === "ArrowDown" ? (a + 1) % n : (a - 1 + n) % n));
    } else if (e.key === "Enter" && shown && hits[active]) {
      e.preventDefault();
      go(hits[active]);
    } else if (e.key === "Escape" && !palette) {
      // The palette's dialog closes on Escape itself; a field on the page first closes its list, then empties.
      if (shown) setOpen(false);
      else setQuery("");
    }
  };

  return (
    <Box
      position="relative"
      w="full"
      onBlur={(e) => {
        if (!palette && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <InputGroup startElement={<LuSearch aria-hidden />}>
        <Input
          ref={inputRef}
          role="combobox"
          aria-label={t("search.label")}
          aria-expanded={shown}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={shown && hits[active] ? optionId(active) : undefined}
          placeholder={t("search.placeholder")}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint={ENTER_KEY}
          size={size}
          bg="surface"
          borderRadius="lg"
          data-testid={`tool-search-${variant}`}
        />
      </InputGroup>
      <Box
        hidden={!shown}
        // Clicking a result must not blur the field first (that would close the list under the pointer).
        onMouseDown={(e) => e.preventDefault()}
        {...(palette
          ? { mt: "3", maxH: "min(60vh, 30rem)", overflowY: "auto" }
          : {
              position: "absolute",
              insetX: "0",
              top: "calc(100% + 6px)",
              zIndex: "dropdown",
              bg: "surface",
              borderWidth: "1px",
              borderRadius: "lg",
              shadow: "lg",
              maxH: "min(60vh, 26rem)",
              overflowY: "auto",
              p: "1",
              textAlign: "start",
            })}
      >
        <Box as="ul" role="listbox" id={`${id}-list`} aria-label={t("search.label")} listStyleType="none">
          {hits.map((hit, i) => (
            <li key={hit.tool.id} role="presentation">
              <Option hit={hit} id={optionId(i)} active={i === active} onPick={done} onHover={() => setActive(i)} />
            </li>
          ))}
        </Box>
        {typed && hits.length === 0 && <NoResults query={query.trim()} onPick={done} />}
      </Box>
      <Box srOnly aria-live="polite" aria-atomic>
        {typed &&
          (hits.length ? t("search.results", { count: hits.length }) : t("search.noResults", { query: query.trim() }))}
      </Box>
    </Box>
  );
}

function Option({
  hit,
  id,
  active,
  onPick,
  onHover,
}: {
  hit: ToolHit;
  id: string;
  active: boolean;
  onPick: () => void;
  onHover: () => void;
}) {
  return (
    <Flex asChild align="center" gap="3" px="3" py="2" borderRadius="md" bg={active ? "bg.muted" : undefined}>
      <Link
        to={hit.tool.path as string}
        id={id}
        role="option"
        aria-selected={active}
        aria-describedby={`${id}-group`}
        tabIndex={-1}
        onClick={onPick}
        onMouseMove={onHover}
        data-testid="tool-search-option"
      >
        <Flex
          boxSize="8"
          flexShrink="0"
          align="center"
          justify="center"
          borderRadius="md"
          bg={`${hit.tool.color}.subtle`}
          color={`${hit.tool.color}.fg`}
        >
          <ToolIcon name={hit.tool.icon} boxSize="4" />
        </Flex>
        <Text flex="1" fontWeight="medium" lineClamp={2}>
          {hit.title}
        </Text>
        {/* Said after the name (aria-describedby), not as part of it. */}
        <Text
          id={`${id}-group`}
          aria-hidden
          fontSize="xs"
          color="fg.muted"
          textAlign="end"
          flexShrink="0"
          maxW="40%"
          truncate
        >
          {hit.group}
        </Text>
      </Link>
    </Flex>
  );
}

function NoResults({ query, onPick }: { query: string; onPick: () => void }) {
  const t = useT("common");
  return (
    <Box px="3" py="3" data-testid="tool-search-empty">
      <Text color="fg.muted" wordBreak="break-word">
        {t("search.noResults", { query })}
      </Text>
      <ChakraLink asChild mt="2" fontWeight="medium" color="brand.fg">
        <Link to="/all-tools" onClick={onPick}>
          {t("search.browseAll")} <ArrowForward aria-hidden />
        </Link>
      </ChakraLink>
    </Box>
  );
}
