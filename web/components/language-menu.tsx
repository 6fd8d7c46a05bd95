import { Button, IconButton, Menu, Portal } from "@chakra-ui/react";
import { LuLanguages } from "react-icons/lu";
import { LOCALES, type LocaleTag } from "../../schema/locales";
import { isLocaleTag, localeOf } from "../i18n/locale";
import { useLocale, useT } from "../i18n/provider";
import { useSwitchLocale } from "../i18n/switch";

/**
 * The language menu (header and footer): every language in its own name, the current one ticked.
 * `compact` is the header's icon button; the footer shows the language's name.
 */
export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  const t = useT("common");
  const tag = useLocale();
  const switchTo = useSwitchLocale();
  const name = localeOf(tag).name;
  return (
    <Menu.Root positioning={{ placement: compact ? "bottom-end" : "top-start" }}>
      <Menu.Trigger asChild>
        {compact ? (
          <IconButton
            variant="ghost"
            size="sm"
            aria-label={`${t("language.label")}: ${name}`}
            title={t("language.choose")}
            data-testid="language-menu"
          >
            <LuLanguages />
          </IconButton>
        ) : (
          <Button
            variant="outline"
            size="xs"
            data-testid="footer-language-menu"
            aria-label={`${t("language.label")}: ${name}`}
          >
            <LuLanguages aria-hidden /> {name}
          </Button>
        )}
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48" maxH="80vh" overflowY="auto">
            <Menu.RadioItemGroup
              value={tag}
              onValueChange={(e) => {
                if (isLocaleTag(e.value)) void switchTo(e.value as LocaleTag);
              }}
            >
              {LOCALES.map((l) => (
                <Menu.RadioItem key={l.tag} value={l.tag} lang={l.tag} dir={l.dir} data-testid={`language-${l.tag}`}>
                  {l.name}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
