;;; agentls-eglot.el --- AgentLS through eglot  -*- lexical-binding: t -*-

;; Debian: apt-get install emacs-nox elpa-eglot.  Copy this folder's .el files to ~/.emacs.d/lisp/ and put in
;; init.el:
;;   (add-to-list 'load-path "~/.emacs.d/lisp")
;;   (require 'agentls-eglot)
;;   (setq agentls-command '("/path/to/agentls/scripts/agentls" "lsp"))
;; Then M-x eglot in a project starts AgentLS for it, as eglot's one server for these buffers (to keep your own
;; language server in eglot, use agentls.el instead: it runs beside it).  Write `@agent <instruction>' on any line and
;; M-x agentls-run there (or anywhere, to type the instruction in the minibuffer); agentls-plan and agentls-ask start
;; a planned or a read-only run, agentls-stop stops the last run (see agentls-common.el).  Approvals and the agent's
;; questions come up in the minibuffer; the events and progress show in the echo area, the transcript in a window
;; beside yours.  M-x agentls-apply-edits sends the SEARCH/REPLACE edit in the region (else the newest kill) for the
;; current buffer; M-x agentls-apply-lazy-edit a "... existing code ..." edit.  The edit lands in the buffer,
;; unsaved; one undo takes it back.  The answer is shown in the echo area, refusals with their reason.
;;
;; Emacs waits while a command runs and eglot sends buffer changes only once Emacs is idle, so AgentLS cannot see
;; the edit in the buffer before it answers: an applied edit is then shown "not confirmed", with the reason.

;;; Code:

(require 'eglot)
(require 'agentls-common)

;; eglot runs one server per buffer: in these modes AgentLS is it, instead of the language's own server.
(defclass agentls-eglot-server (eglot-lsp-server) ()
  :documentation "AgentLS as eglot's server: declares and handles what eglot 1.9 does not (events, buttons, progress,
opening the transcript).")

(add-to-list 'eglot-server-programs
             (cons agentls-modes (lambda (&optional _interactive) (cons 'agentls-eglot-server agentls-command))))

(cl-defmethod eglot-client-capabilities ((_server agentls-eglot-server))
  "eglot's capabilities, plus AgentLS's events, approval buttons, progress and opening the transcript."
  (let ((capabilities (cl-call-next-method)))
    (plist-put capabilities :window (list :showMessage (list :messageActionItem
                                                             (list :additionalPropertiesSupport :json-false))
                                          :showDocument (list :support t)
                                          :workDoneProgress t))
    (plist-put capabilities :experimental (list :agentlsEvents t))))

(cl-defmethod eglot-handle-notification ((_server agentls-eglot-server) (_method (eql agentls/event)) &rest event)
  "An event of a run: shown in the echo area and logged."
  (agentls--on-event event))

(cl-defmethod eglot-handle-notification ((_server agentls-eglot-server) (_method (eql $/progress))
                                         &key _token value)
  "A run's progress, in the echo area."
  (agentls--on-progress value))

(cl-defmethod eglot-handle-request ((_server agentls-eglot-server) (_method (eql window/workDoneProgress/create))
                                   &key _token)
  "AgentLS asks before it reports progress; there is nothing to prepare (nil is sent as null)."
  nil)

(cl-defmethod eglot-handle-request ((_server agentls-eglot-server) (_method (eql window/showDocument))
                                    &key uri &allow-other-keys)
  "The transcript of a run: shown beside the user's window, which keeps the focus."
  (agentls--show-transcript (eglot--uri-to-path uri))
  (list :success t))

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

;;; Runs.

(defun agentls-eglot--backend ()
  "The current buffer's AgentLS server as a run backend (see agentls-common.el), its changes sent first."
  (let ((server (eglot--current-server-or-lose)))
    (eglot--signal-textDocument/didChange)
    (list :execute (lambda (command arguments)
                     (condition-case err
                         (jsonrpc-request server :workspace/executeCommand
                                          (list :command command :arguments arguments)
                                          :timeout agentls-request-timeout)
                       (jsonrpc-error
                        (user-error "AgentLS: %s" (or (alist-get 'jsonrpc-error-message (cdr err))
                                                      (error-message-string err))))))
          :code-actions (lambda (range)
                          (append (jsonrpc-request server :textDocument/codeAction
                                                   (list :textDocument (eglot--TextDocumentIdentifier)
                                                         :range range :context (list :diagnostics []))
                                                   :timeout agentls-request-timeout)
                                  nil))
          :uri (eglot--path-to-uri buffer-file-name)
          :root (project-root (eglot--project server)))))

;; Runs from buffers eglot manages with AgentLS (see `agentls-run' and the other commands in agentls-common.el).
(add-hook 'agentls-backend-functions #'agentls-eglot--backend-if-managed)

(defun agentls-eglot--backend-if-managed ()
  "The backend of `agentls-eglot--backend' when the buffer's eglot server is AgentLS, else nil."
  (let ((server (and (bound-and-true-p eglot--managed-mode) (eglot-current-server))))
    (and (cl-typep server 'agentls-eglot-server) (agentls-eglot--backend))))

;;; Edits with no model.

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
