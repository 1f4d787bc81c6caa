import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { DiagnosticsForwarder, EditorDiagnostic, forwardable, MAX_MESSAGE, MAX_PER_FILE } from '../src/diagnostics';

// VS Code's DiagnosticSeverity: Error 0, Warning 1, Information 2, Hint 3.
const diag = (line: number, severity: number, message: string, source?: string): EditorDiagnostic =>
  ({ message, severity, source, range: { start: { line } } });

test('errors and warnings of other servers are forwarded with LSP severities; hints, information and AgentLS\'s own are not', () => {
  const items = forwardable([
    diag(1, 0, "undefined name 'prics'", 'pyflakes'),
    diag(4, 1, 'unused import os', 'pycodestyle'),
    diag(5, 2, 'information', 'pylsp'),
    diag(6, 3, 'hint', 'pylsp'),
    diag(7, 2, 'AgentLS changed lines 7-9', 'agentls'),
    diag(8, 0, 'an own error', 'AgentLS'),
    diag(9, 0, 'no source'),
  ]);
  assert.deepEqual(items, [
    { line: 1, severity: 1, message: "undefined name 'prics'", source: 'pyflakes' },
    { line: 4, severity: 2, message: 'unused import os', source: 'pycodestyle' },
    { line: 9, severity: 1, message: 'no source', source: '' },
  ]);
});

test('a flood of 10,000 diagnostics on one file is cut to the first 1000, and a huge message is cut', () => {
  const flood = Array.from({ length: 10_000 }, (_, i) => diag(i, 0, `error ${i}`, 'tsserver'));
  const items = forwardable(flood);
  assert.equal(items.length, MAX_PER_FILE);
  assert.equal(MAX_PER_FILE, 1000);
  assert.deepEqual(items.at(-1), { line: 999, severity: 1, message: 'error 999', source: 'tsserver' });
  const [long] = forwardable([diag(0, 1, 'x'.repeat(100_000), 'clangd')]);
  assert.equal(long.message.length, MAX_MESSAGE);
});

test('a file\'s diagnostics are sent when they change, not when only AgentLS\'s own changed', () => {
  const sent: unknown[] = [];
  const forwarder = new DiagnosticsForwarder((params) => sent.push(params));
  const uri = 'file:///w/app.py';
  forwarder.changed(uri, []); // nothing was ever said of it: nothing to send
  forwarder.changed(uri, [diag(1, 0, "undefined name 'prics'", 'pyflakes')]);
  forwarder.changed(uri, [diag(1, 0, "undefined name 'prics'", 'pyflakes'), diag(3, 2, 'AgentLS changed line 3', 'agentls')]);
  forwarder.changed(uri, []); // the fix: resolved, so the empty list is sent
  assert.deepEqual(sent, [
    { uri, diagnostics: [{ line: 1, severity: 1, message: "undefined name 'prics'", source: 'pyflakes' }] },
    { uri, diagnostics: [] },
  ]);
});

test('a closed file is forgotten, so its diagnostics are sent again when it reopens', () => {
  const sent: unknown[] = [];
  const forwarder = new DiagnosticsForwarder((params) => sent.push(params));
  const errors = [diag(2, 0, 'expected ;', 'clangd')];
  forwarder.changed('file:///w/a.c', errors);
  forwarder.forget('file:///w/a.c');
  forwarder.changed('file:///w/a.c', errors);
  assert.equal(sent.length, 2);
});
