" AgentLS for Vim 9 with ALE (Debian: apt-get install vim vim-ale).
"
" Copy this file to ~/.vim/plugin/agentls.vim. In ~/.vimrc, before it loads:
"   packadd! ale
"   set hidden          " edits for files you have not opened land in hidden, unsaved buffers
"   let g:agentls_command = expand('~/agentls/scripts/agentls') . ' lsp'
"   let g:agentls_settings = {'llm': {'model': 'gpt-4o'}}      " the settings table of the README (optional)
"   let g:agentls_diagnostics = 0   " keeps ALE's other linters' errors and warnings from the model (default 1)
" Then, in a file of one of g:agentls_filetypes:
"   :Agent               runs the '@agent <instruction>' line under the cursor (its "AgentLS: run" code action)
"   :Agent <instruction> starts a run with that instruction, the current file in view
"   :AgentPlan [...]     the same, planning first
"   :AgentStop           cancels the run
"   :AgentApprove [run|always]   approves the command the run waits for (once, for the run, or always)
"   :AgentDeny           denies it
"   :AgentAnswer <text>  answers the question the run asks
"   :AgentTranscript [N] opens run N's transcript (.agentls/runs/N.md) in a split; a finished run opens its own
"   :AgentApply / :AgentApplyLazy / :AgentRollback ID   the no-model edit commands (edit in the unnamed register)
" Edits land in the buffers, unsaved; 'u' undoes them (one step per edit). AgentLS messages are echoed.
" Before a run's command, the buffers the run changed are written (:update; undo stays), so the command sees the
" edits; a message names them. After each lint, the errors and warnings of ALE's other linters (not AgentLS's own)
" go to AgentLS, so a run's edit result tells the model what they say.
"
" ALE declares to every server that it applies no edit a server sends (a fixed workspace.applyEdit: false) and
" cannot show message buttons. This file handles workspace/applyEdit on AgentLS's connection itself, applying the
" edit with ALE's own code and answering it, and agentls/saveDocuments, and says so in initializationOptions
" ("client": {"applyEdit": true, "agentlsSave": true}).
" A run that needs an approval says so in a message and a Warning diagnostic on its '@agent' line: :AgentApprove.

if exists('g:loaded_agentls')
    finish
endif
let g:loaded_agentls = 1

let g:agentls_command = get(g:, 'agentls_command', expand('~/agentls/scripts/agentls') . ' lsp')
let g:agentls_filetypes = get(g:, 'agentls_filetypes',
\   ['java', 'python', 'javascript', 'typescript', 'go', 'rust', 'c', 'cpp', 'sh', 'markdown', 'text'])
let g:agentls_settings = get(g:, 'agentls_settings', {})
let g:agentls_diagnostics = get(g:, 'agentls_diagnostics', 1)
" Kept for scripts and tests: the last command answer, the last message, the newest run and the run waiting.
let g:agentls_last_answer = {}
let g:agentls_last_message = ''
let g:agentls_run = ''
let g:agentls_waiting = ''
let g:agentls_finished = {}

" Requests this file sent, by connection and id: what to do with the answer.
let s:pending = {}
let s:listening = {}
" What was last forwarded of each buffer's diagnostics, by connection and buffer; the other servers listened to.
let s:forwarded = {}
let s:hooked = {}
" At most this many diagnostics of one buffer are forwarded (the server keeps fewer still).
let s:max_diagnostics = 1000

function! s:Root(buffer) abort
    return get(g:, 'agentls_root', getcwd())
endfunction

function! s:Executable(buffer) abort
    return split(g:agentls_command)[0]
endfunction

function! s:Options(buffer) abort
    return {'agentls': g:agentls_settings, 'client': {'applyEdit': v:true, 'agentlsSave': v:true}}
endfunction

for s:filetype in g:agentls_filetypes
    call ale#linter#Define(s:filetype, {
    \   'name': 'agentls',
    \   'lsp': 'stdio',
    \   'executable': function('s:Executable'),
    \   'command': {buffer -> g:agentls_command},
    \   'project_root': function('s:Root'),
    \   'initialization_options': function('s:Options'),
    \})
endfor

" Transcripts are for reading: ALE leaves them alone.
augroup agentls_transcripts
    autocmd!
    autocmd BufReadPre */.agentls/runs/* let b:ale_enabled = 0
augroup END

function! s:Linter(buffer) abort
    let l:filetype = ale#linter#ResolveFiletype(getbufvar(a:buffer, '&filetype'))
    let l:linters = filter(ale#linter#GetAll(l:filetype), {_, v -> v.name is# 'agentls'})

    if empty(l:linters)
        throw 'AgentLS: no agentls linter for filetype ' . l:filetype . '; add it to g:agentls_filetypes'
    endif

    return l:linters[0]
endfunction

" Runs Callback(conn_id, buffer) once the server is up and has this buffer's current text.
function! s:WithServer(Callback) abort
    let l:buffer = bufnr('')
    call ale#lsp_linter#StartLSP(l:buffer, s:Linter(l:buffer), {linter, details -> s:Ready(linter, details, a:Callback)})
endfunction

function! s:Ready(linter, details, Callback) abort
    let l:conn_id = a:details.connection_id
    let l:buffer = a:details.buffer

    call s:Listen(l:conn_id)

    if !ale#lsp#OpenDocument(l:conn_id, l:buffer, ale#linter#GetLanguage(l:buffer, a:linter))
        call ale#lsp#NotifyForChanges(l:conn_id, l:buffer)
    endif

    call a:Callback(l:conn_id, l:buffer)
endfunction

function! s:Listen(conn_id) abort
    if !has_key(s:listening, a:conn_id)
        let s:listening[a:conn_id] = 1
        call ale#lsp#RegisterCallback(a:conn_id, function('s:OnMessage'))
    endif
endfunction

" Sends a request; OnAnswer(conn_id, buffer, response) gets its answer.
function! s:Request(conn_id, buffer, message, OnAnswer) abort
    let l:id = ale#lsp#Send(a:conn_id, a:message)
    let s:pending[a:conn_id . ':' . l:id] = {'buffer': a:buffer, 'callback': a:OnAnswer, 'sent': reltime(),
    \   'what': get(a:message[2], 'command', a:message[1])}
endfunction

" How long each request waited for its answer (the newest 100), for scripts and tests.
function! s:Timed(request) abort
    let g:agentls_answer_times = add(get(g:, 'agentls_answer_times', []),
    \   {'request': a:request.what, 'ms': float2nr(reltimefloat(reltime(a:request.sent)) * 1000)})
    if len(g:agentls_answer_times) > 100
        call remove(g:agentls_answer_times, 0)
    endif
endfunction

function! s:OnMessage(conn_id, message) abort
    let l:method = get(a:message, 'method', '')

    if l:method is# 'workspace/applyEdit' && has_key(a:message, 'id')
        call s:OnApplyEdit(a:conn_id, a:message)
    elseif l:method is# 'agentls/saveDocuments' && has_key(a:message, 'id')
        call s:OnSaveDocuments(a:conn_id, a:message)
    elseif l:method is# 'window/showMessage'
        call s:OnShowMessage(a:message.params.message)
    elseif empty(l:method) && has_key(a:message, 'id')
        let l:key = a:conn_id . ':' . a:message.id

        if has_key(s:pending, l:key)
            let l:request = remove(s:pending, l:key)
            call s:Timed(l:request)
            call l:request.callback(a:conn_id, l:request.buffer, a:message)
        endif
    endif
endfunction

" The server's edit: applied to the buffers with ALE's code (a file not loaded yet is loaded, hidden and unsaved),
" the server told their new text, then answered. Any failure answers 'not applied' with the reason.
function! s:OnApplyEdit(conn_id, request) abort
    " ALE applies a server's edit itself on a connection where its code actions ran; then only report and answer.
    let l:ale_applies = index(map(copy(get(ale#lsp#GetConnections()[a:conn_id], 'callback_list', [])),
    \   {_, f -> string(f)}), string(function('ale#codefix#HandleLSPResponse'))) >= 0

    try
        let l:changes = ale#code_action#BuildChangesList(ale#code_action#GetChanges(a:request.params.edit))
        let l:buffers = l:ale_applies ? [] : s:ApplyChanges(a:conn_id, l:changes)
    catch
        call s:Respond(a:conn_id, a:request.id, {'applied': v:false, 'failureReason': v:exception})

        return
    endtry

    if l:ale_applies
        call timer_start(0, {-> s:ReportAndAnswer(a:conn_id, a:request.id, map(copy(l:changes), 'bufnr(v:val.fileName)'))})
    else
        call s:ReportAndAnswer(a:conn_id, a:request.id, l:buffers)
    endif
endfunction

function! s:ApplyChanges(conn_id, changes) abort
    let l:origin = bufnr('')
    let l:view = winsaveview()
    let l:buffers = []

    for l:change in a:changes
        if bufnr(l:change.fileName) != bufnr('')
            execute 'silent keepalt hide edit ' . fnameescape(l:change.fileName)
        endif

        call ale#code_action#ApplyChanges(l:change.fileName, l:change.textChanges, {'conn_id': a:conn_id})
        call add(l:buffers, bufnr(''))

        if bufnr('') != l:origin
            execute 'silent keepalt hide buffer ' . l:origin
        endif
    endfor

    call winrestview(l:view)

    return l:buffers
endfunction

function! s:ReportAndAnswer(conn_id, id, buffers) abort
    for l:buffer in a:buffers
        if l:buffer > 0 && !ale#lsp#OpenDocument(a:conn_id, l:buffer, ale#linter#GetLanguage(l:buffer, s:Linter(l:buffer)))
            call ale#lsp#NotifyForChanges(a:conn_id, l:buffer)
        endif
    endfor

    call s:Respond(a:conn_id, a:id, {'applied': v:true})

    " ALE lints on the user's typing, not on an edit applied from here: lint the changed buffers, so the other
    " linters check the edit (and what they say reaches the run).
    if g:agentls_diagnostics
        for l:buffer in uniq(sort(filter(copy(a:buffers), 'v:val > 0')))
            call ale#Queue(0, '', l:buffer)
        endfor
    endif
endfunction

" Before a run's command: writes exactly the buffers named (with :update, so undo history stays), says which, and
" answers the ones now on disk. A buffer that cannot be written is left out of the answer, and the run says so.
function! s:OnSaveDocuments(conn_id, request) abort
    let l:origin = bufnr('')
    let l:view = winsaveview()
    let l:saved = []
    let l:failed = []

    for l:uri in get(a:request.params, 'uris', [])
        let l:buffer = type(l:uri) is v:t_string ? bufnr(ale#path#FromFileURI(l:uri)) : -1

        if l:buffer <= 0 || !bufloaded(l:buffer)
            continue
        endif

        try
            if l:buffer != bufnr('')
                execute 'silent keepalt hide buffer ' . l:buffer
            endif

            silent update
        catch
            call add(l:failed, fnamemodify(bufname(l:buffer), ':t') . ' (' . v:exception . ')')
        endtry

        if bufnr('') != l:origin
            execute 'silent keepalt hide buffer ' . l:origin
        endif

        if !getbufvar(l:buffer, '&modified')
            call add(l:saved, l:uri)
        endif
    endfor

    call winrestview(l:view)
    call s:Say('AgentLS: saved before the command: '
    \   . (empty(l:saved) ? 'nothing' : join(map(copy(l:saved), {_, uri -> s:Relative(ale#path#FromFileURI(uri))}), ', '))
    \   . (empty(l:failed) ? '' : '; could not save ' . join(l:failed, ', ')))
    call s:Respond(a:conn_id, a:request.id, {'saved': l:saved})
endfunction

" A path as the run names it: inside the project, relative to its root.
function! s:Relative(path) abort
    let l:root = s:Root(bufnr('')) . '/'

    return stridx(a:path, l:root) == 0 ? a:path[len(l:root):] : a:path
endfunction

" Forwards each buffer AgentLS has open: the errors and warnings of ALE's other linters, as agentls/diagnostics,
" when they changed since the last forward, or always for buffer a:force (another server just published for it, so
" the run hears that it has spoken even when it says the same). Nothing is sent for a buffer no other linter checks.
function! s:ForwardDiagnostics(force) abort
    if !g:agentls_diagnostics
        return
    endif

    let l:connections = ale#lsp#GetConnections()

    for [l:buffer_key, l:info] in items(get(g:, 'ale_buffer_info', {}))
        let l:buffer = str2nr(l:buffer_key)

        if !bufloaded(l:buffer) || index(g:agentls_filetypes, getbufvar(l:buffer, '&filetype')) < 0
            continue
        endif

        let l:conn_id = s:Executable(l:buffer) . ':' . s:Root(l:buffer)
        let l:conn = get(l:connections, l:conn_id, {})

        if empty(l:conn) || !l:conn.initialized || !has_key(l:conn.open_documents, l:buffer)
            continue
        endif

        call s:Listen(l:conn_id)
        call s:HookOtherServers(l:conn_id)

        if empty(filter(ale#linter#Get(getbufvar(l:buffer, '&filetype')), {_, v -> v.name isnot# 'agentls'}))
            continue
        endif

        let l:items = []

        for l:item in get(l:info, 'loclist', [])
            if get(l:item, 'linter_name', '') isnot# 'agentls' && get(l:item, 'bufnr', l:buffer) == l:buffer
            \   && index(['E', 'W'], get(l:item, 'type', '')) >= 0 && len(l:items) < s:max_diagnostics
                call add(l:items, {'line': get(l:item, 'lnum', 1) - 1, 'severity': l:item.type is# 'E' ? 1 : 2,
                \   'message': get(l:item, 'text', ''), 'source': get(l:item, 'linter_name', '')})
            endif
        endfor

        if l:buffer != a:force && get(s:forwarded, l:conn_id . ':' . l:buffer, v:null) == l:items
            continue
        endif

        let s:forwarded[l:conn_id . ':' . l:buffer] = l:items
        call ale#lsp#Send(l:conn_id, [1, 'agentls/diagnostics',
        \   {'uri': ale#util#ToURI(fnamemodify(bufname(l:buffer), ':p')), 'diagnostics': l:items}])
    endfor
endfunction

" Listens on the other language servers' connections (not AgentLS's, a:own) for their publishDiagnostics.
function! s:HookOtherServers(own) abort
    for l:conn_id in keys(ale#lsp#GetConnections())
        if l:conn_id isnot# a:own && !has_key(s:listening, l:conn_id) && !has_key(s:hooked, l:conn_id)
            let s:hooked[l:conn_id] = 1
            call ale#lsp#RegisterCallback(l:conn_id, function('s:OnOtherServer'))
        endif
    endfor
endfunction

" Another server published: forward once ALE has taken the diagnostics in.
function! s:OnOtherServer(conn_id, message) abort
    if get(a:message, 'method', '') is# 'textDocument/publishDiagnostics'
        let l:buffer = bufnr(ale#path#FromFileURI(get(get(a:message, 'params', {}), 'uri', '')))

        if l:buffer > 0
            call timer_start(0, {-> s:ForwardDiagnostics(l:buffer)})
        endif
    endif
endfunction

augroup agentls_diagnostics
    autocmd!
    autocmd User ALELintPost call s:ForwardDiagnostics(-1)
augroup END

" ALE sends only requests and notifications; an answer to the server's request is written on the job's channel.
function! s:Respond(conn_id, id, result) abort
    let l:body = json_encode({'jsonrpc': '2.0', 'id': a:id, 'result': a:result})
    call ale#job#SendRaw(ale#lsp#GetConnections()[a:conn_id].job_id,
    \   'Content-Length: ' . strlen(l:body) . "\r\n\r\n" . l:body)
endfunction

" Milestones come at most once a second, those held joined by newlines: each line is read on its own.
function! s:OnShowMessage(text) abort
    for l:line in split(a:text, "\n")
        call s:Say(l:line)
        let l:waits = matchlist(l:line, '^AgentLS #\(\d\+\) \(waits for your\|asks: \)')

        if !empty(l:waits)
            let g:agentls_waiting = l:waits[1]
        endif

        let l:finished = matchlist(l:line, '^AgentLS #\(\d\+\) finished')

        if !empty(l:finished)
            let g:agentls_finished[l:finished[1]] = l:line
            let g:agentls_waiting = g:agentls_waiting is# l:finished[1] ? '' : g:agentls_waiting
            call s:OpenTranscript(l:finished[1])
        endif
    endfor
endfunction

function! s:Say(message) abort
    let g:agentls_last_message = a:message
    let g:agentls_messages = add(get(g:, 'agentls_messages', []), a:message)
    if len(g:agentls_messages) > 100
        call remove(g:agentls_messages, 0)
    endif
    echomsg a:message
endfunction

function! s:OpenTranscript(run) abort
    let l:file = s:Root(bufnr('')) . '/.agentls/runs/' . a:run . '.md'

    if !filereadable(l:file)
        call s:Say('AgentLS: no transcript ' . l:file)

        return
    endif

    let l:window = win_getid()
    execute 'silent keepalt split ' . fnameescape(l:file)
    setlocal autoread nomodifiable
    call win_gotoid(l:window)
endfunction

" Sends workspace/executeCommand with one object argument; OnResult(result) gets a successful answer.
function! s:Execute(command, arguments, ...) abort
    let g:agentls_last_answer = {}
    let l:OnResult = a:0 ? a:1 : {result -> 0}
    call s:WithServer({conn, buffer -> s:Request(conn, buffer,
    \   ale#lsp#message#ExecuteCommand(a:command, [a:arguments]),
    \   {c, b, response -> s:OnCommandAnswer(c, b, response, l:OnResult)})})
endfunction

function! s:OnCommandAnswer(conn_id, buffer, response, OnResult) abort
    if has_key(a:response, 'error')
        let g:agentls_last_answer = {'error': a:response.error.message}
        call s:Say('AgentLS: ' . a:response.error.message)

        return
    endif

    let g:agentls_last_answer = {'result': a:response.result}
    call a:OnResult(a:response.result)
endfunction

" --- Runs ---------------------------------------------------------------------------------------------------------

function! s:Started(result) abort
    let g:agentls_run = a:result.runId
    call s:Say('AgentLS #' . a:result.runId . ' started')
endfunction

function! s:Run(mode, instruction) abort
    if !empty(a:instruction)
        call s:Execute('agentls.run', {'prompt': a:instruction, 'mode': a:mode,
        \   'uri': ale#util#ToURI(expand('%:p'))}, function('s:Started'))

        return
    endif

    " No instruction given: the '@agent' line under the cursor, through the code action the server offers there.
    let g:agentls_last_answer = {}
    let l:line = line('.')
    let l:title = a:mode is# 'plan' ? 'AgentLS: plan first' : 'AgentLS: run'
    call s:WithServer({conn, buffer -> s:Request(conn, buffer,
    \   ale#lsp#message#CodeAction(buffer, l:line, 1, l:line, 1, []),
    \   {c, b, response -> s:RunAction(c, b, response, l:title, l:line)})})
endfunction

function! s:RunAction(conn_id, buffer, response, title, line) abort
    let l:actions = filter(copy(get(a:response, 'result', []) is v:null ? [] : get(a:response, 'result', [])),
    \   {_, action -> get(action, 'title', '') is# a:title})

    if empty(l:actions)
        let g:agentls_last_answer = {'error': 'no @agent line'}
        call s:Say('AgentLS: line ' . a:line . ' holds no @agent instruction; write one, or :Agent <instruction>')

        return
    endif

    let l:command = l:actions[0].command
    call s:Request(a:conn_id, a:buffer, ale#lsp#message#ExecuteCommand(l:command.command, l:command.arguments),
    \   {c, b, response -> s:OnCommandAnswer(c, b, response, function('s:Started'))})
endfunction

function! s:Waiting() abort
    let l:run = empty(g:agentls_waiting) ? g:agentls_run : g:agentls_waiting

    if empty(l:run)
        throw 'AgentLS: no run to answer; start one with :Agent'
    endif

    return l:run
endfunction

function! s:Answered(run, result, done) abort
    if a:result.answered && g:agentls_waiting is# a:run
        let g:agentls_waiting = ''
    endif
    call s:Say('AgentLS #' . a:run . (a:result.answered ? ': ' . a:done : ': was not waiting for an answer'))
endfunction

function! s:Approve(scope) abort
    let l:run = s:Waiting()
    call s:Execute('agentls.approve', {'runId': l:run, 'scope': empty(a:scope) ? 'once' : a:scope},
    \   {result -> s:Answered(l:run, result, 'approved')})
endfunction

function! s:Deny() abort
    let l:run = s:Waiting()
    call s:Execute('agentls.deny', {'runId': l:run},
    \   {result -> s:Answered(l:run, result, 'denied')})
endfunction

function! s:Answer(text) abort
    let l:run = s:Waiting()
    call s:Execute('agentls.answer', {'runId': l:run, 'answer': a:text},
    \   {result -> s:Answered(l:run, result, 'answered')})
endfunction

function! s:Stop() abort
    if empty(g:agentls_run)
        throw 'AgentLS: no run to stop'
    endif

    call s:Execute('agentls.cancel', {'runId': g:agentls_run},
    \   {result -> s:Say('AgentLS #' . result.runId . (result.cancelled ? ': stopping' : ': was not running'))})
endfunction

" --- The no-model edit commands: the answer may carry the edit (a server that was sent no applyEdit declaration) ---

function! s:OnEditAnswer(result) abort
    if !a:result.applied && has_key(a:result, 'edit')
        let l:changes = ale#code_action#BuildChangesList(ale#code_action#GetChanges(a:result.edit))
        call ale#code_action#HandleCodeAction({'description': 'agentls', 'changes': l:changes}, {})
        call s:WithServer({conn, buffer -> ale#lsp#NotifyForChanges(conn, buffer)})
        call s:Say('AgentLS: applied' . s:Blocks(a:result)
        \   . (has_key(a:result, 'checkpointId') ? '; checkpoint ' . a:result.checkpointId : ''))
    elseif a:result.applied
        call s:Say('AgentLS: applied' . s:Blocks(a:result)
        \   . (get(a:result, 'confirmed', v:true) ? '' : ', not confirmed: ' . get(a:result, 'note', '')))
    else
        call s:Say('AgentLS: not applied: ' . get(a:result, 'reason', ''))
    endif
endfunction

function! s:Blocks(result) abort
    if has_key(a:result, 'blocks')
        return ' ' . len(a:result.blocks) . ' block(s)'
    endif
    return has_key(a:result, 'restored') ? ', restored ' . join(a:result.restored, ', ') : ''
endfunction

function! s:ApplyEdits(diff) abort
    call s:Execute('agentls.applyEdits', {'uri': ale#util#ToURI(expand('%:p')), 'diff': a:diff},
    \   function('s:OnEditAnswer'))
endfunction

function! s:ApplyLazyEdit(code_edit) abort
    call s:Execute('agentls.applyLazyEdit', {'uri': ale#util#ToURI(expand('%:p')), 'codeEdit': a:code_edit},
    \   function('s:OnEditAnswer'))
endfunction

command! -nargs=* Agent call s:Run('direct', <q-args>)
command! -nargs=* AgentPlan call s:Run('plan', <q-args>)
command! AgentStop call s:Stop()
command! -nargs=? -complete=custom,s:Scopes AgentApprove call s:Approve(<q-args>)
command! AgentDeny call s:Deny()
command! -nargs=1 AgentAnswer call s:Answer(<q-args>)
command! -nargs=? AgentTranscript call s:OpenTranscript(empty(<q-args>) ? g:agentls_run : <q-args>)
command! AgentApply call s:ApplyEdits(getreg('"'))
command! AgentApplyLazy call s:ApplyLazyEdit(getreg('"'))
command! -nargs=1 AgentRollback call s:Execute('agentls.rollback', {'checkpointId': <q-args>},
\   function('s:OnEditAnswer'))

function! s:Scopes(...) abort
    return "once\nrun\nalways"
endfunction
