package dev.agentls.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkspaceRootsTest {

    @TempDir
    Path tmp;
    Path a;
    Path b;

    @BeforeEach
    void layOut() throws IOException {
        a = Files.createDirectories(tmp.resolve("a")).toRealPath();
        b = Files.createDirectories(tmp.resolve("b")).toRealPath();
        Files.createDirectories(a.resolve("src"));
        Files.writeString(a.resolve("src/Main.java"), "class Main {}");
        Files.writeString(b.resolve("README.md"), "# b");
    }

    @Test
    void resolvesRelativePathAgainstTheOnlyRoot() {
        ResolvedPath p = new WorkspaceRoots(List.of(a)).resolve("src/Main.java");
        assertEquals(a.resolve("src/Main.java"), p.absolute());
        assertEquals("src/Main.java", p.relative());
        assertEquals("src/Main.java", p.display());
        assertEquals(a, p.root().real());
    }

    @Test
    void dotDotThatStaysInsideIsFine() {
        ResolvedPath p = new WorkspaceRoots(List.of(a)).resolve("src/../src/./Main.java");
        assertEquals("src/Main.java", p.relative());
    }

    @Test
    void theRootItselfResolvesToAnEmptyRelativePath() {
        ResolvedPath p = new WorkspaceRoots(List.of(a)).resolve(".");
        assertEquals("", p.relative());
        assertEquals(a, p.absolute());
    }

    @Test
    void multiRootPrefixPicksTheNamedRootAndDisplaysIt() {
        WorkspaceRoots roots = new WorkspaceRoots(List.of(a, b));
        ResolvedPath readme = roots.resolve("b/README.md");
        assertEquals(b.resolve("README.md"), readme.absolute());
        assertEquals("README.md", readme.relative());
        assertEquals("b/README.md", readme.display());
        ResolvedPath main = roots.resolve("src/Main.java");
        assertEquals("a/src/Main.java", main.display());
    }

    @Test
    void absolutePathsAndFileUrisInsideARootResolve() {
        WorkspaceRoots roots = new WorkspaceRoots(List.of(a, b));
        assertEquals("README.md", roots.resolve(b.resolve("README.md").toString()).relative());
        assertEquals("src/Main.java", roots.resolve("file://" + a + "/src/Main.java").relative());
        assertEquals("src/Main.java", roots.resolve("file://" + a + "/src/%4Dain.java").relative());
    }

    @Test
    void percentSequencesInAPlainPathAreALiteralNameInside() {
        ResolvedPath p = new WorkspaceRoots(List.of(a)).resolve("%2e%2e/x");
        assertEquals(a.resolve("%2e%2e/x"), p.absolute());
    }

    @Test
    void backslashesAreSeparators() {
        assertEquals("src/Main.java", new WorkspaceRoots(List.of(a)).resolve("src\\Main.java").relative());
    }

    @Test
    void symlinkStayingInsideIsFollowedToItsRealLocation() throws IOException {
        Files.createSymbolicLink(a.resolve("alias"), a.resolve("src"));
        ResolvedPath p = new WorkspaceRoots(List.of(a)).resolve("alias/Main.java");
        assertEquals(a.resolve("src/Main.java"), p.absolute());
        assertEquals("src/Main.java", p.relative());
    }

    @Test
    void symlinkFromOneRootIntoAnotherResolvesInTheOther() throws IOException {
        Files.createSymbolicLink(a.resolve("to-b"), b);
        ResolvedPath p = new WorkspaceRoots(List.of(a, b)).resolve("to-b/README.md");
        assertEquals(b, p.root().real());
        assertEquals("b/README.md", p.display());
    }

    @Test
    void symlinkedRootResolvesByItsGivenAndRealNames() throws IOException {
        Path link = Files.createSymbolicLink(tmp.resolve("link-to-a"), a);
        WorkspaceRoots roots = new WorkspaceRoots(List.of(link));
        assertEquals(a.resolve("src/Main.java"), roots.resolve(link + "/src/Main.java").absolute());
        assertEquals(a.resolve("src/Main.java"), roots.resolve(a + "/src/Main.java").absolute());
        assertEquals(a.resolve("src/Main.java"), roots.resolve("src/Main.java").absolute());
    }

    @Test
    void newFileIsConfinedThroughItsNearestExistingAncestor() {
        ResolvedPath p = new WorkspaceRoots(List.of(a)).resolve("src/new/deep/File.java");
        assertEquals(a.resolve("src/new/deep/File.java"), p.absolute());
        assertEquals("src/new/deep/File.java", p.relative());
    }

    @Test
    void noRootsIsATypedRefusal() {
        PathRefusedException e = assertThrows(PathRefusedException.class, () -> new WorkspaceRoots(List.of()).resolve("x"));
        assertEquals(PathRefusedException.Reason.NO_ROOTS, e.reason());
        assertTrue(e.getMessage().contains("no workspace folder is open"));
    }

    @Test
    void changingFoldersReplacesTheRootsAtomically() {
        WorkspaceRoots roots = new WorkspaceRoots(List.of(a));
        roots.change(List.of(b), List.of(a));
        assertEquals(List.of(b), roots.roots().stream().map(WorkspaceRoot::real).toList());
        PathRefusedException e = assertThrows(PathRefusedException.class,
                () -> roots.resolve(a.resolve("src/Main.java").toString()));
        assertTrue(e.getMessage().contains("(roots: " + b + ")"), e.getMessage());
        roots.change(List.of(a, a), List.of());
        assertEquals(List.of(b, a), roots.roots().stream().map(WorkspaceRoot::real).toList());
    }

    @Test
    void nestedRootsGiveTheDeepestOwner() throws IOException {
        Path inner = Files.createDirectories(a.resolve("inner"));
        Files.writeString(inner.resolve("x.txt"), "x");
        ResolvedPath p = new WorkspaceRoots(List.of(a, inner)).resolve(inner.resolve("x.txt").toString());
        assertEquals(inner, p.root().real());
        assertEquals("x.txt", p.relative());
    }
}
