/**
 * Faults against the running server: clients that go away halfway through an upload. Each
 * must leave nothing behind (no stored object, no history row, no counted conversion), and
 * the server must go on answering: the same account's next conversion counts exactly once.
 */
import { connect } from "node:net";
import { JOBS } from "./jobs.mjs";
import { r2Objects } from "./server.mjs";

const DROPS = 5;

async function register(url) {
  const email = `load-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await fetch(`${url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": "2001:db8:fa17:1::1" },
    body: JSON.stringify({
      email,
      password: "tulip-canyon-raft",
      confirmPassword: "tulip-canyon-raft",
      firstName: "L",
      lastName: "T",
    }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return (await res.json()).sessionToken;
}

async function account(url, token) {
  const auth = { authorization: `Bearer ${token}` };
  const me = await (await fetch(`${url}/api/auth/me`, { headers: auth })).json();
  const history = await (await fetch(`${url}/api/history`, { headers: auth })).json();
  return { used: me.user.dailyConversions, historyRows: history.total };
}

/** Sends the headers and half the body of a real upload, then drops the connection. */
async function dropMidUpload(url, token, n) {
  const req = new Request(`${url}/api/convert/rotate-pdf`, {
    method: "POST",
    body: (await JOBS["rotate-pdf"](n)).body,
  });
  const body = new Uint8Array(await req.arrayBuffer());
  const { hostname, port } = new URL(url);
  const head = [
    "POST /api/convert/rotate-pdf HTTP/1.1",
    `Host: ${hostname}:${port}`,
    `Content-Type: ${req.headers.get("content-type")}`,
    `Content-Length: ${body.length}`,
    `Authorization: Bearer ${token}`,
    "cf-connecting-ip: 2001:db8:fa17:2::1",
    "",
    "",
  ].join("\r\n");
  await new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(head);
      socket.write(body.subarray(0, body.length >> 1), () => setTimeout(() => socket.destroy(), 150));
    });
    socket.on("close", resolve);
    socket.on("error", resolve);
  });
}

export async function runFaults(server) {
  const { url, state } = server;
  const token = await register(url);
  const objects = () => (state ? r2Objects(state) : null);
  const before = { ...(await account(url, token)), objects: objects() };
  for (let i = 0; i < DROPS; i++) await dropMidUpload(url, token, 8_000_000 + i);
  // Give the server a moment to notice and undo.
  await new Promise((r) => setTimeout(r, 1000));
  const after = { ...(await account(url, token)), objects: objects() };
  const results = [
    {
      fault: `${DROPS} uploads dropped halfway (signed-in client)`,
      ok: after.used === before.used && after.historyRows === before.historyRows && after.objects === before.objects,
      before,
      after,
    },
  ];
  const job = await JOBS["rotate-pdf"](8_100_000);
  const res = await fetch(`${url}/api/convert/rotate-pdf`, {
    method: "POST",
    body: job.body,
    headers: { authorization: `Bearer ${token}`, "cf-connecting-ip": "2001:db8:fa17:3::1" },
  });
  const later = await account(url, token);
  results.push({
    fault: "the same account converts normally afterwards",
    ok: res.status === 200 && later.used === before.used + 1 && later.historyRows === before.historyRows + 1,
    status: res.status,
    after: later,
  });
  return results;
}
