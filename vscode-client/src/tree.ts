// The activity-bar view: pending approvals (inline Approve / Deny), then runs -> steps and tool calls -> changed files.
import * as vscode from 'vscode';
import { ChangedFile, Run, RunBook, Step, ToolCall } from './runs';

export type RunNode =
  | { kind: 'approval'; run: Run } | { kind: 'run'; run: Run } | { kind: 'step'; run: Run; step: Step }
  | { kind: 'call'; run: Run; call: ToolCall } | { kind: 'file'; run: Run; file: ChangedFile };

export class RunTree implements vscode.TreeDataProvider<RunNode> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly book: RunBook) {}

  refresh(): void { this.changed.fire(); }

  getChildren(node?: RunNode): RunNode[] {
    if (!node) {
      return [...this.book.waiting().map((run) => ({ kind: 'approval', run }) as RunNode),
        ...this.book.runs().map((run) => ({ kind: 'run', run }) as RunNode)];
    }
    if (node.kind === 'run') {
      return node.run.items.map((i) => (i.kind === 'step' ? { kind: 'step', run: node.run, step: i } : { kind: 'call', run: node.run, call: i }));
    }
    if (node.kind === 'call') return node.call.files.map((file) => ({ kind: 'file', run: node.run, file }));
    return [];
  }

  getTreeItem(node: RunNode): vscode.TreeItem {
    const None = vscode.TreeItemCollapsibleState.None;
    switch (node.kind) {
      case 'approval': {
        const w = node.run.waiting!;
        const item = new vscode.TreeItem(w.kind === 'approval' ? `Approve? ${w.title}` : `Question: ${w.title}`, None);
        item.description = w.detail;
        item.tooltip = [w.title, w.detail].filter(Boolean).join('\n');
        item.contextValue = w.kind === 'approval' ? 'agentls.approval' : 'agentls.question';
        item.iconPath = new vscode.ThemeIcon('bell');
        return item;
      }
      case 'run': {
        const r = node.run;
        const item = new vscode.TreeItem(`${r.mode} run: ${r.status}`, vscode.TreeItemCollapsibleState.Expanded);
        item.id = r.runId;
        item.description = r.result?.split('\n')[0];
        item.tooltip = `run ${r.runId}`;
        item.contextValue = 'agentls.run';
        return item;
      }
      case 'step': {
        const item = new vscode.TreeItem(`${node.step.step}. ${node.step.title}`, None);
        item.iconPath = new vscode.ThemeIcon(node.step.done ? 'pass' : 'circle-large-outline');
        return item;
      }
      case 'call': {
        const c = node.call;
        const item = new vscode.TreeItem(c.name, c.files.length ? vscode.TreeItemCollapsibleState.Expanded : None);
        item.description = c.explanation ?? c.result?.split('\n')[0];
        item.tooltip = c.result;
        item.iconPath = new vscode.ThemeIcon(c.ok === undefined ? 'loading~spin' : c.ok ? 'check' : 'error');
        return item;
      }
      case 'file': {
        const f = node.file;
        const item = new vscode.TreeItem(f.file, None);
        item.description = `+${f.added} -${f.removed}`;
        item.contextValue = 'agentls.file';
        item.command = { command: 'agentls.client.openDiff', title: 'Open diff', arguments: [node.run.runId, f.file] };
        return item;
      }
    }
  }
}
