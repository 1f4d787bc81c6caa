import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { editTarget, RunBook, statusLine, AgentEvent } from '../src/runs';

const ev = (seq: number, type: string, fields: Record<string, unknown> = {}): AgentEvent => ({ runId: 'r1', seq, type, ...fields });

function planRun(book: RunBook): void {
  book.apply(ev(0, 'run_started', { mode: 'plan', conversationId: 'c1' }));
  book.apply(ev(1, 'plan_created', { goal: 'greet', steps: ['Read the greeter', 'Strip names'] }));
  book.apply(ev(2, 'step_started', { step: 1, total: 2, title: 'Read the greeter', progress: 'step 1 of 2' }));
  book.apply(ev(3, 'tool_call', { callId: 'c_1', name: 'replace_in_file', arguments: '{"target_file":"src/app.py","diff":"x"}' }));
}

test('a run with a plan becomes a run node whose steps and tool calls keep their order', () => {
  const book = new RunBook();
  planRun(book);
  const run = book.get('r1')!;
  assert.equal(run.mode, 'plan');
  assert.deepEqual(run.items.map((i) => (i.kind === 'step' ? `step ${i.step} ${i.title}` : `call ${i.name}`)),
    ['step 1 Read the greeter', 'step 2 Strip names', 'call replace_in_file']);
  assert.equal(statusLine(book).text, '$(sync~spin) AgentLS: running · step 1 of 2');
});

test('an approval request makes the run wait for you until its next event', () => {
  const book = new RunBook();
  planRun(book);
  book.apply(ev(4, 'approval_requested', { title: 'Run a command', detail: 'npm test' }));
  assert.deepEqual(book.waiting().map((r) => r.waiting), [{ kind: 'approval', title: 'Run a command', detail: 'npm test' }]);
  assert.deepEqual(statusLine(book), { text: '$(bell) AgentLS: waiting for you', waiting: true });
  book.apply(ev(5, 'token_usage', { inputTokens: 1200, outputTokens: 300 }));
  assert.equal(book.waiting().length, 1, 'token totals do not answer the approval');
  book.apply(ev(6, 'tool_result', { callId: 'c_1', name: 'replace_in_file', ok: true, text: 'applied' }));
  assert.equal(book.waiting().length, 0);
  assert.equal(statusLine(book).text, '$(sync~spin) AgentLS: running · step 1 of 2 · 1.5k tokens');
});

test('an approval answered from the view leaves the list at once', () => {
  const book = new RunBook();
  planRun(book);
  book.apply(ev(4, 'approval_requested', { title: 'Run a command' }));
  book.answered('r1');
  assert.equal(book.waiting().length, 0);
  assert.equal(book.get('r1')!.status, 'running');
});

test('an applied edit becomes a changed file under its tool call, with lines and checkpoint', () => {
  const book = new RunBook();
  planRun(book);
  book.apply(ev(4, 'tool_result', { callId: 'c_1', name: 'replace_in_file', ok: true, text: 'applied 1 block' }));
  book.apply(ev(5, 'edit_applied', { callId: 'c_1', file: 'src/app.py', added: 2, removed: 1, checkpointId: 'cp-3' }));
  book.apply(ev(6, 'edit_applied', { callId: 'unknown', file: 'b.txt', added: 1, removed: 0 }));
  const calls = book.get('r1')!.items.filter((i) => i.kind === 'call');
  assert.deepEqual(calls.map((c) => c.kind === 'call' && [c.name, c.ok, c.files]), [
    ['replace_in_file', true, [{ file: 'src/app.py', added: 2, removed: 1, checkpointId: 'cp-3' }]],
    ['edits', undefined, [{ file: 'b.txt', added: 1, removed: 0, checkpointId: undefined }]],
  ]);
});

test('a finished run leaves the status idle with its outcome, tokens and cost', () => {
  const book = new RunBook();
  planRun(book);
  book.apply(ev(4, 'token_usage', { inputTokens: 2_500_000, outputTokens: 10, cost: '0.0312' }));
  book.apply(ev(5, 'run_finished', { status: 'completed', text: 'Names are stripped' }));
  assert.equal(statusLine(book).text, '$(hubot) AgentLS: idle (last run completed) · 2.5M tokens · cost 0.0312');
  assert.equal(book.get('r1')!.result, 'Names are stripped');
  assert.equal(book.apply(ev(6, 'text', { text: 'late' })), false, 'nothing follows run_finished');
});

test('no run at all is plain idle', () => {
  assert.deepEqual(statusLine(new RunBook()), { text: '$(hubot) AgentLS: idle', waiting: false });
});

test('malformed, repeated and out-of-order events are left out without throwing', () => {
  const book = new RunBook();
  for (const bad of [null, 'text', 42, [], {}, { runId: '', seq: 0, type: 'text' }, { runId: 'r1', seq: 1.5, type: 'text' },
    { runId: 'r1', seq: '0', type: 'text' }, { runId: 7, seq: 0, type: 'text' }, { runId: 'r1', seq: 0 }]) {
    assert.equal(book.apply(bad), false, JSON.stringify(bad));
  }
  assert.equal(book.runs().length, 0);
  assert.equal(book.apply(ev(0, 'run_started', { mode: 'ask' })), true);
  assert.equal(book.apply(ev(0, 'run_started', { mode: 'plan' })), false);
  assert.equal(book.get('r1')!.mode, 'ask');
  assert.equal(book.apply(ev(1, 'tool_call', { callId: 7, name: 'read_file', arguments: 'not json' })), true);
  assert.equal(book.apply(ev(2, 'step_started', { step: 'x', title: null })), true);
  assert.equal(book.apply(ev(3, 'plan_created', { steps: 'not a list' })), true);
  assert.equal(book.apply(ev(4, 'some_future_event', {})), true);
});

test('runs are listed newest first and the active one is the one under way', () => {
  const book = new RunBook();
  book.apply({ runId: 'a', seq: 0, type: 'run_started', mode: 'direct' });
  book.apply({ runId: 'a', seq: 1, type: 'run_finished', status: 'cancelled' });
  book.apply({ runId: 'b', seq: 0, type: 'run_started', mode: 'ask' });
  assert.deepEqual(book.runs().map((r) => r.runId), ['b', 'a']);
  assert.equal(book.active()!.runId, 'b');
});

test('the file an editing tool call targets is read from its arguments', () => {
  const call = (name: string, args: string) => ev(0, 'tool_call', { name, arguments: args });
  assert.equal(editTarget(call('edit_file', '{"target_file":"src/a.py","code_edit":"x"}')), 'src/a.py');
  assert.equal(editTarget(call('write_to_file', '{"target_file":"new/b.txt","content":""}')), 'new/b.txt');
  assert.equal(editTarget(call('delete_file', '{"target_file":"old.txt"}')), 'old.txt');
  assert.equal(editTarget(call('read_file', '{"target_file":"src/a.py"}')), undefined);
  assert.equal(editTarget(call('edit_file', '{"target_file":')), undefined);
  assert.equal(editTarget(call('edit_file', '{"target_file":["a"]}')), undefined);
  assert.equal(editTarget(call('edit_file', 'null')), undefined);
  assert.equal(editTarget(ev(0, 'tool_result', { name: 'edit_file' })), undefined);
});
