import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { PageRect } from "../../../schema/form-options";
import { ApiError } from "../../api/client";
import { isAbort } from "../../api/convert";
import { type RedactSearch, useRedactPreview } from "./api";
import {
  addMatches,
  areasField,
  type FoundMatch,
  type MarkedArea,
  newAreaId,
  setAllKept,
  setKept,
  skipField,
} from "./plan";

export type BoxColor = "black" | "white" | "red";

const NO_SEARCH: RedactSearch = { search: "", matchCase: false, wholeWord: false, patterns: [] };

/**
 * The redaction being prepared for one file: the areas marked, the searches made and the matches
 * they found (each kept or not), the options, and the request fields they make. A new file starts
 * over. Metadata is removed by default: a redacted file's title and author often name what was
 * redacted.
 */
export function useRedactPlan(file: File | undefined, password: string | undefined) {
  const [areas, setAreas] = useState<MarkedArea[]>([]);
  const [found, setFound] = useState<FoundMatch[]>([]);
  const [searches, setSearches] = useState<RedactSearch[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [query, setQuery] = useState<RedactSearch>(NO_SEARCH);
  const [color, setColor] = useState<BoxColor>("black");
  const [clearMetadata, setClearMetadata] = useState(true);
  const [lastFind, setLastFind] = useState<{ added: number; total: number } | null>(null);
  const foundNow = useRef(found);
  foundNow.current = found;
  const preview = useRedactPreview();
  const { reset: resetPreview } = preview;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new file starts over.
  useEffect(() => {
    setAreas([]);
    setFound([]);
    setSearches([]);
    setSelected(null);
    setLastFind(null);
    resetPreview();
  }, [file, resetPreview]);

  const add = useCallback((page: number, r: PageRect) => {
    const area = { id: newAreaId(), page, ...r };
    setAreas((list) => [...list, area]);
    setSelected(area.id);
  }, []);
  const change = useCallback((id: string, r: PageRect) => {
    setAreas((list) => list.map((a) => (a.id === id ? { ...a, ...r } : a)));
  }, []);
  const remove = useCallback((id: string) => {
    setAreas((list) => list.filter((a) => a.id !== id));
    setSelected((s) => (s === id ? null : s));
  }, []);

  const find = useCallback(() => {
    if (!file) return;
    preview.mutate(
      { file, query, password },
      {
        onSuccess: (answer) => {
          const before = foundNow.current;
          const next = addMatches(before, answer);
          foundNow.current = next;
          setFound(next);
          // Sent with the file, so the server finds the same places again (and leaves the skipped).
          setSearches((list) =>
            list.some((q) => JSON.stringify(q) === JSON.stringify(query)) ? list : [...list, query],
          );
          setLastFind({ added: next.length - before.length, total: answer.matches.length });
        },
      },
    );
  }, [file, query, password, preview]);

  const failure = preview.error;
  const findError =
    failure && !isAbort(failure)
      ? failure instanceof ApiError
        ? (failure.serverError ?? failure.message)
        : failure.message
      : undefined;

  const fields = useMemo(
    () => ({
      areas: JSON.stringify(areasField(areas)),
      searches: JSON.stringify(
        searches.map((q) => ({
          search: q.search,
          matchCase: q.matchCase,
          wholeWord: q.wholeWord,
          patterns: q.patterns,
        })),
      ),
      skip: JSON.stringify(skipField(found)),
      clearMetadata: String(clearMetadata),
      color,
    }),
    [areas, searches, found, clearMetadata, color],
  );

  return {
    areas,
    found,
    selected,
    query,
    color,
    clearMetadata,
    lastFind,
    finding: preview.isPending,
    findError,
    keptMatches: found.filter((m) => m.kept).length,
    fields,
    setQuery,
    setColor,
    setClearMetadata,
    select: setSelected,
    add,
    change,
    remove,
    clearAreas: () => {
      setAreas([]);
      setSelected(null);
    },
    find,
    keep: (id: string, kept: boolean) => setFound((list) => setKept(list, id, kept)),
    keepAll: (kept: boolean) => setFound((list) => setAllKept(list, kept)),
    clearMatches: () => {
      setFound([]);
      setSearches([]);
      setLastFind(null);
    },
  };
}

export type RedactPlan = ReturnType<typeof useRedactPlan>;
