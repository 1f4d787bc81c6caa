package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.agentls.testing.AgentProcesses;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls acp} driven by a client nobody here wrote: the official ACP TypeScript SDK (2.x client API), in
 * {@code src/test/acp/sdk-client.mjs}, against the scripted loopback model. The script checks an edit through
 * fs/write_text_file on the client's unsaved text, an allowed and a rejected command, a plan, usage, slash commands,
 * a cancel, a SIGKILL then session/load in a new process, and modes; it prints one line per check. Skipped when
 * {@code scripts/test} did not install the SDK (AGENTLS_ACP_SDK), unless AGENTLS_REQUIRE_ACP=1.
 */
@Tag("slow")
class AcpSdkEndToEndTest {

    private static final List<String> CHECKS = List.of(
            "an edit lands through fs/write_text_file on the client's unsaved text; disk untouched",
            "an allowed command runs and its output reaches the model",
            "a rejected command runs nothing and the model is told",
            "create_plan shows the plan with every entry",
            "cancel answers cancelled within a second; files unchanged",
            "after SIGKILL, session/load in a new process replays the conversation before answering",
            "modes: set_mode and the mode option say current_mode_update / config_option_update",
            "usage_update after each model call",
            "available commands were advertised (plan, ask, compact, undo)",
            "session/list in a new process lists the earlier process's session",
            "a follow-up question is an elicitation/create form and the answer reaches the model",
            "the /compact slash command answers end_turn with what it did",
            "a prompt after the restart continues the conversation");

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    @Test
    void theOfficialTypeScriptClientDrivesAWholeSession() throws Exception {
        String sdk = System.getenv("AGENTLS_ACP_SDK");
        boolean present = sdk != null && Files.isDirectory(Path.of(sdk, "node_modules", "@agentclientprotocol", "sdk"));
        if (!present && "1".equals(System.getenv("AGENTLS_REQUIRE_ACP"))) {
            throw new AssertionError("AGENTLS_REQUIRE_ACP=1 but the ACP SDK is missing (AGENTLS_ACP_SDK=" + sdk
                    + "); scripts/test installs it with npm");
        }
        assumeTrue(present, "the ACP TypeScript SDK is not installed (scripts/test installs it)");
        Path launcher = agents.launcherScript("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
        Path work = Files.createDirectories(temp.resolve("work"));
        Process node = new ProcessBuilder("node", Path.of("src/test/acp/sdk-client.mjs").toAbsolutePath().toString(),
                sdk, launcher.toString(), work.toString()).redirectErrorStream(true).start();
        node.getOutputStream().close();
        byte[] printed = node.getInputStream().readAllBytes();
        assertTrue(node.waitFor(180, TimeUnit.SECONDS), "the SDK client did not finish");
        String output = new String(printed, StandardCharsets.UTF_8);
        System.out.println(output);
        assertEquals(0, node.exitValue(), output);
        for (String check : CHECKS) {
            assertTrue(output.contains("ok   " + check), "missing check: " + check + "\n" + output);
        }
    }
}
