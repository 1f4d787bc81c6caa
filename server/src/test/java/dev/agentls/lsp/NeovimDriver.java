package dev.agentls.lsp;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs one scenario of {@code nvim/drive.lua} in a headless Neovim attached to AgentLS (started from the test's own
 * classpath, so no jar is needed), and returns the driver's report. Neovim is killed after 60 s. When {@code nvim}
 * is missing the test is skipped, unless {@code AGENTLS_REQUIRE_NVIM=1} (CI) makes that a failure.
 *
 * <p>To add a scenario (say, {@code agentls.applyLazyEdit} on a Python file): a test method that copies a test
 * workspace, builds a {@link Scenario} (file, optional typing, command and arguments, the expected buffer, whether
 * one undo restores it), runs it, and asserts on the {@link Outcome}'s report and on disk.
 */
final class NeovimDriver {

    private static final long KILL_AFTER_SECONDS = 60;
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    /** What one scenario asks of the driver; see drive.lua for the meaning of each field. */
    static final class Scenario {
        final Map<String, Object> params = new LinkedHashMap<>();

        Scenario(Path root, Path file) {
            params.put("root", root.toString());
            params.put("file", file.toString());
        }

        /** Keystrokes typed in normal mode, e.g. {@code "ggO// note<Esc>"}. */
        Scenario typingKeys(String keys) {
            params.put("typing", Map.of("keys", keys));
            return this;
        }

        Scenario typing(int line, List<String> lines) {
            params.put("typing", Map.of("line", line, "lines", lines));
            return this;
        }

        Scenario command(String id, Map<String, Object> arguments) {
            params.put("command", id);
            params.put("arguments", List.of(arguments));
            return this;
        }

        Scenario expectBuffer(String text) {
            params.put("expected", text);
            return this;
        }

        Scenario expectError(String fragment) {
            params.put("expect_error", fragment);
            return this;
        }

        Scenario expectOtherBuffer(Path file, String text) {
            @SuppressWarnings("unchecked")
            List<Object> others = (List<Object>) params.computeIfAbsent("other_buffers", k -> new ArrayList<>());
            others.add(Map.of("file", file.toString(), "expected", text));
            return this;
        }

        /** Keystrokes typed right after the command is sent, before Neovim can read the edit it brings. */
        Scenario typingKeysWhileTheCommandRuns(String keys) {
            params.put("typing_after_command", keys);
            return this;
        }

        /** The command must answer {@code applied: false} with a reason containing {@code fragment}. */
        Scenario expectNotApplied(String fragment) {
            params.put("expect_not_applied", fragment);
            return this;
        }

        /** A second command after the first succeeded; "${checkpointId}" is the first answer's checkpoint. */
        Scenario thenCommand(String id, Map<String, Object> arguments, String expectedBuffer) {
            params.put("then_command", Map.of("command", id, "arguments", List.of(arguments), "expected",
                    expectedBuffer));
            return this;
        }

        Scenario undoRestores() {
            params.put("undo_restores", true);
            return this;
        }
    }

    /** What the driver saw: its report (ok, before, after, after_undo, result, error, failure, log) and exit code. */
    record Outcome(int exitCode, JsonObject report, String output) {
        boolean ok() {
            return exitCode == 0 && report.has("ok") && report.get("ok").getAsBoolean();
        }

        String describe() {
            return "nvim exit " + exitCode + "\nreport: " + report + "\noutput:\n" + output;
        }
    }

    /** Skips (or, under CI, fails) when Neovim is not installed. */
    static void requireNeovim() {
        boolean present = onPath("nvim");
        if (!present && "1".equals(System.getenv("AGENTLS_REQUIRE_NVIM"))) {
            throw new AssertionError("nvim is not installed but AGENTLS_REQUIRE_NVIM=1 requires the Neovim tests");
        }
        assumeTrue(present, "nvim is not installed: Neovim end-to-end tests skipped");
    }

    static Outcome run(Scenario scenario, Path work) throws IOException, InterruptedException {
        Path driver = work.resolve("drive.lua");
        try (InputStream lua = NeovimDriver.class.getResourceAsStream("/nvim/drive.lua")) {
            Files.write(driver, lua.readAllBytes());
        }
        Path result = work.resolve("result.json");
        Path paramsFile = work.resolve("params.json");
        Map<String, Object> params = new LinkedHashMap<>(scenario.params);
        params.put("server_cmd", serverCommand());
        params.put("result_file", result.toString());
        Files.writeString(paramsFile, GSON.toJson(params));
        return runLua(driver, Map.of("AGENTLS_NVIM_PARAMS", paramsFile.toString()), work, result);
    }

    /**
     * Runs {@code driver} in a headless Neovim with no user config, in {@code work}, and reads the JSON report it
     * writes to {@code result}; a Neovim that does not finish in time is killed (with its server).
     */
    static Outcome runLua(Path driver, Map<String, String> environment, Path work, Path result)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n",
                "-c", "luafile " + driver)
                .directory(work.toFile())
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("nvim.out").toFile())
                .redirectInput(ProcessBuilder.Redirect.PIPE);
        builder.environment().putAll(environment);
        builder.environment().put("XDG_STATE_HOME", work.resolve("state").toString());
        builder.environment().put("XDG_DATA_HOME", work.resolve("data").toString());
        builder.environment().put("XDG_CACHE_HOME", work.resolve("cache").toString());
        Process nvim = builder.start();
        boolean finished = nvim.waitFor(KILL_AFTER_SECONDS, TimeUnit.SECONDS);
        if (!finished) {
            nvim.descendants().forEach(ProcessHandle::destroyForcibly);
            nvim.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String output = Files.readString(work.resolve("nvim.out"), StandardCharsets.UTF_8);
        JsonObject report = Files.exists(result)
                ? GSON.fromJson(Files.readString(result), JsonObject.class)
                : new JsonObject();
        if (!finished) {
            report.addProperty("failure", "nvim was killed after " + KILL_AFTER_SECONDS + " s");
        }
        return new Outcome(finished ? nvim.exitValue() : -1, report, output);
    }

    /** AgentLS from this test's classpath: {@code java -cp <classpath> dev.agentls.cli.Main lsp}. */
    static List<String> serverCommand() {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.add("-XX:+UseSerialGC");
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-cp");
        command.add(classpath);
        command.add("dev.agentls.cli.Main");
        command.add("lsp");
        return command;
    }

    private static boolean onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    private NeovimDriver() {}
}
