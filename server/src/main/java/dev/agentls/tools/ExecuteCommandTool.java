package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.host.CommandTerminal;
import dev.agentls.tools.command.CommandRunner;
import dev.agentls.tools.command.CommandSafety;
import dev.agentls.tools.command.CommandVerdict;
import dev.agentls.tools.command.PathGuard;
import dev.agentls.workspace.WorkspaceRoot;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@code execute_command}: runs a shell command in the workspace root, bounded in time and output. Only a command
 * the checker knows to be read-only runs unasked; the model's {@code requires_approval} can add the need for approval,
 * never remove it. A command naming a denied file is refused outright. Declined or refused: nothing runs.
 */
public final class ExecuteCommandTool implements Tool {

    /** The name a model calls it by. */
    public static final String NAME = "execute_command";
    /** The parameter holding the command line. */
    public static final String COMMAND = "command";

    private static final int SHOWN = 200;

    private final WorkspaceRoots roots;
    private final Path home;
    private final PathGuard guard;
    private final CommandRunner runner;
    private final Runnable afterRun;

    /**
     * @param roots commands run in the first root, as it is at each call
     * @param home the user's home folder, which {@code ~} means to the checker
     * @param afterRun runs after every command that ran (a command may change files: the index re-checks them)
     */
    public ExecuteCommandTool(WorkspaceRoots roots, Path home, PathGuard guard, CommandRunner runner,
                              Runnable afterRun) {
        this.roots = roots;
        this.home = home;
        this.guard = guard;
        this.runner = runner;
        this.afterRun = afterRun;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ToolKind kind() {
        return ToolKind.RUN;
    }

    @Override
    public Optional<String> verb() {
        return Optional.of("running");
    }

    @Override
    public String description() {
        long seconds = runner.limits().timeout().toSeconds();
        return Descriptions.fill("""
                Runs a shell command (bash) in the workspace root and returns its exit code and output (stdout and \
                stderr together). Use it to build, test, run scripts and inspect the project; prefer the file tools \
                for reading, searching and editing files. The command gets no input (stdin is empty), so never run \
                anything interactive; pass flags such as --yes or -q. It is stopped, with every process it started, \
                after %d seconds; long output keeps its beginning and end. Only commands that just read and print (ls, \
                cat, grep, rg, find without -exec, git status/diff/log/show, ...) run at once; everything else \
                (builds, tests, scripts, interpreters, writes, redirections to files, git commands that write) waits \
                for the user's approval, so prefer the file tools for reading and editing. Set requires_approval to \
                true to ask even for a read-only command. Files on the deny list (.env, keys) are never passed to a \
                command.""",
                seconds);
    }

    @Override
    public String xmlExample() {
        return """
                <execute_command>
                <command>mvn -q test</command>
                <requires_approval>false</requires_approval>
                </execute_command>""";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                Parameter.required(COMMAND, Parameter.Type.STRING,
                        "The command line to run with bash in the workspace root.").maxLength(100_000),
                Parameter.required("requires_approval", Parameter.Type.BOOLEAN,
                        "true when the user should approve the command before it runs (anything with side effects"
                                + " beyond the workspace's build output); the checker may require approval anyway."),
                Parameter.explanation());
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        String command = arguments.string(COMMAND);
        boolean modelAsks = arguments.bool("requires_approval", false);
        List<WorkspaceRoot> current = roots.roots();
        if (current.isEmpty()) {
            return CompletableFuture.completedFuture(ToolResult.failure(
                    "execute_command: no workspace folder is open to run the command in"));
        }
        Path workingDirectory = current.get(0).real();
        CommandVerdict verdict = new CommandSafety(workingDirectory, home, guard).check(command);
        if (verdict instanceof CommandVerdict.Refused refused) {
            return CompletableFuture.completedFuture(ToolResult.failure("execute_command: refused to run `"
                    + shorten(command) + "`: " + refused.reason() + ". Nothing was run."));
        }
        List<String> reasons = new ArrayList<>();
        if (verdict instanceof CommandVerdict.NeedsApproval needs) {
            reasons.addAll(needs.reasons());
        }
        if (modelAsks && reasons.isEmpty()) {
            reasons.add("the model asked for approval");
        }
        if (reasons.isEmpty()) {
            return start(command, workingDirectory, false, context);
        }
        String notice = context.host().beforeCommandNotice();
        String detail = command + "\n\nNeeds approval: " + String.join("; ", reasons)
                + (notice.isEmpty() ? "" : "\n\n" + notice);
        return context.host().confirm("Run this command?", detail).thenCompose(approved -> Boolean.TRUE.equals(approved)
                ? start(command, workingDirectory, true, context)
                : CompletableFuture.completedFuture(ToolResult.failure("execute_command: the user declined to run `"
                        + shorten(command) + "` (it needed approval: " + String.join("; ", reasons)
                        + "). Nothing was run.")));
    }

    private CompletableFuture<ToolResult> start(String command, Path workingDirectory, boolean approved,
                                                ToolContext context) {
        if (context.cancellation().isCancelled()) {
            return CompletableFuture.completedFuture(ToolResult.failure("execute_command: cancelled before `"
                    + shorten(command) + "` started. Nothing was run."));
        }
        // The host first saves what the run changed, so the command runs on the files the model sees.
        Optional<CommandTerminal> terminal = context.host().terminal();
        if (terminal.isPresent()) {
            return context.host().beforeCommand().thenCompose(saved -> inTerminal(terminal.get(), command,
                    workingDirectory, approved, context).thenApply(result -> withNote(result, saved)));
        }
        return context.host().beforeCommand().thenCompose(saved -> runner.run(command, workingDirectory,
                        context.cancellation())
                .thenApply(outcome -> {
                    afterRun.run();
                    return withNote(result(command, approved, outcome), saved);
                }))
                .exceptionally(e -> ToolResult.failure("execute_command: could not start the shell: "
                        + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage())));
    }

    /** Runs the command in the watcher's terminal; the run's cancel kills it there. */
    private CompletableFuture<ToolResult> inTerminal(CommandTerminal terminal, String command, Path workingDirectory,
                                                     boolean approved, ToolContext context) {
        CompletableFuture<CommandTerminal.Result> running = terminal.run(command, workingDirectory,
                runner.limits().timeout());
        Runnable stop = () -> running.cancel(true);
        context.cancellation().onCancel(stop);
        return running.handle((ran, failure) -> {
            context.cancellation().remove(stop);
            afterRun.run();
            if (failure != null) {
                if (running.isCancelled() || context.cancellation().isCancelled()) {
                    return result(command, approved, new CommandRunner.Outcome(CommandRunner.Ending.CANCELLED, -1,
                            "", 0, 0, false, java.time.Duration.ZERO));
                }
                Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
                return ToolResult.failure("execute_command: the editor's terminal could not run `" + shorten(command)
                        + "`: " + cause.getMessage());
            }
            String output = (ran.truncated() ? "[the start of the output was dropped by the terminal]\n" : "")
                    + ran.output();
            CommandRunner.Ending ending = ran.ending() == CommandTerminal.Ending.TIMED_OUT
                    ? CommandRunner.Ending.TIMED_OUT : CommandRunner.Ending.EXITED;
            return result(command, approved, new CommandRunner.Outcome(ending, ran.exitCode(), output,
                    output.length(), 0, false, ran.elapsed()));
        });
    }

    private ToolResult result(String command, boolean approved, CommandRunner.Outcome outcome) {
        String output = outcome.output().isEmpty() ? "(no output)" : outcome.output();
        if (outcome.outputStillOpen()) {
            output += "\n[background processes still hold the output open; what they print later is not shown]";
        }
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put(COMMAND, command);
        data.put("exitCode", outcome.exitCode());
        data.put("ending", outcome.ending().name().toLowerCase(java.util.Locale.ROOT));
        data.put("outputBytes", outcome.outputBytes());
        data.put("omittedBytes", outcome.omittedBytes());
        data.put("approved", approved);
        data.put("elapsedMillis", outcome.elapsed().toMillis());
        switch (outcome.ending()) {
            case TIMED_OUT -> {
                return ToolResult.failure("execute_command: `" + shorten(command) + "` did not finish within "
                        + runner.limits().timeout().toSeconds() + " seconds and was stopped, with every process it"
                        + " started. Output so far:\n" + output);
            }
            case CANCELLED -> {
                return ToolResult.failure("execute_command: cancelled; `" + shorten(command)
                        + "` was stopped, with every process it started. Output so far:\n" + output);
            }
            default -> {
                return ToolResult.success("Exit code " + outcome.exitCode() + ".\n" + output, data);
            }
        }
    }

    private static ToolResult withNote(ToolResult result, String note) {
        if (note.isEmpty()) {
            return result;
        }
        return result instanceof ToolResult.Success success
                ? ToolResult.success(note + "\n" + success.text(), success.data())
                : ToolResult.failure(note + "\n" + ((ToolResult.Failure) result).message());
    }

    private static String shorten(String command) {
        String oneLine = command.replace('\n', ' ');
        return oneLine.length() <= SHOWN ? oneLine : oneLine.substring(0, SHOWN) + "…";
    }
}
