-- The :Agent command driver (NeovimAgentCommandTest): sources the README's Neovim block, opens a file, and runs
-- each of `params.steps` ({line = cursor line, command = Ex command, visual = {first, last}?}), keeping for each the
-- requests Neovim sent (timed, with their params and answers) and what the echo area showed.
local params = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv("AGENTLS_NVIM_PARAMS")), "\n"))
local report = { ok = false, steps = {} }
local function now_ms() return vim.loop.hrtime() / 1e6 end
local current

local echo = vim.api.nvim_echo
vim.api.nvim_echo = function(chunks, history, opts)
  local line = ""
  for _, chunk in ipairs(chunks) do line = line .. chunk[1] end
  if current then table.insert(current.echoes, line) end
  return echo(chunks, history, opts)
end

local ok, failure = pcall(function()
  vim.cmd("cd " .. vim.fn.fnameescape(params.root))
  vim.g.agentls_home = params.agentls_home
  vim.g.agentls_cmd = params.server_cmd
  vim.cmd("luafile " .. vim.fn.fnameescape(params.setup_file))
  local client = vim.lsp.get_client_by_id(require("agentls").client_id)
  local request = client.request
  client.request = function(method, request_params, handler, bufnr)
    handler = handler or client.handlers[method] or vim.lsp.handlers[method]
    local entry = { method = method, params = request_params, sent = now_ms() }
    if current then table.insert(current.requests, entry) end
    return request(method, request_params, function(err, result, ctx, config)
      entry.ms = now_ms() - entry.sent
      entry.error = err and err.message or nil
      entry.result = result
      return handler(err, result, ctx, config)
    end, bufnr)
  end
  vim.cmd("edit " .. vim.fn.fnameescape(params.file))
  assert(vim.wait(30000, function() return client.initialized end, 20), "no initialize answer in 30 s")
  for _, step in ipairs(params.steps) do
    current = { command = step.command, requests = {}, echoes = {} }
    table.insert(report.steps, current)
    vim.api.nvim_win_set_cursor(0, { step.line, 0 })
    vim.cmd(step.command)
    -- Until every request it sent is answered and the echo area has spoken (scheduled), at most 5 s.
    vim.wait(5000, function()
      for _, r in ipairs(current.requests) do if not r.ms then return false end end
      return #current.echoes > 0 or #current.requests > 0 and step.quiet
    end, 20)
    vim.wait(100, function() return false end, 20)
  end
  current = nil
  report.buffer = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, true), "\n") .. "\n"
  report.ok = true
end)
if not ok then report.failure = tostring(failure) end
vim.fn.writefile({ vim.fn.json_encode(report) }, params.result_file)
vim.cmd(report.ok and "qall!" or "cquit 1")
