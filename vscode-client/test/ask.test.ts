import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import {
  CancellationTokenSource, createMessageConnection, MessageConnection, ResponseError, StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import { askHandler, QuestionUi, REQUEST_CANCELLED, Token } from '../src/ask';

/** A question UI as VS Code's quick pick and input box behave: open until answered, closed by its token. */
class RecordingUi implements QuestionUi {
  readonly shown: { kind: 'pick' | 'input'; text: string; options?: string[]; token: Token; closedByToken: boolean }[] = [];
  private answerNext?: (value: string | undefined) => void;

  pick(options: string[], title: string, token: Token) { return this.open('pick', title, token, options); }
  input(prompt: string, token: Token) { return this.open('input', prompt, token); }

  /** The "user" answers the question on screen. */
  answer(value: string) { this.answerNext?.(value); }

  private open(kind: 'pick' | 'input', text: string, token: Token, options?: string[]) {
    const entry = { kind, text, options, token, closedByToken: false };
    this.shown.push(entry);
    return new Promise<string | undefined>((resolve) => {
      this.answerNext = resolve;
      token.onCancellationRequested(() => { entry.closedByToken = true; resolve(undefined); });
    });
  }
}

/** Two real JSON-RPC endpoints over streams: the server's side (AgentLS) and the extension's. */
function connect(ui: RecordingUi, settled: string[]): { server: MessageConnection; client: MessageConnection } {
  const toClient = new PassThrough();
  const toServer = new PassThrough();
  const server = createMessageConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  const client = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  client.onRequest('agentls/ask', askHandler(ui, (runId) => settled.push(runId),
    (message) => new ResponseError(REQUEST_CANCELLED, message)));
  server.listen();
  client.listen();
  return { server, client };
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(done(), 'timed out');
};

test('a cancelRequest for agentls/ask closes the question on screen and answers RequestCancelled', async () => {
  const ui = new RecordingUi();
  const settled: string[] = [];
  const { server, client } = connect(ui, settled);
  try {
    const withdraw = new CancellationTokenSource();
    const reply = server.sendRequest('agentls/ask', { runId: '4', question: 'Which greeting?', options: ['Hi', 'Hello'] },
      withdraw.token).then((value) => ({ value }), (error) => ({ error }));
    await until(() => ui.shown.length === 1);
    assert.deepEqual([ui.shown[0].kind, ui.shown[0].text, ui.shown[0].options], ['pick', 'Which greeting?', ['Hi', 'Hello']]);
    assert.equal(ui.shown[0].closedByToken, false);

    withdraw.cancel(); // vscode-jsonrpc sends $/cancelRequest with the request's id, as LSP4J does for the server

    await until(() => ui.shown[0].closedByToken);
    const answered = await reply;
    assert.ok('error' in answered, `the withdrawn question answers an error, got ${JSON.stringify(answered)}`);
    assert.equal((answered.error as ResponseError<unknown>).code, REQUEST_CANCELLED);
    assert.deepEqual(settled, ['4'], 'the run no longer shows as waiting');
    ui.answer('Hello');
    assert.equal(ui.shown.length, 1, 'nothing else is asked');
  } finally {
    client.dispose();
    server.dispose();
  }
});

test('a question without options is an input box that the cancel closes too', async () => {
  const ui = new RecordingUi();
  const { server, client } = connect(ui, []);
  try {
    const withdraw = new CancellationTokenSource();
    const reply = server.sendRequest('agentls/ask', { runId: '5', question: 'Your name?' }, withdraw.token)
      .then((value) => ({ value }), (error) => ({ error }));
    await until(() => ui.shown.length === 1);
    assert.equal(ui.shown[0].kind, 'input');
    withdraw.cancel();
    await until(() => ui.shown[0].closedByToken);
    assert.ok('error' in (await reply));
  } finally {
    client.dispose();
    server.dispose();
  }
});

test('a question answered on screen sends the answer and is not closed', async () => {
  const ui = new RecordingUi();
  const settled: string[] = [];
  const { server, client } = connect(ui, settled);
  try {
    const reply = server.sendRequest('agentls/ask', { runId: '6', question: 'Which greeting?', options: ['Hi', 'Hello'] });
    await until(() => ui.shown.length === 1);
    ui.answer('Hello');
    assert.deepEqual(await reply, { answer: 'Hello' });
    assert.equal(ui.shown[0].closedByToken, false);
    assert.deepEqual(settled, ['6']);
  } finally {
    client.dispose();
    server.dispose();
  }
});
