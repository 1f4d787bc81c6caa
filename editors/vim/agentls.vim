" AgentLS for Vim with ALE (Debian: apt-get install vim vim-ale).
"
" Copy this file to ~/.vim/plugin/agentls.vim. In ~/.vimrc, before it loads:
"   packadd! ale
"   let g:agentls_command = expand('~/agentls/scripts/agentls') . ' lsp'
" Then, in a file of one of g:agentls_filetypes:
"   :AgentApply         applies the SEARCH/REPLACE edit in the unnamed register to this buffer
"   :AgentApplyLazy     merges the '// ... existing code ...' edit in the unnamed register into this buffer
"   :AgentRollback ID   takes an edit back to the checkpoint its answer named
" The edit lands in the buffer, unsaved; one 'u' undoes it. Every answer is echoed, refusals with their reason.
"
" ALE declares that it does not apply edits a server sends (workspace.applyEdit false), so AgentLS sends none: its
" answer carries the edit, and this file applies it with ALE's own code, then tells the server the buffer's new text.

if exists('g:loaded_agentls')
    finish
endif
let g:loaded_agentls = 1

let g:agentls_command = get(g:, 'agentls_command', expand('~/agentls/scripts/agentls') . ' lsp')
let g:agentls_filetypes = get(g:, 'agentls_filetypes',
\   ['java', 'python', 'javascript', 'typescript', 'go', 'rust', 'c', 'cpp', 'sh', 'markdown', 'text'])
" The answer is kept here too, for scripts and tests.
let g:agentls_last_answer = {}

function! s:Root(buffer) abort
    return get(g:, 'agentls_root', getcwd())
endfunction

function! s:Executable(buffer) abort
    return split(g:agentls_command)[0]
endfunction

for s:filetype in g:agentls_filetypes
    call ale#linter#Define(s:filetype, {
    \   'name': 'agentls',
    \   'lsp': 'stdio',
    \   'executable': function('s:Executable'),
    \   'command': {buffer -> g:agentls_command},
    \   'project_root': function('s:Root'),
    \})
endfor

function! s:Linter(buffer) abort
    let l:filetype = ale#linter#ResolveFiletype(getbufvar(a:buffer, '&filetype'))
    let l:linters = filter(ale#linter#GetAll(l:filetype), {_, v -> v.name is# 'agentls'})

    if empty(l:linters)
        throw 'AgentLS: no agentls linter for filetype ' . l:filetype . '; add it to g:agentls_filetypes'
    endif

    return l:linters[0]
endfunction

" Sends workspace/executeCommand once the server is up and has this buffer's current text.
function! s:Execute(command, arguments) abort
    let l:buffer = bufnr('')
    let g:agentls_last_answer = {}
    call ale#lsp_linter#StartLSP(l:buffer, s:Linter(l:buffer),
    \   {linter, details -> s:SendWhenReady(linter, details, a:command, a:arguments)})
endfunction

function! s:SendWhenReady(linter, details, command, arguments) abort
    let l:conn_id = a:details.connection_id
    let l:buffer = a:details.buffer

    if !ale#lsp#OpenDocument(l:conn_id, l:buffer, ale#linter#GetLanguage(l:buffer, a:linter))
        call ale#lsp#NotifyForChanges(l:conn_id, l:buffer)
    endif

    let l:request = ale#lsp#Send(l:conn_id, ale#lsp#message#ExecuteCommand(a:command, a:arguments))
    call ale#lsp#RegisterCallback(l:conn_id, {conn, response -> s:OnAnswer(conn, l:buffer, l:request, response)})
endfunction

function! s:OnAnswer(conn_id, buffer, request, response) abort
    if get(a:response, 'id', -1) != a:request
        return
    endif

    if has_key(a:response, 'error')
        let g:agentls_last_answer = {'error': a:response.error.message}
        call s:Say('AgentLS: ' . a:response.error.message)

        return
    endif

    let l:result = a:response.result
    let g:agentls_last_answer = {'result': l:result}

    if !l:result.applied && has_key(l:result, 'edit')
        " Nothing was sent to us: apply the edit the answer carries, as ALE applies a code action.
        let l:changes = ale#code_action#BuildChangesList(ale#code_action#GetChanges(l:result.edit))
        call ale#code_action#HandleCodeAction({'description': 'agentls', 'changes': l:changes}, {})
        call ale#lsp#NotifyForChanges(a:conn_id, a:buffer)
        call s:Say('AgentLS: applied' . s:Blocks(l:result)
        \   . (has_key(l:result, 'checkpointId') ? '; checkpoint ' . l:result.checkpointId : ''))
    elseif l:result.applied
        call s:Say('AgentLS: applied' . s:Blocks(l:result)
        \   . (get(l:result, 'confirmed', v:true) ? '' : ', not confirmed: ' . get(l:result, 'note', '')))
    else
        call s:Say('AgentLS: not applied: ' . get(l:result, 'reason', ''))
    endif
endfunction

function! s:Blocks(result) abort
    if has_key(a:result, 'blocks')
        return ' ' . len(a:result.blocks) . ' block(s)'
    endif
    return has_key(a:result, 'restored') ? ', restored ' . join(a:result.restored, ', ') : ''
endfunction

function! s:Say(message) abort
    let g:agentls_last_message = a:message
    echomsg a:message
endfunction

function! s:ApplyEdits(diff) abort
    call s:Execute('agentls.applyEdits', [{'uri': ale#util#ToURI(expand('%:p')), 'diff': a:diff}])
endfunction

function! s:ApplyLazyEdit(code_edit) abort
    call s:Execute('agentls.applyLazyEdit', [{'uri': ale#util#ToURI(expand('%:p')), 'codeEdit': a:code_edit}])
endfunction

command! AgentApply call s:ApplyEdits(getreg('"'))
command! AgentApplyLazy call s:ApplyLazyEdit(getreg('"'))
command! -nargs=1 AgentRollback call s:Execute('agentls.rollback', [{'checkpointId': <q-args>}])
