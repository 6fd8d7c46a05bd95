import { useMemo } from "react";
import type { LocaleTag } from "../../schema/locales";
import { type ToolDef, type ToolId, toolGroups, tools } from "../../schema/tools";
import { groupKey, type ToolKey } from "../i18n/catalogs";
import { useLocale, useT } from "../i18n/provider";
import { createIndex, type SearchIndex } from "./rank";

export interface ToolHit {
  tool: ToolDef;
  /** The tool's name and group heading in the page's language, as the results show them. */
  title: string;
  group: string;
}

/**
 * What each text counts for. The page's language first; English's title and keywords too in
 * every language (people type "jpg", "merge", "sign" whatever the site speaks), a little lower.
 */
const WEIGHT = { title: 1, englishTitle: 0.9, keywords: 0.8, englishKeywords: 0.7, group: 0.5, description: 0.3 };

/** The catalogue as the search reads it in one language: `text` is that language's tools catalog. */
export function toolIndex(tag: LocaleTag, text: (key: ToolKey) => string): SearchIndex<ToolHit> {
  // Home and All Tools list by group: results that tie keep that order.
  const ordered = toolGroups.flatMap((g) => tools.filter((t) => t.group === g.id));
  return createIndex(
    ordered.map((tool) => {
      const id = tool.id as ToolId;
      const title = text(`${id}.title`);
      const group = text(groupKey(tool.group));
      const fields = [
        { text: title, weight: WEIGHT.title, inside: true },
        { text: text(`${id}.keywords`), weight: WEIGHT.keywords },
        { text: group, weight: WEIGHT.group },
        { text: text(`${id}.description`), weight: WEIGHT.description },
      ];
      if (tag !== "en") {
        fields.push(
          { text: tool.title, weight: WEIGHT.englishTitle, inside: true },
          { text: tool.keywords.join(", "), weight: WEIGHT.englishKeywords },
        );
      }
      return { item: { tool, title, group }, title, fields };
    }),
  );
}

/** The search index in the page's language (its tools catalog is loaded with the chrome). */
export function useToolIndex(): SearchIndex<ToolHit> {
  const tag = useLocale();
  const t = useT("tools");
  return useMemo(() => toolIndex(tag, t), [tag, t]);
}
