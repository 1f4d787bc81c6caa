package dev.agentls.session;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.AgentListener;
import dev.agentls.host.FileChange;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.Consumer;

/**
 * A run's transcript, written as the run goes: {@code .agentls/runs/<id>.md} (the prompt, the model's text, each
 * tool call and result, each file changed, approvals and questions and how they were answered, and the end with
 * tokens and cost) and {@code .agentls/runs/<id>.diff} (a unified diff of every change applied). A file that
 * cannot be written is reported once and the run goes on without it.
 */
public final class RunTranscript implements AgentListener, RunNotes {

    public static final String FOLDER = ".agentls/runs";

    private final Path markdown;
    private final Path diff;
    private final Path root;
    private final Consumer<String> problems;
    private final StringBuilder text = new StringBuilder();
    private boolean failed;

    /** Starts the transcript with its header; {@code problems} hears once if the files cannot be written. */
    public RunTranscript(Path root, String runId, String prompt, Consumer<String> problems) {
        this.root = root;
        this.markdown = root.resolve(FOLDER).resolve(runId + ".md");
        this.diff = root.resolve(FOLDER).resolve(runId + ".diff");
        this.problems = problems;
        try {
            Files.createDirectories(markdown.getParent());
            Files.writeString(markdown, "# AgentLS run #" + runId + "\n\n" + quoted(prompt) + "\n\n",
                    StandardCharsets.UTF_8);
            Files.writeString(diff, "", StandardCharsets.UTF_8);
        } catch (IOException e) {
            fail(e);
        }
    }

    /** The highest run number with a transcript under {@code root}, 0 when none: a new session numbers after it. */
    public static int lastNumber(Path root) {
        try (java.util.stream.Stream<Path> files = Files.list(root.resolve(FOLDER))) {
            return files.map(file -> file.getFileName().toString())
                    .filter(name -> name.matches("[0-9]{1,9}\\.md"))
                    .mapToInt(name -> Integer.parseInt(name.substring(0, name.length() - 3)))
                    .max().orElse(0);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * Takes number {@code number} under {@code root} by creating its transcript; false when another run (of another
     * session over the folder, or another process) has it. A folder that cannot be written takes every number: the
     * transcript then reports its problem as usual.
     */
    static boolean claim(Path root, int number) {
        Path file = root.resolve(FOLDER).resolve(number + ".md");
        try {
            Files.createDirectories(file.getParent());
            Files.createFile(file);
            return true;
        } catch (java.nio.file.FileAlreadyExistsException taken) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    public Path markdown() {
        return markdown;
    }

    @Override
    public synchronized void onEvent(AgentEvent event) {
        if (event instanceof AgentEvent.Text piece) {
            text.append(piece.text());
            return;
        }
        if (event instanceof AgentEvent.Thinking) {
            return;
        }
        flushText();
        String line = line(event);
        if (line != null) {
            append(markdown, line + "\n\n");
        }
    }

    @Override
    public synchronized void note(String note) {
        flushText();
        append(markdown, "> " + note + "\n\n");
    }

    /** Adds the applied changes to the diff file. */
    public synchronized void applied(List<FileChange> changes) {
        StringBuilder out = new StringBuilder();
        for (FileChange change : changes) {
            String name = root.relativize(change.path()).toString().replace('\\', '/');
            if (change instanceof FileChange.Modify m) {
                out.append(unified(name, name, m.oldText(), m.newText()));
            } else if (change instanceof FileChange.Create c) {
                out.append(unified("/dev/null", name, "", c.text()));
            } else if (change instanceof FileChange.Delete) {
                out.append("--- a/").append(name).append("\n+++ /dev/null\n");
            }
        }
        append(diff, out.toString());
    }

    private static String unified(String from, String to, String oldText, String newText) {
        List<String> oldLines = oldText.lines().toList();
        List<String> lines = UnifiedDiffUtils.generateUnifiedDiff(from.equals("/dev/null") ? from : "a/" + from,
                "b/" + to, oldLines, DiffUtils.diff(oldLines, newText.lines().toList()), 3);
        return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
    }

    private static String line(AgentEvent event) {
        if (event instanceof AgentEvent.RunStarted started) {
            return "Mode: " + started.mode().id() + "; conversation " + started.conversationId();
        } else if (event instanceof AgentEvent.ToolCall call) {
            return "**" + call.name() + "** " + ToolCallText.of(call);
        } else if (event instanceof AgentEvent.ToolResult result) {
            return (result.ok() ? "ok: " : "failed: ") + firstLine(result.text());
        } else if (event instanceof AgentEvent.EditApplied edit) {
            return "Changed `" + edit.file() + "` (+" + edit.added() + " -" + edit.removed() + ")";
        } else if (event instanceof AgentEvent.ApprovalRequested approval) {
            return "Waiting for your approval: " + approval.title() + "\n\n" + quoted(approval.detail());
        } else if (event instanceof AgentEvent.QuestionAsked question) {
            return "Question: " + question.question() + (question.options().isEmpty() ? ""
                    : " (options: " + String.join(", ", question.options()) + ")")
                    + " - answer with agentls.answer {\"runId\": \"" + question.runId() + "\", \"answer\": ...}";
        } else if (event instanceof AgentEvent.ModelMistake mistake) {
            return "Model mistake (" + mistake.consecutive() + " of " + mistake.limit() + " in a row), told to the"
                    + " model: " + mistake.problem();
        } else if (event instanceof AgentEvent.TextToolCall call) {
            return "The model wrote **" + call.name() + "** as " + call.form() + "; it runs as a tool call.";
        } else if (event instanceof AgentEvent.Warning warning) {
            return "Warning: " + warning.message();
        } else if (event instanceof AgentEvent.Error error) {
            return "Error: " + error.message();
        } else if (event instanceof AgentEvent.TokenUsage usage) {
            return "Tokens so far: " + usage.inputTokens() + " in, " + usage.outputTokens() + " out"
                    + usage.cost().map(cost -> "; cost $" + cost.toPlainString()).orElse("");
        } else if (event instanceof AgentEvent.Completion completion) {
            return "## Result\n\n" + completion.result();
        } else if (event instanceof AgentEvent.RunFinished finished) {
            return "Finished: " + finished.status().id();
        }
        return null;
    }

    private void flushText() {
        if (text.length() > 0) {
            append(markdown, text.toString().strip() + "\n\n");
            text.setLength(0);
        }
    }

    private static String quoted(String text) {
        return "> " + text.strip().replace("\n", "\n> ");
    }

    private void append(Path file, String content) {
        if (failed || content.isEmpty()) {
            return;
        }
        try {
            Files.writeString(file, content, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            fail(e);
        }
    }

    private void fail(IOException e) {
        if (!failed) {
            failed = true;
            problems.accept("cannot write the transcript " + FOLDER + ": " + e.getMessage());
        }
    }

    /** The first line of a text, shortened to 200 characters, as a user reads it in a list. */
    public static String firstLine(String text) {
        String line = text.strip().lines().findFirst().orElse("");
        return line.length() <= 200 ? line : line.substring(0, 197) + "...";
    }
}
