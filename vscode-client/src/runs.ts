// What the extension knows of the server's runs, built only from agentls/event notifications. No vscode import here:
// this is the logic `node --test` checks, and the tree, status bar and transcript only render it.

export interface AgentEvent { runId: string; seq: number; type: string; [field: string]: unknown }
export interface ChangedFile { file: string; added: number; removed: number; checkpointId?: string }
export interface ToolCall { kind: 'call'; callId: string; name: string; explanation?: string; ok?: boolean; result?: string; files: ChangedFile[] }
export interface Step { kind: 'step'; step: number; total: number; title: string; done: boolean }
export interface Waiting { kind: 'approval' | 'question'; title: string; detail?: string }
export interface Tokens { input: number; output: number; cost?: string }
export interface Run {
  runId: string; mode: string; status: string; lastSeq: number; items: (Step | ToolCall)[];
  waiting?: Waiting; tokens?: Tokens; progress?: string; result?: string;
}

const EDIT_TOOLS = new Set(['edit_file', 'replace_in_file', 'write_to_file', 'delete_file']);

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The file an editing tool call is about to change (its `target_file`), or undefined for other calls. */
export function editTarget(event: AgentEvent): string | undefined {
  if (event.type !== 'tool_call' || !EDIT_TOOLS.has(String(event.name))) return undefined;
  try {
    const args = JSON.parse(String(event.arguments ?? ''));
    return typeof args?.target_file === 'string' && args.target_file !== '' ? args.target_file : undefined;
  } catch {
    return undefined; // the model wrote broken JSON: the server answers the call with an error, nothing changes
  }
}

/** Checks the shape the server promises (`{runId, seq, type}`); anything else is ignored, never thrown. */
export function isAgentEvent(value: unknown): value is AgentEvent {
  const e = value as AgentEvent;
  return typeof e === 'object' && e !== null && typeof e.runId === 'string' && e.runId !== ''
    && Number.isInteger(e.seq) && typeof e.type === 'string';
}

export class RunBook {
  private readonly byId = new Map<string, Run>();

  /** Newest first. */
  runs(): Run[] { return [...this.byId.values()].reverse(); }
  get(runId: string): Run | undefined { return this.byId.get(runId); }
  active(): Run | undefined { return this.runs().find((r) => r.status === 'running' || r.status === 'waiting'); }
  waiting(): Run[] { return this.runs().filter((r) => r.waiting !== undefined); }

  /** Applies one event; answers false for a malformed, repeated or out-of-order one (left out). */
  apply(value: unknown): boolean {
    if (!isAgentEvent(value)) return false;
    const e = value;
    let run = this.byId.get(e.runId);
    if (!run) {
      run = { runId: e.runId, mode: 'direct', status: 'running', lastSeq: -1, items: [] };
      this.byId.set(e.runId, run);
    }
    if (e.seq <= run.lastSeq || run.status !== 'running' && run.status !== 'waiting') return false;
    run.lastSeq = e.seq;
    if (e.type !== 'approval_requested' && e.type !== 'question_asked' && e.type !== 'token_usage') {
      run.waiting = undefined; // the run moved on: whatever it asked was answered (here or in a notification)
      if (run.status === 'waiting') run.status = 'running';
    }
    const call = (id: unknown) => run!.items.find((i): i is ToolCall => i.kind === 'call' && i.callId === id);
    switch (e.type) {
      case 'run_started': run.mode = str(e.mode) ?? run.mode; break;
      case 'tool_call':
        run.items.push({ kind: 'call', callId: String(e.callId), name: String(e.name), explanation: str(e.explanation), files: [] });
        break;
      case 'tool_result': {
        const c = call(e.callId);
        if (c) { c.ok = e.ok === true; c.result = str(e.text); }
        break;
      }
      case 'edit_applied': {
        const file = { file: String(e.file), added: num(e.added), removed: num(e.removed), checkpointId: str(e.checkpointId) };
        let owner = call(e.callId);
        if (!owner) run.items.push(owner = { kind: 'call', callId: '', name: 'edits', files: [] }); // an edit no call announced
        owner.files.push(file);
        break;
      }
      case 'plan_created': {
        const steps = Array.isArray(e.steps) ? e.steps.map(String) : [];
        steps.forEach((title, i) => run!.items.push({ kind: 'step', step: i + 1, total: steps.length, title, done: false }));
        break;
      }
      case 'step_started': case 'step_completed': {
        run.progress = str(e.progress);
        const s = run.items.find((i): i is Step => i.kind === 'step' && i.step === e.step);
        if (s) s.done = e.type === 'step_completed';
        else run.items.push({ kind: 'step', step: num(e.step), total: num(e.total), title: String(e.title ?? ''), done: e.type === 'step_completed' });
        break;
      }
      case 'approval_requested':
        run.waiting = { kind: 'approval', title: String(e.title ?? 'approval'), detail: str(e.detail) };
        run.status = 'waiting';
        break;
      case 'question_asked':
        run.waiting = { kind: 'question', title: String(e.question ?? 'question') };
        run.status = 'waiting';
        break;
      case 'token_usage':
        run.tokens = { input: num(e.inputTokens), output: num(e.outputTokens), cost: str(e.cost) };
        break;
      case 'completion': run.result = str(e.result); break;
      case 'run_finished': run.status = str(e.status) ?? 'failed'; run.result = str(e.text) ?? run.result; break;
    }
    return true;
  }

  /** Takes a run's question or approval off the list once the user answered it here. */
  answered(runId: string): void {
    const run = this.byId.get(runId);
    if (run?.waiting) { run.waiting = undefined; run.status = 'running'; }
  }
}

export const formatTokens = (n: number): string => n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)}M` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);

/** The status bar: idle, running (with the plan step), waiting for you; then the tokens and cost of that run. */
export function statusLine(book: RunBook): { text: string; waiting: boolean } {
  const run = book.waiting()[0] ?? book.active() ?? book.runs()[0];
  if (!run) return { text: '$(hubot) AgentLS: idle', waiting: false };
  const waiting = run.status === 'waiting';
  const state = waiting ? 'waiting for you' : run.status === 'running' ? 'running' : `idle (last run ${run.status})`;
  const parts = [`$(${waiting ? 'bell' : run.status === 'running' ? 'sync~spin' : 'hubot'}) AgentLS: ${state}`];
  if (run.status === 'running' && run.progress) parts.push(run.progress);
  if (run.tokens) parts.push(`${formatTokens(run.tokens.input + run.tokens.output)} tokens`);
  if (run.tokens?.cost) parts.push(`cost ${run.tokens.cost}`);
  return { text: parts.join(' · '), waiting };
}
