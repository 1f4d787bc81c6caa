// The extension in a real VS Code (code-server) through Debian's chromium: it activates on the demo workspace,
// starts the bundled server, shows its status-bar item and Runs view, and a palette command reaches the server.
// Started by run.sh, which provides code-server and these environment variables.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { chromium } from 'playwright-core';

const url = process.env.AGENTLS_E2E_URL;
const screenshot = process.env.AGENTLS_E2E_SCREENSHOT;
let browser;
let page;

before(async () => {
  assert.ok(url, 'AGENTLS_E2E_URL is set by run.sh');
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  for (let i = 0; i < 60; i++) { // code-server takes a few seconds to listen
    try { await page.goto(url, { timeout: 10_000 }); break; } catch { await new Promise((r) => setTimeout(r, 1000)); }
  }
  await page.locator('.monaco-workbench').waitFor({ timeout: 120_000 });
});

after(async () => { await browser?.close(); });

async function palette(command) {
  await page.locator('.monaco-workbench').click({ position: { x: 700, y: 400 } }).catch(() => {});
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: 20_000 });
  await input.fill(`>${command}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: command }).first().waitFor({ timeout: 20_000 });
  await page.keyboard.press('Enter');
}

test('the extension activates, starts the bundled server and says idle in the status bar', async () => {
  const status = page.locator('.statusbar-item', { hasText: 'AgentLS: idle' });
  await status.waitFor({ timeout: 120_000 });
  await palette('AgentLS: Show transcript');
  const ready = page.locator('.part.panel .view-lines', { hasText: 'AgentLS server ready' });
  await ready.waitFor({ timeout: 120_000 });
  const text = (await ready.innerText()).replace(/\s+/g, ' '); // the editor renders spaces as no-break spaces
  const line = text.match(/AgentLS server ready (\d+) ms after activation/);
  assert.ok(line, text);
  console.log(`activation to server ready: ${line[1]} ms`);
});

/** The command lines of the running processes that run `java ... -jar <jar> lsp` for a jar {@code isOurs} accepts. */
function serversRunning(isOurs) {
  const found = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let args;
    try { args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter((a) => a !== ''); } catch { continue; }
    const jar = args.indexOf('-jar');
    if (jar > 0 && args[jar + 2] === 'lsp' && isOurs(args[jar + 1] ?? '')) found.push(args);
  }
  return found;
}

test('the bundled jar runs under the launcher\'s memory options (scripts/lib.sh server_java_options)', () => {
  const extensions = process.env.AGENTLS_E2E_EXTENSIONS;
  assert.ok(extensions, 'AGENTLS_E2E_EXTENSIONS is set by run.sh');
  const custom = process.env.AGENTLS_E2E_SERVER_JAR;
  const servers = serversRunning((jar) => (custom ? jar === custom : jar.startsWith(extensions)));
  assert.equal(servers.length, 1, `one server of this code-server: ${JSON.stringify(servers)}`);
  const root = new URL('../..', import.meta.url).pathname;
  const launcher = execFileSync('bash', ['-c', '. scripts/lib.sh && server_java_options'], { cwd: root, encoding: 'utf8' })
    .split('\n').filter((line) => line !== '');
  const user = (process.env.AGENTLS_JAVA_OPTS ?? '').split(/\s+/).filter((word) => word !== '');
  const args = servers[0];
  assert.deepEqual(args.slice(1, args.indexOf('-jar')), [...launcher, ...user], args.join(' '));
});

test('the Runs view is in the activity bar', async () => {
  await page.locator('.activitybar .action-item a[aria-label^="AgentLS"]').click();
  await page.locator('.part.sidebar .title-label', { hasText: 'AgentLS' }).waitFor({ timeout: 20_000 });
  await page.locator('.part.sidebar [aria-label="Runs Section"]').waitFor({ state: 'attached', timeout: 20_000 });
});

test('Roll back to checkpoint asks the server and says there is no checkpoint yet', async () => {
  await palette('AgentLS: Roll back to checkpoint');
  await page.locator('.notification-toast', { hasText: 'there is no checkpoint to roll back to' })
    .waitFor({ timeout: 60_000 });
  if (screenshot) await page.screenshot({ path: screenshot });
});
