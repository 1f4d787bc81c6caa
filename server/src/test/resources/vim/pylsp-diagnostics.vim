" The Vim diagnostics driver (VimAlePylspDiagnosticsTest): ALE with two linters on app.py, AgentLS (through
" editors/vim/agentls.vim) and Debian's pylsp. Once both have the file and ALE has linted it, `:Agent <prompt>` starts
" a run whose scripted model breaks the file and then fixes it. Params (JSON, file named by $AGENTLS_VIM_PARAMS):
" setup, server_cmd, root, settings, file, prompt, diagnostics, result_file. Writes a JSON report: buffer, modified,
" forwarded (the loclists ALE held after each lint), messages, failure.
let s:params = json_decode(join(readfile($AGENTLS_VIM_PARAMS), "\n"))
let s:report = {'lints': []}

function! s:Await(Done, seconds) abort
    let l:started = reltime()
    while !a:Done() && reltimefloat(reltime(l:started)) < a:seconds
        sleep 10m
    endwhile
    return a:Done()
endfunction

function! s:Ready(buffer) abort
    let l:connections = values(ale#lsp#GetConnections())
    return len(l:connections) == 2 && empty(filter(copy(l:connections),
    \   {_, c -> !c.initialized || !has_key(c.open_documents, a:buffer)}))
    \   && getbufvar(a:buffer, 'ale_linted', 0) > 0
endfunction

try
    packadd ale
    let g:ale_linters_explicit = 1
    let g:ale_linters = {'python': ['agentls', 'pylsp']}
    let g:ale_set_signs = 0
    let g:ale_echo_cursor = 0
    set hidden
    let g:agentls_command = s:params.server_cmd
    let g:agentls_root = s:params.root
    let g:agentls_settings = s:params.settings
    let g:agentls_diagnostics = s:params.diagnostics
    execute 'source ' . fnameescape(s:params.setup)
    filetype on
    execute 'edit ' . fnameescape(s:params.file)
    let s:buffer = bufnr('')
    autocmd User ALELintPost call add(s:report.lints, map(copy(get(get(g:ale_buffer_info, s:buffer, {}), 'loclist', [])),
    \   '{"linter": v:val.linter_name, "lnum": v:val.lnum, "text": v:val.text}'))
    ALELint
    if !s:Await({-> s:Ready(s:buffer)}, 60)
        throw 'AgentLS and pylsp never both had the file: ' . string(keys(ale#lsp#GetConnections()))
    endif
    execute 'Agent ' . s:params.prompt
    if !s:Await({-> !empty(g:agentls_run) && has_key(g:agentls_finished, g:agentls_run)}, 60)
        throw 'the run never finished'
    endif
    let s:report.buffer = join(getbufline(s:buffer, 1, '$'), "\n") . "\n"
    let s:report.modified = getbufvar(s:buffer, '&modified')
catch
    let s:report.failure = v:exception . ' at ' . v:throwpoint
endtry
let s:report.messages = get(g:, 'agentls_messages', [])
call writefile([json_encode(s:report)], s:params.result_file)
qall!
