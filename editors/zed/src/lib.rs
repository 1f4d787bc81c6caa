// Registers AgentLS with Zed: the command is `agentls lsp`, found on the worktree's PATH (link scripts/agentls
// there), unless settings.json names another binary under lsp.agentls.binary.
use zed_extension_api::{self as zed, LanguageServerId, Result};

struct AgentLs;

impl zed::Extension for AgentLs {
    fn new() -> Self {
        AgentLs
    }

    fn language_server_command(
        &mut self,
        _language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<zed::Command> {
        let command = worktree.which("agentls").ok_or_else(|| {
            "agentls is not on the PATH: link scripts/agentls of your AgentLS checkout there, \
             or set lsp.agentls.binary.path in settings.json"
                .to_string()
        })?;
        Ok(zed::Command { command, args: vec!["lsp".to_string()], env: Vec::new() })
    }
}

zed::register_extension!(AgentLs);
