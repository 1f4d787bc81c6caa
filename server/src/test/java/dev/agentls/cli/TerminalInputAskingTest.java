package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What the live view learns from the terminal's input: whether a question is open, and when one is about to show. */
class TerminalInputAskingTest {

    private final ExecutorService loop = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        loop.shutdownNow();
    }

    @Test
    void aQuestionIsOpenFromItsAskingUntilItsLineIsReadAndTheHookRunsBeforeItIsShown() throws Exception {
        PipedOutputStream typing = new PipedOutputStream();
        BufferedReader reader = new BufferedReader(new InputStreamReader(new PipedInputStream(typing),
                StandardCharsets.UTF_8));
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        TerminalInput input = new TerminalInput(reader, loop, new PrintStream(screen, true, StandardCharsets.UTF_8));
        List<String> order = new CopyOnWriteArrayList<>();
        input.beforeShowing(() -> order.add("spinner cleared, asking=" + input.asking()));
        assertFalse(input.asking());

        TerminalInput.Question question = input.ask(() -> order.add("question shown"), "> ");
        assertTrue(input.asking(), "open while nothing was typed");
        assertEquals(List.of("spinner cleared, asking=true", "question shown"), order);

        typing.write("y\n".getBytes(StandardCharsets.UTF_8));
        typing.flush();
        assertEquals(Optional.of("y"), question.line().get(10, TimeUnit.SECONDS));
        assertFalse(input.asking(), "answered: nothing is open");
    }
}
