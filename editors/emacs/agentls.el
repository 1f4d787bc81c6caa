;;; agentls.el --- AgentLS beside your own language server, on Emacs's jsonrpc.el  -*- lexical-binding: t -*-

;; eglot runs one server per buffer, so AgentLS through eglot would replace your language server.  This file talks to
;; AgentLS itself (over Emacs's own jsonrpc.el, no eglot or lsp-mode needed), so it runs beside whatever you use.
;; Copy this folder's agentls.el and agentls-common.el to ~/.emacs.d/lisp/ and put in init.el:
;;   (add-to-list 'load-path "~/.emacs.d/lisp")
;;   (require 'agentls)
;;   (setq agentls-command '("/path/to/agentls/scripts/agentls" "lsp"))
;;   (add-hook 'prog-mode-hook #'agentls-mode)     ; or M-x agentls-mode in a buffer
;; Write `@agent <instruction>' on any line and M-x agentls-run there (or anywhere, to type the instruction);
;; agentls-plan, agentls-ask, agentls-stop, agentls-approve, agentls-deny, agentls-transcript.
;;
;; One AgentLS per project folder.  It sees the buffers in agentls-mode as they are, unsaved typing included (the
;; whole text is sent 0.2 s after a change); its edits land in the buffers, unsaved, a file no buffer visits being
;; opened for it; undo takes them back.  Before a run's command, the buffers it changed are saved (so the command
;; sees the edits).  The errors and warnings Flymake shows from your other backends (eglot's server, linters) go to
;; AgentLS, so the model sees them after its edits (`agentls-diagnostics' nil turns that off).  Approvals and
;; questions come up in the minibuffer, events and progress in the echo area, the transcript in a window beside yours.
;;
;; Pointing it at a model (any OpenAI-compatible endpoint; Ollama: --base-url http://127.0.0.1:11434/v1):
;;   (setq agentls-command '("/path/to/agentls/scripts/agentls" "lsp" "--provider" "openai"
;;                           "--base-url" "https://api.openai.com/v1" "--model" "gpt-4.1"))
;;   (setenv "OPENAI_API_KEY" "...")     ; or set it in the environment Emacs starts with

;;; Code:

(require 'jsonrpc)
(require 'project)
(require 'url-util)
(require 'flymake)
(require 'agentls-common)

(defcustom agentls-start-timeout 60
  "Seconds to wait for AgentLS to answer `initialize' (a JVM starting on a busy machine takes a while)."
  :type 'number :group 'agentls)

(defcustom agentls-diagnostics t
  "Whether the errors and warnings Flymake shows (from backends other than AgentLS) go to AgentLS, so a run's edit
result tells the model what your language servers and linters say of the files it changed."
  :type 'boolean :group 'agentls)

(defvar agentls--connections nil "The AgentLS of each project folder: alist of (ROOT . CONNECTION).")
(defvar-local agentls--version 0 "The version of this buffer AgentLS was last told of, counting changes.")
(defvar-local agentls--connection nil "The AgentLS this buffer is open in.")
(defvar-local agentls--change-timer nil "Sends this buffer's text to AgentLS shortly after it changed.")

(defun agentls--uri (file)
  "The file:// URI of FILE."
  (concat "file://" (url-hexify-string (expand-file-name file) url-path-allowed-chars)))

(defun agentls--path (uri)
  "The file name of the file:// URI."
  (url-unhex-string (string-remove-prefix "file://" uri)))

(defun agentls--root ()
  "The project folder of the current buffer."
  (expand-file-name (let ((project (project-current))) (if project (project-root project) default-directory))))

(defun agentls--capabilities ()
  "What this client does: edits in buffers, approval buttons, progress, AgentLS's events, opening the transcript."
  (list :workspace (list :applyEdit t :configuration t :workspaceFolders t
                         :workspaceEdit (list :documentChanges t :resourceOperations ["create" "delete"]))
        :textDocument (list :synchronization (list :didSave t))
        :window (list :showMessage (list :messageActionItem (list :additionalPropertiesSupport :json-false))
                      :showDocument (list :support t) :workDoneProgress t)
        :experimental (list :agentlsEvents t :agentlsSave t)))

(defun agentls--connect (root)
  "The AgentLS of ROOT, started and initialized if it is not running."
  (let ((known (cdr (assoc root agentls--connections))))
    (if (and known (jsonrpc-running-p known))
        known
      ;; Emacs starts a process for a missing program and only then sees it exit, so look for it first.
      (unless (and (consp agentls-command) (stringp (car agentls-command))
                   (executable-find (car agentls-command)))
        (user-error "AgentLS: could not start agentls-command %S: %s" agentls-command
                    (if (and (consp agentls-command) (stringp (car agentls-command)))
                        "No such file or directory (or not executable)"
                      "it is not a list of strings (program and arguments)")))
      (let* ((process (condition-case err
                          (make-process :name "agentls" :command agentls-command :connection-type 'pipe
                                        :coding 'utf-8-emacs-unix :noquery t
                                        :stderr (get-buffer-create " *agentls stderr*"))
                        (error (user-error "AgentLS: could not start agentls-command %S: %s" agentls-command
                                           (error-message-string err)))))
             (connection (make-instance 'jsonrpc-process-connection :name (format "agentls %s" root)
                                        :process process
                                        :request-dispatcher #'agentls--handle-request
                                        :notification-dispatcher #'agentls--handle-notification)))
        (condition-case err
            (jsonrpc-request connection :initialize
                             (list :processId (emacs-pid) :rootUri (agentls--uri root)
                                   :clientInfo (list :name "agentls.el")
                                   :workspaceFolders (vector (list :uri (agentls--uri root) :name root))
                                   :capabilities (agentls--capabilities))
                             :timeout agentls-start-timeout)
          ;; A command that exists but is not AgentLS (or dies at once) ends here, not in jsonrpc's internals.
          (error (ignore-errors (jsonrpc-shutdown connection t))
                 (user-error "AgentLS: could not start agentls-command %S: %s" agentls-command
                             (error-message-string err))))
        (jsonrpc-notify connection :initialized (make-hash-table))
        (setf (alist-get root agentls--connections nil nil #'equal) connection)
        connection))))

;;; The buffers AgentLS sees.

(define-minor-mode agentls-mode
  "Let AgentLS see this buffer as it is (unsaved changes included) and run the agent from it."
  :lighter " AgentLS"
  (if agentls-mode
      (if (not buffer-file-name)
          (progn (setq agentls-mode nil) (user-error "AgentLS: this buffer visits no file"))
        (setq agentls--connection
              (condition-case err (agentls--connect (agentls--root))
                (error (setq agentls-mode nil) (signal (car err) (cdr err))))
              agentls--version 0)
        (jsonrpc-notify agentls--connection :textDocument/didOpen
                        (list :textDocument (list :uri (agentls--uri buffer-file-name)
                                                  :languageId (string-remove-suffix "-mode" (symbol-name major-mode))
                                                  :version 0 :text (agentls--text))))
        (add-hook 'after-change-functions #'agentls--changed nil t)
        (add-hook 'kill-buffer-hook #'agentls--closed nil t)
        (agentls--forward-diagnostics (current-buffer) t))
    (agentls--closed)
    (remove-hook 'after-change-functions #'agentls--changed t)
    (remove-hook 'kill-buffer-hook #'agentls--closed t)))

(defun agentls--text ()
  "The whole text of the current buffer."
  (save-restriction (widen) (buffer-substring-no-properties (point-min) (point-max))))

(defun agentls--changed (&rest _)
  "Counts a change and sends the text once changes pause."
  (setq agentls--version (1+ agentls--version))
  (unless agentls--change-timer
    (setq agentls--change-timer (run-with-timer 0.2 nil #'agentls--send-changes (current-buffer)))))

(defun agentls--send-changes (&optional buffer)
  "Sends BUFFER's (or the current buffer's) text to AgentLS if it changed since it was last sent."
  (with-current-buffer (or buffer (current-buffer))
    (when agentls--change-timer
      (cancel-timer agentls--change-timer)
      (setq agentls--change-timer nil)
      (when (and agentls-mode (jsonrpc-running-p agentls--connection))
        (jsonrpc-notify agentls--connection :textDocument/didChange
                        (list :textDocument (list :uri (agentls--uri buffer-file-name) :version agentls--version)
                              :contentChanges (vector (list :text (agentls--text)))))))))

(defun agentls--closed ()
  "Tells AgentLS the buffer is closed."
  (when (and agentls--connection (jsonrpc-running-p agentls--connection) buffer-file-name)
    (jsonrpc-notify agentls--connection :textDocument/didClose
                    (list :textDocument (list :uri (agentls--uri buffer-file-name))))))

;;; What Flymake says of the buffer, forwarded to AgentLS.

(defconst agentls--max-diagnostics 1000 "At most this many diagnostics of one buffer are forwarded.")

(defun agentls--diagnostic-item (diagnostic)
  "DIAGNOSTIC as AgentLS takes it: (:line :severity :message :source), or nil for a note."
  (let* ((type (flymake-diagnostic-type diagnostic))
         (category (flymake--lookup-type-property type 'flymake-category))
         (severity (cond ((memq category '(flymake-error)) 1) ((memq category '(flymake-warning)) 2)
                         ((eq type :error) 1) ((eq type :warning) 2))))
    (when severity
      (list :line (1- (line-number-at-pos (flymake-diagnostic-beg diagnostic) t)) :severity severity
            :message (flymake-diagnostic-text diagnostic)
            :source (format "%s" (flymake-diagnostic-backend diagnostic))))))

(defvar-local agentls--forwarded 'none "The diagnostics last forwarded for this buffer.")

(defun agentls--forward-diagnostics (buffer &optional always)
  "Sends AgentLS the errors and warnings Flymake holds for BUFFER (agentls.el itself puts none there), when they
changed since the last forward or ALWAYS.  A backend re-reports what it last had whenever Flymake checks, before its
server has seen the edit; only a change tells that the servers have spoken."
  (when (and agentls-diagnostics (buffer-live-p buffer))
    (with-current-buffer buffer
      (when (and agentls-mode buffer-file-name (jsonrpc-running-p agentls--connection)
                 (bound-and-true-p flymake-mode))
        (let ((items nil))
          (dolist (diagnostic (flymake-diagnostics))
            (let ((item (and (< (length items) agentls--max-diagnostics) (agentls--diagnostic-item diagnostic))))
              (when item (push item items))))
          (setq items (nreverse items))
          (when (or always (not (equal items agentls--forwarded)))
            (setq agentls--forwarded items)
            ;; The text first, so AgentLS weighs the diagnostics against the text they were computed on.
            (agentls--send-changes)
            (jsonrpc-notify agentls--connection :agentls/diagnostics
                            (list :uri (agentls--uri buffer-file-name) :diagnostics (vconcat items)))))))))

(defun agentls--after-flymake-report (&rest _)
  "After a Flymake backend reported for the current buffer: forward once Flymake has taken the report in."
  (when agentls-mode
    (run-with-timer 0 nil #'agentls--forward-diagnostics (current-buffer))))

;; Flymake has no public hook for "a backend reported"; its report handler is where every backend's report lands.
(with-eval-after-load 'flymake
  (when (fboundp 'flymake--handle-report)
    (advice-add 'flymake--handle-report :after #'agentls--after-flymake-report)))

;;; What AgentLS asks of Emacs.

(defun agentls--handle-notification (_connection method params)
  "Shows what AgentLS tells: messages, progress and its events."
  (pcase method
    ('window/showMessage (agentls--say (plist-get params :message)))
    ('$/progress (agentls--on-progress (plist-get params :value)))
    ('agentls/event (agentls--on-event params))
    (_ nil)))

(defun agentls--handle-request (_connection method params)
  "Answers AgentLS: edits, approvals and questions, the transcript to show; nil is sent as null."
  (pcase method
    ('workspace/applyEdit (agentls--apply-workspace-edit (plist-get params :edit)))
    ('agentls/saveDocuments (agentls--save-documents (append (plist-get params :uris) nil)))
    ('window/showMessageRequest
     (let ((titles (mapcar (lambda (action) (plist-get action :title)) (plist-get params :actions))))
       (list :title (completing-read (concat (plist-get params :message) "\nChoose: ") titles nil t nil nil
                                     (car titles)))))
    ('window/showDocument (agentls--show-transcript (agentls--path (plist-get params :uri))) (list :success t))
    ('workspace/configuration (make-vector (length (plist-get params :items)) nil))
    ((or 'client/registerCapability 'window/workDoneProgress/create) nil)
    (_ (signal 'jsonrpc-error (list (cons 'jsonrpc-error-code -32601)
                                    (cons 'jsonrpc-error-message (format "agentls.el does not handle %s" method)))))))

(defun agentls--save-documents (uris)
  "Saves the buffers visiting URIS (before a run's command, so it sees the run's edits); undo is kept.
Answers (:saved [URI...]), the ones now on disk."
  (let ((saved nil))
    (dolist (uri uris)
      (let ((buffer (find-buffer-visiting (agentls--path uri))))
        (when buffer
          (with-current-buffer buffer
            (when (and (ignore-errors (save-buffer) t) (not (buffer-modified-p)))
              (push uri saved))))))
    (list :saved (vconcat (nreverse saved)))))

(defun agentls--apply-workspace-edit (edit)
  "Applies EDIT in buffers, whole or not at all: (:applied t), or (:applied :json-false :failureReason WHY)."
  (let ((changes (append (plist-get edit :documentChanges) nil))
        (groups nil))
    (condition-case err
        (progn
          (dolist (change changes)      ; first every check: nothing is applied, nor opened, if one fails
            (agentls--check-change change))
          (dolist (change changes)
            (pcase (plist-get change :kind)
              ("create" (agentls--visit (agentls--path (plist-get change :uri))))
              ("delete" (agentls--delete (agentls--path (plist-get change :uri))))
              (_ (with-current-buffer (agentls--visit (agentls--path (plist-get (plist-get change :textDocument)
                                                                                   :uri)))
                   (let ((group (prepare-change-group)))
                     (push group groups)
                     (activate-change-group group)
                     (agentls--apply-text-edits (plist-get change :edits)))))))
          (mapc #'accept-change-group groups)
          (list :applied t))
      (error
       ;; A buffer that fails half-way (read-only, say): the buffers already changed are taken back too.
       (mapc #'cancel-change-group groups)
       (list :applied :json-false :failureReason (error-message-string err))))))

(defun agentls--check-change (change)
  "Signals why CHANGE (a TextDocumentEdit or a resource operation) cannot be applied, if it cannot."
  (let* ((document (plist-get change :textDocument))
         (uri (or (plist-get document :uri) (plist-get change :uri))))
    (when (and (plist-get change :kind) (not (member (plist-get change :kind) '("create" "delete"))))
      (error "agentls.el does not %s files (%s)" (plist-get change :kind) (or uri (plist-get change :oldUri))))
    (unless (and (stringp uri) (string-prefix-p "file:///" uri))
      (error "agentls.el edits only file:/// documents, not %S" uri))
    (let ((version (plist-get document :version))
          (buffer (find-buffer-visiting (agentls--path uri))))
      (when (and version buffer (not (equal version (buffer-local-value 'agentls--version buffer))))
        (error "%s is at version %s, the edit is for version %s" (buffer-name buffer)
               (buffer-local-value 'agentls--version buffer) version))
      (when (and buffer document (buffer-local-value 'buffer-read-only buffer))
        (error "%s is read-only" (buffer-name buffer))))))

(defun agentls--visit (file)
  "The buffer of FILE, opened (and shown to AgentLS) if no buffer visits it."
  (let ((buffer (find-file-noselect file)))
    (with-current-buffer buffer
      (unless agentls-mode (agentls-mode 1)))
    buffer))

(defun agentls--delete (file)
  "Deletes FILE and closes its buffer."
  (let ((buffer (find-buffer-visiting file)))
    (when buffer
      (with-current-buffer buffer (set-buffer-modified-p nil))
      (kill-buffer buffer)))
  (when (file-exists-p file)
    (delete-file file)))

(defun agentls--point (position)
  "The point of the LSP POSITION (line, and character in UTF-16 code units) in the current buffer."
  (save-excursion
    (goto-char (point-min))
    (forward-line (plist-get position :line))
    (let ((units (plist-get position :character)))
      (while (and (> units 0) (not (eolp)))
        (setq units (- units (if (> (char-after) #xFFFF) 2 1)))
        (forward-char 1)))
    (point)))

(defun agentls--apply-text-edits (edits)
  "Applies the LSP text EDITS to the current buffer, last first; overlapping edits are refused before any is made."
  (let* ((spans (mapcar (lambda (edit)
                          (let ((range (plist-get edit :range)))
                            (list (agentls--point (plist-get range :start)) (agentls--point (plist-get range :end))
                                  (plist-get edit :newText))))
                        (append edits nil)))
         ;; Last first; for the same start, the array's order (so the reverse, as each goes in before the last).
         (ordered (sort (reverse spans) (lambda (a b) (> (car a) (car b)))))
         (limit (point-max)))
    (dolist (span ordered)
      (when (or (> (car span) (cadr span)) (> (cadr span) limit) (not (stringp (nth 2 span))))
        (error "%s: the edits overlap or are malformed at line %d" (buffer-name) (line-number-at-pos (car span))))
      (setq limit (car span)))
    (save-excursion
      (dolist (span ordered)
        (goto-char (car span))
        (delete-region (car span) (cadr span))
        (insert (nth 2 span))))))

;;; Runs.

(defun agentls--own-backend ()
  "The current buffer's AgentLS as a run backend (see agentls-common.el), its changes sent first."
  (unless agentls-mode
    (condition-case err (agentls-mode 1)
      (error (user-error "AgentLS: the server is not running (%s)" (error-message-string err)))))
  (unless (jsonrpc-running-p agentls--connection)
    (user-error "AgentLS: the server is not running; M-x agentls-mode starts it again"))
  (agentls--send-changes)
  (let ((connection agentls--connection)
        (uri (agentls--uri buffer-file-name)))
    (list :execute (lambda (command arguments)
                     (condition-case err
                         (jsonrpc-request connection :workspace/executeCommand
                                          (list :command command :arguments arguments)
                                          :timeout agentls-request-timeout)
                       (jsonrpc-error
                        (user-error "AgentLS: %s" (or (alist-get 'jsonrpc-error-message (cdr err))
                                                      (error-message-string err))))))
          :code-actions (lambda (range)
                          (append (jsonrpc-request connection :textDocument/codeAction
                                                   (list :textDocument (list :uri uri) :range range
                                                         :context (list :diagnostics []))
                                                   :timeout agentls-request-timeout)
                                  nil))
          :uri uri
          :root (agentls--root))))

;; Runs from buffers AgentLS sees (see `agentls-run' and the other commands in agentls-common.el); any other file
;; buffer is put in agentls-mode when a run starts from it, unless another set-up (agentls-eglot.el) serves it.
(add-hook 'agentls-backend-functions #'agentls--backend-if-file 90)

(defun agentls--backend-if-file ()
  "The backend of `agentls--own-backend' for a buffer visiting a file, else nil."
  (and buffer-file-name (agentls--own-backend)))

(provide 'agentls)
;;; agentls.el ends here
