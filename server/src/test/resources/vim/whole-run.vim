" Drives a whole run in a real Vim with ALE and editors/vim/agentls.vim, as a user would, for VimAleWholeRunTest.
" Params (JSON, file named by $AGENTLS_VIM_PARAMS): setup, server_cmd, root, settings, file, readme, instruction,
" result_file. The user types an '@agent' line into the file (unsaved), runs it with :Agent, answers the approval
" with :AgentApprove once the run waits, and the run finishes. Writes a JSON report: before, readme_before, after,
" readme_after, modified, readme_modified, readme_loaded, started_ms, approve_ms, waiting_diagnostics, messages,
" windows, undo_steps, after_undo, readme_undo_steps, readme_after_undo, failure.
let s:params = json_decode(join(readfile($AGENTLS_VIM_PARAMS), "\n"))
let s:report = {}

function! s:Text(buffer) abort
    return join(getbufline(a:buffer, 1, '$'), "\n") . "\n"
endfunction

" Lets Vim run the channel callbacks until Done() holds (or the seconds are up); false if it never did.
function! s:Await(Done, seconds) abort
    let l:started = reltime()
    while !a:Done() && reltimefloat(reltime(l:started)) < a:seconds
        sleep 10m
    endwhile
    return a:Done()
endfunction

function! s:Millis(started) abort
    return float2nr(reltimefloat(reltime(a:started)) * 1000)
endfunction

" Undoes in the buffer until its text is `target` (at most 6 steps); the number of steps, -1 if it never was.
function! s:UndoTo(buffer, target) abort
    execute 'silent keepalt hide buffer ' . a:buffer
    let l:steps = 0
    while s:Text(a:buffer) !=# a:target && l:steps < 6
        silent! undo
        let l:steps += 1
    endwhile
    return s:Text(a:buffer) ==# a:target ? l:steps : -1
endfunction

function! s:Finish() abort
    let s:report.messages = get(g:, 'agentls_messages', [])
    let s:report.answer_times = get(g:, 'agentls_answer_times', [])
    call writefile([json_encode(s:report)], s:params.result_file)
    qall!
endfunction

try
    packadd ale
    let g:ale_linters_explicit = 1
    let g:ale_linters = {'java': ['agentls'], 'markdown': ['agentls']}
    let g:ale_set_signs = 0
    let g:ale_echo_cursor = 0
    set hidden
    let g:agentls_command = s:params.server_cmd
    let g:agentls_root = s:params.root
    let g:agentls_settings = s:params.settings
    execute 'source ' . fnameescape(s:params.setup)
    filetype on
    execute 'edit ' . fnameescape(s:params.file)
    let s:buffer = bufnr('')
    " The user writes the instruction above greet(), and does not save.
    call search('public String greet(')
    execute 'normal! O' . s:params.instruction . "\<Esc>"
    let &undolevels = &undolevels
    let s:report.before = s:Text(s:buffer)
    let s:report.readme_before = join(readfile(s:params.readme), "\n") . "\n"
    call search('@agent', 'bw')
    " ALE lints the changed buffer (as after leaving insert mode): the server starts and marks the instruction line.
    ALELint
    if !s:Await({-> !empty(filter(copy(get(get(g:ale_buffer_info, s:buffer, {}), 'loclist', [])),
    \   'v:val.text =~# "^AgentLS instruction"'))}, 60)
        throw 'the instruction line was never marked'
    endif
    let s:report.instruction_diagnostics = map(copy(g:ale_buffer_info[s:buffer].loclist),
    \   '{"lnum": v:val.lnum, "type": v:val.type, "text": v:val.text}')

    let s:started = reltime()
    Agent
    if !s:Await({-> !empty(g:agentls_last_answer)}, 30)
        throw 'no answer to :Agent'
    endif
    let s:report.started_ms = s:Millis(s:started)
    let s:report.started = g:agentls_last_answer

    if !s:Await({-> !empty(g:agentls_waiting)}, 60)
        throw 'the run never asked for approval'
    endif
    " ALE shows the server's diagnostics; the one on the instruction line says what the run waits for.
    call s:Await({-> !empty(filter(copy(get(get(g:ale_buffer_info, s:buffer, {}), 'loclist', [])),
    \   'v:val.text =~# "waits for your approval"'))}, 5)
    let s:report.waiting_diagnostics = map(filter(copy(get(get(g:ale_buffer_info, s:buffer, {}), 'loclist', [])),
    \   'v:val.linter_name is# "agentls"'), '{"lnum": v:val.lnum, "type": v:val.type, "text": v:val.text}')

    let s:approving = reltime()
    AgentApprove
    if !s:Await({-> !empty(g:agentls_last_answer)}, 30)
        throw 'no answer to :AgentApprove'
    endif
    let s:report.approve_ms = s:Millis(s:approving)
    let s:report.approved = g:agentls_last_answer

    if !s:Await({-> has_key(g:agentls_finished, g:agentls_run)}, 60)
        throw 'the run never finished'
    endif
    call s:Await({-> s:Text(s:buffer) =~# '@agent-done'}, 10)
    let s:report.finished = g:agentls_finished[g:agentls_run]
    let s:report.after = s:Text(s:buffer)
    let s:report.modified = getbufvar(s:buffer, '&modified')
    let s:readme = bufnr(s:params.readme)
    let s:report.readme_loaded = s:readme > 0 && bufloaded(s:readme)
    if s:report.readme_loaded
        let s:report.readme_after = s:Text(s:readme)
        let s:report.readme_modified = getbufvar(s:readme, '&modified')
    endif
    let s:report.windows = map(range(1, winnr('$')), 'fnamemodify(bufname(winbufnr(v:val)), ":p")')
    let s:report.current = fnamemodify(bufname(''), ':p')

    let s:report.undo_steps = s:UndoTo(s:buffer, s:report.before)
    let s:report.after_undo = s:Text(s:buffer)
    if s:report.readme_loaded
        let s:report.readme_undo_steps = s:UndoTo(s:readme, s:report.readme_before)
        let s:report.readme_after_undo = s:Text(s:readme)
    endif
catch
    let s:report.failure = v:exception . ' at ' . v:throwpoint
endtry
call s:Finish()
