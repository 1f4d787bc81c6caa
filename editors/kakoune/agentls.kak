# AgentLS for Kakoune with kakoune-lsp (v18 or later: the lsp_servers option). UNTESTED: written against
# kakoune-lsp's README and rc/lsp.kak, not run here.
#
# Source from your kakrc after `eval %sh{kak-lsp}` and `lsp-enable`. AgentLS is added to the servers the buffer
# already has (the window's value extends the buffer's, which kakoune-lsp's default hooks set), so your own server
# keeps running beside it.
hook global WinSetOption filetype=(?:java|python|go|rust|c|cpp|javascript|typescript|sh|markdown) %{
    set-option -add window lsp_servers %{
        [agentls]
        # scripts/agentls of your AgentLS checkout, by absolute path or a link on your PATH
        command = "agentls"
        args = ["lsp"]
        root_globs = [".git", ".hg", ".agentls"]
        # sent as initializationOptions and workspace/didChangeConfiguration; keys are never settings
        settings_section = "agentls"
        [agentls.settings.agentls.llm]
        provider = "openai"
        model = "gpt-4o"
        apiKeyEnv = "OPENAI_API_KEY"
    }
}

# <space>A (user mode A): run the instruction in the selected lines (an @agent marker is taken off).
# Kakoune counts lines from 1, agentls.runLines from 0.
define-command agentls-run-lines -docstring 'AgentLS: run the instruction in the selected lines' %{
    evaluate-commands %sh{
        start=$(( ${kak_selection_desc%%.*} - 1 ))
        end_desc=${kak_selection_desc#*,}
        end=$(( ${end_desc%%.*} - 1 ))
        [ "$end" -lt "$start" ] && { t=$start; start=$end; end=$t; }
        path=$(printf %s "$kak_buffile" | sed 's/\\/\\\\/g; s/"/\\"/g')
        printf "lsp-execute-command agentls.runLines '[{\"path\": \"%s\", \"startLine\": %d, \"endLine\": %d}]' agentls\n" \
            "$(printf %s "$path" | sed "s/'/''/g")" "$start" "$end"
    }
}
define-command agentls-approve -params 1 -docstring 'agentls-approve <run>: approve what run <run> waits for' %{
    lsp-execute-command agentls.approve "[{""runId"": ""%arg{1}""}]" agentls
}
define-command agentls-deny -params 1 -docstring 'agentls-deny <run>: deny what run <run> waits for' %{
    lsp-execute-command agentls.deny "[{""runId"": ""%arg{1}""}]" agentls
}
define-command agentls-stop -params 1 -docstring 'agentls-stop <run>: cancel run <run>' %{
    lsp-execute-command agentls.cancel "[{""runId"": ""%arg{1}""}]" agentls
}
map global user A ':agentls-run-lines<ret>' -docstring 'AgentLS: run the selected instruction'
