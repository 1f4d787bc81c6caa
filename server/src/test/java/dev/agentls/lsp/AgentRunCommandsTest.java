package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.WorkDoneProgressBegin;
import org.eclipse.lsp4j.WorkDoneProgressEnd;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("slow")
class AgentRunCommandsTest {

    static final String FIX = """
            ------- SEARCH
                    return greeting + ", " + name + "!";
            =======
                    return greeting + ", " + name.strip() + "!";
            +++++++ REPLACE""";

    @TempDir
    Path temp;

    private static ReplayAnswers editThenComplete() {
        return new ReplayAnswers()
                .call("replace_in_file", "target_file", RunFixture.GREETER, "diff", FIX)
                .complete("Names are stripped.");
    }

    @Test
    void runAnswersAtOnceWithItsIdsAndItsEditLandsInTheBufferWithEventsProgressAndMilestones() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07().declaring(true, false), editThenComplete())) {
            lsp.open(RunFixture.GREETER);
            JsonObject started = lsp.answer("agentls.run", Map.of("prompt", "Strip names before greeting"));

            assertEquals("1", started.get("runId").getAsString());
            assertFalse(started.get("conversationId").getAsString().isBlank(), started.toString());
            lsp.awaitBuffer(RunFixture.GREETER, text -> text.contains("name.strip()"));
            MessageParams finished = lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished"));
            assertTrue(finished.getMessage().contains("AgentLS #1 finished (completed): +1 -1 in 1 file; 200 tokens"
                    + " in, 40 out. Names are stripped."), finished.getMessage());
            assertEquals(MessageType.Info, finished.getType());
            lsp.editor.awaitShown(text -> text.startsWith("AgentLS #1 started: Strip names before greeting"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 changed " + RunFixture.GREETER + " (+1 -1)"));

            List<String> types = lsp.editor.events.stream().map(e -> e.get("type").getAsString()).toList();
            assertEquals("run_started", types.get(0), types.toString());
            assertEquals("run_finished", types.get(types.size() - 1), types.toString());
            assertTrue(types.contains("edit_applied"), types.toString());
            for (int i = 0; i < lsp.editor.events.size(); i++) {
                assertEquals(i, lsp.editor.events.get(i).get("seq").getAsInt(), "seq of event " + i);
                assertEquals("1", lsp.editor.events.get(i).get("runId").getAsString());
            }
            List<Object> progress = lsp.editor.progress.stream().map(p -> p.getValue().getLeft()).map(v -> (Object) v)
                    .toList();
            assertTrue(progress.get(0) instanceof WorkDoneProgressBegin begin
                    && begin.getMessage().startsWith("AgentLS #1: started (direct)"), progress.toString());
            assertTrue(progress.stream().anyMatch(p -> p.toString().contains("AgentLS #1: editing "
                    + RunFixture.GREETER)), progress.toString());
            assertTrue(progress.get(progress.size() - 1) instanceof WorkDoneProgressEnd, progress.toString());
        }
    }

    @Test
    void aToolCallEventReachesTheClientInItsWireShapeWithTheArgumentsAsTheModelWroteThem() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07().declaring(true, false), editThenComplete())) {
            lsp.open(RunFixture.GREETER);
            lsp.answer("agentls.run", Map.of("prompt", "Strip names before greeting"));

            JsonObject call = lsp.editor.awaitEvent(e -> e.get("type").getAsString().equals("tool_call"));
            assertEquals(List.of("runId", "seq", "type", "callId", "name", "arguments", "explanation"),
                    List.copyOf(call.keySet()), call.toString());
            JsonObject written = new JsonObject();
            written.addProperty("target_file", RunFixture.GREETER);
            written.addProperty("diff", FIX);
            assertEquals(written.toString(), call.get("arguments").getAsString(), "the text, not a re-written tree");
            assertEquals("replace_in_file", call.get("name").getAsString());
            assertEquals("", call.get("explanation").getAsString());
            assertTrue(call.get("seq").getAsJsonPrimitive().isNumber(), call.toString());
            JsonObject usage = lsp.editor.awaitEvent(e -> e.get("type").getAsString().equals("token_usage"));
            assertTrue(usage.get("inputTokens").getAsJsonPrimitive().isNumber()
                    && usage.get("inputTokens").getAsLong() > 0, usage.toString());
            JsonObject finished = lsp.editor.awaitEvent(e -> e.get("type").getAsString().equals("run_finished"));
            assertEquals("completed", finished.get("status").getAsString(), finished.toString());
        }
    }

    @Test
    void theTranscriptAndDiffAreWrittenAndOpenedWithoutFocusInHelix() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), editThenComplete())) {
            lsp.open(RunFixture.GREETER);
            lsp.answer("agentls.run", Map.of("prompt", "Strip names before greeting"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));

            String transcript = java.nio.file.Files.readString(lsp.root.resolve(".agentls/runs/1.md"));
            assertTrue(transcript.startsWith("# AgentLS run #1\n\n> Strip names before greeting\n\nMode: direct;"),
                    transcript);
            assertTrue(transcript.contains("**replace_in_file** editing " + RunFixture.GREETER), transcript);
            assertTrue(transcript.contains("Changed `" + RunFixture.GREETER + "` (+1 -1)"), transcript);
            assertTrue(transcript.contains("## Result\n\nNames are stripped."), transcript);
            assertTrue(transcript.contains("> AgentLS #1 finished (completed): +1 -1 in 1 file; 200 tokens in, 40 out"),
                    transcript);
            String diff = java.nio.file.Files.readString(lsp.root.resolve(".agentls/runs/1.diff"));
            assertTrue(diff.startsWith("--- a/" + RunFixture.GREETER + "\n+++ b/" + RunFixture.GREETER + "\n@@ "),
                    diff);
            assertTrue(diff.contains("\n-        return greeting + \", \" + name + \"!\";\n"
                    + "+        return greeting + \", \" + name.strip() + \"!\";\n"), diff);
            assertEquals(1, lsp.editor.documentsShown.size());
            assertEquals(lsp.root.resolve(".agentls/runs/1.md").toUri().toString(),
                    lsp.editor.documentsShown.get(0).getUri());
            assertFalse(lsp.editor.documentsShown.get(0).getTakeFocus());
        }
    }

    @Test
    void runsAreNumberedAfterTheTranscriptsAlreadyInTheWorkspaceAndNeovimIsNotSentShowDocument() throws Exception {
        java.nio.file.Path runs = temp.resolve("demo/.agentls/runs");
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07(), new ReplayAnswers().complete("Done."),
                () -> {
                    java.nio.file.Files.createDirectories(runs);
                    java.nio.file.Files.writeString(runs.resolve("41.md"), "an earlier run");
                })) {
            JsonObject started = lsp.answer("agentls.run", Map.of("prompt", "one"));
            assertEquals("42", started.get("runId").getAsString());
            lsp.editor.awaitShown(text -> text.contains("AgentLS #42 finished (completed)"));
            assertTrue(java.nio.file.Files.readString(runs.resolve("42.md")).startsWith("# AgentLS run #42"));
            assertEquals("an earlier run", java.nio.file.Files.readString(runs.resolve("41.md")));
            assertEquals(List.of(), lsp.editor.documentsShown, "Neovim 0.7 declares no showDocument");
        }
    }

    @Test
    void eventsGoOnlyToClientsThatDeclareTheExperimentalCapability() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.eglot19(), editThenComplete())) {
            lsp.open(RunFixture.GREETER);
            lsp.answer("agentls.run", Map.of("prompt", "Strip names before greeting"));

            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));
            lsp.awaitBuffer(RunFixture.GREETER, text -> text.contains("name.strip()"));
            assertEquals(List.of(), lsp.editor.events);
        }
    }

    @Test
    void milestonesAreShownAtMostOnceASecondWithNoneLost() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), editThenComplete())) {
            lsp.open(RunFixture.GREETER);
            long start = System.nanoTime();
            lsp.answer("agentls.run", Map.of("prompt", "Strip names before greeting"));

            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));
            long seconds = java.util.concurrent.TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
            List<MessageParams> shown = List.copyOf(lsp.editor.shown);
            String all = String.join("\n", shown.stream().map(MessageParams::getMessage).toList());
            assertTrue(all.contains("AgentLS #1 started") && all.contains("AgentLS #1 changed"), all);
            // "started" at once, then at most one message for each second the run took: a scripted model on a quiet
            // machine finishes within a second, so what came after "started" was held and shown in one message.
            assertTrue(shown.size() >= 2 && shown.size() <= 2 + seconds, seconds + " s: " + all);
        }
    }

    @Test
    void conversationsListsTheRunsConversationAndASecondRunContinuesIt() throws Exception {
        ReplayAnswers answers = new ReplayAnswers().complete("First.").complete("Second.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), answers)) {
            JsonObject first = lsp.answer("agentls.run", Map.of("prompt", "one"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished"));
            String conversation = first.get("conversationId").getAsString();
            JsonObject listed = lsp.answer("agentls.conversations", Map.of());
            assertEquals(conversation, listed.getAsJsonArray("conversations").get(0).getAsString());

            JsonObject second = lsp.answer("agentls.run", Map.of("prompt", "two", "conversationId", conversation,
                    "mode", "ask"));
            assertEquals("2", second.get("runId").getAsString());
            assertEquals(conversation, second.get("conversationId").getAsString());
            lsp.editor.awaitShown(text -> text.contains("AgentLS #2 finished (completed)"));
            assertTrue(lsp.model.requests().get(1).body().contains("one"), "the second request carries the history");
        }
    }

    @Test
    void runLinesRunsTheInstructionWrittenInThoseLines() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), new ReplayAnswers().complete("Done."))) {
            String text = lsp.open(RunFixture.GREETER);
            int line = (int) text.lines().takeWhile(l -> !l.contains("Greets people")).count();
            JsonObject started = lsp.answer("agentls.runLines", Map.of("uri", lsp.uri(RunFixture.GREETER),
                    "startLine", line, "endLine", line));

            assertEquals("1", started.get("runId").getAsString());
            lsp.editor.awaitShown(text2 -> text2.contains("AgentLS #1 finished (completed)"));
            String body = lsp.model.requests().get(0).body();
            assertTrue(body.contains("Greets people by name."), body);
        }
    }

    @Test
    void cancelStopsARunWaitingForTheUserAndSteerNeedsARunUnderWay() throws Exception {
        ReplayAnswers answers = new ReplayAnswers().call("execute_command", "command", "echo one",
                "requires_approval", true);
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), answers)) {
            lsp.answer("agentls.run", Map.of("prompt", "run echo"));
            lsp.editor.awaitShown(text -> text.contains("waits for your approval"));

            JsonObject steered = lsp.answer("agentls.steer", Map.of("runId", "1", "message", "hurry"));
            assertTrue(steered.get("taken").getAsBoolean());
            JsonObject cancelled = lsp.answer("agentls.cancel", Map.of("runId", "1"));
            assertTrue(cancelled.get("cancelled").getAsBoolean());
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (cancelled)"));

            ResponseErrorException late = refused(lsp, "agentls.steer", Map.of("runId", "1", "message", "again"));
            assertEquals("agentls.steer: no run '1' is under way; runs under way: []", late.getMessage());
        }
    }

    @Test
    void badArgumentsAreRefusedNamingTheArgumentAndNoRunStarts() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), new ReplayAnswers())) {
            assertEquals("agentls.run: missing argument 'prompt' (a string)",
                    refused(lsp, "agentls.run", Map.of()).getMessage());
            assertEquals("agentls.run: argument 'mode' must be one of [direct, plan, ask], got 'fast'",
                    refused(lsp, "agentls.run", Map.of("prompt", "x", "mode", "fast")).getMessage());
            assertEquals("agentls.run: argument 'range' needs 'uri', the document it is in",
                    refused(lsp, "agentls.run", Map.of("prompt", "x", "range", Map.of())).getMessage());
            assertTrue(refused(lsp, "agentls.run", Map.of("prompt", "x", "uri", "file:///etc/passwd")).getMessage()
                    .startsWith("agentls.run: "), "a document outside the workspace");
            assertEquals("agentls.run: a run needs a prompt", refused(lsp, "agentls.run", Map.of("prompt", " "))
                    .getMessage());
            assertTrue(refused(lsp, "agentls.run", Map.of("prompt", "x", "conversationId", "nope")).getMessage()
                    .contains("no conversation with id 'nope'"));
            assertEquals("agentls.run: 'start.line' must be a whole number from 0, got -1", refused(lsp,
                    "agentls.run", Map.of("prompt", "x", "uri", lsp.uri(RunFixture.GREETER), "range",
                            Map.of("start", Map.of("line", -1, "character", 0), "end", Map.of("line", 0,
                                    "character", 0)))).getMessage());
            assertEquals("agentls.runLines: endLine 1 is before startLine 3", refused(lsp, "agentls.runLines",
                    Map.of("path", RunFixture.GREETER, "startLine", 3, "endLine", 1)).getMessage());
            assertEquals("agentls.runLines: startLine 400 is past the end of " + RunFixture.GREETER + " (21 lines)",
                    refused(lsp, "agentls.runLines", Map.of("path", RunFixture.GREETER, "startLine", 400,
                            "endLine", 400)).getMessage());
            assertEquals("agentls.cancel: no run '7' is under way; runs under way: []",
                    refused(lsp, "agentls.cancel", Map.of("runId", "7")).getMessage());
            assertEquals("agentls.approve: run '7' is not waiting for an answer",
                    refused(lsp, "agentls.approve", Map.of("runId", "7")).getMessage());
            assertEquals("agentls.approve: argument 'scope' must be one of [once, run, always], got 'forever'",
                    refused(lsp, "agentls.approve", Map.of("runId", "7", "scope", "forever")).getMessage());
            assertEquals("agentls.answer: missing argument 'answer' (a string)",
                    refused(lsp, "agentls.answer", Map.of("runId", "7")).getMessage());
            assertEquals(List.of(), lsp.model.requests(), "no run reached the model");
            assertEquals(List.of(), lsp.editor.shown, "no run was shown");
        }
    }

    @Test
    void everyRunCommandIsAdvertised() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.ale(), new ReplayAnswers())) {
            List<String> offered = lsp.initialized.getCapabilities().getExecuteCommandProvider().getCommands();
            assertTrue(offered.containsAll(List.of("agentls.run", "agentls.runLines", "agentls.cancel",
                    "agentls.steer", "agentls.approve", "agentls.deny", "agentls.answer", "agentls.conversations")),
                    offered.toString());
        }
    }

    static ResponseErrorException refused(RunFixture lsp, String command, Map<String, ?> arguments) throws Exception {
        try {
            Object answer = LspFixture.await(lsp.execute(command, arguments));
            throw new AssertionError(command + " was not refused: " + answer);
        } catch (ExecutionException e) {
            ResponseErrorException error = (ResponseErrorException) e.getCause();
            assertEquals(ResponseErrorCode.InvalidParams.getValue(), error.getResponseError().getCode(),
                    error.getMessage());
            return error;
        }
    }
}
