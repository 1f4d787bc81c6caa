package dev.agentls.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The terminal's input as questions read it: one reading loop for the whole process (started at the first question,
 * on the executor it is given, then blocked in {@code readLine} while nothing is typed), never one blocked read per
 * question. Each line goes to the question shown first among those open; questions asked together are shown one at a
 * time, in order. A question can be withdrawn while it waits: it stops waiting at once and its line is not read for
 * it.
 *
 * <p>What is typed while no question is open: a line typed ahead before any question was withdrawn is kept for the
 * next question, so answers piped in ({@code printf 'y\n' | agentls run ...}) answer the questions in order, as
 * before. But once a question was withdrawn, every line read until the next question is shown is dropped, saying so:
 * such a line was typed for the withdrawn question (the user was answering as it went away, or had not noticed), and
 * taking it as the answer to the next question would approve or answer something the user never read. Numbering the
 * questions instead would make every answer carry a number; dropping costs nothing but a line typed in vain. A line
 * still in the pipe, unread, when the next question is shown would count for it; the loop reads each line as soon as
 * it arrives, and a new question comes only after a model call, so that window is the loop's wake-up time.
 */
final class TerminalInput {

    /** What the terminal says of a line it dropped. */
    static final String DROPPED = "(ignored a line typed after the question was withdrawn: nothing is asked now)";

    private final LineSource input;
    private final Executor loop;
    private final PrintStream notes;
    private final Object lock = new Object();
    private final Deque<Question> open = new ArrayDeque<>();
    private final Deque<String> typedAhead = new ArrayDeque<>();
    private boolean started;
    private boolean ended;
    private boolean droppingAfterWithdrawal;
    /** Whether a question is open, read without the lock (the live view's spinner asks it while holding its own). */
    private volatile boolean asking;
    private final List<Runnable> beforeShowing = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<Runnable> interrupts = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** One question as the input holds it: shown when it comes first, answered by the next line (empty at the end). */
    final class Question {
        private final Runnable show;
        private final String prompt;
        private final CompletableFuture<Optional<String>> line = new CompletableFuture<>();

        private Question(Runnable show, String prompt) {
            this.show = show;
            this.prompt = prompt;
        }

        /** The line typed for this question; empty when the input ended (or failed) first. */
        CompletableFuture<Optional<String>> line() {
            return line;
        }

        /**
         * Stops waiting for a line: the question leaves the input, the next one (if any) is shown, and, when this one
         * had been shown, {@code tell} says so on the terminal and what is typed before the next question is dropped.
         */
        void withdraw(Runnable tell) {
            List<Runnable> after = new ArrayList<>();
            synchronized (lock) {
                boolean shown = open.peekFirst() == this;
                if (!open.remove(this)) {
                    return;
                }
                asking = !open.isEmpty();
                if (shown) {
                    tell.run();
                    droppingAfterWithdrawal = true;
                    showFirst(after);
                }
            }
            line.complete(Optional.empty());
            after.forEach(Runnable::run);
        }
    }

    /**
     * @param loop   where the one reading loop runs for as long as the input lasts (a daemon thread: the process
     *               must be able to exit while the loop waits for a line nobody types)
     * @param notes  where a dropped line is reported (the terminal's prompt stream)
     */
    TerminalInput(BufferedReader input, Executor loop, PrintStream notes) {
        this(LineSource.of(input), loop, notes);
    }

    /** @param input where the lines come from: a plain reader, or a line editor that shows the prompt itself */
    TerminalInput(LineSource input, Executor loop, PrintStream notes) {
        this.input = input;
        this.loop = loop;
        this.notes = notes;
    }

    /** Calls {@code action} whenever Ctrl-C is pressed at a question (a chat cancels its run). */
    void onInterrupt(Runnable action) {
        interrupts.add(action);
    }

    /** Whether a question is open: on screen or waiting to be shown. */
    boolean asking() {
        return asking;
    }

    /** Calls {@code action} before each question is shown (the live view clears its spinner line). */
    void beforeShowing(Runnable action) {
        beforeShowing.add(action);
    }

    /** Opens a question; {@code show} prints it once it comes first, then {@code prompt} is shown before the line. */
    Question ask(Runnable show, String prompt) {
        Question question = new Question(show, prompt);
        List<Runnable> after = new ArrayList<>();
        boolean start;
        synchronized (lock) {
            open.addLast(question);
            asking = true;
            lock.notifyAll();
            if (open.size() == 1) {
                showFirst(after);
            }
            start = !started;
            started = true;
        }
        after.forEach(Runnable::run);
        if (start) {
            loop.execute(this::readLoop);
        }
        return question;
    }

    /**
     * Shows the first open question, and answers it at once with a line typed ahead (or with nothing, once the input
     * ended), then the next. Under the lock; the answers are completed by {@code after}, outside it, since whatever
     * follows an answer (the tool going on, maybe asking again) must not run holding the input.
     */
    private void showFirst(List<Runnable> after) {
        while (!open.isEmpty()) {
            Question first = open.peekFirst();
            droppingAfterWithdrawal = false;
            beforeShowing.forEach(Runnable::run);
            first.show.run();
            if (!input.showsPrompt()) {
                notes.print(first.prompt);
                notes.flush();
            }
            Optional<String> line;
            if (!typedAhead.isEmpty()) {
                line = Optional.of(typedAhead.pollFirst());
            } else if (ended) {
                line = Optional.empty();
            } else {
                return;
            }
            open.pollFirst();
            after.add(() -> first.line.complete(line));
        }
        asking = !open.isEmpty();
    }

    private void readLoop() {
        while (true) {
            String prompt = "";
            synchronized (lock) {
                while (input.readsOnlyWhenAsked() && open.isEmpty()) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
                if (!open.isEmpty()) {
                    prompt = open.peekFirst().prompt;
                }
            }
            String line;
            boolean interrupted = false;
            try {
                line = input.readLine(prompt);
            } catch (InterruptedIOException e) {
                // Ctrl-C at a question: it is answered with nothing (a refusal), and the input goes on.
                line = "";
                interrupted = true;
            } catch (IOException e) {
                line = null;
            }
            List<Runnable> after = new ArrayList<>();
            synchronized (lock) {
                if (interrupted) {
                    notes.println("^C");
                    notes.flush();
                    interrupts.forEach(after::add);
                }
                if (line == null) {
                    ended = true;
                    for (Question question : open) {
                        after.add(() -> question.line.complete(Optional.empty()));
                    }
                    open.clear();
                    asking = false;
                } else if (!open.isEmpty()) {
                    Question first = open.pollFirst();
                    asking = !open.isEmpty();
                    Optional<String> given = Optional.of(line);
                    after.add(() -> first.line.complete(given));
                    showFirst(after);
                } else if (droppingAfterWithdrawal) {
                    notes.println(DROPPED);
                    notes.flush();
                } else {
                    typedAhead.addLast(line);
                }
            }
            // On this thread: an answer's followers are short (a tool's next step starts and returns a future).
            after.forEach(Runnable::run);
            if (line == null) {
                return;
            }
        }
    }
}
