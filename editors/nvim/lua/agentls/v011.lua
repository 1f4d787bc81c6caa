-- AgentLS for Neovim 0.11+, with vim.lsp.config and vim.lsp.enable: the same client as agentls.setup (events,
-- progress, approvals, :Agent), attached to every buffer that has a filetype, beside your own servers.
--
--   require("agentls.v011").setup({ cmd = { "/path/to/agentls/scripts/agentls", "lsp" } })
--
-- Untested here: the tests run Debian's Neovim 0.7 (see README).
local agentls = require("agentls")

local M = {}

function M.setup(opts)
  if not (vim.lsp.config and vim.lsp.enable) then
    error("agentls.v011 needs Neovim 0.11 or later (vim.lsp.config); use require('agentls').setup() instead")
  end
  -- No `filetypes`: the config then applies to buffers of every filetype.
  vim.lsp.config(agentls.name, agentls.client_config(opts))
  vim.lsp.enable(agentls.name)
  agentls.create_diagnostics_forwarding(opts)
  agentls.create_command()
  agentls.create_apply_command()
end

return M
