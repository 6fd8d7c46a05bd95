import { headerToolIds, toolsById } from "../../schema/tools";
import { useT } from "../i18n/provider";

/** Header navigation (spec section 2): Home, the header tools from the catalogue, All Tools. */
export function useNavLinks(): readonly { to: string; label: string }[] {
  const t = useT("common");
  const tools = useT("tools");
  return [
    { to: "/", label: t("nav.home") },
    ...headerToolIds.map((id) => ({ to: toolsById[id].path, label: tools(`${id}.title`) })),
    { to: "/all-tools", label: t("nav.allTools") },
  ];
}
