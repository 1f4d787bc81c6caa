-- The Neovim diagnostics driver (NeovimPylspDiagnosticsTest): editors/nvim's set-up and Debian's pylsp, both
-- attached to app.py; once pylsp has reported on the file, `:Agent <prompt>` starts a run whose scripted model
-- breaks the file and then fixes it. Records when each edit was applied in the buffer (vim.loop.hrtime, the monotonic
-- clock the test's JVM reads too) and what Neovim held at the end; writes a JSON report.
local params = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv("AGENTLS_NVIM_PARAMS")), "\n"))
local report = { ok = false, applied = {}, events = {} }
vim.opt.runtimepath:append(params.agentls_home .. "/editors/nvim")
vim.ui.select = function(items, opts, on_choice) on_choice(items[1], 1) end

local function wait_for(what, ms, check)
  if not vim.wait(ms, check, 20) then
    error("timed out waiting for " .. what)
  end
end

local ok, err = pcall(function()
  local agentls = require("agentls")
  agentls.setup({ cmd = params.server_cmd, root_dir = params.root })
  local on_event = agentls.on_event
  agentls.on_event = function(event)
    table.insert(report.events, event)
    return on_event(event)
  end
  local pylsp = vim.lsp.start_client({ name = "pylsp", cmd = { "pylsp" }, root_dir = params.root })
  vim.cmd("edit " .. vim.fn.fnameescape(params.file))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(bufnr, pylsp)
  report.seen = {}
  report.pylsp_id = pylsp
  vim.api.nvim_create_autocmd("DiagnosticChanged", { callback = function(args)
    report.first_report = true
    local client = vim.lsp.get_client_by_id(agentls.client_id)
    local ds = vim.diagnostic.get(args.buf)
    table.insert(report.seen, { buf = args.buf, n = #ds, d1 = ds[1] and { ns = ds[1].namespace, sev = ds[1].severity },
      own = vim.lsp.diagnostic.get_namespace(agentls.client_id),
      py = vim.lsp.get_client_by_id(pylsp) ~= nil and vim.lsp.buf_is_attached(args.buf, pylsp),
      attached = vim.lsp.buf_is_attached(args.buf, agentls.client_id), initialized = client and client.initialized })
  end })
  wait_for("pylsp's first report and AgentLS's start", 30000, function()
    local client = vim.lsp.get_client_by_id(agentls.client_id)
    return report.first_report ~= nil and client ~= nil and client.initialized
      and vim.lsp.buf_is_attached(bufnr, agentls.client_id)
  end)
  agentls.forward_diagnostics(bufnr)
  vim.api.nvim_buf_attach(bufnr, false, {
    on_lines = function() table.insert(report.applied, vim.loop.hrtime()) end,
  })
  vim.cmd("Agent " .. params.prompt)
  wait_for("the run's end", 60000, function()
    for _, event in ipairs(report.events) do
      if event.type == "run_finished" then return true end
    end
    return false
  end)
  report.buffer = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, true), "\n") .. "\n"
  report.modified = vim.bo[bufnr].modified
  report.ok = true
end)
report.error = ok and nil or tostring(err)
vim.fn.writefile({ vim.fn.json_encode(report) }, params.result_file)
vim.cmd("qall!")
