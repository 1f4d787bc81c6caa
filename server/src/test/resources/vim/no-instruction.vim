" For VimAleWholeRunTest: what the set-up says when there is nothing to run or answer. Params (JSON, file named by
" $AGENTLS_VIM_PARAMS): setup, server_cmd, root, settings, file, result_file. Writes a JSON report: message (after
" :Agent on a line without an instruction), answer, approve_error (:AgentApprove with no run), text, failure.
let s:params = json_decode(join(readfile($AGENTLS_VIM_PARAMS), "\n"))
let s:report = {}
try
    packadd ale
    let g:ale_linters_explicit = 1
    let g:ale_linters = {'java': ['agentls']}
    let g:ale_set_signs = 0
    let g:ale_echo_cursor = 0
    let g:agentls_command = s:params.server_cmd
    let g:agentls_root = s:params.root
    let g:agentls_settings = s:params.settings
    execute 'source ' . fnameescape(s:params.setup)
    filetype on
    execute 'edit ' . fnameescape(s:params.file)
    try
        AgentApprove
    catch
        let s:report.approve_error = v:exception
    endtry
    call cursor(1, 1)
    Agent
    let s:started = reltime()
    while empty(g:agentls_last_answer) && reltimefloat(reltime(s:started)) < 60
        sleep 10m
    endwhile
    let s:report.answer = g:agentls_last_answer
    let s:report.message = g:agentls_last_message
    let s:report.text = join(getline(1, '$'), "\n") . "\n"
    let s:report.modified = &modified
catch
    let s:report.failure = v:exception . ' at ' . v:throwpoint
endtry
call writefile([json_encode(s:report)], s:params.result_file)
qall!
