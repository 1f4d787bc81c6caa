package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Neovim set-up docs/editors/neovim.md gives, run as written: the lua block between its {@code neovim-setup} markers (which
 * loads {@code editors/nvim} from the repository, as {@code vim.g.agentls_home}) is sourced in a headless Neovim, a file is opened, an edit is put in the unnamed register and {@code :AgentApply} is
 * run. The edit must land in the buffer, unsaved, and the user must be told.
 */
@Tag("slow")
class NeovimReadmeSetupTest {

    @TempDir
    Path temp;

    static String readmeSetup() throws Exception {
        String page = Files.readString(LspFixture.repoRoot().resolve("docs/editors/neovim.md"));
        String block = page.substring(page.indexOf("<!-- neovim-setup:begin -->"),
                page.indexOf("<!-- neovim-setup:end -->"));
        return block.substring(block.indexOf("```lua\n") + "```lua\n".length(), block.lastIndexOf("```"));
    }

    static String luaString(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }

    @Test
    void theReadmeSetupAppliesTheEditInTheRegisterToTheBufferAndSaysSo() throws Exception {
        NeovimDriver.requireNeovim();
        Path root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
        Path file = root.resolve("src/main/java/demo/Greeter.java");
        String disk = Files.readString(file);
        Files.writeString(temp.resolve("init.lua"), readmeSetup());
        String diff = "------- SEARCH\n/** Greets people by name. */\n=======\n/** Welcomes people by name. */\n"
                + "+++++++ REPLACE\n";
        Path result = temp.resolve("result.json");
        String command = NeovimDriver.serverCommand().stream().map(NeovimReadmeSetupTest::luaString)
                .collect(Collectors.joining(", ", "{", "}"));
        String driver = String.join("\n",
                "local report = { ok = false }",
                "local notes = {}",
                "vim.notify = function(message, level) table.insert(notes, message) end",
                "local ok, failure = pcall(function()",
                "  vim.cmd('cd ' .. vim.fn.fnameescape(" + luaString(root.toString()) + "))",
                "  vim.g.agentls_home = " + luaString(LspFixture.repoRoot().toString()),
                "  vim.g.agentls_cmd = " + command,
                "  vim.cmd('luafile ' .. vim.fn.fnameescape(" + luaString(temp.resolve("init.lua").toString()) + "))",
                "  vim.cmd('edit ' .. vim.fn.fnameescape(" + luaString(file.toString()) + "))",
                "  assert(vim.wait(30000, function()",
                "    local clients = vim.lsp.buf_get_clients(0)",
                "    for _, c in pairs(clients) do if c.initialized then return true end end",
                "    return false",
                "  end, 50), 'the server did not attach in 30 s')",
                "  vim.fn.setreg('\"', " + luaString(diff) + ")",
                "  vim.cmd('AgentApply')",
                "  assert(vim.wait(30000, function() return #notes > 0 end, 50), 'no answer in 30 s')",
                "  report.notes = notes",
                "  report.after = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, true), '\\n') .. '\\n'",
                "  report.modified = vim.api.nvim_buf_get_option(0, 'modified')",
                "  report.ok = true",
                "end)",
                "if not ok then report.failure = tostring(failure) end",
                "vim.fn.writefile({ vim.fn.json_encode(report) }, " + luaString(result.toString()) + ")",
                "vim.cmd(report.ok and 'qall!' or 'cquit 1')",
                "");
        Path driverFile = temp.resolve("readme-driver.lua");
        Files.writeString(driverFile, driver);

        NeovimDriver.Outcome outcome = NeovimDriver.runLua(driverFile, Map.of(), temp, result);

        assertTrue(outcome.ok(), outcome.describe());
        assertEquals(disk.replace("Greets people", "Welcomes people"), outcome.report().get("after").getAsString());
        assertTrue(outcome.report().get("modified").getAsBoolean(), "the edit leaves the buffer unsaved");
        assertEquals("[\"AgentLS: applied 1 block(s)\"]", outcome.report().get("notes").toString());
        assertEquals(disk, Files.readString(file));
    }
}
