#!/usr/bin/env bash
# Builds and tests the VS Code extension: installs the pinned npm packages (once), type-checks, runs the pure-logic
# tests with `node --test`, bundles with esbuild and packages agentls-<version>.vsix carrying server/target/agentls.jar.
# Usage: vscode-client/build.sh [path/to/agentls.jar]   (default: ../server/target/agentls.jar)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
export npm_config_yes=true npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
JAR="${1:-../server/target/agentls.jar}"
[ -f "$JAR" ] || { echo "vscode-client: no server jar at $JAR (build it with: mvn -B -ntp -q package -DskipTests)" >&2; exit 1; }
# npm ci only when package-lock.json changed since the last install (CI caches node_modules).
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund >&2
fi
rm -rf out out-test server
node_modules/.bin/tsc -p .
node_modules/.bin/esbuild test/*.test.ts --bundle --platform=node --format=cjs --outdir=out-test --log-level=warning
node --test out-test/
node_modules/.bin/esbuild src/extension.ts --bundle --platform=node --format=cjs --target=node18 --minify \
  --external:vscode --outfile=out/extension.js --log-level=warning
mkdir -p server && cp "$JAR" server/agentls.jar
node_modules/.bin/vsce package --no-dependencies --skip-license --out agentls.vsix >&2
echo "vscode-client: built $(pwd)/agentls.vsix" >&2
