-- The Neovim whole-task driver (NeovimWholeTaskTest): sources the README's Neovim block (which loads
-- editors/nvim as written), opens a file, types an @agent line, runs it (code action or :Agent), lets "the person"
-- answer through vim.ui.select, waits for the run to end, and writes a JSON report of what the editor shows and
-- what the server said. It only records what Neovim sees: every request the client sends is timed, every event,
-- message and echo is kept; nothing the server is sent is made up here.
local params = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv("AGENTLS_NVIM_PARAMS")), "\n"))
local report = { ok = false, requests = {}, events = {}, echoes = {}, messages = {}, asked = {} }
local function now_ms() return vim.loop.hrtime() / 1e6 end
local function text_of(bufnr)
  return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, true), "\n") .. "\n"
end

-- The person: picks the code action titled `params.pick_action`, and when asked to approve picks
-- `params.approval_choice` (nil: closes the choice without picking, as Esc does).
vim.ui.select = function(items, opts, on_choice)
  local titles = {}
  for i, item in ipairs(items) do titles[i] = opts.format_item and opts.format_item(item) or tostring(item) end
  local want = opts.kind == "codeaction" and params.pick_action or params.approval_choice
  table.insert(report.asked, { prompt = opts.prompt, titles = titles, at = now_ms() })
  for i, title in ipairs(titles) do
    if title == want then return on_choice(items[i], i) end
  end
  on_choice(nil, nil)
end

local echo = vim.api.nvim_echo
vim.api.nvim_echo = function(chunks, history, opts)
  local line = ""
  for _, chunk in ipairs(chunks) do line = line .. chunk[1] end
  table.insert(report.echoes, line)
  return echo(chunks, history, opts)
end
local show_message = vim.lsp.handlers["window/showMessage"]
vim.lsp.handlers["window/showMessage"] = function(err, result, ctx, config)
  table.insert(report.messages, result.message)
  return show_message(err, result, ctx, config)
end

local function agentls_client()
  local id = require("agentls").client_id
  return id and vim.lsp.get_client_by_id(id)
end

-- Times every request the client sends, from the call to its answer, and keeps every agentls/event.
local function instrument(client)
  local request = client.request
  client.request = function(method, request_params, handler, bufnr)
    handler = handler or client.handlers[method] or vim.lsp.handlers[method]
    local entry = { method = method, command = request_params and request_params.command, sent = now_ms() }
    table.insert(report.requests, entry)
    return request(method, request_params, function(err, result, ctx, config)
      entry.answered = now_ms()
      entry.ms = entry.answered - entry.sent
      entry.error = err and err.message or nil
      entry.result = result
      return handler(err, result, ctx, config)
    end, bufnr)
  end
  local on_event = client.handlers["agentls/event"]
  client.handlers["agentls/event"] = function(err, event, ctx, config)
    event.at = now_ms()
    table.insert(report.events, event)
    return on_event(err, event, ctx, config)
  end
end

local function wait_for(what, ms, condition)
  assert(vim.wait(ms, condition, 20), what .. " did not happen in " .. ms .. " ms")
end

local ok, failure = pcall(function()
  vim.cmd("cd " .. vim.fn.fnameescape(params.root))
  vim.g.agentls_home = params.agentls_home
  vim.g.agentls_cmd = params.server_cmd
  vim.cmd("luafile " .. vim.fn.fnameescape(params.setup_file))
  local client = agentls_client()
  assert(client, "the set-up started no client named agentls")
  instrument(client)

  vim.cmd("edit " .. vim.fn.fnameescape(params.open_file))
  local bufnr = vim.api.nvim_get_current_buf()
  wait_for("the server's initialize answer", 30000, function() return client.initialized end)
  wait_for("attaching the buffer", 5000, function() return vim.lsp.buf_is_attached(bufnr, client.id) end)

  -- The user writes the instruction above the line it is about, as keystrokes (autoindent indents it), unsaved.
  local anchor = vim.fn.search("\\V" .. params.anchor_line, "w")
  assert(anchor > 0, "no line " .. params.anchor_line)
  vim.cmd("normal! O" .. params.instruction_line)
  -- A person's typing ends its undo block when Neovim goes back to waiting for keys; a script never waits, so it
  -- closes the block itself (:help undo-break), or the agent's edits would join the user's typing in one undo.
  vim.o.undolevels = vim.o.undolevels
  local instruction_row = anchor - 1
  report.before_run = text_of(bufnr)
  -- Each watched file as on disk before the run: the run's command makes Neovim save the changed buffers.
  local disk_before = {}
  for _, path in ipairs(params.watched_files) do
    disk_before[path] = table.concat(vim.fn.readfile(path), "\n") .. "\n"
  end
  wait_for("the Hint diagnostic on the @agent line", 15000, function()
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if d.lnum == instruction_row and d.severity == vim.diagnostic.severity.HINT then return true end
    end
    return false
  end)

  vim.api.nvim_win_set_cursor(0, { instruction_row + 1, 10 })
  report.run_sent = now_ms()
  if params.how == "code_action" then
    vim.lsp.buf.code_action()
  else
    vim.cmd(params.how)
  end

  if params.after_waiting then
    -- The person answers later, with an :Agent command, while the run waits and its line shows a Warning.
    wait_for("approval_requested", 60000, function()
      for _, e in ipairs(report.events) do if e.type == "approval_requested" then return true end end
      return false
    end)
    wait_for("the Warning diagnostic on the waiting run's line", 10000, function()
      for _, d in ipairs(vim.diagnostic.get(bufnr)) do
        if d.lnum == instruction_row and d.severity == vim.diagnostic.severity.WARN then
          report.waiting_diagnostic = d.message
          return true
        end
      end
      return false
    end)
    vim.cmd(params.after_waiting)
  end

  local finished
  wait_for("run_finished", 60000, function()
    for _, e in ipairs(report.events) do if e.type == "run_finished" then finished = e return true end end
    return false
  end)
  if params.expect_done_line ~= false then
    wait_for("the @agent-done line", 15000, function()
      return (vim.api.nvim_buf_get_lines(bufnr, instruction_row, instruction_row + 1, false)[1] or ""):find("@agent%-done") ~= nil
    end)
  end
  wait_for("the transcript in a split", 5000, function()
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_buf_get_name(vim.api.nvim_win_get_buf(win)):find("%.agentls/runs/" .. finished.runId .. "%.md$") then
        return true
      end
    end
    return false
  end)
  -- Let late messages (throttled milestones) arrive before reading the screen.
  vim.wait(1200, function() return false end, 50)

  report.windows = {}
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    table.insert(report.windows, vim.api.nvim_buf_get_name(vim.api.nvim_win_get_buf(win)))
  end
  report.current_window_file = vim.api.nvim_buf_get_name(0)
  report.buffers = {}
  for _, path in ipairs(params.watched_files) do
    local b = vim.fn.bufnr(path)
    if b > 0 and vim.api.nvim_buf_is_loaded(b) then
      report.buffers[path] = { text = text_of(b), modified = vim.api.nvim_buf_get_option(b, "modified") }
    end
  end

  -- The person closes the split and asks for the transcript again.
  vim.cmd("only")
  vim.cmd("Agent transcript")
  report.windows_after_transcript_command = {}
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    table.insert(report.windows_after_transcript_command, vim.api.nvim_buf_get_name(vim.api.nvim_win_get_buf(win)))
  end

  -- The person asks for something no run waits for: a clear error, nothing touched.
  local before_bad = #report.requests
  vim.cmd("Agent approve")
  wait_for("the answer to :Agent approve", 5000, function()
    return #report.requests > before_bad and report.requests[#report.requests].answered ~= nil
  end)
  report.bad_approve = report.requests[#report.requests]

  -- Undo: each file's buffer, step by step, until it shows its text from before the run.
  report.undo = {}
  for _, path in ipairs(params.watched_files) do
    local b = vim.fn.bufnr(path)
    if b > 0 and vim.api.nvim_buf_is_loaded(b) then
      local target = path == params.open_file and report.before_run or disk_before[path]
      local steps, seen = 0, {}
      vim.api.nvim_buf_call(b, function()
        while text_of(b) ~= target and steps < 5 do
          vim.cmd("silent undo")
          steps = steps + 1
          table.insert(seen, text_of(b))
        end
      end)
      report.undo[path] = { steps = steps, restored = text_of(b) == target, seen = seen }
    end
  end
  report.ok = true
end)
if not ok then report.failure = tostring(failure) end
vim.fn.writefile({ vim.fn.json_encode(report) }, params.result_file)
vim.cmd(report.ok and "qall!" or "cquit 1")
