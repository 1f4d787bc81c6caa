#!/usr/bin/env bash
# The extension in a real VS Code: code-server 4.100.3 (installed from npm once, then cached in e2e/node_modules)
# with the .vsix installed offline, driven by playwright-core through Debian's chromium. Skips (exit 0, saying why)
# when chromium, ripgrep or the npm install are unavailable, unless AGENTLS_E2E_REQUIRED=1.
# When the server has the run commands (agentls.run), a task also runs from the palette against `agentls replay-model`.
# Usage: vscode-client/e2e/run.sh path/to/agentls.vsix   (AGENTLS_E2E_SERVER_JAR: another jar, set as agentls.server.path)
set -euo pipefail
VSIX=$(realpath "$1")
cd "$(dirname "${BASH_SOURCE[0]}")"
ROOT=$(cd ../.. && pwd)
skip() {
  echo "vscode e2e skipped: $*" >&2
  [ "${AGENTLS_E2E_REQUIRED:-0}" = 1 ] && exit 1
  exit 0
}
export npm_config_yes=true npm_config_fund=false npm_config_audit=false npm_config_unsafe_perm=true
for need in /usr/bin/chromium rg; do command -v "$need" >/dev/null 2>&1 || skip "$need is missing (Debian: chromium, ripgrep)"; done
if [ ! -x node_modules/.bin/code-server ] || [ ! -d node_modules/playwright-core ]; then
  # @vscode/ripgrep downloads a binary at install time; seed its cache with Debian's rg so nothing is downloaded.
  cache="${TMPDIR:-/tmp}/vscode-ripgrep-cache-1.15.11"
  mkdir -p "$cache"
  if [ ! -f "$cache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" ]; then
    seed=$(mktemp -d) && cp "$(command -v rg)" "$seed/rg" && tar -C "$seed" -czf "$cache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" rg
    rm -rf "$seed"
  fi
  npm install --no-audit --no-fund --foreground-scripts >install.log 2>&1 || skip "npm install of code-server failed (see $(pwd)/install.log; it needs libkrb5-dev)"
fi
work=$(mktemp -d)
server_pid=
replay_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill -- -"$server_pid" 2>/dev/null || true; fi # its whole group: watchers too
  if [ -n "$replay_pid" ]; then kill "$replay_pid" 2>/dev/null || true; fi
  if [ "${AGENTLS_E2E_KEEP:-0}" = 1 ]; then echo "vscode e2e: kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
cp -r "$ROOT/test-workspaces/demo" "$work/demo"
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"
cs=(node_modules/.bin/code-server --user-data-dir "$work/user" --extensions-dir "$work/extensions")
"${cs[@]}" --install-extension "$VSIX" >"$work/install-ext.log" 2>&1 || { cat "$work/install-ext.log" >&2; exit 1; }
mkdir -p "$work/user/User"
jar="${AGENTLS_E2E_SERVER_JAR:-$ROOT/vscode-client/server/agentls.jar}"
settings='"workbench.startupEditor":"none","security.workspace.trust.enabled":false,"window.restoreWindows":"none"'
[ -n "${AGENTLS_E2E_SERVER_JAR:-}" ] && settings="$settings,\"agentls.server.path\":\"$jar\""
tests=(e2e.test.mjs)
after_task=()
if unzip -l "$jar" 'dev/agentls/lsp/StartRunCommand.class' >/dev/null 2>&1; then
  # The demo's stats task, its test command marked as needing the user's approval and keeping its output in
  # test-output.log, so the test sees which code the command ran on.
  sed -e 's/\\"requires_approval\\": false/\\"requires_approval\\": true/' \
    -e 's/scripts -v\\",/scripts -v 2>\&1 | tee test-output.log\\",/' \
    "$ROOT/scripts/demo-model/stats-task-openai.jsonl" >"$work/task.jsonl"
  grep -q 'requires_approval\\": true' "$work/task.jsonl" || { echo "e2e: could not mark the command for approval" >&2; exit 1; }
  grep -q 'tee test-output.log' "$work/task.jsonl" || { echo "e2e: could not keep the command's output" >&2; exit 1; }
  # Then one answer asking a question, for the run ask-withdrawn.test.mjs starts and stops.
  cat ask-withdrawn.jsonl >>"$work/task.jsonl"
  java -jar "$jar" replay-model --once --script "$work/task.jsonl" --port 0 >"$work/replay.log" 2>&1 &
  replay_pid=$!
  base=
  for _ in $(seq 1 600); do
    base=$(sed -n 's/^listening on \(http:\/\/127\.0\.0\.1:[0-9]*\) .*/\1/p' "$work/replay.log")
    [ -n "$base" ] && break
    sleep 0.1
  done
  [ -n "$base" ] || { echo "e2e: the replay model did not start" >&2; cat "$work/replay.log" >&2; exit 1; }
  settings="$settings,\"agentls.llm.provider\":\"openai\",\"agentls.llm.baseUrl\":\"$base/v1\",\"agentls.llm.model\":\"replay-demo\""
  tests+=(run-task.test.mjs)
  # After the task (node --test orders files by name): its run takes the answer appended after the task's.
  after_task=(ask-withdrawn.test.mjs)
else
  echo "vscode e2e: the server has no agentls.run yet, so no task is run from the palette" >&2
fi
echo "{$settings}" >"$work/user/User/settings.json"
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
setsid "${cs[@]}" --bind-addr "127.0.0.1:$port" --auth none --disable-telemetry --disable-update-check \
  --disable-workspace-trust "$work/demo" >"$work/code-server.log" 2>&1 &
server_pid=$!
AGENTLS_E2E_URL="http://127.0.0.1:$port/?folder=$work/demo" AGENTLS_E2E_WORKSPACE="$work/demo" \
  AGENTLS_E2E_EXTENSIONS="$work/extensions" \
  AGENTLS_E2E_SCREENSHOT="${AGENTLS_E2E_SCREENSHOT:-$ROOT/vscode-client/e2e/screenshot-latest.png}" \
  node --test --test-concurrency=1 "${tests[@]}" || { echo "--- code-server log" >&2; tail -50 "$work/code-server.log" >&2; exit 1; }
if [ "${#after_task[@]}" -gt 0 ]; then
  AGENTLS_E2E_URL="http://127.0.0.1:$port/?folder=$work/demo" \
    node --test --test-concurrency=1 "${after_task[@]}" || { echo "--- code-server log" >&2; tail -50 "$work/code-server.log" >&2; exit 1; }
fi
