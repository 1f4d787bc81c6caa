package dev.agentls.cli;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import dev.agentls.workspace.AtomicWriter;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.Snapshot;
import dev.agentls.workspace.TextFormat;
import dev.agentls.workspace.WorkspaceException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The {@link Host} of a terminal: changes are written to disk atomically (temp file + rename) keeping each file's
 * BOM and layout; a batch is checked whole before the first write and the written files are restored if a later
 * write fails. Questions are asked on the terminal when it is interactive and declined otherwise, so a script never
 * hangs on a prompt. It refuses a change whose old text is no longer what the file holds.
 */
final class TerminalHost implements Host {

    private final DocumentStore documents;
    private final AtomicWriter writer;
    private final Prompter prompter;
    private final PrintStream status;

    /** How questions reach a person; {@code null} {@code input} means nobody can answer. */
    record Prompter(BufferedReader input, PrintStream output, Executor executor) {
        static Prompter none() {
            return new Prompter(null, null, Runnable::run);
        }
    }

    TerminalHost(DocumentStore documents, AtomicWriter writer, Prompter prompter, PrintStream status) {
        this.documents = documents;
        this.writer = writer;
        this.prompter = prompter;
        this.status = status;
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
        return applyChanges(List.of(change));
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChanges(List<FileChange> changes) {
        List<Snapshot> before = new ArrayList<>();
        for (FileChange change : changes) {
            Optional<String> stale = check(change, before);
            if (stale.isPresent()) {
                return CompletableFuture.completedFuture(new ChangeOutcome.Refused(stale.get()));
            }
        }
        List<Runnable> undo = new ArrayList<>();
        for (int i = 0; i < changes.size(); i++) {
            FileChange change = changes.get(i);
            try {
                write(change, before.get(i), undo);
            } catch (IOException | UncheckedIOException e) {
                String restored = rollBack(undo);
                return CompletableFuture.completedFuture(new ChangeOutcome.Refused(
                        "writing " + change.path() + " failed: " + e.getMessage() + restored));
            }
        }
        return CompletableFuture.completedFuture(new ChangeOutcome.Applied());
    }

    /** Refuses a change that no longer fits disk; records the file's current state (null when absent). */
    private Optional<String> check(FileChange change, List<Snapshot> before) {
        Path path = change.path();
        if (change instanceof FileChange.Create) {
            before.add(null);
            return Files.exists(path) ? Optional.of(path + " already exists; nothing was written") : Optional.empty();
        }
        Snapshot now;
        try {
            now = documents.snapshot(path);
        } catch (WorkspaceException e) {
            return Optional.of(e.getMessage() + "; nothing was written");
        }
        before.add(now);
        if (change instanceof FileChange.Modify modify && !now.text().equals(modify.oldText())) {
            return Optional.of(path + " changed on disk since the edit was prepared; nothing was written");
        }
        return Optional.empty();
    }

    private void write(FileChange change, Snapshot before, List<Runnable> undo) throws IOException {
        Path path = change.path();
        if (change instanceof FileChange.Modify modify) {
            writer.write(path, modify.newText(), before.format());
            undo.add(() -> restore(path, before));
        } else if (change instanceof FileChange.Create create) {
            writer.write(path, create.text(), TextFormat.NEW_FILE);
            undo.add(() -> delete(path));
        } else if (change instanceof FileChange.Delete) {
            Files.delete(path);
            undo.add(() -> restore(path, before));
        }
    }

    private String rollBack(List<Runnable> undo) {
        if (undo.isEmpty()) {
            return "; nothing was written";
        }
        try {
            for (int i = undo.size() - 1; i >= 0; i--) {
                undo.get(i).run();
            }
            return "; the " + undo.size() + " file(s) written before it were restored";
        } catch (UncheckedIOException e) {
            return "; restoring the files written before it failed too: " + e.getMessage();
        }
    }

    private void restore(Path path, Snapshot before) {
        try {
            writer.write(path, before.text(), before.format());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public CompletableFuture<Boolean> confirm(String title, String detail) {
        return ask(title + (detail.isBlank() ? "" : "\n" + detail) + " [y/N]", List.of())
                .thenApply(answer -> answer.map(a -> a.trim().equalsIgnoreCase("y") || a.trim().equalsIgnoreCase("yes"))
                        .orElse(false));
    }

    @Override
    public CompletableFuture<Optional<String>> ask(String question, List<String> options) {
        if (prompter.input() == null) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        return CompletableFuture.supplyAsync(() -> {
            prompter.output().println(question);
            for (int i = 0; i < options.size(); i++) {
                prompter.output().println("  " + (i + 1) + ") " + options.get(i));
            }
            prompter.output().print("> ");
            prompter.output().flush();
            try {
                String line = prompter.input().readLine();
                if (line == null || line.isBlank()) {
                    return Optional.<String>empty();
                }
                return Optional.of(chosen(line.trim(), options));
            } catch (IOException e) {
                return Optional.<String>empty();
            }
        }, prompter.executor());
    }

    /** A number picks an option; anything else is the answer as typed. */
    private static String chosen(String line, List<String> options) {
        try {
            int index = Integer.parseInt(line);
            if (index >= 1 && index <= options.size()) {
                return options.get(index - 1);
            }
        } catch (NumberFormatException e) {
            // Not a number: a free answer.
        }
        return line;
    }

    @Override
    public void progress(String message) {
        status.println(message);
    }
}
