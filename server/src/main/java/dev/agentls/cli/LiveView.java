package dev.agentls.cli;

import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.AgentListener;
import dev.agentls.agent.CallArguments;
import dev.agentls.host.FileChange;
import dev.agentls.tools.ExecuteCommandTool;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * The readable view of a run for a person at a terminal: the model's text as it streams, one line per tool call with
 * its result (a command's first lines of output), each applied change's diff, plan steps, retries, warnings, each
 * error once, and the end with cost and duration. On a TTY a spinner line at the bottom shows the step, tokens, cost
 * and time so far and what the run is waiting on, redrawn by {@link #tick} except while a question is open; without a
 * TTY (a pipe, a log) there are no control characters at all.
 */
final class LiveView implements AgentListener {

    private static final String[] FRAMES = {"|", "/", "-", "\\"};
    private static final String CLEAR_LINE = "\r\033[K";
    private static final int SUMMARY_CHARS = 100;
    /** A failure's facts (closest lines, similarity, what to change) are worth a longer line. */
    private static final int FAILURE_CHARS = 300;

    /** How many lines of a command's output the view shows under its result line. */
    static final int OUTPUT_LINES = 5;

    /**
     * How the view draws: on a TTY or not, its diffs (coloured or not), the hint under model errors, whether a
     * question is open (no spinner over it) and the clock that times the run.
     */
    record Look(boolean tty, DiffLines diffs, ModelErrorHint hint, BooleanSupplier asking, LongSupplier nanoTime) {
        /** A view with no colour, no hint address and nothing asked. */
        static Look plain(boolean tty) {
            return new Look(tty, new DiffLines(Path.of(""), false), ModelErrorHint.NONE, () -> false,
                    System::nanoTime);
        }

        /** Colour only where it shows: a TTY, TERM not dumb (the caller's TTY test) and NO_COLOR unset. */
        static boolean colour(boolean tty, Map<String, String> env) {
            return tty && !"dumb".equals(env.get("TERM")) && env.get("NO_COLOR") == null;
        }
    }

    private final PrintStream out;
    private final boolean tty;
    private final Look look;
    private long startedNanos = -1;
    private Optional<BigDecimal> cost = Optional.empty();
    private final Map<String, AgentEvent.ToolCall> pending = new LinkedHashMap<>();
    private boolean atLineStart = true;
    private boolean spinnerShown;
    private boolean inThinking;
    private int frame;
    private int step;
    private long tokens;
    private String waitingOn = "waiting for the model";
    private final ModelErrorHint hint;
    private String lastError = "";

    LiveView(PrintStream out, boolean tty) {
        this(out, Look.plain(tty));
    }

    /** @param hint what to add under a model call's failure: the address tried and what to check */
    LiveView(PrintStream out, boolean tty, ModelErrorHint hint) {
        this(out, new Look(tty, new DiffLines(Path.of(""), false), hint, () -> false, System::nanoTime));
    }

    LiveView(PrintStream out, Look look) {
        this.out = out;
        this.tty = look.tty();
        this.hint = look.hint();
        this.look = look;
    }

    /** Shows applied changes as diffs (a command's or a tool's), between the other lines. */
    synchronized void applied(List<FileChange> changes) {
        eraseSpinner();
        endStreaming();
        for (FileChange change : changes) {
            look.diffs().lines(change).forEach(this::line);
        }
        out.flush();
    }

    /** Clears the spinner line before a question is shown; {@link #tick} draws none while it is open. */
    synchronized void pause() {
        eraseSpinner();
        out.flush();
    }

    @Override
    public synchronized void onEvent(AgentEvent event) {
        eraseSpinner();
        if (event instanceof AgentEvent.Text text) {
            stream(text.text(), false);
        } else if (event instanceof AgentEvent.Thinking thinking) {
            stream(thinking.text(), true);
        } else {
            endStreaming();
            render(event);
        }
        out.flush();
    }

    private void render(AgentEvent event) {
        if (event instanceof AgentEvent.RunStarted e) {
            startedNanos = look.nanoTime().getAsLong();
            line("agentls run " + e.runId() + " (mode " + e.mode().id() + ", conversation " + e.conversationId()
                    + ")");
        } else if (event instanceof AgentEvent.ToolCall e) {
            pending.put(e.callId(), e);
            waitingOn = "running " + e.name();
        } else if (event instanceof AgentEvent.ToolResult e) {
            AgentEvent.ToolCall call = pending.remove(e.callId());
            String subject = call == null ? "" : subject(call.arguments());
            line((e.ok() ? "[ok]     " : "[failed] ") + e.name() + (subject.isEmpty() ? "" : " " + subject)
                    + " -> " + summary(e.text(), e.ok() ? SUMMARY_CHARS : FAILURE_CHARS));
            if (e.ok() && e.name().equals(ExecuteCommandTool.NAME)) {
                outputLines(e.text());
            }
            waitingOn = pending.isEmpty() ? "waiting for the model" : "running " + pending.values().iterator().next()
                    .name();
        } else if (event instanceof AgentEvent.EditApplied e) {
            line("         edited " + e.file() + " +" + e.added() + " -" + e.removed() + " (checkpoint "
                    + e.checkpointId() + ")");
        } else if (event instanceof AgentEvent.PlanCreated e) {
            line("plan: " + e.goal());
            for (int i = 0; i < e.steps().size(); i++) {
                line("  " + (i + 1) + ". " + e.steps().get(i));
            }
        } else if (event instanceof AgentEvent.StepStarted e) {
            line("== step " + e.step() + " of " + e.total() + ": " + e.title());
        } else if (event instanceof AgentEvent.StepCompleted e) {
            line("   done: step " + e.step() + " of " + e.total());
        } else if (event instanceof AgentEvent.ApprovalRequested e) {
            line("? approval requested: " + e.title());
            waitingOn = null; // the terminal prompt is on screen: no spinner over it until the run goes on
        } else if (event instanceof AgentEvent.QuestionAsked e) {
            line("? question: " + e.question());
            waitingOn = null;
        } else if (event instanceof AgentEvent.TokenUsage e) {
            step++;
            tokens = e.inputTokens() + e.outputTokens();
            cost = e.cost();
            waitingOn = "running tools";
        } else if (event instanceof AgentEvent.ContextPruned e) {
            line("(context pruned: " + e.dropped() + ", " + e.tokensSaved() + " tokens saved)");
        } else if (event instanceof AgentEvent.Retry e) {
            line("retry " + e.attempt() + " in " + e.delayMillis() + " ms: " + e.reason());
        } else if (event instanceof AgentEvent.LoopDetected e) {
            line("loop detected: " + e.what() + " (" + e.repeats() + " times)" + (e.stopping() ? "; stopping" : ""));
        } else if (event instanceof AgentEvent.ModelMistake e) {
            line("model mistake (" + e.consecutive() + " of " + e.limit() + " in a row): " + e.problem());
        } else if (event instanceof AgentEvent.TextToolCall e) {
            line("(the model wrote " + e.name() + " as " + e.form() + "; running it as a tool call)");
        } else if (event instanceof AgentEvent.Warning e) {
            line("warning: " + e.message());
        } else if (event instanceof AgentEvent.Error e) {
            if (e.message().equals(lastError)) {
                return; // one failure reported by several layers is shown once
            }
            lastError = e.message();
            line("error: " + e.message());
            hint.lines(e.message()).forEach(this::line);
        } else if (event instanceof AgentEvent.Completion e) {
            line("completed: " + e.result());
        } else if (event instanceof AgentEvent.RunFinished e) {
            line("run finished: " + e.status().id() + " after " + step + " model call(s), " + tokens + " tokens"
                    + costText() + ", " + elapsed()
                    + (e.status() == dev.agentls.agent.RunStatus.COMPLETED ? ""
                    : !lastError.isEmpty() && e.text().contains(lastError) ? " (the error above)" : ": " + e.text()));
            waitingOn = null;
        }
    }

    /** Redraws the spinner line (a TTY only, and only between lines, never inside streamed text). */
    synchronized void tick() {
        if (!tty || !atLineStart || waitingOn == null || look.asking().getAsBoolean()) {
            return;
        }
        frame = (frame + 1) % FRAMES.length;
        out.print(CLEAR_LINE + FRAMES[frame] + " step " + Math.max(step, 1) + " | " + tokens + " tokens"
                + costText() + " | " + elapsed() + " | " + waitingOn);
        out.flush();
        spinnerShown = true;
    }

    /** The first lines of a command's output, after its "Exit code N." line, indented under its result line. */
    private void outputLines(String text) {
        List<String> lines = text.lines().skip(text.startsWith("Exit code ") ? 1 : 0)
                .filter(line -> !line.equals("(no output)")).toList();
        for (String output : lines.subList(0, Math.min(lines.size(), OUTPUT_LINES))) {
            line("         | " + shorten(output, SUMMARY_CHARS));
        }
        if (lines.size() > OUTPUT_LINES) {
            line("         | ... " + (lines.size() - OUTPUT_LINES) + " more line(s)");
        }
    }

    private String costText() {
        return cost.map(c -> ", $" + c.setScale(4, java.math.RoundingMode.HALF_UP).toPlainString()).orElse("");
    }

    private String elapsed() {
        long nanos = startedNanos < 0 ? 0 : look.nanoTime().getAsLong() - startedNanos;
        Duration taken = Duration.ofNanos(Math.max(0, nanos));
        return taken.toMinutes() > 0 ? taken.toMinutes() + "m" + taken.toSecondsPart() + "s"
                : String.format(java.util.Locale.ROOT, "%.1fs", taken.toMillis() / 1000.0);
    }

    private void stream(String text, boolean thinking) {
        if (text.isEmpty()) {
            return;
        }
        if (thinking != inThinking) {
            endStreaming();
            inThinking = thinking;
            if (thinking) {
                out.print(tty ? "\033[2mthinking: " : "thinking: ");
            }
        }
        out.print(text);
        atLineStart = text.endsWith("\n");
        waitingOn = "waiting for the model";
    }

    private void endStreaming() {
        if (inThinking && tty) {
            out.print("\033[0m");
        }
        inThinking = false;
        if (!atLineStart) {
            out.println();
            atLineStart = true;
        }
    }

    private void line(String text) {
        out.println(text);
        atLineStart = true;
    }

    private void eraseSpinner() {
        if (spinnerShown) {
            out.print(CLEAR_LINE);
            spinnerShown = false;
        }
    }

    /** What a call is about as its tool says ({@code src/App.java}, the query, the command), shortened, or empty. */
    static String subject(CallArguments arguments) {
        if (!arguments.parsed()) {
            return "(arguments are not JSON)";
        }
        return arguments.subject().map(subject -> shorten(subject, SUMMARY_CHARS)).orElse("");
    }

    /** A result's first line, shortened, and how many lines it had. */
    static String summary(String text, int limit) {
        String trimmed = text.strip();
        if (trimmed.isEmpty()) {
            return "(no output)";
        }
        long lines = trimmed.lines().count();
        String first = shorten(trimmed.lines().findFirst().orElse(""), limit);
        return lines > 1 ? first + " (" + lines + " lines)" : first;
    }

    private static String shorten(String text, int limit) {
        String one = text.replaceAll("\\s+", " ").strip();
        return one.length() <= limit ? one : one.substring(0, limit - 3) + "...";
    }
}
