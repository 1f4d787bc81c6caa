;;; bad-edits.el --- Bad workspace edits sent to agentls.el's handler in a real Emacs, for AgentlsElBadEditsTest  -*- lexical-binding: t -*-
;; Params (JSON, file named by $AGENTLS_EMACS_PARAMS): setup_dir, server_cmd, first, second (two files of the
;; project, opened in agentls-mode), result_file.  The edits are given to agentls.el's handler of
;; workspace/applyEdit as AgentLS would send them (the real server never sends these).  The report: for each case its
;; answer, both buffers' texts after it, and the buffers open after it; and the texts before.
;;; Code:

(require 'json)
(require 'subr-x)

(defvar drive--report nil)

(let* ((params (json-read-file (getenv "AGENTLS_EMACS_PARAMS")))
       (get (lambda (key) (alist-get key params)))
       (first (funcall get 'first))
       (second (funcall get 'second)))
  (condition-case err
      (progn
        (add-to-list 'load-path (funcall get 'setup_dir))
        (require 'agentls)
        (setq agentls-command (append (funcall get 'server_cmd) nil))
        (let* ((a (find-file-noselect first))
               (b (find-file-noselect second))
               (uri-a (agentls--uri first))
               (uri-b (agentls--uri second))
               (line0 (lambda (from to text) (list :range (list :start (list :line 0 :character from)
                                                                  :end (list :line 0 :character to))
                                                    :newText text)))
               (cases
                `(("stale_version"
                   (:documentChanges [(:textDocument (:uri ,uri-a :version 1) :edits [,(funcall line0 0 0 "// A\n")])
                                      (:textDocument (:uri ,uri-b :version 0) :edits [,(funcall line0 0 0 "// B\n")])]))
                  ("overlapping"
                   (:documentChanges [(:textDocument (:uri ,uri-a :version 1)
                                       :edits [,(funcall line0 0 5 "x") ,(funcall line0 3 8 "y")])]))
                  ("not_a_file"
                   (:documentChanges [(:textDocument (:uri "http://127.0.0.1:1/evil.java" :version :null)
                                       :edits [,(funcall line0 0 0 "x")])]))
                  ("rename"
                   (:documentChanges [(:kind "rename" :oldUri ,uri-a :newUri ,(concat uri-a ".bak"))]))
                  ("fails_half_way"
                   (:documentChanges [(:textDocument (:uri ,uri-a :version 1) :edits [,(funcall line0 0 0 "// A\n")])
                                      (:textDocument (:uri ,uri-b :version 1) :edits [(:range (:start (:line 0 :character 0) :end (:line 0 :character 0)) :newText 42)])])))))
          (dolist (buffer (list a b))
            (with-current-buffer buffer
              (agentls-mode 1)
              (goto-char (point-min))
              (insert "// typed\n")))   ; version 1 of each
          (push (cons 'first_before (with-current-buffer a (buffer-string))) drive--report)
          (push (cons 'second_before (with-current-buffer b (buffer-string))) drive--report)
          (dolist (case cases)
            (let ((answer (agentls--apply-workspace-edit (cadr case))))
              (push (cons (intern (car case))
                          (list (cons 'applied (plist-get answer :applied))
                                (cons 'reason (or (plist-get answer :failureReason) :null))
                                (cons 'first (with-current-buffer a (buffer-string)))
                                (cons 'second (with-current-buffer b (buffer-string)))
                                (cons 'buffers (vconcat (delq nil (mapcar #'buffer-file-name (buffer-list)))))))
                    drive--report)))))
    (error (push (cons 'failure (format "%S" err)) drive--report)))
  (with-temp-file (funcall get 'result_file)
    (insert (json-encode drive--report)))
  (kill-emacs 0))
;;; bad-edits.el ends here
