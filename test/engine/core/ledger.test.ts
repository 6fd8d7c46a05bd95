import { describe, expect, it } from "vitest";
import { Budget, busyError } from "../../../worker/engine/core/budget";
import { EngineError } from "../../../worker/engine/core/errors";
import { type Lease, MemoryLedger } from "../../../worker/engine/core/ledger";

const MB = 1024 * 1024;

describe("the isolate's memory ledger", () => {
  it("admits jobs while they fit, then in the order they came as memory is given back", async () => {
    const ledger = new MemoryLedger({ capacity: 100 * MB, maxWaiting: 4, maxWaitMs: 5000 });
    const a = await ledger.reserve(60 * MB);
    const b = await ledger.reserve(40 * MB);
    expect(ledger.reserved).toBe(100 * MB);
    const order: string[] = [];
    const noted = (name: string) => (l: Lease) => {
      order.push(name);
      return l;
    };
    const c = ledger.reserve(50 * MB).then(noted("c"));
    const d = ledger.reserve(10 * MB).then(noted("d"));
    await Promise.resolve();
    // d would fit after b leaves, but c came first: no overtaking.
    expect(ledger.queued).toBe(2);
    b.release();
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual([]);
    a.release();
    const [lc, ld] = await Promise.all([c, d]);
    expect(order).toEqual(["c", "d"]);
    expect(ledger.reserved).toBe(60 * MB);
    lc.release();
    ld.release();
    ld.release();
    expect(ledger.reserved).toBe(0);
  });

  it("answers busy (503 with Retry-After) when the queue is full or the wait too long", async () => {
    const ledger = new MemoryLedger({ capacity: 10 * MB, maxWaiting: 1, maxWaitMs: 50 });
    const held = await ledger.reserve(10 * MB);
    const waiting = ledger.reserve(5 * MB);
    await expect(ledger.reserve(5 * MB)).rejects.toMatchObject({ code: "busy" });
    await expect(waiting).rejects.toMatchObject({ code: "busy", extra: { retryAfter: expect.any(Number) } });
    expect(ledger.queued).toBe(0);
    held.release();
    expect(ledger.reserved).toBe(0);
  });

  it("never reserves more than its capacity for one job, and grows a lease only into free room", async () => {
    const ledger = new MemoryLedger({ capacity: 10 * MB, maxWaiting: 1, maxWaitMs: 50 });
    const big = await ledger.reserve(50 * MB);
    expect(big.bytes).toBe(10 * MB);
    expect(big.grow(1)).toBe(false);
    big.release();
    const small = await ledger.reserve(2 * MB);
    expect(small.grow(8 * MB)).toBe(true);
    expect(small.grow(1)).toBe(false);
    expect(small.bytes).toBe(10 * MB);
  });
});

describe("a job's memory budget", () => {
  it("refuses past its limit with a sentence that names what was too large", () => {
    const budget = new Budget(1000, { memory: 10 * MB });
    budget.take(6 * MB, "a.pdf");
    let err: unknown;
    try {
      budget.take(6 * MB, "a.pdf's image of 20000 x 20000 pixels");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe("job_too_large");
    expect((err as EngineError).message).toBe(
      "a.pdf's image of 20000 x 20000 pixels needs 6 MB of memory to process; one job can use at most 10 MB here.",
    );
    budget.give(6 * MB);
    budget.take(9 * MB, "b");
    expect(budget.peakHeld).toBe(9 * MB);
  });

  it("grows into the isolate's ledger past what it was admitted with, and is told busy when there is none", async () => {
    const ledger = new MemoryLedger({ capacity: 20 * MB, maxWaiting: 1, maxWaitMs: 50 });
    const other = await ledger.reserve(12 * MB);
    const lease = await ledger.reserve(4 * MB);
    const budget = new Budget(1000, { memory: 16 * MB, granted: lease.bytes, grant: lease });
    budget.take(8 * MB, "x");
    expect(lease.bytes).toBe(8 * MB);
    expect(() => budget.take(4 * MB, "y")).toThrow(busyError().message);
    other.release();
    budget.take(4 * MB, "y");
    expect(lease.bytes).toBe(12 * MB);
  });
});
