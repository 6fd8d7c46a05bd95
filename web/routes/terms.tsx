import { createFileRoute } from "@tanstack/react-router";
import { DEFAULT_LIMITS } from "../../schema/tools";
import { usePublicConfig } from "../api/config";
import { Contact, Item, Items, L, LegalPage, LegalSection, P, PageLink } from "../components/legal-page";
import { namespaces } from "../i18n/loader";
import { useT } from "../i18n/provider";

export const Route = createFileRoute("/terms")({ component: Terms, loader: namespaces("legal") });

/** The rules of using the site, in plain words, matching what the site does. */
function Terms() {
  const t = useT("legal");
  const config = usePublicConfig().data;
  const limits = config?.limits ?? DEFAULT_LIMITS;
  const premium = config?.premium.enabled ?? false;
  const price = config?.premium.priceLabel;
  const allowance = { guest: limits.daily.guest, free: limits.daily.free };
  return (
    <LegalPage title={t("terms.title")} updated="2026-11-26">
      <P>
        <L k="terms.intro" components={[<PageLink key="0" to="/privacy" />]} />
      </P>

      <LegalSection id="service" title={t("terms.service.title")}>
        <Items>
          <Item>
            {t(premium ? "terms.service.allowancePremium" : "terms.service.allowance", allowance)}{" "}
            {t("terms.service.size", { maxMB: limits.maxFileSizeMB })}
          </Item>
          <Item>{t("terms.service.results", { hours: limits.resultTtlHours })}</Item>
          <Item>{t("terms.service.asIs")}</Item>
          <Item>{t("terms.service.change")}</Item>
        </Items>
      </LegalSection>

      <LegalSection id="files" title={t("terms.files.title")}>
        <Items>
          <Item>{t("terms.files.yours")}</Item>
          <Item>{t("terms.files.rights")}</Item>
          <Item>{t("terms.files.share")}</Item>
        </Items>
      </LegalSection>

      <LegalSection id="use" title={t("terms.use.title")}>
        <P>{t("terms.use.intro")}</P>
        <Items>
          <Item>{t("terms.use.unlawful")}</Item>
          <Item>{t("terms.use.limits")}</Item>
          <Item>{t("terms.use.attack")}</Item>
        </Items>
        <P>{t("terms.use.outro")}</P>
      </LegalSection>

      <LegalSection id="accounts" title={t("terms.accounts.title")}>
        <Items>
          <Item>{t("terms.accounts.real")}</Item>
          <Item>
            <L k="terms.accounts.delete" components={[<PageLink key="0" to="/account" />]} />
          </Item>
        </Items>
      </LegalSection>

      <LegalSection id="payments" title={t("terms.payments.title")}>
        <Items>
          <Item>{t("terms.payments.donations")}</Item>
          <Item>
            {premium
              ? price
                ? t("terms.payments.premiumPrice", { price })
                : t("terms.payments.premium")
              : t("terms.payments.noPremium")}
          </Item>
          <Item>{t("terms.payments.stripe")}</Item>
        </Items>
      </LegalSection>

      <LegalSection id="liability" title={t("terms.liability.title")}>
        <P>{t("terms.liability.text")}</P>
      </LegalSection>

      <LegalSection id="changes" title={t("terms.changes.title")}>
        <P>{t("terms.changes.text")}</P>
      </LegalSection>

      <LegalSection id="contact" title={t("contact.title")}>
        <Contact />
      </LegalSection>
    </LegalPage>
  );
}
