;;; wrong-command.el --- agentls.el with an agentls-command that cannot start, for AgentlsElWrongCommandTest  -*- lexical-binding: t -*-
;; Params (JSON, file named by $AGENTLS_EMACS_PARAMS): setup_dir, file, result_file.  Opens FILE and turns on
;; agentls-mode as the prog-mode hook would, then runs M-x agentls-run; reports what each said and whether the mode
;; stayed off.
;;; Code:

(require 'json)

(let* ((params (json-read-file (getenv "AGENTLS_EMACS_PARAMS")))
       (get (lambda (key) (alist-get key params)))
       (report nil))
  (add-to-list 'load-path (funcall get 'setup_dir))
  (require 'agentls)
  (setq agentls-command '("/nonexistent/agentls" "lsp"))
  (with-current-buffer (find-file-noselect (funcall get 'file))
    (push (cons 'opening (condition-case err (progn (agentls-mode 1) "no error")
                           (error (error-message-string err))))
          report)
    (push (cons 'mode_after_opening (if agentls-mode t :json-false)) report)
    (push (cons 'run (condition-case err (progn (call-interactively #'agentls-run) "no error")
                       (error (error-message-string err))))
          report)
    (push (cons 'mode_after_run (if agentls-mode t :json-false)) report))
  (with-temp-file (funcall get 'result_file)
    (insert (json-encode report)))
  (kill-emacs 0))
;;; wrong-command.el ends here
