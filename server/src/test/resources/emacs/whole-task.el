;;; whole-task.el --- One whole agent run in a real Emacs with editors/emacs, for EmacsWholeTaskTest  -*- lexical-binding: t -*-
;; Params (JSON, file named by $AGENTLS_EMACS_PARAMS): setup_dir, client ("eglot": agentls-eglot.el, or "agentls":
;; agentls.el), server_cmd (list), own_server_cmd (for "agentls": the user's own language server, run by plain eglot
;; for the same buffer, or null), root, file (the open file), other (a file not open), typing (inserted at the top,
;; never saved), instruction (a line inserted before the line holding instruction_before), answers (list of [prompt
;; regexp, answer]), result_file, state_dir.
;;
;; What a person does: opens the file, asks AgentLS something (M-x agentls-ask), types (unsaved), writes the @agent
;; line, M-x agentls-run on it, answers what the minibuffer asks, waits.  Then undo in each changed buffer.  The
;; report: prompts (what was asked, with the options offered, and the answer given), requests (each request of the
;; server that Emacs handled, with the ms it took, the time the person was being asked taken out), edits (every
;; workspace edit Emacs was sent: path, version, new texts, error if refused), eglot_still_managing (with
;; own_server_cmd), first_run_ms (M-x agentls-ask), run_ms (M-x agentls-run), done_ms (from its answer to the
;; @agent-done line in the buffer), texts before and after, undo results, transcript (the buffer showDocument
;; opened), messages (*Messages*), events (*agentls events*), failure.
;;
;; Batch Emacs reads the minibuffer from stdin and is never idle, so two things a person's Emacs does by itself are
;; done here by the driver, and only these: (1) the minibuffer prompts (`read-string', `completing-read', `y-or-n-p')
;; are answered by advice that records the prompt and its options and returns the scripted answer, as a person
;; typing it would; (2) idle timers (eglot sends buffer changes on a 0.5 s idle timer) are run by the wait loop once
;; Emacs has waited as long as the timer asks, counted from when the timer was made, as an idle Emacs runs them.
;;; Code:

(require 'json)
(require 'cl-lib)
(require 'subr-x)
(require 'url-util)

(defvar drive--report nil)
(defvar drive--answers nil)
(defvar drive--asked-seconds 0.0 "Seconds spent in prompts (the person being asked), in total.")
(defvar drive--idle-timers-seen (make-hash-table :test #'eq) "Idle timer -> when the driver first saw it.")

(defun drive--push (key value) (push (cons key value) drive--report))

(defun drive--answer (kind prompt options)
  "The scripted answer to PROMPT (of KIND, with OPTIONS), recorded; an unexpected prompt is a failure."
  (let* ((started (float-time))
         (found (cl-find-if (lambda (pair) (string-match-p (aref pair 0) prompt)) drive--answers))
         (answer (if found (aref found 1) (error "Unexpected prompt: %s" prompt))))
    (setq drive--answers (delq found drive--answers))
    (push (list (cons 'kind kind) (cons 'prompt prompt) (cons 'options (vconcat options)) (cons 'answer answer))
          (alist-get 'prompts drive--report))
    (setq drive--asked-seconds (+ drive--asked-seconds (- (float-time) started)))
    answer))

(defun drive--completing-read (_original prompt collection &rest _)
  (drive--answer "completing-read" prompt (all-completions "" collection)))

(defun drive--read-string (_original prompt &rest _)
  (drive--answer "read-string" prompt nil))

(defun drive--y-or-n-p (_original prompt)
  (equal "y" (drive--answer "y-or-n-p" prompt '("y" "n"))))

(defun drive--timed-request (original connection method &rest params)
  "Times each request of the server Emacs handles, the time the person was asked taken out."
  (let ((started (float-time)) (asked drive--asked-seconds) (failed nil))
    (unwind-protect
        (condition-case err (apply original connection method params)
          (error (setq failed (error-message-string err)) (signal (car err) (cdr err))))
      (push (list (cons 'method (format "%s" method))
                  (cons 'ms (round (* 1000 (- (float-time) started (- drive--asked-seconds asked)))))
                  (cons 'asked_ms (round (* 1000 (- drive--asked-seconds asked))))
                  (cons 'error failed))
            (alist-get 'requests drive--report)))))

(defun drive--record-edit (original wedit &rest rest)
  "Records each workspace edit Emacs is sent (eglot's or agentls.el's), and whether it was refused."
  (let ((entries (mapcar (lambda (change)
                           (let ((doc (plist-get change :textDocument)))
                             (list (cons 'path (url-unhex-string
                                                (string-remove-prefix "file://" (plist-get doc :uri))))
                                   (cons 'version (or (plist-get doc :version) :null))
                                   (cons 'new_texts (vconcat (mapcar (lambda (e) (plist-get e :newText))
                                                                     (plist-get change :edits)))))))
                         (plist-get wedit :documentChanges)))
        (error-text nil))
    (unwind-protect
        (condition-case err
            (let ((answer (apply original wedit rest)))
              ;; agentls.el answers a refusal; eglot signals it.
              (when (eq (plist-get answer :applied) :json-false)
                (setq error-text (plist-get answer :failureReason)))
              answer)
          (error (setq error-text (error-message-string err)) (signal (car err) (cdr err))))
      (push (list (cons 'changes (vconcat entries)) (cons 'error error-text))
            (alist-get 'edits drive--report)))))

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
  "Lets Emacs work (server messages, timers) until DONE returns non-nil or SECONDS pass; returns DONE's value."
  (let ((deadline (+ (float-time) seconds)) (value nil))
    (while (and (not (setq value (funcall done))) (< (float-time) deadline))
      (accept-process-output nil 0.02)
      (drive--run-idle-timers))
    value))

(defun drive--undo-until (text limit)
  "Undoes in the current buffer until it holds TEXT, at most LIMIT times; the number of undos, or nil."
  (undo-boundary)
  (let ((count 0) (last-command nil))
    (while (and (< count limit) (not (equal (buffer-string) text)))
      (undo)
      (setq last-command 'undo count (1+ count)))
    (and (equal (buffer-string) text) count)))

(let* ((params (json-read-file (getenv "AGENTLS_EMACS_PARAMS")))
       (get (lambda (key) (alist-get key params)))
       (root (file-name-as-directory (funcall get 'root)))
       (client (funcall get 'client))
       (other-disk nil))
  (condition-case err
      (progn
        (add-to-list 'load-path (funcall get 'setup_dir))
        (setq user-emacs-directory (file-name-as-directory (funcall get 'state_dir)))
        (require 'project)
        (add-hook 'project-find-functions (lambda (_dir) (cons 'transient root)))
        (require 'eglot)
        (setq eglot-server-programs nil)
        (if (equal client "eglot")
            (progn
              (require 'agentls-eglot)
              (advice-add 'eglot-handle-request :around #'drive--timed-request)
              (advice-add 'eglot--apply-workspace-edit :around #'drive--record-edit))
          (require 'agentls)
          (advice-add 'agentls--handle-request :around #'drive--timed-request)
          (advice-add 'agentls--apply-workspace-edit :around #'drive--record-edit)
          (when (funcall get 'own_server_cmd)
            ;; The user's own language server, through plain eglot, for the same buffers.
            (push (cons 'java-mode (append (funcall get 'own_server_cmd) nil)) eglot-server-programs)))
        (setq agentls-command (append (funcall get 'server_cmd) nil))
        (setq drive--answers (append (funcall get 'answers) nil))
        (advice-add 'completing-read :around #'drive--completing-read)
        (advice-add 'y-or-n-p :around #'drive--y-or-n-p)
        (advice-add 'read-string :around #'drive--read-string)
        (setq other-disk (with-temp-buffer (insert-file-contents (funcall get 'other)) (buffer-string)))
        (find-file (funcall get 'file))
        (when eglot-server-programs
          (setq eglot-connect-timeout 120) ; a JVM starting on a busy test machine
          (apply #'eglot (eglot--guess-contact))
          (drive--wait 120 (lambda () (bound-and-true-p eglot--managed-mode))))
        (unless (equal client "eglot")
          (agentls-mode 1))
;; First the person asks something (M-x agentls-ask, the question typed in the minibuffer): the server's first
        ;; run loads its classes, so the task after it is timed on a server that has run once.
        (let ((started (float-time)))
          (call-interactively #'agentls-ask)
          (drive--push 'first_run_ms (round (* 1000 (- (float-time) started)))))
        (drive--push 'first_run_finished
                     (if (drive--wait 60 (lambda () (with-current-buffer (get-buffer-create "*agentls events*")
                                                      (string-match-p "^1 run_finished" (buffer-string)))))
                         t :json-false))
        ;; The person types (never saved) and writes the instruction line.
        (goto-char (point-min))
        (insert (funcall get 'typing))
        (search-forward (funcall get 'instruction_before))
        (beginning-of-line)
        (insert (funcall get 'instruction) "\n")
        (forward-line -1)
        (undo-boundary) ; as the command loop does after each command the person types
        (let ((before (buffer-string)) (file-buffer (current-buffer)))
          (drive--push 'before before)
          (drive--wait 1 (lambda () nil)) ; a second of idle time, as a person takes before M-x
          (let ((started (float-time)))
            (call-interactively #'agentls-run)
            (drive--push 'run_ms (round (* 1000 (- (float-time) started)))))
          (let ((started (float-time)))
            (drive--push 'finished
                         (if (drive--wait 90 (lambda ()
                                               (with-current-buffer file-buffer
                                                 (string-match-p "@agent-done" (buffer-string)))))
                             t :json-false))
            (drive--push 'done_ms (round (* 1000 (- (float-time) started)))))
          (drive--wait 2 (lambda () nil)) ; the buffers' last changes reach the server, late messages arrive
          (drive--push 'after (with-current-buffer file-buffer (buffer-string)))
          (drive--push 'modified (if (buffer-modified-p file-buffer) t :json-false))
          (let ((other (find-buffer-visiting (funcall get 'other))))
            (drive--push 'other_after (if other (with-current-buffer other (buffer-string)) :null))
            (drive--push 'other_modified (if (and other (buffer-modified-p other)) t :json-false))
            (when other
              (with-current-buffer other
                (drive--push 'other_undos (or (drive--undo-until other-disk 5) :null))
                (drive--push 'other_after_undo (buffer-string)))))
          (let ((transcript (find-buffer-visiting (agentls--transcript-of agentls-last-run root))))
            (drive--push 'transcript (if transcript (with-current-buffer transcript (buffer-string)) :null))
            (drive--push 'transcript_shown (if (and transcript (get-buffer-window transcript)) t :json-false)))
          (with-current-buffer file-buffer
            (drive--push 'eglot_still_managing (if (bound-and-true-p eglot--managed-mode) t :json-false))
            (drive--push 'undos (or (drive--undo-until before 5) :null))
            (drive--push 'after_undo (buffer-string)))))
    (error (drive--push 'failure (format "%S" err))))
  (drive--push 'events (with-current-buffer (get-buffer-create "*agentls events*") (buffer-string)))
  (drive--push 'messages (with-current-buffer (messages-buffer) (buffer-string)))
  (with-temp-file (funcall get 'result_file)
    (insert (json-encode drive--report)))
  (kill-emacs 0))
;;; whole-task.el ends here
