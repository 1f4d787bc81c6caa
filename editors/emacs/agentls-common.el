;;; agentls-common.el --- What the AgentLS set-ups for eglot and lsp-mode share  -*- lexical-binding: t -*-

;; Turning an answer of AgentLS's edit commands into one line for the user.  Messages are always passed to
;; `message' as an argument, never as its format string, so a "%" in a reason shows as it is.

;;; Code:

(require 'seq)
(require 'subr-x)

(defgroup agentls nil
  "The AgentLS language server: an AI coding agent in the editor."
  :group 'tools)

(defcustom agentls-command (list (expand-file-name "~/agentls/scripts/agentls") "lsp")
  "The command that starts AgentLS on stdio, as a list: program and arguments."
  :type '(repeat string))

(defcustom agentls-modes '(java-mode python-mode js-mode typescript-mode go-mode rust-mode c-mode c++-mode
                                     sh-mode markdown-mode text-mode)
  "Major modes whose buffers AgentLS serves."
  :type '(repeat symbol))

(defcustom agentls-request-timeout 60
  "Seconds to wait for AgentLS to answer a run command (a fresh server's first run loads much of it)."
  :type 'number)

(defvar agentls-last-answer nil
  "The last command's answer: (result . PLIST) or (error . MESSAGE); for scripts and tests.")

(defun agentls--true-p (value)
  "Whether the JSON VALUE is true (nil and :json-false are not)."
  (and value (not (eq value :json-false))))

(defun agentls--describe (result)
  "One line for the user saying what became of an edit, from its command's RESULT plist."
  (let* ((blocks (plist-get result :blocks))
         (restored (plist-get result :restored))
         (what (cond (blocks (format "applied %d block(s)" (length blocks)))
                     (restored (concat "restored " (mapconcat #'identity restored ", ")))
                     (t "applied"))))
    (cond
     ((not (agentls--true-p (plist-get result :applied)))
      (concat "AgentLS: not applied: " (or (plist-get result :reason) "no reason given")))
     ((agentls--true-p (plist-get result :confirmed))
      (concat "AgentLS: " what))
     (t (concat "AgentLS: " what ", not confirmed: " (or (plist-get result :note) ""))))))

(defun agentls--say (text)
  "Show TEXT to the user and return it."
  (message "%s" text)
  text)

(defun agentls--edit-arguments (uri key text)
  "The arguments of an edit command for the buffer at URI: TEXT under KEY."
  (vector (list :uri uri key text)))

(defun agentls--edit-text (prompt)
  "The edit to send: the active region's text, else the newest kill, else read with PROMPT."
  (cond ((use-region-p) (buffer-substring-no-properties (region-beginning) (region-end)))
        (kill-ring (substring-no-properties (current-kill 0 t)))
        (t (read-string prompt))))

;;; Runs.  A backend (eglot or lsp-mode) is a plist: :execute (COMMAND ARGUMENTS -> result plist, or signals
;; `user-error' with the server's message), :code-actions (RANGE -> list of code action plists), :uri (the buffer's
;; document) and :root (the project folder, where `.agentls/runs/' is).

(defvar agentls-last-run nil
  "The id (a string) of the last run started from this Emacs: the one `agentls-stop' and `agentls-approve' mean.")

(defvar agentls-last-root nil
  "The project folder of the last run, where its transcript is.")

(defconst agentls--line-actions '(("direct" . "AgentLS: run") ("plan" . "AgentLS: plan first")
                                  ("ask" . "AgentLS: ask (read-only)"))
  "The code action AgentLS offers on an `@agent' line for each mode, by title.")

(defun agentls--instruction-line-p ()
  "Whether the line at point holds an `@agent' instruction (a line already marked `@agent-done' does not)."
  (save-excursion
    (beginning-of-line)
    (re-search-forward "@agent[ \t]+[^ \t\n]" (line-end-position) t)))

(defun agentls--line-range ()
  "The LSP range of one character at the start of the line at point (a cursor, as AgentLS reads it)."
  (let ((line (1- (line-number-at-pos))))
    (list :start (list :line line :character 0) :end (list :line line :character 1))))

(defun agentls--start (backend mode)
  "Start a run in MODE (\"direct\", \"plan\" or \"ask\") through BACKEND and say so.
On an `@agent' line the run is the one AgentLS offers for that line (so the line becomes `@agent-done' when the
run ends); elsewhere the instruction is read from the minibuffer."
  (let* ((title (cdr (assoc mode agentls--line-actions)))
         (action (and (agentls--instruction-line-p)
                      (seq-find (lambda (action) (equal (plist-get action :title) title))
                                (funcall (plist-get backend :code-actions) (agentls--line-range)))))
         (command (plist-get action :command))
         (answer (if command
                     (funcall (plist-get backend :execute) (plist-get command :command)
                              (plist-get command :arguments))
                   (let ((prompt (read-string (format "AgentLS %s: " (if (equal mode "direct") "run" mode)))))
                     (when (string-blank-p prompt)
                       (user-error "AgentLS: no instruction given"))
                     (funcall (plist-get backend :execute) "agentls.run"
                              (vector (list :prompt prompt :mode mode :uri (plist-get backend :uri))))))))
    (setq agentls-last-run (format "%s" (plist-get answer :runId))
          agentls-last-root (plist-get backend :root)
          agentls-last-answer (cons 'result answer))
    (agentls--say (format "AgentLS #%s started%s" agentls-last-run
                          (if command " from this line" "")))))

(defun agentls--run-id (prefix)
  "The run a command means: the last one, or with a PREFIX argument one read from the minibuffer."
  (cond (prefix (read-string "AgentLS run: " agentls-last-run))
        (agentls-last-run)
        (t (user-error "AgentLS: no run started from this Emacs yet"))))

(defun agentls--answer-run (backend command arguments)
  "Send COMMAND with ARGUMENTS (a plist) through BACKEND and show the answer."
  (let ((answer (funcall (plist-get backend :execute) command (vector arguments))))
    (setq agentls-last-answer (cons 'result answer))
    (agentls--say (format "AgentLS #%s: %s %s" (plist-get answer :runId) command
                          (if (or (agentls--true-p (plist-get answer :answered))
                                  (agentls--true-p (plist-get answer :cancelled)))
                              "done" "had nothing to do")))))

;;; The commands, whichever set-up serves the buffer.

(defvar agentls-backend-functions nil
  "Functions called with no argument in the current buffer, in order, until one returns its run backend.")

(defun agentls--backend ()
  "The run backend of the current buffer, from the first set-up that serves it."
  (or (run-hook-with-args-until-success 'agentls-backend-functions)
      (user-error "AgentLS: no AgentLS serves this buffer (M-x eglot, or M-x agentls-mode with agentls.el)")))

(defun agentls-run ()
  "Run the agent: the `@agent' instruction on this line, else one read from the minibuffer."
  (interactive)
  (agentls--start (agentls--backend) "direct"))

(defun agentls-plan ()
  "Run the agent in plan mode: it makes a plan first, then follows it step by step."
  (interactive)
  (agentls--start (agentls--backend) "plan"))

(defun agentls-ask ()
  "Ask the agent: a read-only run that changes nothing."
  (interactive)
  (agentls--start (agentls--backend) "ask"))

(defun agentls-stop (&optional prefix)
  "Stop the last run (with a PREFIX argument, the run named in the minibuffer)."
  (interactive "P")
  (agentls--answer-run (agentls--backend) "agentls.cancel" (list :runId (agentls--run-id prefix))))

(defun agentls-approve (&optional prefix)
  "Approve what the last run (with a PREFIX argument, the run named) waits for: once, for the run, or always."
  (interactive "P")
  (let ((run (agentls--run-id prefix)))
    (agentls--answer-run (agentls--backend) "agentls.approve"
                         (list :runId run :scope (completing-read "Allow: " '("once" "run" "always") nil t)))))

(defun agentls-deny (&optional prefix)
  "Deny what the last run (with a PREFIX argument, the run named) waits for."
  (interactive "P")
  (agentls--answer-run (agentls--backend) "agentls.deny" (list :runId (agentls--run-id prefix))))

(defun agentls-transcript ()
  "Show the transcript of the last run."
  (interactive)
  (unless agentls-last-run
    (user-error "AgentLS: no run started from this Emacs yet"))
  (agentls--show-transcript (agentls--transcript-of agentls-last-run agentls-last-root)))

;;; What a run shows: its events in the echo area and the *agentls events* buffer, its progress, its transcript.

(defun agentls--event-line (event)
  "One line for the echo area saying what EVENT (an `agentls/event' plist) means, or nil for streamed text."
  (let ((run (format "AgentLS #%s" (plist-get event :runId))))
    (pcase (plist-get event :type)
      ("run_started" (format "%s started (%s)" run (plist-get event :mode)))
      ("tool_call" (format "%s: %s" run (plist-get event :name)))
      ("edit_applied" (format "%s changed %s (+%s -%s)" run (plist-get event :file) (plist-get event :added)
                              (plist-get event :removed)))
      ("approval_requested" (format "%s waits for your approval" run))
      ("question_asked" (format "%s asks you something" run))
      ((or "warning" "error") (format "%s %s: %s" run (plist-get event :type) (plist-get event :message)))
      ("run_finished" (format "%s finished (%s)" run (plist-get event :status)))
      (_ nil))))

(defun agentls--on-event (event)
  "Log EVENT in the *agentls events* buffer and show its line, if it has one, in the echo area."
  (with-current-buffer (get-buffer-create "*agentls events*")
    (let ((inhibit-read-only t))
      (goto-char (point-max))
      (insert (format "%s %s %S\n" (plist-get event :runId) (plist-get event :type) event))))
  (let ((line (agentls--event-line event)))
    (when line
      (agentls--say line))))

(defun agentls--on-progress (value)
  "Show a `$/progress' VALUE (begin, report or end) in the echo area."
  (let ((text (or (plist-get value :message) (plist-get value :title))))
    (when (and text (not (string-empty-p text)))
      (agentls--say text))))

(defun agentls--show-transcript (file)
  "Show the transcript FILE in a window, without moving point there; it follows the file as the run writes it."
  (let ((buffer (find-file-noselect file)))
    (with-current-buffer buffer
      (setq buffer-read-only t)
      (auto-revert-mode 1))
    (display-buffer buffer '(nil (inhibit-same-window . t)))
    buffer))

(defun agentls--transcript-of (run root)
  "The transcript file of RUN under the project folder ROOT."
  (expand-file-name (format ".agentls/runs/%s.md" run) root))

(provide 'agentls-common)
;;; agentls-common.el ends here
