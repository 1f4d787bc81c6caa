package dev.agentls.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The package rules of {@code docs/dev/architecture.md} (its code map and "Invariant:" lines): dependencies point one
 * way, vendor types stay in their package, and the run core {@code session} knows no front door.
 */
class PackageRulesTest {

    private static final Path MAIN = Path.of("src/main/java/dev/agentls");

    @Test
    void everyMainSourceKeepsTheOneWayPackageRules() throws IOException {
        List<String> violations = new ArrayList<>();
        int files = 0;
        try (Stream<Path> sources = Files.walk(MAIN)) {
            for (Path file : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                Path folder = MAIN.relativize(file).getParent();
                String pkg = PackageRules.ruleOf(folder.toString().replace(java.io.File.separatorChar, '.'));
                violations.addAll(PackageRules.violations(pkg, MAIN.relativize(file).toString(), Files.readString(file)));
                files++;
            }
        }
        assertTrue(files >= PackageRules.packages().size(), "scanned only " + files + " files");
        assertEquals(List.of(), violations);
    }

    @Test
    void theRunCoreAndEverythingUnderItKnowNoFrontDoor() {
        for (String pkg : PackageRules.packages()) {
            if (!PackageRules.FRONT_DOORS.contains(pkg)) {
                for (String door : PackageRules.FRONT_DOORS) {
                    assertFalse(PackageRules.allowed(pkg).contains(door), pkg + " may depend on front door " + door);
                }
            }
        }
        assertTrue(PackageRules.allowed("lsp").contains("session"));
        assertTrue(PackageRules.allowed("cli").contains("session"));
        assertTrue(PackageRules.allowed("session").contains("agent"));
    }

    @Test
    void reportsTheRunCoreImportingAFrontDoorOrItsVendor() {
        String source = "package dev.agentls.session;\nimport dev.agentls.lsp.EditorRuns;\n"
                + "import dev.agentls.cli.RunCommand;\nimport org.eclipse.lsp4j.Diagnostic;\n";
        List<String> found = PackageRules.violations("session", "X.java", source);
        assertTrue(found.contains("X.java: session must not depend on lsp"), found.toString());
        assertTrue(found.contains("X.java: session must not depend on cli"), found.toString());
        assertTrue(found.contains("X.java: only [lsp, lsp.review] may use org.eclipse.lsp4j, not session"),
                found.toString());
    }

    @Test
    void everyPackageOfTheDesignExists() {
        for (String pkg : PackageRules.packages()) {
            assertTrue(Files.isDirectory(MAIN.resolve(pkg.replace('.', '/'))), "missing package " + pkg);
        }
    }

    @Test
    void reportsAnImportAgainstTheArrow() {
        String source = "package dev.agentls.edit;\nimport dev.agentls.lsp.AgentLanguageServer;\nclass X {}\n";
        assertEquals(List.of("X.java: edit must not depend on lsp"), PackageRules.violations("edit", "X.java", source));
    }

    @Test
    void reportsAFullyQualifiedUseAgainstTheArrow() {
        String source = "package dev.agentls.workspace;\nclass X { dev.agentls.config.Settings s; }\n";
        assertEquals(List.of("X.java: workspace must not depend on config"),
                PackageRules.violations("workspace", "X.java", source));
    }

    @Test
    void reportsAVendorTypeOutsideItsPackage() {
        String source = "package dev.agentls.tools;\nimport org.eclipse.lsp4j.TextEdit;\nimport okhttp3.OkHttpClient;\n";
        List<String> found = PackageRules.violations("tools", "X.java", source);
        assertTrue(found.contains("X.java: only [lsp, lsp.review] may use org.eclipse.lsp4j, not tools"), found.toString());
        assertTrue(found.contains("X.java: only [llm] may use okhttp3, not tools"), found.toString());
    }

    @Test
    void ignoresNamesInComments() {
        String source = "package dev.agentls.edit;\n// see dev.agentls.lsp.Foo\n/* okhttp3.Call */ class X {}\n";
        assertEquals(List.of(), PackageRules.violations("edit", "X.java", source));
    }

    @Test
    void reportsTheReviewPackageReachingBackIntoTheServerPackage() {
        String source = "package dev.agentls.lsp.review;\nimport dev.agentls.lsp.SessionDiagnostics;\n"
                + "import dev.agentls.edit.Rebase;\nimport org.eclipse.lsp4j.Diagnostic;\n";
        assertEquals(List.of("X.java: lsp.review must not depend on lsp"),
                PackageRules.violations("lsp.review", "X.java", source));
    }

    @Test
    void allowsTheServerPackageToUseTheReviewPackageAndASubpackageToCountAsItsParent() {
        String source = "package dev.agentls.lsp;\nimport dev.agentls.lsp.review.ReviewBook;\n"
                + "import dev.agentls.edit.lazy.LazyMerger;\n";
        assertEquals(List.of(), PackageRules.violations("lsp", "X.java", source));
        assertEquals("edit", PackageRules.ruleOf("edit.lazy"));
        assertEquals("lsp.review", PackageRules.ruleOf("lsp.review"));
    }

    @Test
    void allowsWhatTheDesignAllows() {
        String source = "package dev.agentls.agent;\nimport dev.agentls.tools.Tool;\nimport dev.agentls.llm.ModelClient;\n";
        assertEquals(List.of(), PackageRules.violations("agent", "X.java", source));
    }
}
