import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { serverCommand, serverSection } from '../src/settings';

const root = path.resolve(__dirname, '..', '..');

test('the server section leaves out unset values and the extension-only server keys', () => {
  const raw = {
    server: { path: '/opt/agentls.jar', java: 'java' },
    llm: { provider: 'anthropic', baseUrl: null, model: '', contextWindow: '200k', maxOutputTokens: 8192,
      timeouts: { connect: '5s', firstByte: null }, retries: { maxAttempts: null }, prices: { 'm': { input: 3, output: 15 } } },
    agent: { maxIterations: 40, maxCost: null },
  };
  assert.deepEqual(serverSection(raw), {
    llm: { provider: 'anthropic', contextWindow: '200k', maxOutputTokens: 8192, timeouts: { connect: '5s' },
      prices: { m: { input: 3, output: 15 } } },
    agent: { maxIterations: 40 },
  });
});

test('a section that is not an object maps to an empty one', () => {
  for (const bad of [null, undefined, 'llm', 3, ['llm']]) assert.deepEqual(serverSection(bad), {});
});

test('a server key below the top level is the server\'s own and is sent', () => {
  assert.deepEqual(serverSection({ llm: { server: 'x' } }), { llm: { server: 'x' } });
});

test('a jar is started under java, a launcher directly, both with lsp', () => {
  assert.deepEqual(serverCommand('/x/agentls.jar', '/usr/bin/java'), { command: '/usr/bin/java', args: ['-jar', '/x/agentls.jar', 'lsp'] });
  assert.deepEqual(serverCommand('/x/scripts/agentls', 'java'), { command: '/x/scripts/agentls', args: ['lsp'] });
});

/** Every key of the README's "Model settings" table, expanded (`llm.timeouts.connect` / `firstByte` -> two keys). */
function readmeKeys(): string[] {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const table = readme.split('## Model settings')[1].split('\n## ')[0];
  const keys: string[] = [];
  for (const line of table.split('\n').filter((l) => l.startsWith('| `'))) {
    const names = [...line.split('|')[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    const first = names[0].replace(/\.<model>.*$/, '');
    keys.push(first);
    const prefix = first.slice(0, first.lastIndexOf('.') + 1);
    for (const more of names.slice(1)) if (!names[0].includes('<model>')) keys.push(prefix + more);
  }
  return keys;
}

test('contributes.configuration mirrors every key of the README settings table, and no other server key', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'vscode-client', 'package.json'), 'utf8'));
  const contributed = Object.keys(pkg.contributes.configuration.properties).filter((k) => !k.startsWith('agentls.server.'));
  const expected = readmeKeys().map((k) => `agentls.${k}`);
  assert.ok(expected.length >= 20, `README table read: ${expected.join(', ')}`);
  assert.deepEqual([...contributed].sort(), [...expected].sort());
  for (const key of contributed) assert.equal(pkg.contributes.configuration.properties[key].default, null, `${key} defaults to unset`);
});

test('no palette command reuses an id the server registers through executeCommandProvider', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'vscode-client', 'package.json'), 'utf8'));
  const ids: string[] = pkg.contributes.commands.map((c: { command: string }) => c.command);
  assert.deepEqual(ids.filter((id) => !id.startsWith('agentls.client.')), []);
});
