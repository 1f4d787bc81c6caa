package dev.agentls.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.outline.TokenCounter;
import dev.agentls.workspace.WorkspaceRoots;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rules discovery on a temp copy of test-workspaces/rules: two roots, every kind of rules file. */
class ProjectRulesLoaderTest {

    @TempDir
    Path temp;
    private Path app;
    private Path lib;
    private final TokenCounter tokens = TokenCounter.estimate();

    @BeforeEach
    void copy() throws IOException {
        Path from = repoRoot().resolve("test-workspaces/rules");
        try (Stream<Path> files = Files.walk(from)) {
            for (Path source : files.toList()) {
                Path target = temp.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        }
        app = temp.resolve("app").toRealPath();
        lib = temp.resolve("lib").toRealPath();
    }

    private ProjectRules load(int budget, List<Path> roots, List<String> touched) {
        return new ProjectRulesLoader(new WorkspaceRoots(roots), tokens, budget).load(touched);
    }

    private static List<String> paths(ProjectRules rules) {
        return rules.files().stream().map(RulesFile::path).toList();
    }

    @Test
    void findsEveryKindOfRulesFileOfEveryRootInOrderNamedByRoot() {
        ProjectRules rules = load(8000, List.of(app, lib), List.of());
        assertEquals(List.of("app/AGENTS.md", "app/.agentls/rules/10-docs.md", "app/.agentls/rules/20-errors.md",
                "app/CLAUDE.md", "app/.cursorrules", "lib/AGENTS.md", "lib/.clinerules/01-size.md",
                "lib/.clinerules/02-tests.md"), paths(rules));
        assertEquals(List.of(), rules.notes());
        String text = rules.render();
        assertTrue(text.startsWith(ProjectRules.HEADER), text);
        assertTrue(text.contains("\n\n## app/AGENTS.md\n# app rules\nUse tabs in Go files."), text);
        assertTrue(text.contains("\n\n## lib/.clinerules/02-tests.md\nCline: test every exported function."), text);
        assertFalse(text.contains("not a markdown rule"), text);
    }

    @Test
    void aSingleRootShowsPathsWithoutTheRootName() {
        assertEquals(List.of("AGENTS.md", ".clinerules/01-size.md", ".clinerules/02-tests.md"),
                paths(load(8000, List.of(lib), List.of())));
    }

    @Test
    void addsTheNearestAgentsFileAboveATouchedFileOnce() {
        ProjectRules rules = load(8000, List.of(app, lib), List.of("app/services/billing/invoices/total.go",
                "app/services/billing/AGENTS.md", "app/services/search/query.go", "lib/src/slug.js"));
        List<String> paths = paths(rules);
        assertEquals("app/services/billing/AGENTS.md", paths.get(paths.size() - 1), paths.toString());
        assertEquals(1, paths.stream().filter(p -> p.equals("app/services/billing/AGENTS.md")).count());
        assertEquals(9, paths.size(), paths.toString());
        assertTrue(rules.render().contains("never use floating point for money"));
    }

    @Test
    void anAbsoluteTouchedPathFindsItsAgentsFileToo() {
        ProjectRules rules = load(8000, List.of(app), List.of(app.resolve("services/billing/invoices/total.go")
                .toString()));
        assertTrue(paths(rules).contains("services/billing/AGENTS.md"), paths(rules).toString());
    }

    @Test
    void aFileOutsideTheWorkspaceAddsNothing() {
        assertEquals(paths(load(8000, List.of(app), List.of())),
                paths(load(8000, List.of(app), List.of("/etc/passwd", "../lib/src/slug.js"))));
    }

    @Test
    void cutsTheFileThatPassesTheBudgetAtALineAndNamesTheRest() throws IOException {
        StringBuilder big = new StringBuilder("# app rules\n");
        for (int i = 1; i <= 200; i++) {
            big.append("Rule ").append(i).append(": keep this rule in mind at all times.\n");
        }
        Files.writeString(app.resolve("AGENTS.md"), big);
        ProjectRules rules = load(300, List.of(app), List.of());
        assertEquals(List.of("AGENTS.md"), paths(rules));
        RulesFile cut = rules.files().get(0);
        assertTrue(cut.cut());
        assertTrue(cut.text().endsWith("at all times.\n"), cut.text());
        assertTrue(tokens.count(cut.text()) <= 300);
        assertEquals(tokens.count(big.toString()), cut.tokens());
        String text = rules.render();
        assertTrue(text.contains("[cut: AGENTS.md has " + cut.tokens() + " tokens; the project rules budget is 300 "
                + "tokens, so only its beginning is shown. Read the file for the rest.]"), text);
        assertTrue(text.contains("[not shown: .agentls/rules/10-docs.md ("), text);
        assertTrue(text.contains("[not shown: .cursorrules ("), text);
        assertTrue(text.contains("the project rules budget of 300 tokens is used up"), text);
        assertEquals(4, rules.notes().size(), rules.notes().toString());
    }

    @Test
    void refusesBinaryForeignAndEscapingRulesFilesByNameAndReason() throws IOException {
        Files.write(app.resolve("CLAUDE.md"), new byte[] {'h', 'i', 0, 1, 2});
        Files.write(app.resolve(".cursorrules"), new byte[] {'c', 'a', 'f', (byte) 0xE9, '\n'});
        Path outside = temp.resolve("secret.md");
        Files.writeString(outside, "outside secret\n");
        Files.delete(app.resolve("AGENTS.md"));
        Files.createSymbolicLink(app.resolve("AGENTS.md"), outside);
        ProjectRules rules = load(8000, List.of(app), List.of());
        assertEquals(List.of(".agentls/rules/10-docs.md", ".agentls/rules/20-errors.md"), paths(rules));
        assertEquals(List.of("refused: AGENTS.md is a link to " + outside.toRealPath() + ", outside the workspace",
                "refused: CLAUDE.md is not text (a NUL byte at offset 2)",
                "refused: .cursorrules is not UTF-8 text"), rules.notes());
        assertFalse(rules.render().contains("outside secret"));
        assertEquals(new String(new byte[] {'h', 'i', 0, 1, 2}, StandardCharsets.ISO_8859_1),
                new String(Files.readAllBytes(app.resolve("CLAUDE.md")), StandardCharsets.ISO_8859_1),
                "nothing touched");
    }

    @Test
    void readsOnlyTheFirst256KibOfAHugeRulesFileAndSaysSo() throws IOException {
        Files.writeString(app.resolve("AGENTS.md"), "x".repeat(99) + "\n".repeat(1) + "y\n".repeat(200_000));
        ProjectRules rules = load(1_000_000, List.of(app), List.of());
        assertTrue(rules.notes().contains("cut: AGENTS.md is larger than 256 KiB; only its first 256 KiB were read"),
                rules.notes().toString());
        assertTrue(rules.files().get(0).text().length() <= ProjectRulesLoader.MAX_FILE_BYTES);
        assertTrue(rules.files().get(0).text().endsWith("y\n"));
    }

    @Test
    void aWorkspaceWithoutRulesGivesNoLayer() throws IOException {
        Path empty = Files.createDirectories(temp.resolve("empty")).toRealPath();
        assertEquals("", load(8000, List.of(empty), List.of()).render());
    }

    @Test
    void refusesANegativeBudget() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new ProjectRulesLoader(new WorkspaceRoots(List.of(app)), tokens, -1));
        assertEquals("the project rules budget must not be negative: -1", e.getMessage());
    }

    private static Path repoRoot() {
        String configured = System.getProperty("agentls.repoRoot");
        return (configured == null ? Path.of("..") : Path.of(configured)).toAbsolutePath().normalize();
    }
}
