// End to end: the official ACP TypeScript SDK (its 2.x client API) drives `agentls acp` against the scripted loopback
// model (`agentls replay-model`). Usage: node sdk-client.mjs SDK_DIR AGENTLS_LAUNCHER WORK_DIR
// Exits 0 when every check held; prints one line per check and, at the end, the first-update latencies measured.
import { spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import fs from "node:fs";
import path from "node:path";
import assert from "node:assert/strict";

const [sdkDir, launcher, work] = process.argv.slice(2);
const acp = await import(path.join(sdkDir, "node_modules/@agentclientprotocol/sdk/dist/v1/stable/acp.js"));
const ws = path.join(work, "ws");
fs.mkdirSync(ws, { recursive: true });
const notes = path.join(ws, "notes.txt");
const onDisk = "alpha\nbeta\n";
fs.writeFileSync(notes, onDisk);
const unsaved = "alpha\nbeta\nUNSAVED gamma\n";

// The model's answers, in the order the runs ask for them.
let ids = 0;
const lines = [];
function answer(text, calls = [], { pauseMs = 0 } = {}) {
  lines.push(JSON.stringify({ type: "response" }));
  if (text) lines.push(sse({ choices: [{ index: 0, delta: { content: text }, finish_reason: null }] }));
  calls.forEach(([name, args], index) => lines.push(sse({ choices: [{ index: 0, delta: { tool_calls: [{
    index, id: "call_" + (++ids), type: "function", function: { name, arguments: JSON.stringify(args) } }] },
    finish_reason: null }] })));
  lines.push(sse({ choices: [{ index: 0, delta: {}, finish_reason: calls.length ? "tool_calls" : "stop" }] }, pauseMs));
  lines.push(sse({ choices: [], usage: { prompt_tokens: 100, completion_tokens: 20 } }));
  lines.push(JSON.stringify({ type: "raw", text: "data: [DONE]\n\n" }));
}
function sse(data, delayMs = 0) { return JSON.stringify(delayMs ? { type: "sse", data, delayMs } : { type: "sse", data }); }
answer("", [["replace_in_file", { path: "notes.txt",
  diff: "------- SEARCH\nUNSAVED gamma\n=======\ngamma edited\n+++++++ REPLACE" }]]);
answer("Edited notes.txt.");
answer("", [["execute_command", { command: "touch allowed.txt && echo ALLOWED-OUTPUT", requires_approval: true }]]);
answer("The command ran.");
answer("", [["execute_command", { command: "touch rejected.txt && echo REJECTED-OUTPUT", requires_approval: true }]]);
answer("You declined; nothing ran.");
answer("", [["create_plan", { goal: "Tidy the notes", steps: [
  { title: "Read the notes", description: "read notes.txt" }, { title: "Sort them", description: "sort lines" }] }]]);
answer("Planned.");
answer("Thinking slowly", [], { pauseMs: 20000 });
answer("After the restart.");
answer("", [["ask_followup_question", { question: "Which colour?", options: ["Blue", "Red"] }]]);
answer("Blue it is.");
for (let i = 0; i < 5; i++) answer("Timed answer " + i + ".");
const script = path.join(work, "answers.jsonl");
fs.writeFileSync(script, lines.join("\n") + "\n");

const replay = spawn(launcher, ["replay-model", "--script", script, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
const baseUrl = await new Promise((resolve, reject) => {
  let seen = "";
  replay.stdout.on("data", chunk => {
    seen += chunk;
    const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
    if (m) resolve(m[1]);
  });
  replay.on("exit", code => reject(new Error("replay-model ended " + code + ": " + seen)));
});

const buffers = new Map([[notes, unsaved]]);
const writes = [];
const elicitations = [];
const permissions = [];
const updates = [];
let firstUpdateAt = null;

function startAgent() {
  const child = spawn(launcher, ["acp", "--provider", "openai", "--base-url", baseUrl + "/v1", "--model", "scripted",
    "--api-key-env", "ACP_TEST_NO_KEY"], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", c => { stderr += c; });
  child.stderrText = () => stderr;
  const stream = acp.ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout));
  const app = acp.client({ name: "acp-e2e" })
    .onNotification("session/update", ({ params }) => {
      if (firstUpdateAt === null) firstUpdateAt = performance.now();
      updates.push(params.update);
    })
    .onRequest("fs/read_text_file", ({ params }) => {
      assert.ok(path.isAbsolute(params.path), "read path absolute: " + params.path);
      if (buffers.has(params.path)) return { content: buffers.get(params.path) };
      return { content: fs.readFileSync(params.path, "utf8") };
    })
    .onRequest("fs/write_text_file", ({ params }) => {
      assert.ok(path.isAbsolute(params.path), "write path absolute: " + params.path);
      writes.push(params);
      buffers.set(params.path, params.content);
      return {};
    })
    .onRequest("elicitation/create", ({ params }) => {
      elicitations.push(params);
      return { action: "accept", content: { answer: "Blue" } };
    })
    .onRequest("session/request_permission", ({ params }) => {
      permissions.push(params);
      const text = JSON.stringify(params);
      const optionId = text.includes("rejected.txt") ? "reject_once" : "allow_once";
      assert.ok(params.options.some(o => o.optionId === optionId && o.kind === optionId), JSON.stringify(params.options));
      assert.ok(params.options.some(o => o.kind === "allow_always"), "allow_always offered");
      return { outcome: { outcome: "selected", optionId } };
    });
  const connection = app.connect(stream);
  return { child, agent: connection.agent, connection };
}

function check(name, fn) {
  try { fn(); console.log("ok   " + name); } catch (e) { console.log("FAIL " + name + ": " + e.message); failed = true; }
}
let failed = false;
const since = start => updates.slice(start);
// The SDK may settle a response before it has run the handlers of the notifications read just before it.
const drained = () => new Promise(r => setImmediate(r));

let a = startAgent();
const init = await a.agent.request("initialize", { protocolVersion: 1,
  clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: false } });
check("initialize answers protocol 1, loadSession, no auth", () => {
  assert.equal(init.protocolVersion, 1);
  assert.equal(init.agentCapabilities.loadSession, true);
  assert.deepEqual(init.authMethods, []);
  assert.equal(init.agentInfo.name, "agentls");
});
const created = await a.agent.request("session/new", { cwd: ws, mcpServers: [] });
const sessionId = created.sessionId;
check("session/new offers the modes and the mode option", () => {
  assert.equal(created.modes.currentModeId, "direct");
  assert.deepEqual(created.modes.availableModes.map(m => m.id), ["direct", "plan", "ask"]);
  assert.equal(created.configOptions[0].id, "mode");
});
const prompt = async text => {
  const start = updates.length;
  const stop = await a.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text }] });
  await drained();
  return { stop, seen: since(start) };
};

let turn = await prompt("Fix the notes");
check("an edit lands through fs/write_text_file on the client's unsaved text; disk untouched", () => {
  assert.equal(turn.stop.stopReason, "end_turn");
  assert.equal(writes.length, 1, JSON.stringify(writes));
  assert.equal(writes[0].path, notes);
  assert.equal(writes[0].content, "alpha\nbeta\ngamma edited\n");
  assert.equal(fs.readFileSync(notes, "utf8"), onDisk);
  const call = turn.seen.find(u => u.sessionUpdate === "tool_call");
  assert.equal(call.kind, "edit");
  assert.equal(call.locations[0].path, notes);
  const done = turn.seen.find(u => u.sessionUpdate === "tool_call_update" && u.toolCallId === call.toolCallId);
  assert.equal(done.status, "completed");
  const diff = done.content.find(c => c.type === "diff");
  assert.deepEqual([diff.path, diff.oldText, diff.newText], [notes, unsaved, "alpha\nbeta\ngamma edited\n"]);
  assert.ok(turn.seen.some(u => u.sessionUpdate === "agent_message_chunk" && u.content.text.includes("Edited")));
});
check("available commands were advertised (plan, ask, compact, undo)", () => {
  const commands = updates.find(u => u.sessionUpdate === "available_commands_update");
  assert.deepEqual(commands.availableCommands.map(c => c.name), ["plan", "ask", "compact", "undo"]);
});
check("usage_update after each model call", () => {
  const usage = turn.seen.filter(u => u.sessionUpdate === "usage_update");
  assert.equal(usage.length, 2);
  // Each scripted call is sent 100 tokens and writes 20: the context's fill, not the run's growing total.
  assert.deepEqual(usage.map(u => u.used), [120, 120], JSON.stringify(usage));
  assert.ok(usage[0].size > 0, JSON.stringify(usage[0]));
});

turn = await prompt("Make allowed.txt");
check("an allowed command runs and its output reaches the model", () => {
  assert.equal(turn.stop.stopReason, "end_turn");
  assert.ok(fs.existsSync(path.join(ws, "allowed.txt")));
  const call = turn.seen.find(u => u.sessionUpdate === "tool_call");
  assert.equal(call.kind, "execute");
  const done = turn.seen.find(u => u.sessionUpdate === "tool_call_update" && u.toolCallId === call.toolCallId);
  assert.equal(done.status, "completed");
  assert.match(JSON.stringify(done.content), /ALLOWED-OUTPUT/);
  assert.equal(permissions.at(-1).toolCall.toolCallId, call.toolCallId);
});

turn = await prompt("Make rejected.txt");
check("a rejected command runs nothing and the model is told", () => {
  assert.equal(turn.stop.stopReason, "end_turn");
  assert.ok(!fs.existsSync(path.join(ws, "rejected.txt")));
  assert.match(JSON.stringify(permissions.at(-1)), /rejected\.txt/);
  const done = turn.seen.find(u => u.sessionUpdate === "tool_call_update");
  assert.equal(done.status, "failed");
  assert.match(JSON.stringify(done.content), /declined.*Nothing was run/);
});

turn = await prompt("Plan the tidying");
check("create_plan shows the plan with every entry", () => {
  const plan = turn.seen.filter(u => u.sessionUpdate === "plan");
  assert.ok(plan.length >= 1, JSON.stringify(turn.seen.map(u => u.sessionUpdate)));
  assert.deepEqual(plan[0].entries.map(e => e.content), ["Read the notes", "Sort them"]);
});

const beforeCancel = updates.length;
// In ask mode the run states its mode before the first request, so the answer's text streams as it comes (a direct
// run holds its first answer's text until the answer says whether it plans); cancelled once the model is answering.
const pending = a.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "/ask Take your time" }] });
while (!since(beforeCancel).some(u => u.sessionUpdate === "agent_message_chunk" && u.content.text === "Thinking slowly")) {
  await new Promise(r => setTimeout(r, 10));
}
const cancelAt = performance.now();
await a.agent.notify("session/cancel", { sessionId });
const cancelled = await pending;
const cancelMillis = performance.now() - cancelAt;
await drained();
check("cancel answers cancelled within a second; files unchanged", () => {
  assert.equal(cancelled.stopReason, "cancelled", JSON.stringify(cancelled) + JSON.stringify(since(beforeCancel)));
  assert.ok(cancelMillis < 1000, "took " + cancelMillis + " ms");
  assert.equal(fs.readFileSync(notes, "utf8"), onDisk);
});

const firstStderr = a.child.stderrText();
a.child.kill("SIGKILL");
await new Promise(r => a.child.on("exit", r));
const seenBefore = updates.length;
a = startAgent();
await a.agent.request("initialize", { protocolVersion: 1,
  clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, elicitation: { form: {} } } });
const listed = await a.agent.request("session/list", { cwd: ws });
check("session/list in a new process lists the earlier process's session", () => {
  assert.ok(listed.sessions.some(s => s.sessionId === sessionId && s.cwd === ws), JSON.stringify(listed));
});
const loaded = await a.agent.request("session/load", { sessionId, cwd: ws, mcpServers: [] });
await drained();
const replayed = updates.slice(seenBefore);
check("after SIGKILL, session/load in a new process replays the conversation before answering", () => {
  assert.equal(loaded.modes.currentModeId, "direct");
  const users = replayed.filter(u => u.sessionUpdate === "user_message_chunk").map(u => u.content.text);
  assert.deepEqual(users.slice(0, 4), ["Fix the notes", "Make allowed.txt", "Make rejected.txt", "Plan the tidying"]);
  const diff = replayed.flatMap(u => u.content ?? []).find(c => c && c.type === "diff");
  assert.equal(diff.newText, "alpha\nbeta\ngamma edited\n");
});
let unknown = null;
try { await a.agent.request("session/load", { sessionId: "no-such-session", cwd: ws, mcpServers: [] }); }
catch (e) { unknown = e; }
check("session/load of an unknown id is error -32002", () => assert.equal(unknown?.code, -32002));

const modeStart = updates.length;
await a.agent.request("session/set_mode", { sessionId, modeId: "plan" });
const option = await a.agent.request("session/set_config_option", { sessionId, configId: "mode", value: "ask" });
check("modes: set_mode and the mode option say current_mode_update / config_option_update", () => {
  const modes = since(modeStart).filter(u => u.sessionUpdate === "current_mode_update").map(u => u.currentModeId);
  assert.deepEqual(modes, ["plan", "ask"]);
  assert.ok(since(modeStart).some(u => u.sessionUpdate === "config_option_update"));
  assert.equal(option.configOptions[0].currentValue, "ask");
});

turn = await prompt("/compact");
check("the /compact slash command answers end_turn with what it did", () => {
  assert.equal(turn.stop.stopReason, "end_turn");
  assert.ok(turn.seen.some(u => u.sessionUpdate === "agent_message_chunk" && /ompact/.test(u.content.text)));
});
await a.agent.request("session/set_mode", { sessionId, modeId: "direct" });
turn = await prompt("Hello again");
check("a prompt after the restart continues the conversation", () => {
  assert.equal(turn.stop.stopReason, "end_turn");
  assert.ok(turn.seen.some(u => u.sessionUpdate === "agent_message_chunk" && u.content.text.includes("After the restart")));
});

turn = await prompt("Ask me");
check("a follow-up question is an elicitation/create form and the answer reaches the model", () => {
  assert.equal(turn.stop.stopReason, "end_turn");
  assert.equal(elicitations.length, 1, JSON.stringify(elicitations));
  assert.equal(elicitations[0].message, "Which colour?");
  assert.equal(elicitations[0].sessionId, sessionId);
  const done = turn.seen.find(u => u.sessionUpdate === "tool_call_update");
  assert.match(JSON.stringify(done.content), /The user answered: Blue/);
});

// Latency: from session/prompt to the first session/update, and to the first agent text (the model's first token).
const toUpdate = [];
const toText = [];
for (let i = 0; i < 5; i++) {
  firstUpdateAt = null;
  let firstTextAt = null;
  const start = updates.length;
  const t0 = performance.now();
  const watch = setInterval(() => {}, 1000);
  const pendingPrompt = a.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "Time " + i }] });
  const origPush = updates.push.bind(updates);
  updates.push = u => { if (firstTextAt === null && u.sessionUpdate === "agent_message_chunk") firstTextAt = performance.now(); return origPush(u); };
  await pendingPrompt;
  await drained();
  updates.push = origPush;
  clearInterval(watch);
  toUpdate.push(firstUpdateAt - t0);
  toText.push(firstTextAt - t0);
}
const median = xs => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log("session/prompt to first session/update: median " + median(toUpdate).toFixed(1) + " ms of "
  + toUpdate.map(s => s.toFixed(1)).join(", "));
console.log("session/prompt to first agent_message_chunk: median " + median(toText).toFixed(1) + " ms of "
  + toText.map(s => s.toFixed(1)).join(", "));

a.child.kill();
replay.kill();
if (failed) {
  console.log("first agent's stderr:\n" + firstStderr + "\nsecond agent's stderr:\n" + a.child.stderrText());
  process.exit(1);
}
process.exit(0);
