// A run's question withdrawn in a real VS Code (code-server): the scripted model (ask-withdrawn.jsonl, served after the
// stats task by the same `agentls replay-model`) asks with two options, the extension shows them as a quick pick, the
// run is stopped from the Runs view, and the server's $/cancelRequest closes the quick pick, with a notification
// saying the question was withdrawn. Started by run.sh after run-task.test.mjs.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const url = process.env.AGENTLS_E2E_URL;
const QUESTION = 'Which greeting should the demo use?';
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
  await page.locator('.statusbar-item', { hasText: 'AgentLS' }).first().waitFor({ timeout: 120_000 });
});

after(async () => { await browser?.close(); });

test('a question on screen closes when its run is stopped, and the user is told it was withdrawn', async () => {
  await page.locator('.activitybar .action-item a[aria-label^="AgentLS"]').click();
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.fill('>AgentLS: Run…');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'AgentLS: Run…' }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget', { hasText: 'What should the agent do?' }).waitFor({ timeout: 20_000 });
  await input.fill('Pick a greeting for the demo');
  await page.keyboard.press('Enter');

  const question = page.locator('.quick-input-widget', { hasText: QUESTION });
  await question.waitFor({ state: 'visible', timeout: 180_000 });
  assert.equal(await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Hello' }).count(), 1);

  // Stop from the Runs view's title bar: a click there leaves the quick pick open (it ignores focus moving out),
  // where the command palette would replace it.
  await page.locator('.action-label[aria-label*="Stop"]').first().click();

  await question.waitFor({ state: 'hidden', timeout: 30_000 });
  await page.locator('.notifications-toasts, .notification-list-item', { hasText: 'withdrew its question' }).first()
    .waitFor({ timeout: 30_000 });
  await page.locator('.statusbar-item', { hasText: 'idle (last run cancelled)' }).waitFor({ timeout: 60_000 });
});
