package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.FileChangeType;
import org.eclipse.lsp4j.FileEvent;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repo map of an editor session, through a real LSP4J client over pipes and the real server with its agent: read
 * in the background after initialize (a run before it is ready goes without it and its prompt says so), kept current
 * from the editor's buffers and watched-file events, and ranking what the user edited lately first. What the map holds
 * is read where it goes: the system prompt of the request the scripted model receives.
 */
class RepoMapSessionTest {

    private static final String MAIN = "src/main/java/demo/Main.java";

    @TempDir
    Path temp;

    private int runs;

    /** Runs an ask-mode run and gives the system prompt the model received for it. */
    private String nextPrompt(RunFixture lsp) throws Exception {
        int number = Integer.parseInt(lsp.answer("agentls.run", Map.of("prompt", "What is here?", "mode", "ask"))
                .get("runId").getAsString());
        lsp.editor.awaitShown(text -> text.contains("AgentLS #" + number + " finished"));
        runs++;
        String body = lsp.model.requests().get(lsp.model.requests().size() - 1).body();
        return JsonParser.parseString(body).getAsJsonObject().getAsJsonArray("messages").get(0).getAsJsonObject()
                .get("content").getAsString();
    }

    /** The prompt of the first run that has the map; runs before it must say they go without it. */
    private String promptWithMap(RunFixture lsp) throws Exception {
        for (int attempt = 0; attempt < 20; attempt++) {
            String prompt = nextPrompt(lsp);
            if (prompt.contains("src/main/java/demo/Greeter.java:")) {
                return prompt;
            }
            assertTrue(prompt.contains("# Repository map\nNot in this request: the workspace is still being read ("),
                    "a run without the map says so: " + prompt);
            Thread.sleep(100);
        }
        throw new AssertionError("the map was not read in 20 runs");
    }

    private static List<String> mapFiles(String prompt) {
        List<String> files = new ArrayList<>();
        String map = prompt.substring(prompt.indexOf("# Repository map"));
        for (String line : map.split("\n")) {
            if (!line.startsWith(" ") && !line.startsWith("#") && !line.startsWith("(") && line.endsWith(":")) {
                files.add(line.substring(0, line.length() - 1));
            }
        }
        return files;
    }

    private static ReplayAnswers answers() {
        ReplayAnswers answers = new ReplayAnswers();
        for (int i = 0; i < 30; i++) {
            answers.text("Here is what I see.");
        }
        return answers;
    }

    @Test
    void aBufferChangedInTheEditorChangesTheNextMapAndTheEditedFileRanksFirst() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07(), answers())) {
            String before = promptWithMap(lsp);
            List<String> ranked = mapFiles(before);
            assertTrue(ranked.contains(MAIN) && !ranked.get(0).equals(MAIN), "Main is not first unedited: " + ranked);
            assertFalse(before.contains("farewell"), before);

            String text = lsp.open(MAIN);
            String typed = text.replace("    public static void main(String[] args) {",
                    "    static String farewell(String name) {\n        return \"Bye, \" + name;\n    }\n\n"
                            + "    public static void main(String[] args) {");
            lsp.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                    new VersionedTextDocumentIdentifier(lsp.uri(MAIN), 2),
                    List.of(new TextDocumentContentChangeEvent(typed))));

            String after = nextPrompt(lsp);
            assertTrue(after.contains("static String farewell(String name) {"), "the unsaved buffer is mapped: "
                    + after);
            assertEquals(MAIN, mapFiles(after).get(0), "the file just edited ranks first: " + mapFiles(after));
            assertEquals(text, Files.readString(lsp.root.resolve(MAIN)), "nothing was saved");
        }
    }

    @Test
    void aFileCreatedOnDiskAndReportedByTheEditorJoinsTheNextMap() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07(), answers())) {
            assertFalse(promptWithMap(lsp).contains("Farewells.java"));

            Path added = lsp.root.resolve("src/main/java/demo/Farewells.java");
            Files.writeString(added, "package demo;\n\npublic final class Farewells {\n"
                    + "    public String farewellTo(Greeter greeter, String name) { return \"Bye, \" + name; }\n}\n");
            lsp.server.getWorkspaceService().didChangeWatchedFiles(new DidChangeWatchedFilesParams(
                    List.of(new FileEvent(added.toUri().toString(), FileChangeType.Created))));

            String after = nextPrompt(lsp);
            assertTrue(after.contains("src/main/java/demo/Farewells.java:\n"), after);
            assertTrue(after.contains("4: public String farewellTo(Greeter greeter, String name) {"), after);

            Files.delete(added);
            lsp.server.getWorkspaceService().didChangeWatchedFiles(new DidChangeWatchedFilesParams(
                    List.of(new FileEvent(added.toUri().toString(), FileChangeType.Deleted))));
            assertFalse(nextPrompt(lsp).contains("Farewells.java"));
        }
    }
}
