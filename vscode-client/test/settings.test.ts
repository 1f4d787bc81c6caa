import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { CLIENT_ONLY, serverCommand, serverJavaOptions, serverSection } from '../src/settings';

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

test('the diagnostics forwarding switch is the extension\'s own and is not sent to the server', () => {
  assert.deepEqual(serverSection({ diagnostics: { forward: false }, agent: { maxIterations: 5 } }), { agent: { maxIterations: 5 } });
});

test('a section that is not an object maps to an empty one', () => {
  for (const bad of [null, undefined, 'llm', 3, ['llm']]) assert.deepEqual(serverSection(bad), {});
});

test('a server key below the top level is the server\'s own and is sent', () => {
  assert.deepEqual(serverSection({ llm: { server: 'x' } }), { llm: { server: 'x' } });
});

test('a jar is started under java with the launcher\'s memory options, a launcher directly, both with lsp', () => {
  assert.deepEqual(serverCommand('/x/agentls.jar', '/usr/bin/java'), { command: '/usr/bin/java', args: ['-XX:+UseSerialGC',
    '-Xms32m', '-Xmx200m', '-XX:MinHeapFreeRatio=20', '-XX:MaxHeapFreeRatio=40', '-XX:MaxDirectMemorySize=64m',
    '-Djdk.nio.maxCachedBufferSize=1048576', '-jar', '/x/agentls.jar', 'lsp'] });
  assert.deepEqual(serverCommand('/x/scripts/agentls', 'java', '-Xmx1g'), { command: '/x/scripts/agentls', args: ['lsp'] });
});

test('a jar\'s user options come after the launcher\'s, and a collector they name replaces the serial one', () => {
  const { args } = serverCommand('/x/agentls.jar', 'java', ' -XX:+UseG1GC   -Xmx1g ');
  assert.ok(!args.includes('-XX:+UseSerialGC'), args.join(' '));
  assert.deepEqual(args.slice(-5), ['-XX:+UseG1GC', '-Xmx1g', '-jar', '/x/agentls.jar', 'lsp']);
  assert.ok(args.indexOf('-Xmx200m') < args.indexOf('-Xmx1g'), 'the user\'s -Xmx is the later one, which the JVM takes');
  assert.ok(serverCommand('/x/agentls.jar', 'java', '-Xss2m').args.includes('-XX:+UseSerialGC'));
});

/** What scripts/lib.sh's server_java_options prints, with AGENTLS_JAVA_OPTS set to {@code user}. */
function launcherOptions(user: string): string[] {
  const printed = execFileSync('bash', ['-c', '. scripts/lib.sh && server_java_options'],
    { cwd: root, env: { ...process.env, AGENTLS_JAVA_OPTS: user }, encoding: 'utf8' });
  return printed.split('\n').filter((line) => line !== '');
}

test('a jar gets exactly the options the agentls launcher gives the server (scripts/lib.sh)', () => {
  for (const user of ['', '-XX:+UseParallelGC', '-XX:+UseZGC -Xmx300m']) {
    const words = user.split(' ').filter((w) => w !== '');
    assert.deepEqual(serverJavaOptions(user), [...launcherOptions(user), ...words], `AGENTLS_JAVA_OPTS='${user}'`);
  }
});

/** Every key of docs/configuration.md's "Model and agent settings" table, expanded (`a.b` / `c` -> `a.b`, `a.c`). */
function documentedKeys(): string[] {
  const page = fs.readFileSync(path.join(root, 'docs', 'configuration.md'), 'utf8');
  const table = page.split('## Model and agent settings')[1].split('\n## ')[0];
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

test('contributes.configuration mirrors every key of the documented settings table, and no other server key', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'vscode-client', 'package.json'), 'utf8'));
  const contributed = Object.keys(pkg.contributes.configuration.properties).filter((k) => !CLIENT_ONLY.has(k.split('.')[1]));
  const expected = documentedKeys().map((k) => `agentls.${k}`);
  assert.ok(expected.length >= 20, `docs/configuration.md table read: ${expected.join(', ')}`);
  assert.deepEqual([...contributed].sort(), [...expected].sort());
  for (const key of contributed) assert.equal(pkg.contributes.configuration.properties[key].default, null, `${key} defaults to unset`);
});

test('no palette command reuses an id the server registers through executeCommandProvider', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'vscode-client', 'package.json'), 'utf8'));
  const ids: string[] = pkg.contributes.commands.map((c: { command: string }) => c.command);
  assert.deepEqual(ids.filter((id) => !id.startsWith('agentls.client.')), []);
});
