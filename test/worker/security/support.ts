import { corpusIndex } from "../helpers";

/** An encrypted corpus file and the passwords INDEX.tsv documents for it. */
export interface EncryptedSample {
  path: string;
  name: string;
  /** "" for an empty user password; null when unknown. */
  user: string | null;
  owner: string | null;
  /** What qpdf, which does not apply SASLprep, needs to be given. */
  forQpdf: string | null;
  notes: string;
}

function field(column: string, key: string): string | null {
  const m = new RegExp(`(?:^|; )${key}=([^;]*)`).exec(column);
  if (!m) return null;
  const value = m[1].replace(/ \(.*$/, "");
  if (value === "(empty)") return "";
  return value === "unknown" ? null : value;
}

export async function encryptedSamples(): Promise<EncryptedSample[]> {
  const index = await corpusIndex();
  return index
    .filter((e) => e.kind === "pdf-encrypted")
    .map((e) => {
      const user = field(e.password, "user");
      const owner = field(e.password, "owner");
      const normalised = /SASLprep-normalised form: ([^)\s]+)/.exec(e.password)?.[1] ?? null;
      return {
        path: e.path,
        name: e.path.split("/").pop() ?? e.path,
        user,
        owner,
        forQpdf: normalised ?? user ?? owner,
        notes: e.notes,
      };
    });
}
