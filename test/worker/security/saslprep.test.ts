import { describe, expect, it } from "vitest";
import { SaslprepError, saslprep } from "../../../worker/engine/pdf/crypto/saslprep";

describe("SASLprep (RFC 4013)", () => {
  it("gives the RFC's own examples", () => {
    expect(saslprep("I\u00adX")).toBe("IX");
    expect(saslprep("user")).toBe("user");
    expect(saslprep("USER")).toBe("USER");
    expect(saslprep("\u00aa")).toBe("a");
    expect(saslprep("\u2168")).toBe("IX");
    expect(() => saslprep("\u0007")).toThrow(SaslprepError);
    expect(() => saslprep("\u0627\u0031")).toThrow(SaslprepError);
  });

  it("maps non-ASCII spaces to a space and the B.1 characters to nothing", () => {
    expect(saslprep("a\u00a0b\u3000c")).toBe("a b c");
    expect(saslprep("a\u200bb")).toBe("a b");
    expect(saslprep("pass\u200dword\ufe0f\u034f")).toBe("password");
    expect(saslprep("S\u00aaSL\u00adprep")).toBe("SaSLprep");
  });

  it("normalises with NFKC and keeps ordinary non-ASCII text as it is", () => {
    expect(saslprep("e\u0301")).toBe("\u00e9");
    expect(saslprep("\ufb01x")).toBe("fix");
    expect(saslprep("æøå")).toBe("æøå");
    expect(saslprep("пароль密码")).toBe("пароль密码");
  });

  it("prohibits control, private-use, surrogate, non-character and tagging code points", () => {
    for (const bad of [
      "a\u0000",
      "\u007f",
      "\u0085",
      "\ue000",
      "\ud800",
      "\ufffe",
      "\u{e0041}",
      "\u2ff0",
      "\u202e",
      "\u{10fffd}",
    ]) {
      expect(() => saslprep(bad), JSON.stringify(bad)).toThrow(SaslprepError);
    }
  });

  it("applies the bidi rule: right-to-left text must start and end right-to-left and hold no left-to-right", () => {
    expect(saslprep("\u0627\u0031\u0628")).toBe("\u0627\u0031\u0628");
    expect(saslprep("\u05d0\u05d1")).toBe("\u05d0\u05d1");
    expect(() => saslprep("\u0627a\u0628")).toThrow(SaslprepError);
    expect(() => saslprep("1\u0627")).toThrow(SaslprepError);
  });
});
