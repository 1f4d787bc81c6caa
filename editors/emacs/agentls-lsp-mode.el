;;; agentls-lsp-mode.el --- AgentLS through lsp-mode  -*- lexical-binding: t -*-

;; Debian: apt-get install emacs-nox elpa-lsp-mode.  Copy this folder's .el files to ~/.emacs.d/lisp/ and put in
;; init.el:
;;   (add-to-list 'load-path "~/.emacs.d/lisp")
;;   (require 'agentls-lsp-mode)
;;   (setq agentls-command '("/path/to/agentls/scripts/agentls" "lsp"))
;; Then M-x lsp in a project starts AgentLS for it (next to the language's own server: AgentLS is an add-on).
;; M-x agentls-apply-edits sends the SEARCH/REPLACE edit in the region (else the newest kill) for the current
;; buffer; M-x agentls-apply-lazy-edit a "... existing code ..." edit; M-x agentls-rollback a checkpoint.  The edit
;; lands in the buffer, unsaved; one undo takes it back.  The answer is shown in the echo area, refusals with their
;; reason.
;;
;; lsp-mode sends buffer changes of a fully synced server a second after the last one, and Emacs waits while a
;; command runs, so AgentLS cannot see the edit in the buffer before it answers: an applied edit is then shown "not
;; confirmed", with the reason.

;;; Code:

(require 'lsp-mode)
(require 'agentls-common)

(lsp-register-client
 (make-lsp-client :new-connection (lsp-stdio-connection (lambda () agentls-command))
                  :major-modes agentls-modes
                  :add-on? t
                  :server-id 'agentls))

(defun agentls-lsp-mode-start (root)
  "Start AgentLS for the current buffer with ROOT as its project folder, asking nothing."
  (unless (member root (lsp-session-folders (lsp-session)))
    (lsp-workspace-folders-add root))
  (lsp))

(defcustom agentls-lsp-mode-timeout 30
  "Seconds to wait for AgentLS to answer a command."
  :type 'number)

(defun agentls-lsp-mode--execute (command arguments)
  "Run COMMAND with ARGUMENTS on the buffer's AgentLS server; show and return what happened."
  (let ((answer (agentls-lsp-mode--request "workspace/executeCommand"
                                           (list :command command :arguments arguments))))
    (when (eq (car answer) 'result)
      (setcdr answer (if (hash-table-p (cdr answer)) (agentls-lsp-mode--plist (cdr answer)) (cdr answer))))
    (setq agentls-last-answer answer)
    (agentls--say (if (eq (car answer) 'result)
                      (agentls--describe (cdr answer))
                    (concat "AgentLS: " (cdr answer))))))

(defun agentls-lsp-mode--request (method params)
  "Send METHOD with PARAMS and wait for the answer: (result . VALUE) or (error . MESSAGE).
Not `lsp-request', which passes a server's error message to `error' as its format string, so a reason with a
percent sign in it would be lost."
  (let ((answer nil)
        (deadline (+ (float-time) agentls-lsp-mode-timeout)))
    (lsp-request-async method params
                       (lambda (result) (setq answer (cons 'result result)))
                       :error-handler (lambda (error) (setq answer (cons 'error (lsp:json-error-message error)))))
    (while (and (not answer) (< (float-time) deadline))
      (accept-process-output nil 0.01))
    (or answer (cons 'error (format "no answer to %s within %s s" method agentls-lsp-mode-timeout)))))

(defun agentls-lsp-mode--plist (table)
  "The hash TABLE lsp-mode parses JSON objects into, as a plist with keyword keys (nested objects too)."
  (let (plist)
    (maphash (lambda (key value)
               (setq plist (plist-put plist (intern (concat ":" key))
                                      (if (hash-table-p value) (agentls-lsp-mode--plist value) value))))
             table)
    plist))

(defun agentls-apply-edits (diff)
  "Apply the SEARCH/REPLACE edit DIFF to the current buffer through AgentLS."
  (interactive (list (agentls--edit-text "SEARCH/REPLACE edit: ")))
  (agentls-lsp-mode--execute "agentls.applyEdits" (agentls--edit-arguments (lsp--buffer-uri) :diff diff)))

(defun agentls-apply-lazy-edit (code-edit)
  "Merge the \"... existing code ...\" edit CODE-EDIT into the current buffer through AgentLS."
  (interactive (list (agentls--edit-text "Lazy edit: ")))
  (agentls-lsp-mode--execute "agentls.applyLazyEdit"
                             (agentls--edit-arguments (lsp--buffer-uri) :codeEdit code-edit)))

(defun agentls-rollback (checkpoint-id)
  "Take back every change since the checkpoint CHECKPOINT-ID (named in an edit's answer)."
  (interactive "sCheckpoint: ")
  (agentls-lsp-mode--execute "agentls.rollback" (vector (list :checkpointId checkpoint-id))))

(provide 'agentls-lsp-mode)
;;; agentls-lsp-mode.el ends here
