// For scripts/bench-vscode: opens code-server (AGENTLS_E2E_URL) in Debian's chromium, waits for the extension to say
// idle, opens its output channel and prints the extension's own measure, "AgentLS server ready N ms after
// activation" (from activate() to the server's initialize answered and initialized sent), as `ready_ms N`.
import { chromium } from 'playwright-core';

const url = process.env.AGENTLS_E2E_URL;
if (!url) throw new Error('AGENTLS_E2E_URL is not set');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  for (let i = 0; i < 60; i++) { // code-server takes a few seconds to listen
    try { await page.goto(url, { timeout: 10_000 }); break; } catch { await new Promise((r) => setTimeout(r, 1000)); }
  }
  await page.locator('.statusbar-item', { hasText: 'AgentLS: idle' }).waitFor({ timeout: 180_000 });
  await page.locator('.monaco-workbench').click({ position: { x: 700, y: 400 } }).catch(() => {});
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: 20_000 });
  await input.fill('>AgentLS: Show transcript');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'AgentLS: Show transcript' }).first()
    .waitFor({ timeout: 20_000 });
  await page.keyboard.press('Enter');
  const ready = page.locator('.part.panel .view-lines', { hasText: 'AgentLS server ready' });
  await ready.waitFor({ timeout: 120_000 });
  const line = (await ready.innerText()).replace(/\s+/g, ' ').match(/AgentLS server ready (\d+) ms after activation/);
  if (!line) throw new Error('no "server ready" line in the output channel');
  console.log(`ready_ms ${line[1]}`);
} finally {
  await browser.close();
}
