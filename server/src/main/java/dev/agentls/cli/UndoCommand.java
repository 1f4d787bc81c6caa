package dev.agentls.cli;

import dev.agentls.session.Undo;
import dev.agentls.session.Workspace;
import dev.agentls.workspace.AtomicWriter;
import dev.agentls.workspace.CheckpointStore;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code agentls undo [RUN] [--workspace DIR]} and {@code agentls rollback CHECKPOINT [--workspace DIR]}: put a run's
 * files (the newest run that changed files by default), or every file changed since a checkpoint, back byte for byte
 * from the checkpoints under {@code .agentls/checkpoints/}, naming each. Exit 0 restored, 1 refused (a file changed
 * since the run, an unknown run or checkpoint: nothing is changed), 2 bad arguments.
 */
final class UndoCommand implements Subcommand {

    private final boolean rollback;
    private final RunContext context;

    /** @param rollback {@code rollback CHECKPOINT} rather than {@code undo [RUN]} */
    UndoCommand(boolean rollback, RunContext context) {
        this.rollback = rollback;
        this.context = context;
    }

    @Override
    public String name() {
        return rollback ? "rollback" : "undo";
    }

    @Override
    public String summary() {
        return rollback ? "return every file changed since a checkpoint (cp-N) to its state then"
                : "undo a run's changes: agentls undo [RUN] (the newest run that changed files)";
    }

    @Override
    public CommandHelp help() {
        CommandHelp.Option workspace = new CommandHelp.Option("--workspace", "DIR",
                "the git repository holding the current folder, else the current folder", "the workspace folder");
        return rollback
                ? new CommandHelp("usage: agentls rollback CHECKPOINT [--workspace DIR]", "Returns every file changed"
                        + " since CHECKPOINT (an id the live view prints, e.g. cp-1) to its state then, byte for byte."
                        + " Refuses, changing nothing, when a file changed since the run that last changed it."
                        + " Exit 0 restored, 1 refused, 2 bad arguments.", List.of(workspace))
                : new CommandHelp("usage: agentls undo [RUN] [--workspace DIR]", "Puts the files run RUN changed"
                        + " (default: the newest run that changed files) back byte for byte and names them. Refuses,"
                        + " changing nothing, when a file changed since the run. Exit 0 restored, 1 refused, 2 bad"
                        + " arguments.", List.of(workspace));
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws UsageException {
        Optional<Path> folder = Optional.empty();
        List<String> positional = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--workspace")) {
                if (i + 1 >= args.length) {
                    throw new UsageException("--workspace needs a folder");
                }
                folder = Optional.of(context.cwd().resolve(args[++i]));
            } else if (args[i].startsWith("-")) {
                throw new UsageException("unknown option " + ShownArgument.of(args[i]) + " for " + name()
                        + "; it takes --workspace DIR");
            } else {
                positional.add(args[i]);
            }
        }
        if (positional.size() > 1 || (rollback && positional.isEmpty())) {
            throw new UsageException(rollback ? "rollback takes one checkpoint id, e.g. agentls rollback cp-1"
                    : "undo takes at most one run number, e.g. agentls undo 3");
        }
        Path root = folder.orElseGet(() -> WorkspaceRoot.of(context.cwd())).toAbsolutePath().normalize();
        if (!Files.isDirectory(root)) {
            throw new UsageException("--workspace " + root + " is not a folder");
        }
        Undo undo = new Undo(root, new CheckpointStore(Clock.systemUTC(), CheckpointStore.DEFAULT_BUDGET,
                root.resolve(Workspace.CHECKPOINTS), null), new AtomicWriter());
        Undo.Result result = rollback ? undo.rollback(positional.get(0))
                : undo.undoRun(positional.stream().findFirst());
        return report(name(), result, out, err);
    }

    /** Prints what was restored on {@code out}, or the refusal on {@code err}; the exit status. */
    static int report(String verb, Undo.Result result, PrintStream out, PrintStream err) {
        if (result instanceof Undo.Restored restored) {
            out.println(restored.message());
            restored.files().forEach(file -> out.println("  " + file));
            return 0;
        }
        err.println("agentls " + verb + ": refused: " + result.message());
        return 1;
    }
}
