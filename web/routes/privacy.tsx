import { Code } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { DEFAULT_LIMITS } from "../../schema/tools";
import { usePublicConfig } from "../api/config";
import { Contact, Item, Items, L, LegalPage, LegalSection, P, PageLink } from "../components/legal-page";
import { namespaces } from "../i18n/loader";
import { useLocale, useT } from "../i18n/provider";

export const Route = createFileRoute("/privacy")({ component: Privacy, loader: namespaces("legal") });

const strong = <strong key="0" />;
const code = <Code key="0" />;

/** What this site stores, for how long, who else handles it, and how to delete it: as the code does it. */
function Privacy() {
  const t = useT("legal");
  const tag = useLocale();
  const config = usePublicConfig().data;
  const hours = config?.limits.resultTtlHours ?? DEFAULT_LIMITS.resultTtlHours;
  const guests = config?.limits.daily.guest ?? DEFAULT_LIMITS.daily.guest;
  const payments = config ? config.donations.enabled || config.premium.enabled : true;
  const clouds = [config?.cloud.google && "Google Drive", config?.cloud.dropbox && "Dropbox"].filter((c): c is string =>
    Boolean(c),
  );
  const services = new Intl.ListFormat(tag, { type: "conjunction" }).format(clouds);
  return (
    <LegalPage title={t("privacy.title")} updated="2026-11-26">
      <P>{t("privacy.intro")}</P>

      <LegalSection id="files" title={t("privacy.files.title")}>
        <Items>
          <Item>
            <L k="privacy.files.device" components={[strong]} />
          </Item>
          <Item>
            <L k="privacy.files.server" values={{ hours }} components={[strong]} />
          </Item>
          <Item>
            <L k="privacy.files.shared" components={[strong]} />
          </Item>
          <Item>{t("privacy.files.expiry")}</Item>
          <Item>{t("privacy.files.noUse")}</Item>
        </Items>
      </LegalSection>

      <LegalSection id="guests" title={t("privacy.guests.title")}>
        <Items>
          <Item>{t("privacy.guests.count", { guests })}</Item>
          <Item>{t("privacy.guests.refused")}</Item>
          <Item>
            <L k="privacy.guests.cookie" components={[code]} />
          </Item>
        </Items>
      </LegalSection>

      <LegalSection id="accounts" title={t("privacy.accounts.title")}>
        <Items>
          <Item>{t("privacy.accounts.data")}</Item>
          <Item>
            <L k="privacy.accounts.sessions" components={[code]} />
          </Item>
          <Item>
            <L k="privacy.accounts.history" components={[<PageLink key="0" to="/history" />]} />
          </Item>
          <Item>{t("privacy.accounts.attempts")}</Item>
        </Items>
      </LegalSection>

      <LegalSection id="others" title={t("privacy.others.title")}>
        <Items>
          <Item>
            <L k="privacy.others.cloudflare" components={[strong]} />
          </Item>
          <Item>
            <L k={payments ? "privacy.others.stripe" : "privacy.others.stripeOff"} components={[strong]} />{" "}
            {t("privacy.others.stripeMore")}
          </Item>
          <Item>
            <L
              k={clouds.length > 0 ? "privacy.others.clouds" : "privacy.others.cloudsOff"}
              values={{ services }}
              components={[strong]}
            />{" "}
            {t("privacy.others.cloudsMore")}
          </Item>
          <Item>{t("privacy.others.scripts")}</Item>
          <Item>{t("privacy.others.noAds")}</Item>
        </Items>
      </LegalSection>

      <LegalSection id="browser" title={t("privacy.browser.title")}>
        <P>{t("privacy.browser.text")}</P>
      </LegalSection>

      <LegalSection id="delete" title={t("privacy.delete.title")}>
        <Items>
          <Item>
            <L k="privacy.delete.one" components={[strong, <PageLink key="1" to="/history" />]} />
          </Item>
          <Item>
            <L k="privacy.delete.all" components={[strong, <PageLink key="1" to="/account" />]} />
          </Item>
          <Item>
            <L k="privacy.delete.guest" components={[strong]} />
          </Item>
        </Items>
      </LegalSection>

      <LegalSection id="contact" title={t("contact.title")}>
        <Contact />
      </LegalSection>
    </LegalPage>
  );
}
