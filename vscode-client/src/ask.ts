// A run's question (`agentls/ask`) shown to the user, and taken back when the server withdraws it. No vscode import
// here: the UI comes in as two functions, so `node --test` drives this with a real JSON-RPC connection.

/** The cancellation token a request handler gets (vscode-jsonrpc's shape); `$/cancelRequest` for the request sets it. */
export interface Token {
  readonly isCancellationRequested: boolean;
  onCancellationRequested: (listener: (e: any) => any, thisArgs?: any, disposables?: any) => { dispose(): any };
}

/**
 * How a question is shown: a pick among options, or a free answer. Each gets the request's token; VS Code's
 * `showQuickPick` and `showInputBox` close their UI when that token is cancelled and answer undefined.
 */
export interface QuestionUi {
  pick(options: string[], title: string, token: Token): PromiseLike<string | undefined>;
  input(prompt: string, token: Token): PromiseLike<string | undefined>;
}

/** LSP's `RequestCancelled` error code, answered for a withdrawn question. */
export const REQUEST_CANCELLED = -32800;

/**
 * The `agentls/ask` handler: shows the question with the request's token, so the server's `$/cancelRequest` (the run
 * was cancelled or ended) closes it at once; then calls `settled(runId)` so the views stop showing the run as waiting.
 * A withdrawn question answers `cancelled(message)`, the connection's RequestCancelled error (the server ignores
 * whatever comes: it no longer waits).
 */
export function askHandler<E>(ui: QuestionUi, settled: (runId: string) => void, cancelled: (message: string) => E) {
  return async (params: unknown, token: Token): Promise<{ answer: string | null } | E> => {
    const q = (typeof params === 'object' && params !== null ? params : {}) as
      { runId?: unknown; question?: unknown; options?: unknown };
    const asked = String(q.question ?? 'AgentLS asks');
    const options = Array.isArray(q.options) ? q.options.map(String) : [];
    let answer: string | undefined;
    if (!token.isCancellationRequested) {
      answer = options.length > 0 ? await ui.pick(options, asked, token) : await ui.input(asked, token);
    }
    if (typeof q.runId === 'string' && q.runId !== '') settled(q.runId);
    if (token.isCancellationRequested) {
      return cancelled(`AgentLS withdrew the question: ${asked}`);
    }
    return { answer: answer ?? null };
  };
}
