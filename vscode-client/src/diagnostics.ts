// `agentls/diagnostics`: what the editor's other language servers say of a file, forwarded so a run's edit result
// tells the model. No vscode import here: VS Code's Diagnostic fits `EditorDiagnostic`, the sending is a function.

/** A diagnostic as VS Code holds it: severity 0 error, 1 warning, 2 information, 3 hint. */
export interface EditorDiagnostic {
  readonly message: string;
  readonly severity: number;
  readonly source?: string;
  readonly range: { readonly start: { readonly line: number } };
}

/** One forwarded diagnostic, in the protocol's terms: 0-based line, severity 1 error or 2 warning. */
export interface ForwardedDiagnostic { line: number; severity: 1 | 2; message: string; source: string }

/** At most this many diagnostics of one file are sent: a flood is cut in the editor, not carried over the pipe. */
export const MAX_PER_FILE = 1000;
/** A message longer than this is cut (a server may put a whole stack trace in one). */
export const MAX_MESSAGE = 2000;
/** The source AgentLS's own diagnostics carry (review marks, `@agent` lines): never sent back to it. */
export const OWN_SOURCE = 'agentls';

/** The errors and warnings of other servers, in order, at most {@link MAX_PER_FILE}. */
export function forwardable(diagnostics: readonly EditorDiagnostic[]): ForwardedDiagnostic[] {
  const out: ForwardedDiagnostic[] = [];
  for (const d of diagnostics) {
    if (out.length >= MAX_PER_FILE) break;
    if (d.severity !== 0 && d.severity !== 1) continue;
    const source = d.source ?? '';
    if (source.toLowerCase() === OWN_SOURCE) continue;
    out.push({ line: d.range.start.line, severity: d.severity === 0 ? 1 : 2, message: d.message.slice(0, MAX_MESSAGE), source });
  }
  return out;
}

/**
 * Sends a file's errors and warnings when they differ from what was last sent for it. AgentLS's own diagnostics
 * change with every edit; re-sending the others' unchanged ones then would look to the server like a fresh report
 * and end its wait for the servers before they spoke.
 */
export class DiagnosticsForwarder {
  private readonly sent = new Map<string, string>();

  constructor(private readonly send: (params: { uri: string; diagnostics: ForwardedDiagnostic[] }) => void) {}

  changed(uri: string, diagnostics: readonly EditorDiagnostic[]): void {
    const items = forwardable(diagnostics);
    const key = JSON.stringify(items);
    if ((this.sent.get(uri) ?? '[]') === key) return;
    this.sent.set(uri, key);
    this.send({ uri, diagnostics: items });
  }

  /** A closed document's record goes, so the map holds open files only. */
  forget(uri: string): void {
    this.sent.delete(uri);
  }
}
