import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { comparableUri, OpenDocument, saveDocuments } from '../src/saves';

/**
 * A document as VS Code's TextDocument behaves: `save()` of a dirty one writes it and clears `isDirty`; a failing
 * save (disk full, read-only file) rejects or answers false and the document stays dirty.
 */
class Doc implements OpenDocument {
  saves = 0;
  constructor(readonly text: string, public isDirty: boolean, private readonly outcome: 'ok' | 'refused' | 'throws' = 'ok') {}
  get uri() { return { toString: () => this.text }; }
  async save() {
    this.saves++;
    if (this.outcome === 'throws') throw new Error('EACCES: permission denied');
    if (this.outcome === 'refused') return false;
    this.isDirty = false;
    return true;
  }
}

test('saves exactly the named open documents and answers them with the server\'s own URIs', async () => {
  const app = new Doc('file:///w/app.py', true);
  const util = new Doc('file:///w/util.py', true);
  const other = new Doc('file:///w/other.py', true); // the user's own unsaved typing elsewhere stays unsaved
  const answer = await saveDocuments({ uris: ['file:///w/app.py', 'file:///w/util.py'] }, () => [app, util, other]);
  assert.deepEqual(answer, { saved: ['file:///w/app.py', 'file:///w/util.py'] });
  assert.deepEqual([app.saves, util.saves, other.saves], [1, 1, 0]);
  assert.equal(other.isDirty, true);
});

test('matches VS Code\'s encoded URIs to the server\'s Java ones and answers as the server wrote them', async () => {
  const vscodeForm = new Doc('file:///w/my%20dir/a%2Bb%40c.py', true); // VS Code encodes + and @, Java does not
  const windows = new Doc('file:///c%3A/w/App.java', true);
  const answer = await saveDocuments({ uris: ['file:///w/my%20dir/a+b@c.py', 'file:///C:/w/App.java'] },
    () => [vscodeForm, windows]);
  assert.deepEqual(answer.saved, ['file:///w/my%20dir/a+b@c.py', 'file:///C:/w/App.java']);
  assert.equal(comparableUri('file://localhost/w/x.py'), comparableUri('file:///w/x.py'));
  assert.notEqual(comparableUri('file:///w/App.java'), comparableUri('file:///w/app.java'));
  assert.equal(comparableUri('file:///w/100%.py'), 'file:///w/100%.py', 'a malformed escape matches only itself');
  assert.equal(comparableUri('untitled:Untitled-1'), 'untitled:Untitled-1');
});

test('a document already on disk counts as saved without being saved again', async () => {
  const clean = new Doc('file:///w/app.py', false);
  assert.deepEqual(await saveDocuments({ uris: ['file:///w/app.py'] }, () => [clean]), { saved: ['file:///w/app.py'] });
  assert.equal(clean.saves, 0);
});

test('a file no open document has, and a failed or refused save, are left out of the answer', async () => {
  const throws = new Doc('file:///w/locked.py', true, 'throws');
  const refused = new Doc('file:///w/refused.py', true, 'refused');
  const fine = new Doc('file:///w/fine.py', true);
  const answer = await saveDocuments({ uris: ['file:///w/closed.py', 'file:///w/locked.py', 'file:///w/refused.py',
    'file:///w/fine.py'] }, () => [throws, refused, fine]);
  assert.deepEqual(answer, { saved: ['file:///w/fine.py'] });
  assert.equal(throws.isDirty, true);
  assert.equal(refused.isDirty, true);
});

test('malformed params save nothing and still answer', async () => {
  const doc = new Doc('file:///w/app.py', true);
  for (const bad of [null, undefined, 'file:///w/app.py', {}, { uris: 'file:///w/app.py' }, { uris: [3, null, {}] }]) {
    assert.deepEqual(await saveDocuments(bad, () => [doc]), { saved: [] });
  }
  assert.equal(doc.saves, 0);
  const twice = await saveDocuments({ uris: ['file:///w/app.py', 'file:///w/app.py'] }, () => [doc]);
  assert.deepEqual(twice, { saved: ['file:///w/app.py'] }, 'a URI named twice is answered once');
});

test('the server\'s agentls/saveDocuments request over JSON-RPC is answered with the saved files', async () => {
  const toClient = new PassThrough();
  const toServer = new PassThrough();
  const server = createMessageConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  const client = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  const app = new Doc('file:///w/app.py', true);
  client.onRequest('agentls/saveDocuments', (params) => saveDocuments(params, () => [app]));
  server.listen();
  client.listen();
  const answer = await server.sendRequest('agentls/saveDocuments', { uris: ['file:///w/app.py', 'file:///w/gone.py'] });
  assert.deepEqual(answer, { saved: ['file:///w/app.py'] });
  assert.equal(app.isDirty, false);
  server.dispose();
  client.dispose();
});
