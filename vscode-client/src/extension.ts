// AgentLS for VS Code: starts the server, declares agentls/event, turns the run's events into a tree and a status bar
// item. Transcripts are the server's (.agentls/runs/<id>.md). Every action is one of its agentls.* commands. Before a
// run's command it saves the files the server names; it forwards the other language servers' diagnostics.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { LanguageClient, StaticFeature, ExecuteCommandRequest, DidChangeConfigurationNotification, LSPErrorCodes,
  ResponseError } from 'vscode-languageclient/node';
import { askHandler } from './ask';
import { DiagnosticsForwarder } from './diagnostics';
import { editTarget, isAgentEvent, RunBook, statusLine } from './runs';
import { saveDocuments } from './saves';
import { serverCommand, serverSection } from './settings';
import { RunNode, RunTree } from './tree';

const BEFORE = 'agentls-before';

/**
 * Declares our experimental capabilities: events as notifications, questions as `agentls/ask` requests, saves before
 * a command as `agentls/saveDocuments` requests.
 */
const agentlsCapabilities: StaticFeature = {
  fillClientCapabilities: (c) => {
    c.experimental = { ...(c.experimental ?? {}), agentlsEvents: true, agentlsAsk: true, agentlsSave: true };
  },
  initialize: () => undefined,
  getState: () => ({ kind: 'static' }),
  clear: () => undefined,
};

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const activated = Date.now();
  const book = new RunBook();
  const tree = new RunTree(book);
  const transcript = vscode.window.createOutputChannel('AgentLS'); // until a run has its transcript: what started
  const status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 10);
  status.command = 'agentls.client.showTranscript';
  const before = new Map<string, string>(); // `${runId}\0${absolute path}` -> text when the run first touched it
  const root = () => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.cwd();
  const settings = () => vscode.workspace.getConfiguration('agentls');
  let client: LanguageClient | undefined;
  let forwarder: DiagnosticsForwarder | undefined; // one per server start: a new server has heard nothing yet

  const render = () => {
    const line = statusLine(book);
    status.text = line.text;
    status.backgroundColor = line.waiting ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    status.show();
    tree.refresh();
    void vscode.commands.executeCommand('setContext', 'agentls.waiting', line.waiting);
  };

  const onEvent = (value: unknown) => {
    if (!isAgentEvent(value)) return;
    const target = editTarget(value);
    if (target) remember(value.runId, path.resolve(root(), target));
    book.apply(value);
    render();
  };

  // Runs before the edit reaches us (events and workspace/applyEdit are handled in the order they came).
  const remember = (runId: string, file: string) => {
    const key = `${runId}\0${file}`;
    if (before.has(key)) return;
    const open = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === file);
    before.set(key, open ? open.getText() : fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
  };

  const start = async () => {
    const cfg = settings();
    const { command, args } = serverCommand(cfg.get<string>('server.path') || context.asAbsolutePath('server/agentls.jar'),
      cfg.get<string>('server.java') || 'java', process.env.AGENTLS_JAVA_OPTS ?? '');
    client = new LanguageClient('agentls', 'AgentLS', { command, args, options: { cwd: root() } }, {
      documentSelector: [{ scheme: 'file' }, { scheme: 'untitled' }],
      initializationOptions: serverSection(cfg),
      middleware: {
        workspace: {
          configuration: async (params, token, next) => {
            const answers = await next(params, token);
            return Array.isArray(answers)
              ? answers.map((a, i) => (params.items[i]?.section === 'agentls' ? serverSection(settings()) : a)) : answers;
          },
        },
      },
    });
    client.registerFeature(agentlsCapabilities);
    client.onNotification('agentls/event', onEvent);
    // The request's token closes the question when the server withdraws it ($/cancelRequest: its run stopped waiting).
    client.onRequest('agentls/ask', askHandler({
      pick: (options, title, token) => vscode.window.showQuickPick(options, { title, ignoreFocusOut: true }, token),
      input: (prompt, token) => vscode.window.showInputBox({ title: 'AgentLS asks', prompt, ignoreFocusOut: true }, token),
    }, (runId) => { book.answered(runId); render(); },
    (message) => new ResponseError(LSPErrorCodes.RequestCancelled, message)));
    client.onRequest('agentls/saveDocuments', (params) => saveDocuments(params, () => vscode.workspace.textDocuments));
    const started = client;
    forwarder = new DiagnosticsForwarder((params) => {
      started.sendNotification('agentls/diagnostics', params).catch(() => undefined); // a stopping server misses it
    });
    await client.start();
    forwardDiagnostics(vscode.workspace.textDocuments.map((d) => d.uri)); // what the servers said before we started
  };

  // Open files only: the run's edits open the files they change, and a project-wide report stays in the editor.
  const forwardDiagnostics = (uris: readonly vscode.Uri[]) => {
    if (!forwarder || !client?.isRunning() || !settings().get<boolean>('diagnostics.forward', true)) return;
    const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    for (const uri of uris) {
      if (uri.scheme === 'file' && open.has(uri.toString())) {
        forwarder.changed(uri.toString(), vscode.languages.getDiagnostics(uri));
      }
    }
  };

  const execute = async (command: string, args: Record<string, unknown>): Promise<any> => {
    if (!client) throw new Error('the AgentLS server is not running');
    return client.sendRequest(ExecuteCommandRequest.type, { command, arguments: [args] });
  };

  const startRun = (mode: string, withSelection: boolean) => async () => {
    const editor = vscode.window.activeTextEditor;
    const prompt = await vscode.window.showInputBox({
      title: `AgentLS: ${mode === 'direct' ? 'run' : mode}`, prompt: 'What should the agent do?',
      value: withSelection ? 'Explain this code' : undefined, ignoreFocusOut: true,
    });
    if (!prompt) return;
    const args: Record<string, unknown> = { prompt, mode };
    if (withSelection && editor) {
      const s = editor.selection;
      args.uri = editor.document.uri.toString();
      args.range = { start: { line: s.start.line, character: s.start.character }, end: { line: s.end.line, character: s.end.character } };
    }
    const started = await execute('agentls.run', args);
    transcript.appendLine(`started run ${started?.runId}: ${prompt}`);
  };

  const targetRun = (node?: RunNode, waitingOnly = false) => {
    const run = node?.run ?? (waitingOnly ? book.waiting()[0] : book.active());
    if (!run) throw new Error(waitingOnly ? 'no run is waiting for an approval' : 'no run is under way');
    return run;
  };

  const answerApproval = (command: string) => async (node?: RunNode) => {
    const run = targetRun(node, true);
    await execute(command, { runId: run.runId });
    book.answered(run.runId);
    render();
  };

  const openRunFile = async (ext: string) => {
    const run = book.runs()[0];
    const file = run && path.join(root(), '.agentls', 'runs', `${run.runId}.${ext}`);
    if (file && fs.existsSync(file)) return vscode.window.showTextDocument(vscode.Uri.file(file));
    if (ext === 'md') return transcript.show(true);
    throw new Error(run ? `run ${run.runId} has changed no file yet` : 'no run yet'); // <id>.diff comes with a change
  };

  const openDiff = async (runId: string, file: string) => {
    const absolute = path.resolve(root(), file);
    const left = vscode.Uri.from({ scheme: BEFORE, path: absolute, query: runId });
    await vscode.commands.executeCommand('vscode.diff', left, vscode.Uri.file(absolute), `${file} (before the run ↔ now)`);
  };

  const rollback = async () => {
    const answer = await execute('agentls.checkpoints', {});
    const entries: { id: string; time: string; description: string; files: string[] }[] = answer?.checkpoints ?? [];
    if (entries.length === 0) throw new Error('there is no checkpoint to roll back to');
    const picked = await vscode.window.showQuickPick(entries.slice().reverse().map((c) => ({
      label: c.id, description: c.description, detail: `${c.time}: ${c.files.join(', ')}`,
    })), { title: 'Roll back every file to its state before this checkpoint' });
    if (!picked) return;
    const result = await execute('agentls.rollback', { checkpointId: picked.label });
    if (!result?.applied) throw new Error(`rollback not applied: ${result?.reason ?? 'the editor refused the edit'}`);
    void vscode.window.showInformationMessage(`AgentLS restored ${result.restored?.join(', ')}`);
  };

  const commands: Record<string, (...a: any[]) => Promise<unknown>> = {
    'agentls.client.ask': startRun('ask', false),
    'agentls.client.run': startRun('direct', false),
    'agentls.client.plan': startRun('plan', false),
    'agentls.client.askSelection': startRun('ask', true),
    'agentls.client.stop': async (node?: RunNode) => execute('agentls.cancel', { runId: targetRun(node).runId }),
    'agentls.client.approve': answerApproval('agentls.approve'),
    'agentls.client.deny': answerApproval('agentls.deny'),
    'agentls.client.showTranscript': () => openRunFile('md'),
    'agentls.client.showRunDiff': () => openRunFile('diff'),
    'agentls.client.openDiff': openDiff,
    'agentls.client.rollback': rollback,
    'agentls.client.restart': async () => { await client?.stop(); await start(); },
  };
  for (const [id, fn] of Object.entries(commands)) {
    context.subscriptions.push(vscode.commands.registerCommand(id, (...a: any[]) => fn(...a).catch((e) =>
      vscode.window.showErrorMessage(`AgentLS: ${e instanceof Error ? e.message : String(e)}`))));
  }
  context.subscriptions.push(transcript, status,
    vscode.window.createTreeView('agentls.runs', { treeDataProvider: tree }),
    vscode.workspace.registerTextDocumentContentProvider(BEFORE, {
      provideTextDocumentContent: (uri) => before.get(`${uri.query}\0${uri.fsPath}`) ?? '',
    }),
    vscode.languages.onDidChangeDiagnostics((e) => forwardDiagnostics(e.uris)),
    vscode.workspace.onDidCloseTextDocument((d) => forwarder?.forget(d.uri.toString())),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('agentls') && client?.isRunning()) {
        void client.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
      }
    }),
    { dispose: () => void client?.stop() });
  render();
  await start();
  transcript.appendLine(`AgentLS server ready ${Date.now() - activated} ms after activation`);
}
