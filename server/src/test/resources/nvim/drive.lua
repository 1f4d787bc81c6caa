-- A reusable Neovim (0.7) scenario driver for AgentLS end-to-end tests.
--
-- Run: nvim --headless -u NONE -c 'luafile drive.lua'  with AGENTLS_NVIM_PARAMS naming a JSON file:
--   server_cmd      the language server command (a list)
--   root            the workspace folder
--   file            the file to open
--   typing          optional, after the server attached: {keys = "..."} typed as keystrokes (termcodes such as
--                   <Esc> allowed), or {line = N, lines = {...}} inserted before 0-based line N (its own undo step)
--   command         the workspace/executeCommand id; arguments: its arguments; the string "${bufferUri}" anywhere
--                   in them is replaced by the buffer's URI
--   typing_after_command  optional keys typed right after the command is sent (termcodes allowed): Neovim
--                   executes them before it can read the edit the command brings, and sends them to the server
--                   only after its change debounce
--   expect_error    optional: a substring the command's error message must contain (then no edit may land)
--   expect_not_applied  optional: the command must answer applied = false with a reason containing this
--   expected        the whole buffer text expected after the command (lines joined by "\n", plus a final "\n")
--   undo_restores   true: one `u` must bring back the buffer exactly as it was before the command
--   then_command    optional second command run after the first succeeded ({command, arguments, expected}):
--                   "${checkpointId}" in its arguments is the first answer's data.checkpointId; it must answer
--                   applied = true and leave the buffer as `expected`
--   other_buffers   optional list of {file = ..., expected = ...}: other buffers the edit must have filled
--                   (a created file, a second file of a multi-file edit)
--   result_file     where to write what happened (JSON) for the test to read
-- Exits 0 when every expectation held, 1 (cquit) otherwise; the result file says why.

local log = {}
local report = { ok = false }

local function say(message)
  table.insert(log, message)
end

local function buffer_text(bufnr)
  return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, true), "\n") .. "\n"
end

local function substitute(value, uri)
  if type(value) == "string" then
    return (value:gsub("%${bufferUri}", function() return uri end))
  elseif type(value) == "table" then
    local copy = {}
    for k, v in pairs(value) do
      copy[k] = substitute(v, uri)
    end
    return copy
  end
  return value
end

-- The scenario runs in a coroutine so that it can give control back to Neovim's main loop (see pause()).
local function pause()
  local co = coroutine.running()
  vim.defer_fn(function() assert(coroutine.resume(co)) end, 20)
  coroutine.yield()
end

local function finish(params)
  report.log = log
  local encoded = vim.fn.json_encode(report)
  vim.fn.writefile({ encoded }, params.result_file)
end

local function run(params)
  vim.cmd("edit " .. vim.fn.fnameescape(params.file))
  local bufnr = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(bufnr)

  local client_id = vim.lsp.start_client({
    name = "agentls",
    cmd = params.server_cmd,
    root_dir = params.root,
    on_exit = function(code, signal) say("server exited: code " .. tostring(code) .. ", signal " .. tostring(signal)) end,
  })
  assert(client_id, "the language server did not start")
  vim.lsp.buf_attach_client(bufnr, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  assert(vim.wait(30000, function() return client.initialized end, 50), "the server did not initialize in 30 s")
  say("initialized")

  if params.typing and params.typing.keys then
    -- Real keystrokes, executed at once ('x'), as if typed: insert mode, then <Esc>.
    local keys = vim.api.nvim_replace_termcodes(params.typing.keys, true, false, true)
    vim.api.nvim_feedkeys(keys, "ntx", false)
    -- Then a pause: back to Neovim's main loop, waiting for the next key, as after real typing.
    pause()
  elseif params.typing then
    vim.api.nvim_buf_set_lines(bufnr, params.typing.line, params.typing.line, true, params.typing.lines)
    pause()
  end
  local before = buffer_text(bufnr)
  report.before = before

  local done, err, result = false, nil, nil
  client.request("workspace/executeCommand",
    { command = params.command, arguments = substitute(params.arguments, uri) },
    function(e, r)
      err, result, done = e, r, true
    end, bufnr)
  if params.typing_after_command then
    local keys = vim.api.nvim_replace_termcodes(params.typing_after_command, true, false, true)
    vim.api.nvim_feedkeys(keys, "ntx", false)
    report.typed = buffer_text(bufnr)
  end
  assert(vim.wait(30000, function() return done end, 50), "no answer to " .. params.command .. " in 30 s")
  report.error = err and err.message or nil
  report.result = result
  report.after = buffer_text(bufnr)

  if params.expect_error then
    assert(err, "expected an error containing '" .. params.expect_error .. "', got a result")
    assert(string.find(err.message, params.expect_error, 1, true),
      "the error '" .. err.message .. "' does not contain '" .. params.expect_error .. "'")
    assert(report.after == before, "the buffer changed although the command failed")
  elseif params.expect_not_applied then
    assert(not err, "the command failed: " .. (err and err.message or ""))
    assert(result and result.applied == false, "the command should answer applied = false: " .. vim.inspect(result))
    assert(string.find(result.reason or "", params.expect_not_applied, 1, true),
      "the reason '" .. tostring(result.reason) .. "' does not contain '" .. params.expect_not_applied .. "'")
    assert(report.after == params.expected, "the buffer is not as expected")
  else
    assert(not err, "the command failed: " .. (err and err.message or ""))
    assert(result and (result.applied == true or result.ok == true),
      "the command did not apply: " .. vim.inspect(result))
    assert(report.after == params.expected, "the buffer is not as expected")
    if report.after ~= before then
      assert(vim.api.nvim_buf_get_option(bufnr, "modified"), "the buffer should be modified, not saved")
    end
    report.other_buffers = {}
    for _, other in ipairs(params.other_buffers or {}) do
      local other_bufnr = vim.fn.bufnr(other.file)
      assert(other_bufnr > 0, "no buffer for " .. other.file)
      vim.fn.bufload(other_bufnr)
      local text = buffer_text(other_bufnr)
      report.other_buffers[other.file] = text
      assert(text == other.expected, "the buffer of " .. other.file .. " is not as expected")
    end
  end

  if params.then_command and not params.expect_error then
    local checkpoint = result and result.data and result.data.checkpointId or ""
    local args = substitute(params.then_command.arguments, uri)
    args = vim.tbl_map(function(a)
      if type(a) == "table" then
        for k, v in pairs(a) do
          if v == "${checkpointId}" then a[k] = checkpoint end
        end
      end
      return a
    end, args)
    local then_done, then_err, then_result = false, nil, nil
    client.request("workspace/executeCommand", { command = params.then_command.command, arguments = args },
      function(e, r) then_err, then_result, then_done = e, r, true end, bufnr)
    assert(vim.wait(30000, function() return then_done end, 50), "no answer to the second command in 30 s")
    report.then_result = then_result
    report.after_then = buffer_text(bufnr)
    assert(not then_err, "the second command failed: " .. (then_err and then_err.message or ""))
    assert(then_result and then_result.applied == true, "the second command did not apply: " .. vim.inspect(then_result))
    assert(report.after_then == params.then_command.expected, "the buffer is not as expected after the second command")
  end

  if params.undo_restores then
    pause()
    vim.cmd("normal! u")
    report.after_undo = buffer_text(bufnr)
    assert(report.after_undo == before, "one undo did not restore the buffer")
  end
  report.ok = true
end

local params_file = os.getenv("AGENTLS_NVIM_PARAMS")
local params = vim.fn.json_decode(table.concat(vim.fn.readfile(params_file), "\n"))
coroutine.wrap(function()
  local ok, failure = pcall(run, params)
  if not ok then
    report.failure = tostring(failure)
  end
  finish(params)
  if report.ok then
    vim.cmd("qall!")
  else
    vim.cmd("cquit 1")
  end
end)()
