;;; drive.el --- Drives one scenario in a real Emacs with eglot or lsp-mode and editors/emacs, for EmacsEndToEndTest
;; Params (JSON, file named by $AGENTLS_EMACS_PARAMS): setup_dir, client ("eglot" or "lsp-mode"), server_cmd (list),
;; root, file, typing?, refused_edit?, then_rollback? (instead of undo), command ("apply" or "lazy"), edit, result_file, state_dir.  The refused edit,
;; sent first (it also starts the server's code paths), must be refused.  Writes a JSON report: refusal_message,
;; after_refusal, before, after, after_undo or rollback_message and after_rollback, modified, answer, message, elapsed_ms, failure.
;;; Code:

(require 'json)
(let* ((params (json-read-file (getenv "AGENTLS_EMACS_PARAMS")))
       (get (lambda (key) (alist-get key params)))
       (report nil)
       (root (file-name-as-directory (funcall get 'root)))
       (client (funcall get 'client)))
  (condition-case err
      (progn
        (add-to-list 'load-path (funcall get 'setup_dir))
        (setq user-emacs-directory (file-name-as-directory (funcall get 'state_dir)))
        ;; The test's copy of the workspace is the project, whatever version control says.
        (require 'project)
        (add-hook 'project-find-functions (lambda (_dir) (cons 'transient root)))
        (if (equal client "eglot")
            (require 'agentls-eglot)
          (setq lsp-session-file (expand-file-name "lsp-session" (funcall get 'state_dir))
                lsp-enable-snippet nil
                ;; Debian's lsp-mode 8 lacks these modeline modes in batch; they only add noise here.
                lsp-modeline-workspace-status-enable nil
                lsp-modeline-diagnostics-enable nil
                lsp-modeline-code-actions-enable nil)
          (require 'agentls-lsp-mode))
        (setq agentls-command (append (funcall get 'server_cmd) nil))
        (find-file (funcall get 'file))
        (if (equal client "eglot")
            (apply #'eglot (eglot--guess-contact))
          (agentls-lsp-mode-start root))
        (let ((deadline (+ (float-time) 30)))
          (while (and (not (if (equal client "eglot") (bound-and-true-p eglot--managed-mode)
                             (and (bound-and-true-p lsp-mode) (lsp-workspaces)
                                  (eq 'initialized (lsp--workspace-status (car (lsp-workspaces)))))))
                      (< (float-time) deadline))
            (accept-process-output nil 0.05)))
        (when (funcall get 'typing)
          (goto-char (point-min))
          (insert (funcall get 'typing)))
        (undo-boundary)
        (when (funcall get 'refused_edit)
          (push (cons 'refusal_message (agentls-apply-edits (funcall get 'refused_edit))) report)
          (push (cons 'after_refusal (buffer-string)) report))
        (push (cons 'before (buffer-string)) report)
        (let* ((started (float-time))
               (message (if (equal (funcall get 'command) "lazy")
                            (agentls-apply-lazy-edit (funcall get 'edit))
                          (agentls-apply-edits (funcall get 'edit)))))
          (push (cons 'elapsed_ms (round (* 1000 (- (float-time) started)))) report)
          (push (cons 'message message) report))
        (push (cons 'answer (if (eq (car agentls-last-answer) 'error)
                                (list (cons 'error (cdr agentls-last-answer)))
                              (list (cons 'result (cdr agentls-last-answer)))))
              report)
        (push (cons 'after (buffer-string)) report)
        (push (cons 'modified (if (buffer-modified-p) t :json-false)) report)
        (if (eq (funcall get 'then_rollback) t)
            (let ((checkpoint (plist-get (cdr agentls-last-answer) :checkpointId)))
              (push (cons 'rollback_message (agentls-rollback checkpoint)) report)
              (push (cons 'after_rollback (buffer-string)) report))
          (undo-boundary)
          (let ((last-command nil)) (undo))
          (push (cons 'after_undo (buffer-string)) report)))
    (error (push (cons 'failure (format "%S" err)) report)))
  (with-temp-file (funcall get 'result_file)
    (insert (json-encode report)))
  (kill-emacs 0))
;;; drive.el ends here
