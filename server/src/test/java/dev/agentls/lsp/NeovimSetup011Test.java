package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Neovim 0.11+ set-up ({@code editors/nvim/lua/agentls/v011.lua}) cannot run here (Debian has 0.7), so what can
 * be checked is: both set-up files load in Neovim's own Lua, the 0.11 set-up refuses 0.7 with the version it needs
 * and starts nothing, and the code it reaches uses only APIs documented for Neovim 0.11, none deprecated there.
 */
@Tag("slow")
class NeovimSetup011Test {

    static final Path NVIM = LspFixture.repoRoot().resolve("editors/nvim/lua/agentls");

    /**
     * Every {@code vim.*} name the two files use, with the Neovim 0.11 help file documenting it ({@code :help} of that
     * name): {@code lua.txt}, {@code lsp.txt}, {@code api.txt}, {@code builtin.txt} (vim.fn), {@code options.txt}.
     */
    static final Map<String, String> DOCUMENTED_IN_011 = Map.ofEntries(
            Map.entry("vim.NIL", "lua.txt"), Map.entry("vim.bo", "lua.txt"), Map.entry("vim.cmd", "lua.txt"),
            Map.entry("vim.notify", "lua.txt"), Map.entry("vim.log.levels.WARN", "lua.txt"),
            Map.entry("vim.schedule", "lua.txt"), Map.entry("vim.uri_to_bufnr", "lua.txt"),
            Map.entry("vim.uri_to_fname", "lua.txt"), Map.entry("vim.api.nvim_buf_call", "api.txt"),
            Map.entry("vim.fn.bufnr", "builtin.txt"), Map.entry("vim.diagnostic.get", "diagnostic.txt"),
            Map.entry("vim.diagnostic.severity.WARN", "diagnostic.txt"), Map.entry("vim.lsp.buf_is_attached", "lsp.txt"),
            Map.entry("vim.lsp.diagnostic.get_namespace", "lsp.txt"), Map.entry("vim.tbl_extend", "lua.txt"),
            Map.entry("vim.tbl_filter", "lua.txt"), Map.entry("vim.ui.select", "lua.txt"),
            Map.entry("vim.uri_from_bufnr", "lua.txt"), Map.entry("vim.o.columns", "options.txt"),
            Map.entry("vim.fn.expand", "builtin.txt"), Map.entry("vim.fn.filereadable", "builtin.txt"),
            Map.entry("vim.fn.fnameescape", "builtin.txt"), Map.entry("vim.fn.getcwd", "builtin.txt"),
            Map.entry("vim.fn.getreg", "builtin.txt"), Map.entry("vim.fn.has", "builtin.txt"),
            Map.entry("vim.api.nvim_buf_get_lines", "api.txt"), Map.entry("vim.api.nvim_buf_get_name", "api.txt"),
            Map.entry("vim.api.nvim_buf_is_loaded", "api.txt"), Map.entry("vim.api.nvim_create_augroup", "api.txt"),
            Map.entry("vim.api.nvim_create_autocmd", "api.txt"),
            Map.entry("vim.api.nvim_create_user_command", "api.txt"), Map.entry("vim.api.nvim_echo", "api.txt"),
            Map.entry("vim.api.nvim_get_current_buf", "api.txt"), Map.entry("vim.api.nvim_list_bufs", "api.txt"),
            Map.entry("vim.api.nvim_win_get_cursor", "api.txt"), Map.entry("vim.lsp.config", "lsp.txt"),
            Map.entry("vim.lsp.enable", "lsp.txt"), Map.entry("vim.lsp.get_clients", "lsp.txt"),
            Map.entry("vim.lsp.get_client_by_id", "lsp.txt"), Map.entry("vim.lsp.handlers", "lsp.txt"),
            Map.entry("vim.lsp.buf_attach_client", "lsp.txt"),
            Map.entry("vim.lsp.protocol.make_client_capabilities", "lsp.txt"));

    /** Deprecated by 0.11 (0.10: get_active_clients; 0.11: start_client): only on the 0.7 paths. */
    static final Set<String> DEPRECATED_BY_011 = Set.of("vim.lsp.get_active_clients", "vim.lsp.start_client");

    @TempDir
    Path temp;

    @Test
    void bothSetupsLoadInNeovimAndThe011SetupRefuses07NamingTheVersionAndStartsNothing() throws Exception {
        NeovimDriver.requireNeovim();
        Path result = temp.resolve("result.json");
        String driver = String.join("\n",
                "local report = { ok = false }",
                "local ok, failure = pcall(function()",
                "  vim.opt.runtimepath:append(" + NeovimReadmeSetupTest.luaString(NVIM.getParent().getParent()
                        .toString()) + ")",
                "  report.parsed = {}",
                "  for _, name in ipairs({ 'init.lua', 'command.lua', 'v011.lua' }) do",
                "    local chunk, problem = loadfile(" + NeovimReadmeSetupTest.luaString(NVIM.toString())
                        + " .. '/' .. name)",
                "    report.parsed[name] = chunk ~= nil and 'ok' or problem",
                "  end",
                "  vim.cmd('luafile ' .. " + NeovimReadmeSetupTest.luaString(NVIM.resolve("v011.lua").toString())
                        + ")",
                "  local started, refusal = pcall(require('agentls.v011').setup, { cmd = { 'false' } })",
                "  report.started = started",
                "  report.refusal = tostring(refusal)",
                "  report.clients = #vim.lsp.get_active_clients()",
                "  report.agent_command = vim.fn.exists(':Agent')",
                "  report.ok = true",
                "end)",
                "if not ok then report.failure = tostring(failure) end",
                "vim.fn.writefile({ vim.fn.json_encode(report) }, " + NeovimReadmeSetupTest.luaString(result.toString())
                        + ")",
                "vim.cmd(report.ok and 'qall!' or 'cquit 1')", "");
        Path driverFile = temp.resolve("driver.lua");
        Files.writeString(driverFile, driver);

        NeovimDriver.Outcome outcome = NeovimDriver.runLua(driverFile, Map.of(), temp, result);

        assertTrue(outcome.ok(), outcome.describe());
        assertEquals("ok", outcome.report().getAsJsonObject("parsed").get("init.lua").getAsString());
        assertEquals("ok", outcome.report().getAsJsonObject("parsed").get("command.lua").getAsString());
        assertEquals("ok", outcome.report().getAsJsonObject("parsed").get("v011.lua").getAsString());
        assertFalse(outcome.report().get("started").getAsBoolean());
        assertTrue(outcome.report().get("refusal").getAsString().endsWith("agentls.v011 needs Neovim 0.11 or later"
                + " (vim.lsp.config); use require('agentls').setup() instead"), outcome.describe());
        assertEquals(0, outcome.report().get("clients").getAsInt(), "nothing started");
        assertEquals(0, outcome.report().get("agent_command").getAsInt(), "no :Agent defined");
    }

    @Test
    void theSetupsUseOnlyApisDocumentedForNeovim011AndNoneDeprecatedThereOnThe011Path() throws Exception {
        String v011 = Files.readString(NVIM.resolve("v011.lua"));
        // The client both set-ups share: init.lua and the modules it loads.
        String shared = Files.readString(NVIM.resolve("init.lua")) + Files.readString(NVIM.resolve("command.lua"));
        Set<String> unknown = new TreeSet<>();
        for (String name : vimNames(v011 + shared)) {
            if (!DOCUMENTED_IN_011.containsKey(name) && !DEPRECATED_BY_011.contains(name)) {
                unknown.add(name);
            }
        }
        assertEquals(Set.of(), unknown, "names not in the list of APIs documented for Neovim 0.11");
        for (String deprecated : DEPRECATED_BY_011) {
            assertFalse(v011.contains(deprecated), "v011.lua uses " + deprecated);
        }
        // The deprecated names stay on the 0.7 paths: start_client only in setup(), get_active_clients only where
        // get_clients (0.10+) is missing.
        String setup07 = shared.substring(shared.indexOf("function M.setup("));
        assertEquals(1, count(shared, "vim.lsp.start_client"));
        assertTrue(setup07.contains("vim.lsp.start_client("), "start_client outside setup()");
        assertTrue(shared.lines().filter(line -> line.contains("vim.lsp.get_active_clients")).allMatch(line ->
                line.contains("vim.lsp.get_clients and")), "get_active_clients not behind the get_clients check");
        // 0.11 deprecates calling the client's functions with a dot: one call site for each form, chosen by version.
        assertEquals(1, count(shared, "client.request("));
        assertEquals(1, count(shared, "client:request("));
        assertTrue(shared.contains("if vim.fn.has(\"nvim-0.11\") == 1 then\n    return client:request("), shared);
        // The client configuration given to vim.lsp.config holds only vim.lsp.ClientConfig fields (lsp.txt).
        String config = shared.substring(shared.indexOf("function M.client_config("));
        config = config.substring(config.indexOf("return {"), config.indexOf("\n  }\n"));
        Set<String> keys = new TreeSet<>();
        Matcher key = Pattern.compile("\n\\s+([a-z_]+) = ").matcher(config);
        while (key.find()) {
            keys.add(key.group(1));
        }
        assertEquals(new TreeSet<>(List.of("capabilities", "cmd", "handlers", "init_options", "name", "on_attach",
                        "root_dir")),
                keys);
    }

    /** The {@code vim.a.b} names used in Lua code (comments left out). */
    static Set<String> vimNames(String lua) {
        Set<String> names = new TreeSet<>();
        for (String line : lua.lines().toList()) {
            String code = line.contains("--") ? line.substring(0, line.indexOf("--")) : line;
            Matcher name = Pattern.compile("\\bvim(\\.[A-Za-z_][A-Za-z0-9_]*)+").matcher(code);
            while (name.find()) {
                names.add(name.group());
            }
        }
        return names;
    }

    private static int count(String text, String part) {
        int found = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            found++;
        }
        return found;
    }
}
