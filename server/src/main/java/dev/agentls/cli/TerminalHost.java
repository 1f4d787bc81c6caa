package dev.agentls.cli;

import dev.agentls.host.ApprovalAnswer;
import dev.agentls.host.ApprovalQuestion;
import dev.agentls.host.ApprovalScope;
import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import dev.agentls.host.QuestionWithdrawn;
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
import java.util.concurrent.atomic.AtomicReference;

/**
 * The {@link Host} of a terminal: changes are written to disk atomically (temp file + rename) keeping each file's
 * BOM and layout; a batch is checked whole before the first write and the written files are restored if a later
 * write fails. Questions are asked on the terminal when it is interactive and declined otherwise, so a script never
 * hangs on a prompt; all of them read the terminal's one {@link TerminalInput}, and a withdrawn one stops waiting at
 * once, saying so. It refuses a change whose old text is no longer what the file holds.
 */
final class TerminalHost implements Host {

    private final DocumentStore documents;
    private final AtomicWriter writer;
    private final Prompter prompter;
    private final PrintStream status;

    /** How questions reach a person: the terminal's one input and where prompts go; no input: nobody can answer. */
    record Prompter(TerminalInput input, PrintStream output) {

        /** @param loop where the input's one reading loop runs (a daemon thread; see {@link TerminalInput}) */
        Prompter(BufferedReader input, PrintStream output, Executor loop) {
            this(input == null ? null : new TerminalInput(input, loop, output), output);
        }

        static Prompter none() {
            return new Prompter((TerminalInput) null, null);
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
        List<Before> before = new ArrayList<>();
        for (FileChange change : changes) {
            try {
                before.add(check(change));
            } catch (Stale stale) {
                return CompletableFuture.completedFuture(new ChangeOutcome.Refused(stale.getMessage()));
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

    /** A file's state before the batch: its exact bytes (to restore) and, for a modified file, its layout. */
    private record Before(byte[] bytes, TextFormat format) {}

    /** The change no longer fits the disk; nothing has been written yet. */
    private static final class Stale extends Exception {
        Stale(String message) {
            super(message + "; nothing was written", null, false, false);
        }
    }

    /** Refuses a change that no longer fits disk; returns the file's state before it (null for a new file). */
    private Before check(FileChange change) throws Stale {
        Path path = change.path();
        if (change instanceof FileChange.Create) {
            if (Files.exists(path)) {
                throw new Stale(path + " already exists");
            }
            return null;
        }
        if (change instanceof FileChange.WriteBytes) {
            try {
                return Files.exists(path) ? new Before(Files.readAllBytes(path), null) : null;
            } catch (IOException e) {
                throw new Stale("cannot read " + path + ": " + e.getMessage());
            }
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(path);
        } catch (IOException e) {
            throw new Stale("cannot read " + path + ": " + e.getMessage());
        }
        if (!(change instanceof FileChange.Modify modify)) {
            return new Before(bytes, null);
        }
        Snapshot now;
        try {
            now = documents.snapshot(path);
        } catch (WorkspaceException e) {
            throw new Stale(e.getMessage());
        }
        if (!now.text().equals(modify.oldText())) {
            throw new Stale(path + " changed on disk since the edit was prepared");
        }
        return new Before(bytes, now.format());
    }

    private void write(FileChange change, Before before, List<Runnable> undo) throws IOException {
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
        } else if (change instanceof FileChange.WriteBytes bytes) {
            writer.writeBytes(path, bytes.bytes());
            undo.add(before == null ? () -> delete(path) : () -> restore(path, before));
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

    /** Puts back the exact bytes the file had before the batch. */
    private void restore(Path path, Before before) {
        try {
            writer.writeBytes(path, before.bytes());
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
        CompletableFuture<Optional<String>> asked = ask(title + (detail.isBlank() ? "" : "\n" + detail) + " [y/N]",
                List.of());
        return QuestionWithdrawn.passedOn(asked.thenApply(answer -> answer.map(a -> a.trim().equalsIgnoreCase("y")
                || a.trim().equalsIgnoreCase("yes")).orElse(false)), asked);
    }

    /** The choices an approval offers, as the prompt lists them. */
    static final String APPROVAL_CHOICES = "y) yes, once   r) yes, for this run   a) always, in this workspace"
            + "   n) no, and say why";
    /** The choices of a question that is no command (an MCP server's trust, a tool call): nothing is remembered. */
    static final String YES_NO_CHOICES = "y) yes, once   n) no, and say why";
    /** The follow-up question after a no: its line goes to the model with the denial. */
    static final String DENIAL_REASON = "Why not? (a line for the model; Enter for none)";

    /**
     * Asks for an approval with every choice listed: y once, r for this run, a always, n no (then a line saying why,
     * for the model); r and a only when the question offers them (a command, which the policy can remember). A blank
     * line, the end of the input or an answer that is none of these denies without a reason, so a script never waits on the
     * follow-up. Withdrawn, whichever of the two questions is open stops waiting.
     */
    @Override
    public CompletableFuture<ApprovalAnswer> approve(ApprovalQuestion question) {
        String title = question.title();
        String detail = question.detail();
        boolean scoped = question.rememberable();
        AtomicReference<CompletableFuture<Optional<String>>> open = new AtomicReference<>(
                ask(title + (detail.isBlank() ? "" : "\n" + detail) + "\n" + (scoped ? APPROVAL_CHOICES
                        + "\n[y/r/a/N]" : YES_NO_CHOICES + "\n[y/N]"), List.of()));
        CompletableFuture<ApprovalAnswer> approval = open.get().thenCompose(answer -> {
            String typed = answer.map(a -> a.trim().toLowerCase(java.util.Locale.ROOT)).orElse("");
            if (!scoped && (typed.startsWith("r") || typed.startsWith("a"))) {
                typed = "";
            }
            switch (typed) {
                case "y", "yes" -> {
                    return allowed(ApprovalScope.ONCE);
                }
                case "r", "run" -> {
                    return allowed(ApprovalScope.RUN);
                }
                case "a", "always" -> {
                    return allowed(ApprovalScope.ALWAYS);
                }
                case "n", "no" -> {
                    CompletableFuture<Optional<String>> why = ask(DENIAL_REASON, List.of());
                    open.set(why);
                    return why.<ApprovalAnswer>thenApply(reason -> new ApprovalAnswer.Denied(reason.orElse("").strip()));
                }
                default -> {
                    return CompletableFuture.<ApprovalAnswer>completedFuture(ApprovalAnswer.Denied.WITHOUT_REASON);
                }
            }
        });
        QuestionWithdrawn.onWithdrawal(approval, reason -> open.get().completeExceptionally(
                new QuestionWithdrawn(reason)));
        return approval;
    }

    private static CompletableFuture<ApprovalAnswer> allowed(ApprovalScope scope) {
        return CompletableFuture.completedFuture(new ApprovalAnswer.Allowed(scope));
    }

    /** What the terminal prints when a question it shows is withdrawn; {@code reason} says why. */
    static String withdrawnLine(String reason) {
        return "(question withdrawn: " + reason + "; nothing typed now answers it)";
    }

    /**
     * Shows the question once no earlier one is open, and answers it with the next line typed (a number picks an
     * option); empty when the line is blank or the input ended. Withdrawn, it stops waiting at once and says so.
     */
    @Override
    public CompletableFuture<Optional<String>> ask(String question, List<String> options) {
        if (prompter.input() == null) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        PrintStream out = prompter.output();
        TerminalInput.Question asked = prompter.input().ask(() -> {
            out.println(question);
            for (int i = 0; i < options.size(); i++) {
                out.println("  " + (i + 1) + ") " + options.get(i));
            }
            out.flush();
        }, "> ");
        CompletableFuture<Optional<String>> answer = asked.line().thenApply(line -> line
                .filter(text -> !text.isBlank()).map(text -> chosen(text.trim(), options)));
        QuestionWithdrawn.onWithdrawal(answer, reason -> asked.withdraw(() -> {
            out.println();
            out.println(withdrawnLine(reason));
            out.flush();
        }));
        return answer;
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
