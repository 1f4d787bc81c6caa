package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.agentls.testing.AgentProcess.Ended;
import dev.agentls.testing.AgentProcesses;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code scripts/agentls}, {@code scripts/install} and {@code scripts/lib.sh} in a temp repository layout whose
 * jar is a one-class probe (no Maven build runs): the launcher starts when reached through a link, a relative link
 * and a chain of links, from another folder; the installer links it into PREFIX/bin and says what to add to PATH.
 */
@Tag("slow")
class LauncherLinkTest {

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    private Path repo;

    @BeforeEach
    void layout() throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash is needed to run the launcher");
        repo = temp.resolve("checkout");
        Path source = Path.of(System.getProperty("agentls.repoRoot", ".."));
        Files.createDirectories(repo.resolve("scripts"));
        for (String script : List.of("agentls", "lib.sh", "install")) {
            Files.copy(source.resolve("scripts").resolve(script), repo.resolve("scripts").resolve(script));
        }
        Files.createDirectories(repo.resolve("server/src/main"));
        Files.createDirectories(repo.resolve("server/target"));
        Files.writeString(repo.resolve("pom.xml"), "");
        Files.writeString(repo.resolve("server/pom.xml"), "");
        FileTime old = FileTime.from(Instant.now().minusSeconds(3600));
        for (String sources : List.of("pom.xml", "server/pom.xml", "server/src/main")) {
            Files.setLastModifiedTime(repo.resolve(sources), old);
        }
        writeProbeJar(repo.resolve("server/target/agentls.jar"));
    }

    /** The class-data archive maker a start began in the background must finish before the temp folder goes. */
    @AfterEach
    void awaitBackgroundMakers() throws Exception {
        Process wait = new ProcessBuilder("flock", repo.resolve("server/target/agentls.jsa.lock").toString(), "true")
                .inheritIO().start();
        assertTrue(wait.waitFor(120, TimeUnit.SECONDS), "an archive maker did not finish");
    }

    private static void writeProbeJar(Path to) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        String entry = LauncherProbe.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(to); JarOutputStream out = new JarOutputStream(file, manifest);
             var bytes = LauncherProbe.class.getClassLoader().getResourceAsStream(entry)) {
            out.putNextEntry(new JarEntry(entry));
            bytes.transferTo(out);
            out.closeEntry();
        }
    }

    /**
     * {@code program} (the launcher, a link to it, the installer) run to its end from the temp folder with no input,
     * the class-data archive left on as a user has it; the jar's main class is the probe.
     */
    private Ended start(Path program, Map<String, String> env, String... args) throws Exception {
        return agents.launcher(program, args).in(temp).unsetEnv("AGENTLS_CLASS_ARCHIVE")
                .env("AGENTLS_MAIN_CLASS", LauncherProbe.class.getName()).env(env).input("").start()
                .finish(Duration.ofSeconds(60));
    }

    @Test
    void theLauncherStartsThroughALinkInAnotherFolder() throws Exception {
        Path bin = Files.createDirectories(temp.resolve("home/bin"));
        Path link = Files.createSymbolicLink(bin.resolve("agentls"), repo.resolve("scripts/agentls"));
        Ended result = start(link, Map.of(), "version");
        assertEquals(0, result.status(), result.stderr());
        assertEquals("probe started version\n", result.stdout());
        assertTrue(!result.stderr().contains("lib.sh"), result.stderr());
    }

    @Test
    void theLauncherStartsThroughARelativeLinkAndAChainOfLinks() throws Exception {
        Path bin = Files.createDirectories(temp.resolve("home/bin"));
        Path relative = Files.createSymbolicLink(bin.resolve("agentls-rel"),
                bin.relativize(repo.resolve("scripts/agentls")));
        Path chain = Files.createSymbolicLink(temp.resolve("agentls-chain"), relative);
        assertEquals("probe started run x\n", start(relative, Map.of(), "run", "x").stdout());
        assertEquals("probe started run x\n", start(chain, Map.of(), "run", "x").stdout());
    }

    @Test
    void installLinksTheLauncherIntoPrefixBinAndSaysWhatToAddToPath() throws Exception {
        Path prefix = temp.resolve("prefix");
        Ended installed = start(repo.resolve("scripts/install"), Map.of("PATH", "/usr/bin:/bin"), "--prefix",
                prefix.toString(), "--no-build");
        assertEquals(0, installed.status(), installed.stderr());
        Path link = prefix.resolve("bin/agentls");
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(repo.resolve("scripts/agentls").toRealPath(), link.toRealPath());
        assertTrue(installed.stdout().contains(prefix.resolve("bin").toRealPath() + " is not on your PATH"),
                installed.stdout());
        assertTrue(installed.stdout().contains("export PATH=\"" + prefix.resolve("bin").toRealPath() + ":$PATH\""),
                installed.stdout());
        assertEquals("probe started version\n", start(link, Map.of(), "version").stdout());

        Ended again = start(repo.resolve("scripts/install"), Map.of("PATH", prefix.resolve("bin").toRealPath()
                + ":/usr/bin:/bin"), "--prefix", prefix.toString(), "--no-build");
        assertEquals(0, again.status(), again.stderr());
        assertTrue(again.stdout().contains("is on your PATH"), again.stdout());
    }

    @Test
    void installRefusesToReplaceAFileThatIsNotALink() throws Exception {
        Path prefix = temp.resolve("prefix");
        Files.createDirectories(prefix.resolve("bin"));
        Files.writeString(prefix.resolve("bin/agentls"), "#!/bin/sh\necho mine\n");
        Ended result = start(repo.resolve("scripts/install"), Map.of(), "--prefix", prefix.toString(), "--no-build");
        assertEquals(1, result.status());
        assertTrue(result.stderr().contains("exists and is not a link; not replaced"), result.stderr());
        assertEquals("#!/bin/sh\necho mine\n", Files.readString(prefix.resolve("bin/agentls")));
    }
}
