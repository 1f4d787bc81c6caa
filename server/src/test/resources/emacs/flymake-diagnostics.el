;;; flymake-diagnostics.el --- agentls.el beside eglot and Debian's pylsp, for AgentlsElFlymakeDiagnosticsTest  -*- lexical-binding: t -*-
;; Params (JSON, file named by $AGENTLS_EMACS_PARAMS): setup_dir, server_cmd, root, file, prompt, diagnostics,
;; state_dir, result_file.  Opens FILE with eglot running pylsp (Flymake shows its diagnostics) and agentls-mode on;
;; once pylsp has reported, M-x agentls-run with PROMPT starts a run whose scripted model breaks the file and then
;; fixes it.  Reports buffer, modified, flymake (what Flymake held at the end), forwards (what Flymake held at each
;; forward), messages, events, failure.  Batch Emacs is never idle: the wait loop runs idle timers (eglot sends
;; changes, Flymake checks, on idle timers) once their idle time has passed, as whole-task.el's does.
;;; Code:

(require 'json)

(defvar drive--idle-timers-seen (make-hash-table :test #'eq) "Idle timer -> when the driver first saw it.")

(defun drive--run-idle-timers ()
  "Runs each idle timer whose idle time has passed since the driver first saw it, as an idle Emacs would."
  (let ((now (float-time)))
    (dolist (timer (copy-sequence timer-idle-list))
      (let ((seen (or (gethash timer drive--idle-timers-seen)
                      (puthash timer now drive--idle-timers-seen))))
        (when (and (memq timer timer-idle-list)
                   (>= (- now seen) (float-time (timer--time timer))))
          (remhash timer drive--idle-timers-seen)
          (timer-event-handler timer))))))

(defun drive--wait (seconds done)
  "Lets Emacs run its processes and timers until DONE holds or SECONDS pass; DONE's value."
  (let ((until (+ (float-time) seconds)))
    (while (and (not (funcall done)) (< (float-time) until))
      (accept-process-output nil 0.02)
      (drive--run-idle-timers))
    (funcall done)))

(defvar drive--forwards nil "Each forward: the Flymake diagnostics' texts then.")

(let* ((params (json-read-file (getenv "AGENTLS_EMACS_PARAMS")))
       (get (lambda (key) (alist-get key params)))
       (root (file-name-as-directory (funcall get 'root)))
       (report nil))
  (condition-case err
      (progn
        (add-to-list 'load-path (funcall get 'setup_dir))
        (setq user-emacs-directory (file-name-as-directory (funcall get 'state_dir)))
        (require 'project)
        (add-hook 'project-find-functions (lambda (_dir) (cons 'transient root)))
        (require 'eglot)
        (require 'agentls)
        (setq eglot-server-programs '((python-mode "pylsp")))
        (setq eglot-connect-timeout 60)
        (setq agentls-command (append (funcall get 'server_cmd) nil))
        (setq agentls-diagnostics (eq (funcall get 'diagnostics) t))
        (advice-add 'agentls--forward-diagnostics :before
                    (lambda (buffer &rest _) (push (with-current-buffer buffer
                                             (list (bound-and-true-p flymake-mode)
                                                   (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))
                                           drive--forwards)))
        (find-file (funcall get 'file))
        (apply #'eglot (eglot--guess-contact))
        (unless (drive--wait 60 (lambda () (bound-and-true-p eglot--managed-mode)))
          (error "eglot never managed the buffer"))
        (agentls-mode 1)
        ;; pylsp reports on the file once it is open: wait for a Flymake report from eglot's backend.
        (unless (drive--wait 60 (lambda () (memq 'eglot-flymake-backend (flymake-reporting-backends))))
          (error "pylsp never reported: %S" (flymake-running-backends)))
        (agentls--forward-diagnostics (current-buffer))
        (cl-letf (((symbol-function 'read-string) (lambda (&rest _) (funcall get 'prompt))))
          (call-interactively #'agentls-run))
        (unless (drive--wait 90 (lambda () (with-current-buffer (get-buffer-create "*agentls events*")
                                             (save-excursion (goto-char (point-min))
                                                             (search-forward "run_finished" nil t)))))
          (error "the run never finished"))
        (push (cons 'buffer (buffer-substring-no-properties (point-min) (point-max))) report)
        (push (cons 'modified (if (buffer-modified-p) t :json-false)) report)
        (push (cons 'flymake (mapcar #'flymake-diagnostic-text (flymake-diagnostics))) report))
    (error (push (cons 'failure (error-message-string err)) report)))
  (push (cons 'forwards (format "%S" (reverse drive--forwards))) report)
  (push (cons 'messages (with-current-buffer (messages-buffer) (buffer-string))) report)
  (push (cons 'events (with-current-buffer (get-buffer-create "*agentls events*") (buffer-string))) report)
  (with-temp-file (funcall get 'result_file)
    (insert (json-encode report)))
  (kill-emacs 0))
;;; flymake-diagnostics.el ends here
