package dev.agentls.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile paths, data-driven: every one must be refused with the reason and the facts its message names. The
 * workspace has two roots, the first reached through a symbolic link, and symbolic links pointing out, dangling and
 * looping. {A} is the first root as the editor named it, {B} the second, {OUT} a folder outside both.
 */
class HostilePathsTest {

    @TempDir
    static Path tmp;

    static WorkspaceRoots roots;
    static Path a;
    static Path b;
    static Path out;

    @BeforeAll
    static void layOut() throws IOException {
        Path realA = Files.createDirectories(tmp.resolve("real-a"));
        a = Files.createSymbolicLink(tmp.resolve("ws-a"), realA);
        b = Files.createDirectories(tmp.resolve("b"));
        out = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(out.resolve("secret.txt"), "secret");
        Files.createDirectories(realA.resolve("src"));
        Files.createDirectories(realA.resolve("sub/deeper"));
        Files.writeString(realA.resolve("src/Main.java"), "class Main {}");
        Files.createSymbolicLink(realA.resolve("link-out"), out);
        Files.createSymbolicLink(realA.resolve("sub/deeper/link-out"), out);
        Files.createSymbolicLink(realA.resolve("src/file-link"), out.resolve("secret.txt"));
        Files.createSymbolicLink(realA.resolve("dangling"), tmp.resolve("does-not-exist"));
        Files.createSymbolicLink(realA.resolve("loop1"), realA.resolve("loop2"));
        Files.createSymbolicLink(realA.resolve("loop2"), realA.resolve("loop1"));
        Files.createSymbolicLink(realA.resolve("up"), Path.of(".."));
        Files.createSymbolicLink(realA.resolve("inside-link"), realA.resolve("src"));
        Files.createSymbolicLink(b.resolve("link-b-out"), out);
        roots = new WorkspaceRoots(List.of(a, b));
    }

    static Stream<Arguments> hostile() {
        String longPath = "a/".repeat(2600);
        String longName = "x".repeat(300);
        return Stream.of(
                // .. escapes
                refused("../secret.txt", "OUTSIDE", "climbs above the root"),
                refused("../../etc/passwd", "OUTSIDE", "climbs above the root"),
                refused("src/../../outside/secret.txt", "OUTSIDE", "climbs above the root"),
                refused("./../x", "OUTSIDE", "climbs above the root"),
                refused("src/../../../x", "OUTSIDE", "climbs above the root"),
                refused("SRC/../../x", "OUTSIDE", "climbs above the root"),
                refused("src/Main.java/../../../../x", "OUTSIDE", "climbs above the root"),
                refused("inside-link/../../outside", "OUTSIDE", "climbs above the root"),
                refused("ws-a/../../outside", "OUTSIDE", "climbs above the root"),
                refused("b/../../outside/secret.txt", "OUTSIDE", "climbs above the root"),
                // Windows-style separators
                refused("..\\secret.txt", "OUTSIDE", "climbs above the root"),
                refused("src\\..\\..\\x", "OUTSIDE", "climbs above the root"),
                refused("C:\\Windows\\system32", "OUTSIDE", "Windows drive"),
                refused("c:/x", "OUTSIDE", "Windows drive"),
                refused("\\\\server\\share\\x", "OUTSIDE", "not under a root"),
                // absolute paths elsewhere
                refused("/etc/passwd", "OUTSIDE", "not under a root"),
                refused("/", "OUTSIDE", "not under a root"),
                refused("/..//../etc/passwd", "OUTSIDE", "not under a root"),
                refused("/proc/self/root/etc/passwd", "OUTSIDE", "not under a root"),
                refused("{OUT}/secret.txt", "OUTSIDE", "not under a root"),
                refused("{A}/../outside/secret.txt", "OUTSIDE", "not under a root"),
                refused("{A}/src/../../outside", "OUTSIDE", "not under a root"),
                refused("{A}/./../outside", "OUTSIDE", "not under a root"),
                refused("{B}/../ws-a/../outside", "OUTSIDE", "not under a root"),
                refused("{AUPPER}/src/Main.java", "OUTSIDE", "not under a root"),
                // file: URIs
                refused("file:///etc/passwd", "OUTSIDE", "not under a root"),
                refused("file:/etc/passwd", "OUTSIDE", "not under a root"),
                refused("file://localhost/etc/passwd", "OUTSIDE", "not under a root"),
                refused("file://{A}/%2e%2e/outside/secret.txt", "OUTSIDE", "not under a root"),
                refused("file://{A}/%2E%2E/%2E%2E/etc/passwd", "OUTSIDE", "not under a root"),
                refused("file://{A}/src%2F..%2F..%2Fx", "MALFORMED", "encodes a path separator (%2F)"),
                refused("file://{A}/src%5C..%5Cx", "MALFORMED", "encodes a path separator (%5C)"),
                refused("file://{A}/..%2f", "MALFORMED", "encodes a path separator"),
                refused("file://evil.example/etc/passwd", "OUTSIDE", "names the host 'evil.example'"),
                refused("file:relative/x", "MALFORMED", "must hold an absolute path"),
                refused("file://{A}/x%00y", "MALFORMED", "NUL byte"),
                refused("file://{A}/x%zz", "MALFORMED", "bad percent escape"),
                refused("file://{A}/x%c3", "MALFORMED", "not valid UTF-8"),
                refused("file://{A}/x?y=1", "MALFORMED", "query or fragment"),
                refused("file://{A}/link-out/secret.txt", "OUTSIDE", "is a symbolic link to"),
                refused("http://example.com/x", "MALFORMED", "not 'http:' URIs"),
                // home folders, NUL and control characters, length
                refused("~/.ssh/id_rsa", "MALFORMED", "'~' is not expanded"),
                refused("~root/.bashrc", "MALFORMED", "'~' is not expanded"),
                refused("~", "MALFORMED", "'~' is not expanded"),
                refused("src/Main.java\u0000.txt", "MALFORMED", "NUL byte"),
                refused("src/\nMain.java", "MALFORMED", "control character U+000A"),
                refused("src/\u007f", "MALFORMED", "control character U+007F"),
                refused("", "MALFORMED", "the path is empty"),
                refused("   ", "MALFORMED", "the path is empty"),
                refused(longPath, "TOO_LONG", "5200 characters long; the limit is 4096"),
                refused("src/" + longName, "TOO_LONG", "longer than 255 bytes"),
                // symbolic links: out, intermediate, dangling, loops, relative to the parent
                refused("link-out", "OUTSIDE", "'ws-a/link-out' is a symbolic link to"),
                refused("link-out/secret.txt", "OUTSIDE", "'ws-a/link-out' is a symbolic link to"),
                refused("link-out/new/file.txt", "OUTSIDE", "'ws-a/link-out' is a symbolic link to"),
                refused("sub/deeper/link-out/secret.txt", "OUTSIDE", "'ws-a/sub/deeper/link-out' is a symbolic link to"),
                refused("src/file-link", "OUTSIDE", "'ws-a/src/file-link' is a symbolic link to"),
                refused("up/outside/secret.txt", "OUTSIDE", "'ws-a/up' is a symbolic link to"),
                refused("{A}/link-out/secret.txt", "OUTSIDE", "is a symbolic link to"),
                refused("dangling", "SYMLINK", "'ws-a/dangling' is a dangling or looping symbolic link"),
                refused("dangling/child.txt", "SYMLINK", "dangling or looping"),
                refused("loop1", "SYMLINK", "dangling or looping"),
                refused("loop1/x", "SYMLINK", "dangling or looping"),
                refused("b/link-b-out/secret.txt", "OUTSIDE", "'b/link-b-out' is a symbolic link to"),
                refused("{B}/link-b-out", "OUTSIDE", "'b/link-b-out' is a symbolic link to"));
    }

    private static Arguments refused(String path, String reason, String fact) {
        return Arguments.of(path, reason, fact);
    }

    private static String expand(String template) {
        return template.replace("{AUPPER}", a.toString().toUpperCase(java.util.Locale.ROOT))
                .replace("{A}", a.toString()).replace("{B}", b.toString()).replace("{OUT}", out.toString());
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("hostile")
    void refusesHostilePathNamingTheFact(String template, String reason, String fact) {
        String path = expand(template);
        PathRefusedException e = assertThrows(PathRefusedException.class, () -> roots.resolve(path));
        assertEquals(PathRefusedException.Reason.valueOf(reason), e.reason(), e.getMessage());
        assertTrue(e.getMessage().contains(fact), () -> "'" + fact + "' missing from: " + e.getMessage());
        assertTrue(e.getMessage().startsWith("path '"), e.getMessage());
        if (e.reason() == PathRefusedException.Reason.OUTSIDE && !fact.contains("host") && !fact.contains("Windows")) {
            assertTrue(e.getMessage().contains("(roots: " + a + ", " + b + ")"), e.getMessage());
        }
    }

    @org.junit.jupiter.api.Test
    void hasAtLeastFiftyHostileCases() {
        assertTrue(hostile().count() >= 50);
    }
}
