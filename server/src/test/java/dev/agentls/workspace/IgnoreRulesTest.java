package dev.agentls.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * gitignore behaviours, data-driven. Each case lays out ignore files and one path (a folder when it ends in '/'),
 * asserts our decision, and, where git is installed, that git check-ignore decides the same.
 */
@Tag("slow")
class IgnoreRulesTest {

    @TempDir
    Path tmp;

    /** files: "path=content" pairs separated by " ;; ", content lines by "|". */
    static Stream<Arguments> cases() {
        return Stream.of(
                c(".gitignore=*.log", "app.log", true),
                c(".gitignore=*.log", "src/deep/app.log", true),
                c(".gitignore=*.log", "app.logx", false),
                c(".gitignore=build", "build/", true),
                c(".gitignore=build", "build", true),
                c(".gitignore=build", "src/build/", true),
                c(".gitignore=build/", "build", false),
                c(".gitignore=build/", "build/", true),
                c(".gitignore=build/", "src/build/", true),
                c(".gitignore=build/", "build/out.txt", true),
                c(".gitignore=/build", "build/", true),
                c(".gitignore=/build", "src/build/", false),
                c(".gitignore=doc/frotz", "doc/frotz", true),
                c(".gitignore=doc/frotz", "a/doc/frotz", false),
                c(".gitignore=doc/frotz/", "doc/frotz/", true),
                c(".gitignore=*.txt|!keep.txt", "keep.txt", false),
                c(".gitignore=*.txt|!keep.txt", "other.txt", true),
                c(".gitignore=!keep.txt|*.txt", "keep.txt", true),
                c(".gitignore=out/|!out/keep.txt", "out/keep.txt", true),
                c(".gitignore=out/*|!out/keep.txt", "out/keep.txt", false),
                c(".gitignore=out/*|!out/keep.txt", "out/other.txt", true),
                c(".gitignore=/*|!/foo|/foo/*|!/foo/bar", "foo/bar", false),
                c(".gitignore=/*|!/foo|/foo/*|!/foo/bar", "foo/baz", true),
                c(".gitignore=/*|!/foo|/foo/*|!/foo/bar", "other", true),
                c(".gitignore=**/foo", "foo", true),
                c(".gitignore=**/foo", "a/b/foo", true),
                c(".gitignore=**/foo/bar", "x/foo/bar", true),
                c(".gitignore=**/foo/bar", "foo/bar", true),
                c(".gitignore=abc/**", "abc/x/y", true),
                c(".gitignore=abc/**", "abc/", false),
                c(".gitignore=abc/**", "xabc/y", false),
                c(".gitignore=a/**/b", "a/b", true),
                c(".gitignore=a/**/b", "a/x/b", true),
                c(".gitignore=a/**/b", "a/x/y/b", true),
                c(".gitignore=a/**/b", "a/x/y/c", false),
                c(".gitignore=***.tmp", "a/x.tmp", true),
                c(".gitignore=foo*bar", "foobar", true),
                c(".gitignore=foo*bar", "foo-x-bar", true),
                c(".gitignore=foo*bar", "foo/bar", false),
                c(".gitignore=a?c", "abc", true),
                c(".gitignore=a?c", "ac", false),
                c(".gitignore=*.[oa]", "x.o", true),
                c(".gitignore=*.[oa]", "x.a", true),
                c(".gitignore=*.[oa]", "x.c", false),
                c(".gitignore=*.[!oa]", "x.c", true),
                c(".gitignore=*.[!oa]", "x.o", false),
                c(".gitignore=file[0-9].txt", "file7.txt", true),
                c(".gitignore=file[0-9].txt", "filex.txt", false),
                c(".gitignore=file[[:digit:]].txt", "file3.txt", true),
                c(".gitignore=file[[:digit:]].txt", "fileA.txt", false),
                c(".gitignore=[]]x", "]x", true),
                c(".gitignore=\\#hash", "#hash", true),
                c(".gitignore=#hash", "#hash", false),
                c(".gitignore=\\!bang", "!bang", true),
                c(".gitignore=trail   ", "trail", true),
                c(".gitignore=sp\\ ", "sp ", true),
                c(".gitignore=a\\*b", "a*b", true),
                c(".gitignore=a\\*b", "axb", false),
                c(".gitignore=*.LOG", "x.log", false),
                c(".gitignore=Build", "build/", false),
                c(".gitignore=*.log ;; sub/.gitignore=!keep.log", "sub/keep.log", false),
                c(".gitignore=*.log ;; sub/.gitignore=!keep.log", "keep.log", true),
                c("sub/.gitignore=/x", "sub/x", true),
                c("sub/.gitignore=/x", "x", false),
                c("sub/.gitignore=/x", "sub/y/x", false),
                c("sub/.gitignore=y/x", "sub/y/x", true),
                c("sub/.gitignore=*.tmp", "sub/deep/a.tmp", true),
                c("sub/.gitignore=*.tmp", "other/a.tmp", false),
                c(".gitignore=*.tmp ;; sub/.gitignore=!*.tmp", "sub/a.tmp", false),
                c(".gitignore=sub/ ;; sub/.gitignore=!a.tmp", "sub/a.tmp", true),
                c(".git/info/exclude=secret.txt", "secret.txt", true),
                c(".git/info/exclude=*.txt ;; .gitignore=!keep.txt", "keep.txt", false),
                c(".gitignore=# comment|| |*.bak", "x.bak", true),
                c(".gitignore=*.bak\r", "x.bak", true));
    }

    private static Arguments c(String files, String path, boolean ignored) {
        return Arguments.of(files, path, ignored);
    }

    private Map<String, String> layOut(Path root, String files, String path) throws IOException {
        Map<String, String> written = new LinkedHashMap<>();
        for (String spec : files.split(" ;; ")) {
            int eq = spec.indexOf('=');
            String name = spec.substring(0, eq);
            String content = spec.substring(eq + 1).replace("|", "\n") + "\n";
            Files.createDirectories(root.resolve(name).getParent());
            Files.writeString(root.resolve(name), content);
            written.put(name, content);
        }
        Path target = root.resolve(path);
        if (path.endsWith("/")) {
            Files.createDirectories(target);
        } else {
            Files.createDirectories(target.getParent());
            if (!Files.exists(target)) {
                Files.writeString(target, "x");
            }
        }
        return written;
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1} ignored={2}")
    @MethodSource("cases")
    void decidesLikeGit(String files, String path, boolean expected) throws Exception {
        Path root = Files.createDirectories(tmp.resolve("r"));
        git(root, "init", "-q");
        layOut(root, files, path);
        String rel = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        boolean ours = new IgnoreRules(root).isIgnored(rel, path.endsWith("/"));
        assertEquals(expected, ours, "ours");
        Integer git = git(root, "check-ignore", "-q", "--no-index", rel);
        if (git != null) {
            assertEquals(expected, git == 0, "git check-ignore disagrees with the expectation");
        }
    }

    @Test
    void hasManyCases() {
        assertTrue(cases().count() >= 70);
    }

    @Test
    void dotGitIsAlwaysIgnoredAndAgentlsIgnoreOverridesGitignore() throws IOException {
        Files.writeString(tmp.resolve(".gitignore"), "!gen.txt\n");
        Files.writeString(tmp.resolve(".agentlsignore"), "generated/\ngen.txt\n");
        IgnoreRules rules = new IgnoreRules(tmp);
        assertTrue(rules.isIgnored(".git", true));
        assertTrue(rules.isIgnored("sub/.git/config", false));
        assertTrue(rules.isIgnored("generated", true));
        assertTrue(rules.isIgnored("gen.txt", false));
        assertEquals(".agentlsignore", rules.decidingRule("gen.txt", false).orElseThrow().source());
        assertEquals(1, rules.decidingRule("gen.txt", false).orElseThrow().line() - 1);
    }

    @Test
    void invalidatePicksUpAChangedIgnoreFile() throws IOException {
        Files.writeString(tmp.resolve(".gitignore"), "*.log\n");
        IgnoreRules rules = new IgnoreRules(tmp);
        assertTrue(rules.isIgnored("a.log", false));
        Files.writeString(tmp.resolve(".gitignore"), "*.tmp\n");
        assertTrue(rules.isIgnored("a.log", false), "cached until invalidated");
        rules.invalidate("");
        assertFalse(rules.isIgnored("a.log", false));
        assertTrue(rules.isIgnored("a.tmp", false));
    }

    @Test
    void pathologicalGlobsMatchQuickly() {
        Glob glob = Glob.compile("*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b", false);
        long start = System.nanoTime();
        assertFalse(glob.matchesName("a".repeat(5000)));
        Glob deep = Glob.compile("**/a/**/a/**/a/**/a/**/a/**/b", false);
        assertFalse(deep.matches("a/".repeat(2000) + "c"));
        assertTrue(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start) < 5, "glob matching must not explode");
    }

    /** Runs git in {@code dir}; null when git is not installed. */
    private static Integer git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("git"));
        cmd.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        } catch (IOException e) {
            return null;
        }
        p.getInputStream().readAllBytes();
        assumeTrue(p.waitFor(30, TimeUnit.SECONDS), "git did not finish");
        return p.exitValue();
    }
}
