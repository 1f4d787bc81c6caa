-- AgentLS for Neovim 0.7+: one AgentLS client for the working directory, attached to every file buffer beside your
-- own language servers, and the :Agent command. Neovim 0.11+ can use agentls.v011 (vim.lsp.config) instead.
--
--   require("agentls").setup({ cmd = { "/path/to/agentls/scripts/agentls", "lsp" } })
--
-- What a run shows: its progress and events in the echo area, the server's messages as notifications, approvals
-- as a choice (vim.ui.select), and its transcript (.agentls/runs/<id>.md) in a split when it ends.
local M = {}

M.name = "agentls"
-- The run the echo area last spoke of: :Agent stop/approve/deny/transcript act on it when given no number.
M.last_run = nil
-- The client started by setup (0.7+); the 0.11 set-up finds its client by name.
M.client_id = nil
-- The runs' states by id ("running", "waiting", or the finished status), and the root their transcripts are under.
M.runs = {}
M.root = nil

local function echo(text, highlight)
  vim.schedule(function()
    -- One line, cut to the screen's width, so the echo area never asks to "Press ENTER".
    local line = text:gsub("\n", " ")
    local width = math.max(vim.o.columns - 12, 20)
    if #line > width then
      line = line:sub(1, width - 3) .. "..."
    end
    vim.api.nvim_echo({ { line, highlight or "None" } }, false, {})
  end)
end
M.echo = echo

local function find_client()
  if M.client_id then
    -- Found while still initializing too (0.7 lists a client as active only once initialized).
    return vim.lsp.get_client_by_id(M.client_id)
  end
  local all = vim.lsp.get_clients and vim.lsp.get_clients({ name = M.name }) or vim.lsp.get_active_clients()
  for _, client in ipairs(all) do
    if client.name == M.name then
      return client
    end
  end
  return nil
end

-- Neovim 0.11 made the client's functions methods (the dot form is deprecated there); 0.7 has only the dot form.
local function request(client, method, params, handler, bufnr)
  if vim.fn.has("nvim-0.11") == 1 then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

local function notify(client, method, params)
  if vim.fn.has("nvim-0.11") == 1 then
    return client:notify(method, params)
  end
  return client.notify(method, params)
end

function M.transcript_path(run_id)
  return (M.root or vim.fn.getcwd()) .. "/.agentls/runs/" .. run_id .. ".md"
end

-- Opens the run's transcript in a split below, keeping the cursor where it was.
function M.open_transcript(run_id)
  run_id = run_id or M.last_run
  if not run_id then
    echo("AgentLS: no run yet, so no transcript", "WarningMsg")
    return
  end
  local path = M.transcript_path(run_id)
  if vim.fn.filereadable(path) == 0 then
    echo("AgentLS: no transcript for run #" .. run_id .. " at " .. path, "WarningMsg")
    return
  end
  vim.cmd("botright split " .. vim.fn.fnameescape(path))
  vim.cmd("wincmd p")
end

-- agentls/event: the agent's events, sent because the client declares experimental.agentlsEvents.
function M.on_event(event)
  local id = event.runId
  local label = "AgentLS #" .. tostring(id)
  -- What $/progress already says (started, each tool, finished with its counts) is not echoed again here.
  if event.type == "run_started" then
    M.last_run, M.runs[id] = id, "running"
  elseif event.type == "approval_requested" then
    M.last_run, M.runs[id] = id, "waiting"
    local what = (event.detail or ""):match("^[^\n]+") or event.title
    echo(label .. " waits for you (:Agent approve|deny): " .. what, "WarningMsg")
  elseif event.type == "question_asked" then
    M.last_run, M.runs[id] = id, "waiting"
    echo(label .. " asks: " .. event.question, "WarningMsg")
  elseif event.type == "tool_result" and M.runs[id] == "waiting" then
    M.runs[id] = "running"
  elseif event.type == "edit_applied" then
    echo(string.format("%s changed %s (+%d -%d)", label, event.file, event.added, event.removed))
  elseif event.type == "warning" or event.type == "error" then
    echo(label .. ": " .. event.message, event.type == "error" and "ErrorMsg" or "WarningMsg")
  elseif event.type == "run_finished" then
    M.runs[id] = event.status
    vim.schedule(function() M.open_transcript(id) end)
  end
end

-- What the client tells the server it understands: Neovim's own capabilities plus AgentLS's events and saves.
function M.capabilities()
  local capabilities = vim.lsp.protocol.make_client_capabilities()
  capabilities.experimental = vim.tbl_extend("force", capabilities.experimental or {},
    { agentlsEvents = true, agentlsSave = true })
  return capabilities
end

-- agentls/saveDocuments: before a run's command, saves exactly the buffers named (with :update, so undo history
-- and marks stay), and answers the ones now on disk.
local function save_documents(_, params)
  local saved = {}
  for _, uri in ipairs(params.uris or {}) do
    local bufnr = vim.uri_to_bufnr(uri)
    if vim.api.nvim_buf_is_loaded(bufnr) then
      local ok = pcall(vim.api.nvim_buf_call, bufnr, function() vim.cmd("silent update") end)
      if ok and not vim.bo[bufnr].modified then
        table.insert(saved, uri)
      end
    end
  end
  return { saved = saved }
end

M.MAX_DIAGNOSTICS = 1000

-- Forwards the buffer's diagnostics from the other language servers (never AgentLS's own) as agentls/diagnostics,
-- so a run's edit result tells the model what they say; errors and warnings only, at most MAX_DIAGNOSTICS.
function M.forward_diagnostics(bufnr)
  local client = find_client()
  if not client or not vim.lsp.buf_is_attached(bufnr, client.id) then
    return
  end
  local own = vim.lsp.diagnostic.get_namespace(client.id)
  local items = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    -- Severity 1 is an error, 2 a warning; hints and information are left out.
    if d.namespace ~= own and d.severity <= vim.diagnostic.severity.WARN and #items < M.MAX_DIAGNOSTICS then
      table.insert(items, { line = d.lnum, severity = d.severity, message = d.message, source = d.source or "" })
    end
  end
  notify(client, "agentls/diagnostics", { uri = vim.uri_from_bufnr(bufnr), diagnostics = items })
end

local approval_scopes = { ["Allow once"] = "once", ["Allow for this run"] = "run" }

-- window/showMessageRequest through vim.ui.select, which shows the message with its choices. A synchronous
-- vim.ui.select (Neovim's own) answers the request; an asynchronous one (a picker plugin) answers later with
-- agentls.approve / agentls.deny / agentls.answer, since the request can only be answered before returning.
local function show_message_request(_, params, ctx)
  local run_id = params.message:match("^AgentLS #(%d+)")
  local picked, returned = nil, false
  vim.ui.select(params.actions or {}, {
    prompt = params.message,
    format_item = function(action) return action.title end,
  }, function(choice)
    if not returned then
      picked = choice
    elseif choice and run_id then
      M.answer(run_id, choice.title)
    end
  end)
  returned = true
  return picked or vim.NIL
end

function M.answer(run_id, title)
  if approval_scopes[title] then
    M.execute("agentls.approve", { runId = run_id, scope = approval_scopes[title] })
  elseif title:match("^Always allow ") then
    M.execute("agentls.approve", { runId = run_id, scope = "always" })
  elseif title == "Deny" then
    M.execute("agentls.deny", { runId = run_id })
  else
    M.execute("agentls.answer", { runId = run_id, answer = title })
  end
end

-- The answer to any workspace/executeCommand, including those of code actions (Neovim drops those otherwise).
local function command_answered(err, result, ctx)
  if err then
    echo("AgentLS: " .. err.message, "ErrorMsg")
  elseif type(result) == "table" and result.runId then
    M.last_run = result.runId
    M.runs[result.runId] = M.runs[result.runId] or "running"
  end
end

local function progress(err, result, ctx, config)
  local default = vim.lsp.handlers["$/progress"]
  if default then
    default(err, result, ctx, config)
  end
  local value = result and result.value
  if type(value) == "table" and value.message then
    echo(value.message)
  end
end

function M.handlers()
  return {
    ["agentls/event"] = function(_, event) M.on_event(event) end,
    ["agentls/saveDocuments"] = save_documents,
    ["$/progress"] = progress,
    ["window/showMessageRequest"] = show_message_request,
    ["workspace/executeCommand"] = command_answered,
  }
end

-- Sends workspace/executeCommand; `done(err, result)` hears the answer after the echo area did.
function M.execute(command, arguments, done)
  local client = find_client()
  if not client then
    echo("AgentLS: the server is not running", "ErrorMsg")
    return
  end
  local bufnr = vim.api.nvim_get_current_buf()
  request(client, "workspace/executeCommand", { command = command, arguments = { arguments } },
    function(err, result, ctx)
      command_answered(err, result, ctx)
      if done then done(err, result) end
    end, bufnr)
end

-- :Agent and :AgentApply (M.command, M.create_command, M.create_apply_command) live in agentls.command.
require("agentls.command").install(M, { find = find_client, request = request, answered = command_answered })

-- The client's configuration, shared by both set-ups. opts: cmd, root_dir, settings (sent as initializationOptions).
function M.client_config(opts)
  opts = opts or {}
  M.root = opts.root_dir or vim.fn.getcwd()
  return {
    name = M.name,
    cmd = opts.cmd or { vim.fn.expand("~/agentls/scripts/agentls"), "lsp" },
    root_dir = M.root,
    init_options = opts.settings,
    capabilities = M.capabilities(),
    handlers = M.handlers(),
    -- What the other servers said of the buffer before AgentLS attached (pylsp reports at once on opening).
    on_attach = function(_, bufnr)
      if opts.diagnostics ~= false then
        vim.schedule(function() M.forward_diagnostics(bufnr) end)
      end
    end,
  }
end

local function attachable(bufnr)
  return vim.api.nvim_buf_is_loaded(bufnr) and vim.bo[bufnr].buftype == ""
    and vim.api.nvim_buf_get_name(bufnr) ~= ""
end

-- Forwards the diagnostics of a buffer each time another language server publishes them (AgentLS's own publishes
-- change nothing, so an edit's settle waits for the others); opts.diagnostics = false keeps them from the model.
function M.create_diagnostics_forwarding(opts)
  if opts ~= nil and opts.diagnostics == false then
    return
  end
  local default = vim.lsp.handlers["textDocument/publishDiagnostics"]
  vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
    local answer = default(err, result, ctx, config)
    local client = find_client()
    if result and result.uri and not (client and ctx.client_id == client.id) then
      local bufnr = vim.fn.bufnr(vim.uri_to_fname(result.uri))
      if bufnr > 0 then
        M.forward_diagnostics(bufnr)
      end
    end
    return answer
  end
end

-- Neovim 0.7+: starts the client and attaches it to every file buffer, open now or later.
function M.setup(opts)
  local client_id = vim.lsp.start_client(M.client_config(opts))
  if not client_id then
    echo("AgentLS: the server could not be started", "ErrorMsg")
    return
  end
  M.client_id = client_id
  local function attach(bufnr)
    if attachable(bufnr) then
      vim.lsp.buf_attach_client(bufnr, client_id)
    end
  end
  vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
    group = vim.api.nvim_create_augroup("agentls", { clear = true }),
    callback = function(args) attach(args.buf) end,
  })
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    attach(bufnr)
  end
  M.create_diagnostics_forwarding(opts)
  M.create_command()
  M.create_apply_command()
  return client_id
end

return M
