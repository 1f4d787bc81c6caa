package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code scripts/agentls} and {@code scripts/lib.sh}, copied into a temp repository layout whose
 * {@code server/target/agentls.jar} is a one-class probe jar (so no Maven build runs): the launcher starts whether
 * the class-data archive is missing, stale or damaged, keeps the JVM's words off stdout, makes a missing archive in
 * the background, and uses it once it matches the jar. Whether the archive was used is read from the JVM's own
 * class-loading log. Also the server's memory options the launcher passes, read from the JVM's GC start-up log,
 * and the JIT thresholds of the one-shot commands, read from the JVM's final flags.
 */
@Tag("slow")
class LauncherArchiveTest {

    private static final Duration ARCHIVE_WAIT = Duration.ofSeconds(120);

    @TempDir
    Path root;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    private Path jar;
    private Path archive;
    private Path stamp;

    @BeforeEach
    void layout() throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash is needed to run the launcher");
        Path repo = Path.of(System.getProperty("agentls.repoRoot", ".."));
        Files.createDirectories(root.resolve("scripts"));
        for (String script : List.of("agentls", "lib.sh")) {
            Files.copy(repo.resolve("scripts").resolve(script), root.resolve("scripts").resolve(script));
        }
        Files.createDirectories(root.resolve("server/src/main"));
        Files.createDirectories(root.resolve("test-workspaces/demo"));
        Files.writeString(root.resolve("pom.xml"), "");
        Files.writeString(root.resolve("server/pom.xml"), "");
        FileTime old = FileTime.from(Instant.now().minusSeconds(3600));
        for (String sources : List.of("pom.xml", "server/pom.xml", "server/src/main")) {
            Files.setLastModifiedTime(root.resolve(sources), old);
        }
        Files.createDirectories(root.resolve("server/target"));
        jar = root.resolve("server/target/agentls.jar");
        archive = root.resolve("server/target/agentls.jsa");
        stamp = root.resolve("server/target/agentls.jsa.stamp");
        writeProbeJar(jar);
    }

    /** A background maker a start began must finish before the temp repository is deleted under it. */
    @AfterEach
    void awaitBackgroundMakers() throws IOException, InterruptedException {
        Process wait = new ProcessBuilder("flock", root.resolve("server/target/agentls.jsa.lock").toString(), "true")
                .inheritIO().start();
        assertTrue(wait.waitFor(ARCHIVE_WAIT.toSeconds(), TimeUnit.SECONDS), "an archive maker did not finish");
    }

    private static void writeProbeJar(Path to) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, LauncherProbe.class.getName());
        String entry = LauncherProbe.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(to); JarOutputStream out = new JarOutputStream(file, manifest);
             var bytes = LauncherProbe.class.getClassLoader().getResourceAsStream(entry)) {
            out.putNextEntry(new JarEntry(entry));
            bytes.transferTo(out);
            out.closeEntry();
        }
    }

    /** One start through the launcher: its stdout, and whether the probe class came from the archive. */
    private record Start(int status, String stdout, boolean fromArchive) {}

    private Start start() throws IOException, InterruptedException {
        return start("");
    }

    /** @param moreOptions put before the class-loading log in AGENTLS_JAVA_OPTS */
    private Start start(String moreOptions) throws IOException, InterruptedException {
        return start("hello", moreOptions);
    }

    /** @param command the first argument, the subcommand the launcher is asked for */
    private Start start(String command, String moreOptions) throws IOException, InterruptedException {
        return start(command, moreOptions, Map.of());
    }

    /** @param switches more environment variables of the launcher */
    private Start start(String command, String moreOptions, Map<String, String> switches)
            throws IOException, InterruptedException {
        Path log = root.resolve("class-load.log");
        Files.deleteIfExists(log);
        Ended ended = agents.launcher(root.resolve("scripts/agentls"), command).unsetEnv("AGENTLS_CLASS_ARCHIVE")
                .env("AGENTLS_JAVA_OPTS", moreOptions + " -Xlog:class+load=info:file=" + log)
                .env("AGENTLS_MAIN_CLASS", LauncherProbe.class.getName()).env(switches).input("").start()
                .finish(Duration.ofSeconds(60));
        String probeLine = Files.readAllLines(log).stream()
                .filter(line -> line.contains(" " + LauncherProbe.class.getName() + " ")).findFirst().orElse("");
        return new Start(ended.status(), ended.stdout(), probeLine.contains("shared objects file"));
    }

    private void awaitArchive() throws InterruptedException {
        Instant deadline = Instant.now().plus(ARCHIVE_WAIT);
        while (!Files.exists(stamp) && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
        }
        assertTrue(Files.exists(stamp), "no archive was made within " + ARCHIVE_WAIT);
    }

    private static void assertStartedCleanly(Start start) {
        assertEquals(0, start.status());
        assertEquals("probe started hello\n", start.stdout(), "stdout holds only the program's own output");
    }

    @Test
    void aMissingArchiveIsMadeInTheBackgroundAndUsedOnceItMatchesTheJar() throws Exception {
        Start first = start();
        assertStartedCleanly(first);
        assertFalse(first.fromArchive());
        awaitArchive();
        Start second = start();
        assertStartedCleanly(second);
        assertTrue(second.fromArchive(), "the matching archive was not used");
    }

    @Test
    void theArchiveSwitchedOffIsNotUsedThoughItMatchesTheJar() throws Exception {
        start();
        awaitArchive();
        assertTrue(start().fromArchive());
        Start off = start("hello", "", Map.of("AGENTLS_CLASS_ARCHIVE", "off"));
        assertStartedCleanly(off);
        assertFalse(off.fromArchive(), "AGENTLS_CLASS_ARCHIVE=off still used the archive");
    }

    @Test
    void aStartFromTheArchiveReachesTheMainClassWithoutOpeningTheJar() throws Exception {
        start();
        awaitArchive();
        Path log = root.resolve("zip.log");
        Start archived = start("-Xlog:class+load=info:file=" + log);
        assertStartedCleanly(archived);
        List<String> lines = Files.readAllLines(log);
        int probe = lines.stream().filter(l -> l.contains(" " + LauncherProbe.class.getName() + " ")).findFirst()
                .map(lines::indexOf).orElseThrow();
        assertTrue(lines.get(probe).contains("shared objects file"), lines.get(probe));
        assertTrue(lines.subList(0, probe).stream().noneMatch(l -> l.contains(" java.util.zip.ZipFile$Source ")),
                "the jar's directory was read before the main class: " + String.join("\n", lines.subList(0, probe)));
    }

    @Test
    void aStaleArchiveIsLeftUnusedAndTheStartGoesOn() throws Exception {
        start();
        awaitArchive();
        writeProbeJar(jar); // a new build: the archive was made from the jar before it
        Start stale = start();
        assertStartedCleanly(stale);
        assertFalse(stale.fromArchive(), "an archive of an older jar was used");
    }

    @Test
    void aTruncatedArchiveIsNeverPassedToTheJvm() throws Exception {
        start();
        awaitArchive();
        // Cut short (as by a full disk) and given its old time back: the JVM would crash mapping it, if passed.
        FileTime written = Files.getLastModifiedTime(archive);
        byte[] head = Arrays.copyOf(Files.readAllBytes(archive), 100_000);
        archive.toFile().setWritable(true);
        Files.write(archive, head);
        Files.setLastModifiedTime(archive, written);
        Start damaged = start();
        assertStartedCleanly(damaged);
        assertFalse(damaged.fromArchive());
    }

    @Test
    void aFileThatIsNoArchiveButMatchesItsStampStillStarts() throws Exception {
        // Not made by the launcher, stamp and all: the JVM itself refuses it, and says so on stderr only.
        Files.writeString(archive, "not an archive\n");
        ProcessBuilder forge = new ProcessBuilder("/bin/bash", "-c",
                ". scripts/lib.sh; printf '%s / %s\\n' \"$(file_stamp \"$JAR\")\" \"$(file_stamp \"$JSA\")\" > \"$JSA.stamp\"")
                .directory(root.toFile()).inheritIO();
        assertEquals(0, forge.start().waitFor());
        Start garbage = start();
        assertStartedCleanly(garbage);
        assertFalse(garbage.fromArchive());
    }

    @Test
    void theServerStartsWithinItsMemoryBudgetUnlessTheUserSaysOtherwise() throws Exception {
        Path gc = root.resolve("gc.log");
        assertStartedCleanly(start("-Xlog:gc,gc+init=info:file=" + gc));
        String log = Files.readString(gc);
        assertTrue(log.contains("Using Serial"), log);
        assertTrue(log.contains("Initial Capacity: 32M") && log.contains("Max Capacity: 200M"), log);

        assertStartedCleanly(start("-XX:+UseParallelGC -Xmx300m -Xlog:gc,gc+init=info:file=" + gc));
        log = Files.readString(gc);
        assertTrue(log.contains("Using Parallel") && log.contains("Max Capacity: 300M"), "the user's own win: " + log);
    }

    @Test
    void theOneShotCommandsStartWithC2DelayedAndTheLongOnesWithTheJvmsOwnThresholds() throws Exception {
        for (String command : List.of("run", "apply")) {
            String flags = start(command, "-XX:+PrintFlagsFinal").stdout();
            assertTrue(flags.matches("(?s).*\\bTier4InvocationThreshold\\s+= 50000\\b.*"), command + ": " + flags);
            assertTrue(flags.matches("(?s).*\\bTier4BackEdgeThreshold\\s+= 400000\\b.*"), command);
            assertTrue(flags.matches("(?s).*\\bTier3InvocationThreshold\\s+= 200\\b.*"), command + ": C1 as usual");
            assertTrue(flags.endsWith("probe started " + command + "\n"), flags);
        }
        for (String command : List.of("lsp", "mcp", "hello")) {
            String flags = start(command, "-XX:+PrintFlagsFinal").stdout();
            assertTrue(flags.matches("(?s).*\\bTier4InvocationThreshold\\s+= 5000\\b.*"), command + ": " + flags);
        }
        String users = start("run", "-XX:Tier4InvocationThreshold=7000 -XX:+PrintFlagsFinal").stdout();
        assertTrue(users.matches("(?s).*\\bTier4InvocationThreshold\\s+= 7000\\b.*"), "the user's own wins: " + users);
    }
}
