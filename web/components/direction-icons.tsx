import type { IconBaseProps } from "react-icons";
import { LuArrowLeft, LuArrowRight, LuChevronLeft, LuChevronRight } from "react-icons/lu";
import { localeOf } from "../i18n/locale";
import { useLocale } from "../i18n/provider";

/**
 * Icons that point along the reading direction: "forward" points right in English and left in
 * Arabic. Use these for arrows, chevrons and back links; icons that show a real direction (a page
 * turned right, "move up") keep theirs.
 */
function useRtl(): boolean {
  return localeOf(useLocale()).dir === "rtl";
}

export function ArrowForward(props: IconBaseProps) {
  return useRtl() ? <LuArrowLeft {...props} /> : <LuArrowRight {...props} />;
}

export function ArrowBack(props: IconBaseProps) {
  return useRtl() ? <LuArrowRight {...props} /> : <LuArrowLeft {...props} />;
}

export function ChevronForward(props: IconBaseProps) {
  return useRtl() ? <LuChevronLeft {...props} /> : <LuChevronRight {...props} />;
}

export function ChevronBack(props: IconBaseProps) {
  return useRtl() ? <LuChevronRight {...props} /> : <LuChevronLeft {...props} />;
}
