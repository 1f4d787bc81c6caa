package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a terminal run's log goes, and the one line saying so once something worth reading was logged. */
class LogFileTest {

    @TempDir
    Path temp;

    @Test
    void theLogLivesUnderTheStateHomeOrTheUsersLocalState() {
        assertEquals(Path.of("/s/agentls/agentls.log"), LogFile.place(Map.of("XDG_STATE_HOME", "/s"), "/h"));
        assertEquals(Path.of("/home/u/.local/state/agentls/agentls.log"), LogFile.place(Map.of("HOME", "/home/u"),
                "/h"));
    }

    @Test
    void onlyTheVerbsAPersonWatchesLogToTheFile() {
        assertTrue(Main.logsToFile(new String[] {"run", "-p", "x"}));
        assertTrue(Main.logsToFile(new String[] {"chat"}));
        assertTrue(Main.logsToFile(new String[] {"fix the failing test"}), "a bare prompt is a run");
        assertFalse(Main.logsToFile(new String[] {"lsp"}), "the server logs to stderr for its editor");
        assertFalse(Main.logsToFile(new String[] {"--help"}));
        assertFalse(Main.logsToFile(new String[0]));
    }

    @Test
    void aWarningAndAnSlf4jRecordGoToTheFileAndTheNoticeNamesIt() throws Exception {
        Logger root = LogManager.getLogManager().getLogger("");
        List<Handler> before = List.of(root.getHandlers());
        Level level = root.getLevel();
        try {
            LogFile log = LogFile.install(temp.resolve("state/agentls/agentls.log"));
            Logger.getLogger("dev.agentls.test").info("only info");
            assertTrue(log.notice().isEmpty(), "nothing worth a notice yet");
            org.slf4j.LoggerFactory.getLogger("io.modelcontextprotocol.test").warn("server {} went away", "x");
            assertEquals("agentls: warnings were logged to " + log.path(), log.notice().orElseThrow());
            for (Handler handler : root.getHandlers()) {
                handler.flush();
            }
            String text = Files.readString(log.path());
            assertTrue(text.contains("only info") && text.contains("server x went away"), text);
        } finally {
            for (Handler handler : root.getHandlers()) {
                root.removeHandler(handler);
                handler.close();
            }
            before.forEach(root::addHandler);
            root.setLevel(level);
        }
    }
}
