// The `agentls` settings VS Code holds, as the server's `workspace/configuration` section. No vscode import here.

/** Keys that configure this extension only (how to start the server), never sent to it. */
const CLIENT_ONLY = new Set(['server']);

/**
 * The section as the server reads it: unset values (null, empty text, empty objects) left out so the server's
 * defaults apply, and the extension's own keys removed. Nested keys stay nested (`llm.timeouts.connect`).
 */
export function serverSection(raw: unknown, top = true): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return out;
  for (const [key, value] of Object.entries(raw)) {
    if (top && CLIENT_ONLY.has(key)) continue;
    if (value === null || value === undefined || value === '') continue;
    if (typeof value === 'object' && !Array.isArray(value)) {
      const inner = serverSection(value, false);
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** How to start the server: a `.jar` runs under java, anything else is an `agentls` launcher run directly. */
export function serverCommand(path: string, java: string): { command: string; args: string[] } {
  return path.endsWith('.jar') ? { command: java, args: ['-jar', path, 'lsp'] } : { command: path, args: ['lsp'] };
}
