declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    ORACLE: Fetcher;
    IMITATION_URL: string;
  }
  interface GlobalProps {
    mainModule: typeof import("../../worker/index");
  }
}
