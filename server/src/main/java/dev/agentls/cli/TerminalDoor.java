package dev.agentls.cli;

import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.AgentListener;
import dev.agentls.agent.RunRequest;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import dev.agentls.session.ApprovalPolicy;
import dev.agentls.session.RunDoor;
import dev.agentls.session.RunNotes;
import dev.agentls.workspace.AtomicWriter;
import dev.agentls.workspace.DocumentStore;
import java.io.PrintStream;
import java.util.List;
import java.util.function.Consumer;

/**
 * The terminal's side of a headless run ({@code agentls run}, {@code agentls chat}): changes land on disk, approvals
 * follow the workspace's policy and {@code --approve} (y once, r this run, a always, n with a reason for the model),
 * questions are read from the terminal, events go to {@code shown}, applied changes to {@code applied} (the diffs a
 * view prints), and notes and warnings to stderr under the command's name.
 *
 * @param toModel where a denial's reason goes: a message the run's model reads before its next call
 */
record TerminalDoor(String command, DocumentStore documents, TerminalHost.Prompter prompter, PrintStream err,
                    RunOptions.Approvals approvals, ApprovalPolicy policy, AgentListener shown,
                    Consumer<List<FileChange>> applied, Consumer<String> toModel) implements RunDoor {

    @Override
    public Run open(String runId, RunRequest request) {
        return new Run() {
            @Override
            public Host host(RunNotes notes, RunNotes transcript) {
                return new ApprovingHost(new TerminalHost(documents, new AtomicWriter(), prompter, err), approvals,
                        policy, runId, notes, toModel);
            }

            @Override
            public void onEvent(AgentEvent event) {
                shown.onEvent(event);
            }

            @Override
            public void applied(List<FileChange> changes) {
                applied.accept(changes);
            }

            @Override
            public void note(String text) {
                err.println("agentls " + command + ": " + text);
            }

            @Override
            public void warn(String problem) {
                err.println("agentls " + command + ": warning: " + problem);
            }
        };
    }
}
