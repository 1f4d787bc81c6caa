// The activity-bar view: pending approvals (inline Approve / Deny), then runs -> steps and tool calls -> changed files.
import * as vscode from 'vscode';
import { ChangedFile, Run, RunBook, Step, ToolCall } from './runs';

export type RunNode =
  | { kind: 'approval'; run: Run } | { kind: 'run'; run: Run } | { kind: 'step'; run: Run; step: Step }
  | { kind: 'call'; run: Run; call: ToolCall } | { kind: 'file'; run: Run; file: ChangedFile };

function item(label: string, fields: Partial<vscode.TreeItem>, state = vscode.TreeItemCollapsibleState.None): vscode.TreeItem {
  return Object.assign(new vscode.TreeItem(label, state), fields);
}

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
    const icon = (id: string) => new vscode.ThemeIcon(id);
    switch (node.kind) {
      case 'approval': {
        const w = node.run.waiting!;
        return item(w.kind === 'approval' ? `Approve? ${w.title}` : `Question: ${w.title}`, { description: w.detail,
          tooltip: [w.title, w.detail].filter(Boolean).join('\n'), contextValue: `agentls.${w.kind}`, iconPath: icon('bell') });
      }
      case 'run':
        return item(`${node.run.mode} run: ${node.run.status}`, { id: node.run.runId, tooltip: `run ${node.run.runId}`,
          description: node.run.result?.split('\n')[0], contextValue: 'agentls.run' }, vscode.TreeItemCollapsibleState.Expanded);
      case 'step':
        return item(`${node.step.step}. ${node.step.title}`, { iconPath: icon(node.step.done ? 'pass' : 'circle-large-outline') });
      case 'call': {
        const c = node.call; // the id changes with the files, so VS Code takes a leaf that gained files as new
        return item(c.name, { id: `${node.run.runId}/${node.run.items.indexOf(c)}/${c.files.length}`,
          description: c.explanation || c.result?.split('\n')[0], tooltip: c.result,
          iconPath: icon(c.ok === undefined ? 'loading~spin' : c.ok ? 'check' : 'error') },
        c.files.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
      }
      case 'file':
        return item(node.file.file, { description: `+${node.file.added} -${node.file.removed}`, contextValue: 'agentls.file',
          command: { command: 'agentls.client.openDiff', title: 'Open diff', arguments: [node.run.runId, node.file.file] } });
    }
  }
}
