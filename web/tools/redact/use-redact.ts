import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { PageRect } from "../../../schema/form-options";
import { ApiError } from "../../api/client";
import { isAbort } from "../../api/convert";
import { type RedactSearch, useRedactPreview } from "./api";
import { addMatches, areasField, type FoundMatch, type MarkedArea, newAreaId, setAllKept, setKept } from "./plan";

export type BoxColor = "black" | "white" | "red";

const NO_SEARCH: RedactSearch = { search: "", matchCase: false, wholeWord: false, patterns: [] };

/**
 * The redaction being prepared for one file: the areas marked, the matches found and kept, the
 * options, and the request fields they make. A new file starts over.
 */
export function useRedactPlan(file: File | undefined, password: string | undefined) {
  const [areas, setAreas] = useState<MarkedArea[]>([]);
  const [found, setFound] = useState<FoundMatch[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [query, setQuery] = useState<RedactSearch>(NO_SEARCH);
  const [color, setColor] = useState<BoxColor>("black");
  const [clearMetadata, setClearMetadata] = useState(false);
  const [lastFind, setLastFind] = useState<{ added: number; total: number } | null>(null);
  const foundNow = useRef(found);
  foundNow.current = found;
  const preview = useRedactPreview();
  const { reset: resetPreview } = preview;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new file starts over.
  useEffect(() => {
    setAreas([]);
    setFound([]);
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
      areas: JSON.stringify(areasField(areas, found)),
      clearMetadata: String(clearMetadata),
      color,
    }),
    [areas, found, clearMetadata, color],
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
      setLastFind(null);
    },
  };
}

export type RedactPlan = ReturnType<typeof useRedactPlan>;
