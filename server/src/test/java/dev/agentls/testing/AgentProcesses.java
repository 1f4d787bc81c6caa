package dev.agentls.testing;

import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.llm.replay.Transcript;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The child {@code agentls} processes of one test and the scripted models on loopback they talk to
 * ({@link ReplayServer}). Each test gets a home folder of its own ({@code HOME}, the XDG folders and the JVM's user
 * home point into it), so no child reads or writes the user's settings, logs or caches. After the test every child
 * still running is killed with its process tree and every model stopped.
 *
 * <p>Use: {@code @RegisterExtension final AgentProcesses agents = new AgentProcesses();}, then
 * {@code agents.agentls("run", "--workspace", root, ...).start()}; {@code agents.launcher(...)} for the packaged
 * launcher, {@code launcherScript()} for a program of the test's that starts {@code agentls} itself.
 */
public final class AgentProcesses implements BeforeEachCallback, AfterEachCallback {

    private final List<ReplayServer> models = new CopyOnWriteArrayList<>();
    private final List<AgentProcess> children = new CopyOnWriteArrayList<>();
    private ExecutorService threads;
    private Path home;

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        home = Files.createTempDirectory("agentls-home-");
        threads = Executors.newCachedThreadPool();
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        try {
            for (AgentProcess child : children) {
                child.close();
            }
            for (ReplayServer model : models) {
                model.close();
            }
        } finally {
            children.clear();
            models.clear();
            threads.shutdownNow();
            deleteHome();
        }
    }

    /** The children's home: {@code HOME} and the JVM's {@code user.home}; XDG folders are under it. */
    public Path home() {
        return home;
    }

    /** Threads for the test's own helpers (an LSP client, a server of its own), stopped after the test. */
    public ExecutorService threads() {
        return threads;
    }

    /** A scripted model on loopback serving {@code script}, stopped after the test. */
    public ReplayServer model(Transcript script) throws IOException {
        ReplayServer model = ReplayServer.start(script, 0, threads, line -> { });
        models.add(model);
        return model;
    }

    /** The base URL of a new scripted model for the {@code openai} provider ({@code http://127.0.0.1:N/v1}). */
    public String openAiBase(Transcript script) throws IOException {
        return model(script).baseUrl() + "/v1";
    }

    /** {@code agentls ARGS} in a JVM on this test run's classes, to be started. */
    public AgentProcess.Builder agentls(String... args) {
        return new AgentProcess.Builder(new AgentCommand.TestClasspath(home, List.of()), environment(), List.of(args),
                children::add);
    }

    /** {@code scripts/agentls ARGS}: the packaged launcher and jar (built by {@code mvn package}), to be started. */
    public AgentProcess.Builder launcher(String... args) {
        return launcher(AgentCommand.PackagedLauncher.ofThisCheckout(), args);
    }

    /**
     * A script of a repository layout the test built ({@code scripts/agentls} or {@code scripts/install} copied
     * beside a probe jar, or a link to one) with {@code ARGS}, in the launcher's environment, to be started.
     */
    public AgentProcess.Builder launcher(Path script, String... args) {
        return launcher(new AgentCommand.PackagedLauncher(script), args);
    }

    private AgentProcess.Builder launcher(AgentCommand.PackagedLauncher launcher, String... args) {
        Map<String, String> environment = environment();
        environment.put("AGENTLS_JAVA_OPTS", "-Duser.home=" + home);
        // No class-data archive is made in the background, to outlive the test; a test of the archive unsets it.
        environment.put("AGENTLS_CLASS_ARCHIVE", "off");
        return new AgentProcess.Builder(launcher, environment, List.of(args), children::add);
    }

    /**
     * A shell script in the home that runs {@code agentls} on this test run's classes with its arguments, in the
     * children's environment: for a program the test starts that starts {@code agentls} itself (an SDK's client).
     */
    public Path launcherScript(String... jvmFlags) throws IOException {
        StringBuilder script = new StringBuilder("#!/bin/sh\n");
        environment().forEach((name, value) -> script.append("export ").append(name).append('=')
                .append(quoted(value)).append('\n'));
        script.append("exec");
        new AgentCommand.TestClasspath(home, List.of(jvmFlags)).line(List.of())
                .forEach(part -> script.append(' ').append(quoted(part)));
        script.append(" \"$@\"\n");
        Path launcher = home.resolve("agentls");
        Files.writeString(launcher, script);
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));
        return launcher;
    }

    private static String quoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private Map<String, String> environment() {
        Map<String, String> environment = new HashMap<>();
        environment.put("HOME", home.toString());
        environment.put("XDG_CONFIG_HOME", home.resolve(".config").toString());
        environment.put("XDG_STATE_HOME", home.resolve(".local/state").toString());
        environment.put("XDG_CACHE_HOME", home.resolve(".cache").toString());
        environment.put("XDG_DATA_HOME", home.resolve(".local/share").toString());
        return environment;
    }

    private void deleteHome() throws IOException {
        if (home == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(home)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }
}
