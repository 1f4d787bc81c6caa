-- The :Agent and :AgentApply commands of the AgentLS client: what the user types, turned into agentls.* commands
-- (run, cancel, approve, deny, applyEdits) on the client's connection.
local C = {}

-- Adds M.command, M.create_command and M.create_apply_command to the client module M. `connection` is what the
-- commands need of the client: find() the running client, request(client, method, params, handler, bufnr), and
-- answered(err, result, ctx), the handler of every workspace/executeCommand answer.
function C.install(M, connection)
  local client_of = connection.find

  -- Runs the @agent line under the cursor through the server's own code action for it (so the line becomes
  -- @agent-done when the run ends), in `mode` (direct, plan or ask).
  local function run_instruction_line(mode)
    local client = client_of()
    if not client then
      M.echo("AgentLS: the server is not running", "ErrorMsg")
      return
    end
    local bufnr = vim.api.nvim_get_current_buf()
    local line = vim.api.nvim_win_get_cursor(0)[1] - 1
    local params = {
      textDocument = { uri = vim.uri_from_bufnr(bufnr) },
      range = { start = { line = line, character = 0 }, ["end"] = { line = line, character = 1 } },
      context = { diagnostics = {} },
    }
    connection.request(client, "textDocument/codeAction", params, function(err, actions)
      if err then
        M.echo("AgentLS: " .. err.message, "ErrorMsg")
        return
      end
      for _, action in ipairs(actions or {}) do
        local command = action.command
        local argument = command and command.arguments and command.arguments[1]
        if type(argument) == "table" and argument.instructionLine ~= nil and argument.mode == mode then
          connection.request(client, "workspace/executeCommand",
            { command = command.command, arguments = command.arguments }, connection.answered, bufnr)
          return
        end
      end
      M.echo("AgentLS: no @agent line " .. (line + 1) .. "; try :Agent <instruction>", "WarningMsg")
    end, bufnr)
  end

  local function run_prompt(mode, prompt, opts)
    local arguments = { prompt = prompt, mode = mode, uri = vim.uri_from_bufnr(0) }
    if opts.range > 0 then
      local last = vim.api.nvim_buf_get_lines(0, opts.line2 - 1, opts.line2, false)[1] or ""
      arguments.range = { start = { line = opts.line1 - 1, character = 0 },
        ["end"] = { line = opts.line2 - 1, character = #last } }
    end
    M.execute("agentls.run", arguments)
  end

  local function need_run(what)
    if not M.last_run then
      M.echo("AgentLS: no run to " .. what, "WarningMsg")
    end
    return M.last_run
  end

  -- :Agent [plan|ask] [instruction] | stop | approve [once|run|always] | deny | transcript [N]
  function M.command(opts)
    local verb, rest = opts.args:match("^%s*(%S*)%s*(.-)%s*$")
    if verb == "stop" then
      if need_run("stop") then M.execute("agentls.cancel", { runId = M.last_run }) end
    elseif verb == "approve" then
      local scope = rest ~= "" and rest or "once"
      if need_run("approve") then M.execute("agentls.approve", { runId = M.last_run, scope = scope }) end
    elseif verb == "deny" then
      if need_run("deny") then M.execute("agentls.deny", { runId = M.last_run }) end
    elseif verb == "transcript" then
      M.open_transcript(rest ~= "" and rest or nil)
    else
      local mode, prompt = "direct", opts.args:match("^%s*(.-)%s*$")
      if verb == "plan" or verb == "ask" then
        mode, prompt = verb, rest
      end
      if prompt == "" then
        run_instruction_line(mode)
      else
        run_prompt(mode, prompt, opts)
      end
    end
  end

  local subcommands = { "plan", "ask", "stop", "approve", "deny", "transcript" }

  function M.create_command()
    vim.api.nvim_create_user_command("Agent", M.command, {
      nargs = "*",
      range = true,
      desc = "AgentLS: run an instruction (or the @agent line), plan, ask, stop, approve, deny, transcript",
      complete = function(lead, line)
        if line:match("^%S+%s+approve%s+") then
          return vim.tbl_filter(function(s) return s:find(lead, 1, true) == 1 end, { "once", "run", "always" })
        end
        return vim.tbl_filter(function(s) return s:find(lead, 1, true) == 1 end, subcommands)
      end,
    })
  end

  -- :AgentApply: applies the SEARCH/REPLACE edit in the unnamed register to the current buffer (no model).
  function M.create_apply_command()
    vim.api.nvim_create_user_command("AgentApply", function()
      local edit = { uri = vim.uri_from_bufnr(0), diff = vim.fn.getreg('"') }
      M.execute("agentls.applyEdits", edit, function(err, result)
        if err then
          return
        elseif not result.applied then
          vim.notify("AgentLS: not applied: " .. tostring(result.reason), vim.log.levels.WARN)
        else
          vim.notify("AgentLS: applied " .. #result.blocks .. " block(s)")
        end
      end)
    end, { desc = "AgentLS: apply the SEARCH/REPLACE edit in the unnamed register to this buffer" })
  end
end

return C
