package dev.agentls.lsp;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs one scenario in a real editor, headless (Emacs with eglot or lsp-mode, Vim with ALE), with the user set-up
 * from {@code editors/} attached to AgentLS started from this test's classpath, and returns the driver script's JSON
 * report. The editor is killed (with its server) after 90 s. An editor that is not installed skips the test, unless
 * its CI flag ({@code AGENTLS_REQUIRE_EMACS=1}, {@code AGENTLS_REQUIRE_VIM=1}, as {@code AGENTLS_REQUIRE_NVIM} for
 * Neovim) makes that a failure.
 */
final class HeadlessEditor {

    private static final long KILL_AFTER_SECONDS = 90;
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    /** What the driver saw: its report and exit code, and the editor's output. */
    record Outcome(int exitCode, JsonObject report, String output) {
        String text(String member) {
            return report.has(member) ? report.get(member).getAsString() : null;
        }

        String describe() {
            return "exit " + exitCode + "\nreport: " + report + "\noutput:\n" + output;
        }
    }

    /**
     * Skips (or, under {@code requireFlag}, fails) unless {@code probe} runs and exits 0: the editor and the packages
     * the test needs are installed.
     */
    static void require(String what, String requireFlag, List<String> probe) {
        boolean present;
        try {
            Process process = new ProcessBuilder(probe).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectInput(ProcessBuilder.Redirect.PIPE).start();
            process.getOutputStream().close();
            present = process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
            process.destroyForcibly();
        } catch (IOException e) {
            present = false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            present = false;
        }
        if (!present && "1".equals(System.getenv(requireFlag))) {
            throw new AssertionError(what + " is not installed but " + requireFlag + "=1 requires its tests");
        }
        assumeTrue(present, what + " is not installed: its end-to-end tests skipped (scripts/test installs it as root)");
    }

    /**
     * A script that starts AgentLS from this test's classpath, as {@code scripts/agentls lsp} does from the jar: the
     * command a user's set-up names.
     */
    static Path serverScript(Path work) throws IOException {
        Path script = work.resolve("agentls-lsp");
        StringBuilder line = new StringBuilder("#!/bin/sh\nexec");
        for (String part : NeovimDriver.serverCommand()) {
            line.append(" '").append(part.replace("'", "'\\''")).append('\'');
        }
        Files.writeString(script, line.append(" \"$@\"\n").toString());
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    /** The repository's {@code editors/<name>} folder, the set-up a user copies. */
    static Path setup(String name) {
        return LspFixture.repoRoot().resolve("editors").resolve(name);
    }

    /**
     * Writes {@code params} (plus {@code result_file}) where the driver reads them ({@code paramsVariable} names the
     * file), copies the driver from the test resources, and runs {@code command} with {@code {driver}} replaced.
     */
    static Outcome run(String driverResource, List<String> command, String paramsVariable, Map<String, Object> params,
            Path work) throws IOException, InterruptedException {
        return run(driverResource, command, paramsVariable, params, work, KILL_AFTER_SECONDS);
    }

    /** As above, the editor killed after {@code killAfterSeconds} (a whole agent run starts several JVMs). */
    static Outcome run(String driverResource, List<String> command, String paramsVariable, Map<String, Object> params,
            Path work, long killAfterSeconds) throws IOException, InterruptedException {
        Path driver = work.resolve(Path.of(driverResource).getFileName().toString());
        try (InputStream in = HeadlessEditor.class.getResourceAsStream(driverResource)) {
            Files.write(driver, in.readAllBytes());
        }
        Path result = work.resolve("result.json");
        Path paramsFile = work.resolve("params.json");
        Map<String, Object> all = new LinkedHashMap<>(params);
        all.put("result_file", result.toString());
        Files.writeString(paramsFile, GSON.toJson(all));
        Path output = work.resolve("editor.out");
        ProcessBuilder builder = new ProcessBuilder(command.stream()
                .map(part -> part.replace("{driver}", driver.toString())).toList())
                .directory(work.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.PIPE);
        builder.environment().put(paramsVariable, paramsFile.toString());
        builder.environment().put("HOME", work.resolve("home").toString());
        Files.createDirectories(work.resolve("home"));
        Process editor = builder.start();
        editor.getOutputStream().close();
        boolean finished = editor.waitFor(killAfterSeconds, TimeUnit.SECONDS);
        if (!finished) {
            editor.descendants().forEach(ProcessHandle::destroyForcibly);
            editor.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        // The server outlives an editor that quits without shutting it down; end it with its editor.
        editor.descendants().forEach(ProcessHandle::destroyForcibly);
        String printed = Files.readString(output, StandardCharsets.UTF_8);
        JsonObject report = Files.exists(result) ? GSON.fromJson(Files.readString(result), JsonObject.class)
                : new JsonObject();
        if (!finished) {
            report.addProperty("failure", "the editor was killed after " + killAfterSeconds + " s");
        }
        return new Outcome(finished ? editor.exitValue() : -1, report, printed);
    }

    private HeadlessEditor() {}
}
