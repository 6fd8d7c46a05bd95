import { Link } from "@chakra-ui/react";
import { useT } from "../i18n/provider";

export const MAIN_ID = "main";

/** The first Tab stop of every page: jumps past the header to the page's own content. */
export function SkipLink() {
  const t = useT("common");
  return (
    <Link
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        // The router owns the URL: move focus without leaving a #main behind.
        e.preventDefault();
        const main = document.getElementById(MAIN_ID);
        main?.focus();
        main?.scrollIntoView();
      }}
      position="fixed"
      top="2"
      insetStart="2"
      zIndex="skipNav"
      px="4"
      py="2"
      borderRadius="md"
      bg="bg"
      color="fg"
      fontWeight="semibold"
      shadow="lg"
      borderWidth="2px"
      borderColor="brand.solid"
      transform="translateY(-200%)"
      _focus={{ transform: "translateY(0)" }}
      data-testid="skip-link"
    >
      {t("skipLink")}
    </Link>
  );
}
