;;; agentls-eglot.el --- AgentLS through eglot  -*- lexical-binding: t -*-

;; Debian: apt-get install emacs-nox elpa-eglot.  Copy this folder's .el files to ~/.emacs.d/lisp/ and put in
;; init.el:
;;   (add-to-list 'load-path "~/.emacs.d/lisp")
;;   (require 'agentls-eglot)
;;   (setq agentls-command '("/path/to/agentls/scripts/agentls" "lsp"))
;; Then M-x eglot in a project starts AgentLS for it.  M-x agentls-apply-edits sends the SEARCH/REPLACE edit in the
;; region (else the newest kill) for the current buffer; M-x agentls-apply-lazy-edit a "... existing code ..." edit.
;; The edit lands in the buffer, unsaved; one undo takes it back.  The answer is shown in the echo area, refusals
;; with their reason.
;;
;; Emacs waits while a command runs and eglot sends buffer changes only once Emacs is idle, so AgentLS cannot see
;; the edit in the buffer before it answers: an applied edit is then shown "not confirmed", with the reason.

;;; Code:

(require 'eglot)
(require 'agentls-common)

(add-to-list 'eglot-server-programs (cons agentls-modes (lambda (&optional _interactive) agentls-command)))

;; eglot asks before applying any edit a server sends; AgentLS's edits are the ones you just asked for.  Remove this
;; line to be asked each time (AgentLS waits for your answer).
(setq eglot-confirm-server-initiated-edits nil)

(defun agentls-eglot--execute (command arguments)
  "Run COMMAND with ARGUMENTS on the buffer's AgentLS server; show and return what happened."
  (let ((server (eglot--current-server-or-lose)))
    ;; Changes not yet sent (eglot waits for idle time) would make the edit's version stale; send them first, as
    ;; eglot itself does before its deferred requests.
    (eglot--signal-textDocument/didChange)
    (condition-case err
        (let ((result (eglot-execute-command server command arguments)))
          (setq agentls-last-answer (cons 'result result))
          (agentls--say (agentls--describe result)))
      (error
       (let ((text (or (alist-get 'jsonrpc-error-message (cdr-safe err)) (error-message-string err))))
         (setq agentls-last-answer (cons 'error text))
         (agentls--say (concat "AgentLS: " text)))))))

(defun agentls-apply-edits (diff)
  "Apply the SEARCH/REPLACE edit DIFF to the current buffer through AgentLS."
  (interactive (list (agentls--edit-text "SEARCH/REPLACE edit: ")))
  (agentls-eglot--execute "agentls.applyEdits" (agentls--edit-arguments (eglot--path-to-uri buffer-file-name) :diff diff)))

(defun agentls-apply-lazy-edit (code-edit)
  "Merge the \"... existing code ...\" edit CODE-EDIT into the current buffer through AgentLS."
  (interactive (list (agentls--edit-text "Lazy edit: ")))
  (agentls-eglot--execute "agentls.applyLazyEdit" (agentls--edit-arguments (eglot--path-to-uri buffer-file-name) :codeEdit code-edit)))

(defun agentls-rollback (checkpoint-id)
  "Take back every change since the checkpoint CHECKPOINT-ID (named in an edit's answer)."
  (interactive "sCheckpoint: ")
  (agentls-eglot--execute "agentls.rollback" (vector (list :checkpointId checkpoint-id))))

(provide 'agentls-eglot)
;;; agentls-eglot.el ends here
