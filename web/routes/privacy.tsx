import { Code } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { DEFAULT_LIMITS } from "../../schema/tools";
import { usePublicConfig } from "../api/config";
import { Contact, Item, Items, LegalPage, LegalSection, P, PageLink } from "../components/legal-page";

export const Route = createFileRoute("/privacy")({ component: Privacy });

/** What this site stores, for how long, who else handles it, and how to delete it: as the code does it. */
function Privacy() {
  const config = usePublicConfig().data;
  const ttl = config?.limits.resultTtlHours ?? DEFAULT_LIMITS.resultTtlHours;
  const hours = `${ttl} hour${ttl === 1 ? "" : "s"}`;
  const guests = config?.limits.daily.guest ?? DEFAULT_LIMITS.daily.guest;
  const payments = config ? config.donations.enabled || config.premium.enabled : true;
  const clouds = [config?.cloud.google && "Google Drive", config?.cloud.dropbox && "Dropbox"].filter(Boolean);
  return (
    <LegalPage title="Privacy Policy" updated="26 November 2026">
      <P>
        PDFTools is a free set of PDF and image tools. This page says what this site keeps about you and your files, for
        how long, who else handles them, and how you delete all of it. It describes what the site's code does.
      </P>

      <LegalSection id="files" title="Your files">
        <Items>
          <Item>
            <strong>Processed on this device.</strong> With "Process on this device" switched on (and always for PDF to
            JPG), your files are processed in your own browser and never leave your device. A result made there reaches
            our server only if you press "Upload to share".
          </Item>
          <Item>
            <strong>Processed on our server.</strong> Otherwise your files are sent over an encrypted connection to our
            server (Cloudflare Workers) and processed in memory. The files you upload are never written to storage. The
            results are kept so you can download them, and are deleted {hours} after they are made.
          </Item>
          <Item>
            <strong>Shared files.</strong> A share link lasts 1 hour, 24 hours or 7 days, as you choose, and keeps its
            file until the link ends, but never longer than 7 days after the file was made. Anyone with the link can
            download the file until then.
          </Item>
          <Item>
            Once a file's time is up it can no longer be downloaded, and it is deleted from storage within about 15
            minutes. With each result we keep its name, the original file's name, the tool, its size and type, who made
            it (your account, or for a guest a keyed hash of the browser's guest token) and when it was made and goes.
          </Item>
          <Item>We do not read, keep or use your files for anything other than the conversion you asked for.</Item>
        </Items>
      </LegalSection>

      <LegalSection id="guests" title="Without an account">
        <Items>
          <Item>
            Guests may make {guests} conversions a day. To count them we keep a keyed hash of your internet address
            (HMAC-SHA-256 under a secret key; for IPv6, of its /64 network), never the address itself, with today's
            count. The count is deleted about an hour after the day ends (UTC).
          </Item>
          <Item>
            The same keyed hash counts refused jobs per hour (deleted after two hours), and Cloudflare's rate limiting
            uses it to slow down many requests in a minute.
          </Item>
          <Item>
            With your first result your browser gets a cookie, <Code>__Host-guest</Code>, holding a random token, so
            that only your browser can share your results. Results keep only a keyed hash of it. It lasts 8 days.
          </Item>
        </Items>
      </LegalSection>

      <LegalSection id="accounts" title="With an account">
        <Items>
          <Item>
            Your e-mail address, first and last name, your password as a scrypt hash (never the password itself), your
            plan (free or Premium) and, if you subscribe, your subscription's status and dates and Stripe's customer id;
            how many conversions you made today; when the account was made and changed.
          </Item>
          <Item>
            Your sessions: a hash of each sign-in token, the browser's user agent and a keyed hash of the address you
            signed in from. A session ends 30 days after you last used it, or when you sign out. Your browser keeps the
            token in its local storage and in an HttpOnly cookie, <Code>__Host-session</Code>.
          </Item>
          <Item>
            Your <PageLink to="/history">File History</PageLink>: for each conversion, the files' names, the tool, the
            result's size and status, its download link, how long it took, and when it was made and deleted. Entries
            stay until you delete them or your account; the files behind them go at their own time, as above.
          </Item>
          <Item>
            Sign-in attempts are counted per account and per keyed hash of the address, for 15 minutes, to stop password
            guessing. After several failed attempts on one account, sign-in may ask for a Cloudflare Turnstile check,
            which Cloudflare runs in your browser.
          </Item>
        </Items>
      </LegalSection>

      <LegalSection id="others" title="Who else handles your data">
        <Items>
          <Item>
            <strong>Cloudflare</strong> hosts the site and its storage, and processes every request. Its logs hold
            request details (such as the address and the page asked for) for a few days.
          </Item>
          <Item>
            <strong>Stripe</strong> processes payments
            {payments ? "" : " if this site takes them (it does not at the moment)"}: donations and Premium
            subscriptions. You pay on Stripe's own page; we never see your card. We keep each payment's amount,
            currency, status and Stripe's reference, and, for a subscription, its status and period. Payment records are
            kept after an account is deleted, without the link to the person, because tax law requires it. A message you
            add to a donation goes to Stripe with it.
          </Item>
          <Item>
            <strong>Google Drive and Dropbox</strong>
            {clouds.length > 0
              ? ` (this site offers ${clouds.join(" and ")})`
              : " (not offered by this site at the moment)"}
            : when you save a result there, you sign in with them and allow the upload. We use the access they give once
            to upload that file, then revoke it; nothing is stored, so we keep no access to your storage. Google's
            access reaches only files this site creates; Dropbox's only this site's app folder.
          </Item>
          <Item>
            Only two things load a script from these services into your browser: a donation may load Stripe's, and the
            Turnstile check loads Cloudflare's. Nothing else on the site loads anything from anyone else.
          </Item>
          <Item>We use no advertising or analytics services, and we do not sell or give your data to anyone.</Item>
        </Items>
      </LegalSection>

      <LegalSection id="browser" title="In your browser">
        <P>
          Besides the cookies above, the site keeps in your browser's local storage: your sign-in token, your light or
          dark theme, whether "Process on this device" is on, and a signature, only if you ask Sign PDF to remember it.
          After your first visit the site's own code is cached so it works offline. Nothing of this is sent anywhere.
        </P>
      </LegalSection>

      <LegalSection id="delete" title="Deleting everything">
        <Items>
          <Item>
            <strong>One file:</strong> in <PageLink to="/history">File History</PageLink>, Delete removes the file, its
            share links and its entry at once.
          </Item>
          <Item>
            <strong>Everything:</strong> in <PageLink to="/account">Account Settings</PageLink>, Delete account cancels
            an active Premium subscription with Stripe first, then deletes at once every file you converted and every
            share link to them, your file history, sessions and sign-in counters, and the account. Only payment records
            remain, as above.
          </Item>
          <Item>
            <strong>As a guest:</strong> your results are deleted when their time is up, and the daily count the next
            day. Clearing this site's cookies and storage in your browser removes what it keeps there.
          </Item>
        </Items>
      </LegalSection>

      <LegalSection id="contact" title="Contact">
        <Contact />
      </LegalSection>
    </LegalPage>
  );
}
