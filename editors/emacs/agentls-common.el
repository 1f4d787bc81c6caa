;;; agentls-common.el --- What the AgentLS set-ups for eglot and lsp-mode share  -*- lexical-binding: t -*-

;; Turning an answer of AgentLS's edit commands into one line for the user.  Messages are always passed to
;; `message' as an argument, never as its format string, so a "%" in a reason shows as it is.

;;; Code:

(require 'seq)

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

(provide 'agentls-common)
;;; agentls-common.el ends here
