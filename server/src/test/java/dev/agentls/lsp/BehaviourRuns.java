package dev.agentls.lsp;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.llm.replay.TranscriptReader;
import dev.agentls.testing.AgentProcess;
import dev.agentls.testing.AgentProcesses;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * Plays one {@link RealModelBehaviour} end to end against AgentLS as its own process, on a temp copy of
 * {@code test-workspaces/demo}: {@code agentls run --json} reading its events from stdout, or {@code agentls lsp}
 * driven over its pipes by a {@link RunEditor} behaving as Neovim 0.7 with the events capability. The model is the
 * transcript served on loopback. Each process is killed after {@link #LIMIT_SECONDS}.
 */
final class BehaviourRuns {

    static final long LIMIT_SECONDS = 60;

    /** How a run ended: its status ("none" when it never finished), the file's text, every event's JSON line. */
    record Outcome(String status, String file, List<String> events, String log) {
        boolean recovered(RealModelBehaviour b, String expected) {
            return status.equals("completed") && file.equals(expected)
                    && events.stream().anyMatch(e -> b.mistakeEvent().matcher(e).find());
        }

        String describe() {
            return "status " + status + "\nfile:\n" + file + "\nevents:\n" + String.join("\n", events) + "\nlog:\n"
                    + log;
        }
    }

    private static final String KEY_ENV = "AGENTLS_BEHAVIOURS_KEY";
    private static final String KEY = "replay-key";

    private final AgentProcesses agents;
    private final ExecutorService threads;

    /** @param agents the children's fixture: a scratch home, no user settings, conversations or MCP servers */
    BehaviourRuns(AgentProcesses agents, ExecutorService threads) {
        this.agents = agents;
        this.threads = threads;
    }

    Outcome viaRun(RealModelBehaviour b, Path temp) throws Exception {
        Path root = workspace(temp);
        try (ReplayServer model = serve(b)) {
            AgentProcess process = agents.agentls("run", "--workspace", root.toString(), "--prompt", b.prompt(),
                    "--json", "--approve", "all").args(b.flags(model.baseUrl().toString()).toArray(String[]::new))
                    .jvm("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1").env(KEY_ENV, KEY).input("").start();
            boolean ended = process.endOrKill(Duration.ofSeconds(LIMIT_SECONDS)).isPresent();
            List<String> events = process.stdout().lines().filter(l -> l.startsWith("{")).toList();
            String status = "none";
            for (String e : events) {
                JsonObject event = JsonParser.parseString(e).getAsJsonObject();
                if (event.get("type").getAsString().equals("run_finished")) {
                    status = event.get("status").getAsString();
                }
            }
            return new Outcome(ended ? status : "none (killed)", Files.readString(root.resolve(b.expectFile())),
                    events, process.stderr());
        }
    }

    Outcome viaLsp(RealModelBehaviour b, Path temp) throws Exception {
        Path root = workspace(temp);
        try (ReplayServer model = serve(b)) {
            AgentProcess process = LspProcess.server(agents).env(KEY_ENV, KEY).start();
            try {
                RunEditor editor = new RunEditor(RealClient.neovim07().declaring(true, false));
                LanguageServer server = LspProcess.initialized(process, editor, threads, root,
                        JsonParser.parseString(settings(b, model.baseUrl().toString())),
                        Duration.ofSeconds(LIMIT_SECONDS));
                String uri = root.resolve(b.expectFile()).toUri().toString();
                String text = Files.readString(root.resolve(b.expectFile()));
                editor.model.open(uri, text, 1);
                server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(
                        new TextDocumentItem(uri, "java", 1, text)));
                server.getWorkspaceService().executeCommand(new ExecuteCommandParams("agentls.run",
                        List.of(new com.google.gson.Gson().toJsonTree(Map.of("prompt", b.prompt())))))
                        .get(LIMIT_SECONDS, TimeUnit.SECONDS);
                String status = awaitFinished(editor);
                List<String> events = editor.events.stream().map(JsonObject::toString).toList();
                String file = editor.model.buffer(uri).map(EditorModel.Buffer::text).orElse("");
                return new Outcome(status, file, events, process.stderr());
            } finally {
                process.close();
            }
        }
    }

    /** The run_finished event's status, waited for at most {@link #LIMIT_SECONDS}; "none" if it never came. */
    private static String awaitFinished(RunEditor editor) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIMIT_SECONDS);
        while (System.nanoTime() < deadline) {
            for (JsonObject e : editor.events) {
                if (e.get("type").getAsString().equals("run_finished")) {
                    return e.get("status").getAsString();
                }
            }
            Thread.sleep(20);
        }
        return "none (timed out)";
    }

    private static String settings(RealModelBehaviour b, String baseUrl) {
        JsonObject llm = new JsonObject();
        llm.addProperty("provider", b.protocol());
        llm.addProperty("baseUrl", b.protocol().equals("openai") ? baseUrl + "/v1" : baseUrl);
        llm.addProperty("model", "replay");
        llm.addProperty("toolMode", b.toolMode());
        llm.addProperty("apiKeyEnv", KEY_ENV);
        JsonObject section = new JsonObject();
        section.add("llm", llm);
        return section.toString();
    }

    private ReplayServer serve(RealModelBehaviour b) throws Exception {
        return ReplayServer.start(new TranscriptReader().read(b.transcript()), 0, threads, line -> { });
    }

    private static Path workspace(Path temp) throws IOException {
        Path root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces").resolve("demo"), root);
        return root;
    }
}
