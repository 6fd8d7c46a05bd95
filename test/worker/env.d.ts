declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    ORACLE: Fetcher;
    IMITATION_URL: string;
    /** "all": the corpus walk takes every file; anything else, a representative sample. */
    CORPUS_WALK: string;
  }
  interface GlobalProps {
    mainModule: typeof import("../../worker/index");
  }
}
