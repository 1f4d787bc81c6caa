// A task run from the palette in a real VS Code (code-server) against `agentls replay-model` serving the demo's
// stats task with its test command marked as needing approval: the approval is given in the Runs view, the edit lands
// in the editor, and the tree and status bar show the finished run. Started by run.sh (AGENTLS_E2E_MODEL is set only
// when the bundled server has the run commands).
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium } from 'playwright-core';

const url = process.env.AGENTLS_E2E_URL;
const workspace = process.env.AGENTLS_E2E_WORKSPACE;
const screenshot = process.env.AGENTLS_E2E_SCREENSHOT;
const PROMPT = 'Stats.spread() fails with a bare error on an empty list. Make it raise the same clear error as mean(), add a test, and run the tests.';
let browser;
let page;

before(async () => {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  for (let i = 0; i < 60; i++) {
    try { await page.goto(url, { timeout: 10_000 }); break; } catch { await new Promise((r) => setTimeout(r, 1000)); }
  }
  await page.locator('.statusbar-item', { hasText: 'AgentLS: idle' }).waitFor({ timeout: 120_000 });
});

after(async () => { await browser?.close(); });

test('a task run from the palette waits for you, is approved in the Runs view and completes with its edits', async () => {
  await page.locator('.activitybar .action-item a[aria-label^="AgentLS"]').click();
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.fill('>AgentLS: Run…');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'AgentLS: Run…' }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget', { hasText: 'What should the agent do?' }).waitFor({ timeout: 20_000 });
  await input.fill(PROMPT);
  await page.keyboard.press('Enter');

  await page.locator('.statusbar-item', { hasText: 'waiting for you' }).waitFor({ timeout: 180_000 });
  const approval = page.locator('.monaco-list-row', { hasText: 'Approve?' });
  await approval.waitFor();
  assert.match(await approval.innerText(), /python3 -B -m unittest discover -s scripts -v/);
  await approval.hover();
  await approval.locator('.action-label[aria-label="Approve"]').click();

  await page.locator('.statusbar-item', { hasText: 'idle (last run completed)' }).waitFor({ timeout: 180_000 });
  const status = await page.locator('.statusbar-item', { hasText: 'AgentLS' }).first().innerText();
  assert.match(status, /tokens/);
  await page.locator('.monaco-list-row', { hasText: 'direct run: completed' }).waitFor({ timeout: 30_000 });
  const tree = await page.locator('.pane-body .monaco-list').first().innerText();
  for (const shown of ['direct run: completed', 'replace_in_file', 'scripts/stats.py', 'edit_file', 'scripts/test_stats.py', 'execute_command']) {
    assert.ok(tree.includes(shown), `the Runs view shows ${shown}:\n${tree}`);
  }
  assert.equal(await page.locator('.monaco-list-row', { hasText: 'Approve?' }).count(), 0);

  // The approved command ran on the run's edits, which were only in the editor's buffers until the server asked the
  // extension to save them (agentls/saveDocuments): the new test ran, four tests in all (three on the old disk).
  const output = fs.readFileSync(path.join(workspace, 'test-output.log'), 'utf8');
  assert.match(output, /test_spread_of_no_values_is_a_clear_error .*\.\.\. ok/, output);
  assert.match(output, /Ran 4 tests/, output);
  assert.match(fs.readFileSync(path.join(workspace, 'scripts', 'stats.py'), 'utf8'), /raise ValueError\("no values"\)/);
  const runs = path.join(workspace, '.agentls', 'runs');
  const transcript = fs.readdirSync(runs).filter((f) => f.endsWith('.md')).map((f) => fs.readFileSync(path.join(runs, f), 'utf8'))
    .find((md) => md.includes('execute_command'));
  const saved = /Saved in the editor before the command ran: ([^\n]*)/.exec(transcript ?? '');
  assert.ok(saved, `the command's result says what the editor saved:\n${transcript}`);
  // The new test's file held unsaved edits when the command came (without its save, 3 tests would have run).
  assert.ok(saved[1].includes('scripts/test_stats.py'), saved[1]);
  assert.ok(!transcript.includes('Unsaved when the command ran'), transcript);

  await page.locator('.monaco-list-row', { hasText: /scripts\/stats\.py\s*\+2 -0/ }).first().click(); // the diff against the run's start
  await page.locator('.monaco-diff-editor').waitFor({ timeout: 30_000 });
  await page.locator('.monaco-diff-editor .view-lines', { hasText: 'raise ValueError("no values")' }).first()
    .waitFor({ timeout: 30_000 });
  if (screenshot) await page.screenshot({ path: screenshot });
});
