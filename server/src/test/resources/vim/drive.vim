" Drives one scenario in a real Vim with ALE and editors/vim/agentls.vim, for the Java tests (VimAleEndToEndTest).
" Params (JSON, file named by $AGENTLS_VIM_PARAMS): setup, server_cmd, root, file, typing_keys?, refused_edit?,
" then_rollback? (instead of undo), command (apply|lazy), edit, result_file. The refused edit is sent first (it also starts the server). Writes a JSON
" report: refusal_message, after_refusal, before, after, after_undo, modified, answer, message, elapsed_ms, failure.
let s:params = json_decode(join(readfile($AGENTLS_VIM_PARAMS), "\n"))
let s:report = {}

function! s:Text() abort
    return join(getline(1, '$'), "\n") . "\n"
endfunction

" ALE starts the server on first use; the answer comes back on a channel callback while Vim sleeps here.
function! s:AwaitAnswer(started) abort
    while empty(g:agentls_last_answer) && reltimefloat(reltime(a:started)) < 30
        sleep 10m
    endwhile
endfunction

function! s:Finish() abort
    call writefile([json_encode(s:report)], s:params.result_file)
    qall!
endfunction

try
    packadd ale
    let g:ale_linters_explicit = 1
    let g:ale_linters = {'java': ['agentls'], 'python': ['agentls']}
    let g:ale_lint_on_text_changed = 'never'
    let g:ale_lint_on_insert_leave = 0
    let g:ale_set_signs = 0
    let g:ale_echo_cursor = 0
    let g:agentls_command = s:params.server_cmd
    let g:agentls_root = s:params.root
    execute 'source ' . fnameescape(s:params.setup)
    filetype on
    execute 'edit ' . fnameescape(s:params.file)
    if has_key(s:params, 'typing_keys')
        execute 'normal! ' . s:params.typing_keys
    endif
    " A script's changes are one undo step unless the sequence is broken: the typing stays when the edit is undone.
    let &undolevels = &undolevels
    if has_key(s:params, 'refused_edit')
        call setreg('"', s:params.refused_edit)
        AgentApply
        call s:AwaitAnswer(reltime())
        let s:report.refusal_message = get(g:, 'agentls_last_message', '')
        let s:report.after_refusal = s:Text()
    endif
    let s:report.before = s:Text()
    call setreg('"', s:params.edit)
    let s:started = reltime()
    execute s:params.command ==# 'lazy' ? 'AgentApplyLazy' : 'AgentApply'
    call s:AwaitAnswer(s:started)
    let s:report.elapsed_ms = float2nr(reltimefloat(reltime(s:started)) * 1000)
    let s:report.answer = g:agentls_last_answer
    let s:report.message = get(g:, 'agentls_last_message', '')
    let s:report.after = s:Text()
    let s:report.modified = &modified
    if get(s:params, 'then_rollback', v:false)
        let s:checkpoint = g:agentls_last_answer.result.checkpointId
        let s:rolling = reltime()
        execute 'AgentRollback ' . s:checkpoint
        call s:AwaitAnswer(s:rolling)
        let s:report.rollback_message = get(g:, 'agentls_last_message', '')
        let s:report.after_rollback = s:Text()
    else
        silent! undo
        let s:report.after_undo = s:Text()
    endif
catch
    let s:report.failure = v:exception . ' at ' . v:throwpoint
endtry
call s:Finish()
