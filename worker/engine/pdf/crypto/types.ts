/** What the standard security handler reads from a file's /Encrypt dictionary. */
export type CryptMethod = "none" | "rc4" | "aesv2" | "aesv3";

export interface StandardSecurity {
  v: number;
  r: number;
  /** File key length in bytes. */
  keyLength: number;
  o: Uint8Array;
  u: Uint8Array;
  oe: Uint8Array;
  ue: Uint8Array;
  p: number;
  /** First element of the trailer's /ID. */
  id: Uint8Array;
  encryptMetadata: boolean;
  strings: CryptMethod;
  streams: CryptMethod;
  embeddedFiles: CryptMethod;
  /** Named crypt filters, for streams that choose theirs with a /Crypt filter. */
  filters: Map<string, CryptMethod>;
}
