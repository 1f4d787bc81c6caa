// The `agentls` settings VS Code holds, as the server's `workspace/configuration` section. No vscode import here.

/** Keys that configure this extension only (how to start the server, what it forwards), never sent to it. */
export const CLIENT_ONLY = new Set(['server', 'diagnostics']);

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

/**
 * The server JVM's options, the same as the `agentls` launcher gives it (scripts/lib.sh, `server_java_options`, whose
 * comment says why each is there; a node test holds the two equal): the serial collector unless the user's options
 * name a collector (the JVM refuses two), a small starting heap growing to at most 200 MB, bounded direct memory.
 * The user's own options (`AGENTLS_JAVA_OPTS`, split at spaces, as the launcher splits them) come last, so their
 * -Xmx wins.
 */
export function serverJavaOptions(userOptions: string): string[] {
  const user = userOptions.split(/\s+/).filter((word) => word !== '');
  const collector = user.some((word) => /^-XX:\+Use\S*GC$/.test(word)) ? [] : ['-XX:+UseSerialGC'];
  return [...collector, '-Xms32m', '-Xmx200m', '-XX:MinHeapFreeRatio=20', '-XX:MaxHeapFreeRatio=40',
    '-XX:MaxDirectMemorySize=64m', '-Djdk.nio.maxCachedBufferSize=1048576', ...user];
}

/**
 * How to start the server: a `.jar` runs under java with the launcher's options ({@link serverJavaOptions}, the user's
 * `AGENTLS_JAVA_OPTS` last), anything else is an `agentls` launcher run directly (it adds them itself).
 */
export function serverCommand(path: string, java: string, userJavaOptions = ''): { command: string; args: string[] } {
  return path.endsWith('.jar')
    ? { command: java, args: [...serverJavaOptions(userJavaOptions), '-jar', path, 'lsp'] }
    : { command: path, args: ['lsp'] };
}
