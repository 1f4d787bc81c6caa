package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonParser;
import dev.agentls.agent.ProjectLayers;
import dev.agentls.conversation.ProjectRulesLoader;
import dev.agentls.outline.TokenCounter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.DidChangeWorkspaceFoldersParams;
import org.eclipse.lsp4j.FileChangeType;
import org.eclipse.lsp4j.FileEvent;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.WorkspaceFoldersChangeEvent;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repo map of an editor session, through a real LSP4J client over pipes and the real server with its agent: read
 * in the background after initialize (a run before it is ready goes without it and its prompt says so), kept current
 * from the editor's buffers and watched-file events, and ranking what the user edited lately first. What the map holds
 * is read where it goes: the system prompt of the request the scripted model receives.
 */
@Tag("slow")
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
        return promptWithMap(lsp, prompt -> prompt.contains("src/main/java/demo/Greeter.java:"));
    }

    /** The prompt of the first run whose map is as {@code expected}; runs before it must go without a map. */
    private String promptWithMap(RunFixture lsp, Predicate<String> expected) throws Exception {
        for (int attempt = 0; attempt < 20; attempt++) {
            String prompt = nextPrompt(lsp);
            if (expected.test(prompt)) {
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

    @Test
    void aWorkspaceFolderAddedJoinsTheMapAndAFolderRemovedLeavesIt() throws Exception {
        Path ledger = temp.resolve("ledger");
        Files.createDirectories(ledger.resolve("src/books"));
        Files.writeString(ledger.resolve("src/books/Ledger.java"), "package books;\n\npublic final class Ledger {\n"
                + "    public long settleAccounts(long debit, long credit) { return debit - credit; }\n}\n");
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07(), answers())) {
            assertFalse(promptWithMap(lsp).contains("Ledger"));

            changeFolders(lsp, List.of(ledger), List.of());
            String both = promptWithMap(lsp, prompt -> prompt.contains("ledger/src/books/Ledger.java:\n"));
            assertTrue(both.contains("4: public long settleAccounts(long debit, long credit) {"), both);
            assertTrue(mapFiles(both).contains("demo/" + RunFixture.GREETER),
                    "with two roots every path names its root: " + mapFiles(both));

            changeFolders(lsp, List.of(), List.of(lsp.root));
            String left = promptWithMap(lsp, prompt -> !prompt.contains("Greeter"));
            assertEquals(List.of("src/books/Ledger.java"), mapFiles(left), "only the remaining root's file: " + left);
        }
    }

    @Test
    void aFolderAddedAndRemovedBeforeTheMapIsReadLeavesNoTrace() throws Exception {
        Path ledger = temp.resolve("ledger");
        Files.createDirectories(ledger);
        Files.writeString(ledger.resolve("Ledger.java"), "public final class Ledger {}\n");
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07(), answers())) {
            changeFolders(lsp, List.of(ledger), List.of());
            changeFolders(lsp, List.of(), List.of(ledger));
            String prompt = promptWithMap(lsp);
            assertFalse(prompt.contains("Ledger"), prompt);
            assertTrue(mapFiles(prompt).contains(RunFixture.GREETER), "one root again: paths without its name: "
                    + mapFiles(prompt));
        }
    }

    private static void changeFolders(RunFixture lsp, List<Path> added, List<Path> removed) {
        lsp.server.getWorkspaceService().didChangeWorkspaceFolders(new DidChangeWorkspaceFoldersParams(
                new WorkspaceFoldersChangeEvent(folders(added), folders(removed))));
    }

    private static List<WorkspaceFolder> folders(List<Path> paths) {
        return paths.stream().map(p -> new WorkspaceFolder(p.toUri().toString(), p.getFileName().toString()))
                .toList();
    }

    /**
     * An editor session knows its model only from the settings of each run, yet its rules and map must fit their
     * budgets in that model's tokens: here GPT-4o's (o200k, counted exactly), with text the four-characters-a-token
     * estimate undercounts by more than half (Chinese identifiers and rules), so a budget kept by the estimate is
     * overrun.
     */
    @Test
    void theRulesAndTheMapFitTheirBudgetsInTheTokensOfTheRunsModel() throws Exception {
        Path root = temp.resolve("demo");
        RunFixture.Preparation dense = () -> {
            StringBuilder rules = new StringBuilder("# 规则\n");
            for (int i = 0; i < 700; i++) {
                rules.append("规则").append(i).append("：数据库连接池配置，每个服务最多二十个连接，超时三十秒。\n");
            }
            Files.writeString(root.resolve("AGENTS.md"), rules);
            Path books = Files.createDirectories(root.resolve("src/main/java/ledger"));
            for (int file = 0; file < 24; file++) {
                StringBuilder java = new StringBuilder("package ledger;\n\npublic final class 账簿" + file + " {\n");
                for (int method = 0; method < 30; method++) {
                    java.append("    public long 账户余额核对与结算第").append(method)
                            .append("号(long 借方金额, long 贷方金额) { return 借方金额 - 贷方金额; }\n");
                }
                Files.writeString(books.resolve("账簿" + file + ".java"), java.append("}\n"));
            }
        };
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07(), answers(), dense, "", "gpt-4o")) {
            TokenCounter model = TokenCounter.forModel("gpt-4o");
            String prompt = promptWithMap(lsp, p -> p.contains("src/main/java/ledger/账簿"));

            String map = prompt.substring(prompt.indexOf("# Repository map"));
            int mapTokens = model.count(map);
            assertTrue(mapTokens <= ProjectLayers.DEFAULT_MAP_TOKENS, "the map has " + mapTokens + " tokens");
            assertTrue(mapTokens > ProjectLayers.DEFAULT_MAP_TOKENS / 2, "the budget bounds the map: " + mapTokens);
            assertTrue(TokenCounter.estimate().count(map) < ProjectLayers.DEFAULT_MAP_TOKENS / 2,
                    "the estimate would have let far more in");

            String rules = prompt.substring(prompt.indexOf("# Project rules"), prompt.indexOf("# Repository map"));
            int agentsTokens = model.count(Files.readString(root.resolve("AGENTS.md")));
            assertTrue(rules.contains("[cut: AGENTS.md has " + agentsTokens + " tokens; the project rules budget is "
                    + ProjectRulesLoader.DEFAULT_BUDGET + " tokens"), rules);
            String head = rules.substring(rules.indexOf("## AGENTS.md\n") + "## AGENTS.md\n".length(),
                    rules.indexOf("\n[cut: AGENTS.md"));
            int headTokens = model.count(head);
            assertTrue(headTokens <= ProjectRulesLoader.DEFAULT_BUDGET
                    && headTokens > ProjectRulesLoader.DEFAULT_BUDGET * 9 / 10, "the rules shown have " + headTokens
                    + " tokens");
        }
    }
}
