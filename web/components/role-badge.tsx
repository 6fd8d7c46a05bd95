import { Badge } from "@chakra-ui/react";
import { LuCrown } from "react-icons/lu";
import { useT } from "../i18n/provider";
import type { Tier } from "../session/allowance";

/** Spec section 6: guest grey, free blue, premium yellow with a crown. */
export function RoleBadge({ tier }: { tier: Tier }) {
  const t = useT("common");
  if (tier === "premium") {
    return (
      <Badge colorPalette="yellow" variant="solid" data-testid="role-badge">
        <LuCrown aria-hidden /> {t("role.premium")}
      </Badge>
    );
  }
  return (
    <Badge colorPalette={tier === "free" ? "blue" : "gray"} variant="subtle" data-testid="role-badge">
      {tier === "free" ? t("role.free") : t("role.guest")}
    </Badge>
  );
}
