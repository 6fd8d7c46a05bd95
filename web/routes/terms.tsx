import { createFileRoute } from "@tanstack/react-router";
import { DEFAULT_LIMITS } from "../../schema/tools";
import { usePublicConfig } from "../api/config";
import { Contact, Item, Items, LegalPage, LegalSection, P, PageLink } from "../components/legal-page";

export const Route = createFileRoute("/terms")({ component: Terms });

/** The rules of using the site, in plain words, matching what the site does. */
function Terms() {
  const config = usePublicConfig().data;
  const limits = config?.limits ?? DEFAULT_LIMITS;
  const premium = config?.premium.enabled ?? false;
  const ttl = limits.resultTtlHours;
  return (
    <LegalPage title="Terms of Service" updated="26 November 2026">
      <P>
        These terms apply when you use PDFTools, with or without an account. By creating an account or converting a file
        you agree to them. Our <PageLink to="/privacy">Privacy Policy</PageLink> says what we keep and for how long.
      </P>

      <LegalSection id="service" title="The service">
        <Items>
          <Item>
            PDFTools is free. Guests may make {limits.daily.guest} conversions a day and free accounts{" "}
            {limits.daily.free}
            {premium ? "; Premium accounts have no daily limit" : ""}. Days are counted in UTC. Files may be up to{" "}
            {limits.maxFileSizeMB} MB each. Jobs processed on your own device are not counted and not limited by us.
          </Item>
          <Item>
            Results can be downloaded for {ttl} hour{ttl === 1 ? "" : "s"}, or as long as their share link lasts (at
            most 7 days), and are then deleted. Keep your own copy of anything you need.
          </Item>
          <Item>
            We work to keep the site available and correct, but we offer it as it is, without a promise that it is
            always available or that every result is right. Check a result before you rely on it, especially a redacted
            or protected file.
          </Item>
          <Item>We may change or stop a tool or a limit; the limits that apply are always shown on the site.</Item>
        </Items>
      </LegalSection>

      <LegalSection id="files" title="Your files">
        <Items>
          <Item>Your files and results stay yours. We use them only to do what you asked.</Item>
          <Item>
            Only upload files you have the right to use. Unlock PDF opens a file only with its password: use it only for
            files you are allowed to open.
          </Item>
          <Item>
            Anyone who has a share link can download its file until the link ends. You decide what you share, and with
            whom.
          </Item>
        </Items>
      </LegalSection>

      <LegalSection id="use" title="Fair use">
        <P>Do not use the site to:</P>
        <Items>
          <Item>process or share anything unlawful, or malware;</Item>
          <Item>
            get around the daily limits (for example with many accounts or addresses) or send automated traffic at a
            volume no person would;
          </Item>
          <Item>attack, overload or probe the service, or reach anyone else's files or account.</Item>
        </Items>
        <P>We may refuse jobs, slow down or block addresses, and close accounts that do.</P>
      </LegalSection>

      <LegalSection id="accounts" title="Accounts">
        <Items>
          <Item>Give a real e-mail address and keep your password to yourself.</Item>
          <Item>
            You can delete your account at any time in <PageLink to="/account">Account Settings</PageLink>; this deletes
            your files and history at once.
          </Item>
        </Items>
      </LegalSection>

      <LegalSection id="payments" title="Donations and Premium">
        <Items>
          <Item>
            Donations are voluntary one-off payments that help keep the tools free. They buy nothing and change nothing
            about your account.
          </Item>
          <Item>
            {premium
              ? `Premium is a monthly subscription${config?.premium.priceLabel ? ` (${config.premium.priceLabel})` : ""} that removes the daily limit. It renews each month until you cancel it; you can cancel at any time in Account Settings, and Premium then lasts until the end of the period you paid for.`
              : "This server does not offer Premium at the moment."}
          </Item>
          <Item>Stripe processes every payment, under its own terms. We never see your card.</Item>
        </Items>
      </LegalSection>

      <LegalSection id="liability" title="Responsibility">
        <P>
          As far as the law allows, we are not liable for losses that come from using the site or from being unable to
          use it, including lost files or wrong results. Nothing here limits rights that the law of your country gives
          you and that cannot be waived.
        </P>
      </LegalSection>

      <LegalSection id="changes" title="Changes">
        <P>
          When these terms change, the date at the top changes with them. Using the site after a change means you accept
          the new terms; you can always delete your account instead.
        </P>
      </LegalSection>

      <LegalSection id="contact" title="Contact">
        <Contact />
      </LegalSection>
    </LegalPage>
  );
}
