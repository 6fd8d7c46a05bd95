import { headerToolIds, toolsById } from "../../schema/tools";

/** Header navigation (spec section 2): Home, the header tools from the catalogue, All Tools. */
export const navLinks: readonly { to: string; label: string }[] = [
  { to: "/", label: "Home" },
  ...headerToolIds.map((id) => ({ to: toolsById[id].path, label: toolsById[id].title })),
  { to: "/all-tools", label: "All Tools" },
];
