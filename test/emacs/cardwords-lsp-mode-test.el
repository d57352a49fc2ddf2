;;; cardwords-lsp-mode-test.el --- ert: the Cardwords package with lsp-mode against the real server  -*- lexical-binding: t -*-
;; Run by test/emacs/emacs.test.ts, in an Emacs of its own (eglot is not loaded):
;;   emacs --batch -L emacs -l emacs/cardwords.el -l test/emacs/cardwords-lsp-mode-test.el -f ert-run-tests-batch-and-exit
;; with CARDWORDS_NODE, CARDWORDS_CLI and CARDWORDS_DIR (a copy of samples/tiny) set.
;; Debian's elpa-lsp-mode is on the load path through site-start.
(require 'ert)
(require 'cl-lib)
(require 'cardwords)
(require 'lsp-mode)

(setq cardwords-server-command
      (list (getenv "CARDWORDS_NODE") (getenv "CARDWORDS_CLI") "lsp" "--stdio"))
(defvar cardwords-test-dir (file-name-as-directory (getenv "CARDWORDS_DIR")))

;; A quiet lsp-mode: no questions (batch Emacs cannot answer), no watchers, no UI extras.
(setq lsp-session-file (expand-file-name "lsp-session" (getenv "HOME"))
      lsp-auto-guess-root nil
      lsp-restart 'ignore
      lsp-enable-file-watchers nil
      lsp-enable-snippet nil
      lsp-headerline-breadcrumb-enable nil
      lsp-modeline-code-actions-enable nil
      lsp-modeline-diagnostics-enable nil
      lsp-modeline-workspace-status-enable nil
      lsp-lens-enable nil
      lsp-semantic-tokens-enable nil
      lsp-enable-on-type-formatting nil
      lsp-signature-auto-activate nil
      lsp-completion-enable nil
      lsp-diagnostics-provider :none
      lsp-keep-workspace-alive nil)

(defun cardwords-test--lsp-messages ()
  "The messages of the diagnostics lsp-mode holds for this buffer's file."
  (mapcar (lambda (d) (lsp:diagnostic-message d))
          (gethash (lsp--fix-path-casing buffer-file-name) (lsp-diagnostics t))))

(defun cardwords-test--wait (pred seconds what)
  "Runs the event loop until PRED holds, or fails after SECONDS naming WHAT."
  (with-timeout (seconds (ert-fail (format "no %s within %ss: %S" what seconds (cardwords-test--lsp-messages))))
    (while (not (funcall pred))
      (accept-process-output nil 0.1))))

(ert-deftest cardwords-lsp-mode-diagnostics-and-distribution ()
  (lsp-workspace-folders-add cardwords-test-dir)
  (let* ((file (concat cardwords-test-dir "tiny.cardset"))
         (buf (find-file-noselect file)))
    (unwind-protect
        (with-current-buffer buf
          (should (eq major-mode 'cardwords-cardset-mode))
          (lsp)
          (cardwords-test--wait (lambda () (and (bound-and-true-p lsp-mode) (lsp-workspaces)
                                                (eq (lsp--workspace-status (car (lsp-workspaces))) 'initialized)))
                                30 "initialized server")
          (should (eq (lsp--client-server-id (lsp--workspace-client (car (lsp-workspaces)))) 'cardwords))
          ;; Break the card set: a character the charset does not have, and a wrong count.
          (goto-char (point-max))
          (insert "[Q 5]\n")
          (cardwords-test--wait (lambda () (cl-some (lambda (m) (string-match-p "not in the charset" m)) (cardwords-test--lsp-messages)))
                                30 "diagnostic about Q")
          (message "lsp-mode diagnostics: %S" (cardwords-test--lsp-messages))
          (should (cl-some (lambda (m) (string-match-p "declared" m)) (cardwords-test--lsp-messages)))
          ;; Fix it: the diagnostics go.
          (goto-char (point-max))
          (forward-line -1)
          (delete-region (point) (point-max))
          (cardwords-test--wait (lambda () (null (cardwords-test--lsp-messages))) 30 "empty diagnostics")
          ;; The custom request through lsp-mode (the view fills in when the answer comes).
          (let ((text (let ((view (cardwords-show-distribution)))
                        (cardwords-test--wait (lambda () (with-current-buffer view (string-match-p "^tiny: " (buffer-string))))
                                              30 "distribution")
                        (with-current-buffer view (buffer-string)))))
            (message "%s" text)
            (should (string-match-p "^tiny: 24 cards (4 wildcards), 37 words" text))
            (should (string-match-p "^A +4 " text))))
      (with-current-buffer buf
        (set-buffer-modified-p nil)
        (ignore-errors (lsp-workspace-shutdown (car (lsp-workspaces)))))
      (kill-buffer buf)
      ;; The next test starts a server of its own: wait for this one to be gone.
      (cardwords-test--wait (lambda () (null (lsp--session-workspaces (lsp-session)))) 30 "server shut down"))))

(ert-deftest cardwords-lsp-mode-code-lens-previews-the-table ()
  ;; The "Preview table" code lens names the client command cardwords.previewTable: the
  ;; package answers it (lsp-mode used to send it back as workspace/executeCommand).
  (lsp-workspace-folders-add cardwords-test-dir)
  (let ((buf (find-file-noselect (concat cardwords-test-dir "tiny.cardtable"))))
    (unwind-protect
        (with-current-buffer buf
          (lsp)
          (cardwords-test--wait (lambda () (and (bound-and-true-p lsp-mode) (lsp-workspaces)
                                                (eq (lsp--workspace-status (car (lsp-workspaces))) 'initialized)))
                                30 "initialized server")
          (let* ((lenses (lsp-request "textDocument/codeLens" (list :textDocument (lsp--text-document-identifier))))
                 (lens (seq-find (lambda (l) (equal (lsp:command-title (lsp:code-lens-command? l)) "Preview table")) lenses)))
            (should lens)
            (lsp--execute-command (lsp:code-lens-command? lens)))
          (let ((view (get-buffer "*Cardwords table: tiny.cardtable*")))
            (should view)
            (cardwords-test--wait (lambda () (with-current-buffer view (string-match-p "first move must cover D4" (buffer-string))))
                                  30 "the table preview")
            (message "lsp-mode preview:\n%s" (with-current-buffer view (buffer-string)))
            (should (string-match-p "^  4 C5 +\\. +\\. +\\* " (with-current-buffer view (buffer-string)))))
          ;; Formatting a table with an error that would lose text does nothing, and the
          ;; server's reason is the last thing said (lsp-mode's "No formatting changes
          ;; provided" hid it).
          (erase-buffer)
          (insert "2*2\n(0,0)\n(1,1) w 2;\n(2,2)\n")
          ;; as typed: the command loop runs in the selected window's buffer
          (switch-to-buffer (current-buffer))
          (let ((start (with-current-buffer (messages-buffer) (point-max))))
            (execute-kbd-macro (kbd "M-x lsp-format-buffer RET"))
            ;; once (the handler said it as it came, then the package again after the command)
            (should (= (with-current-buffer (messages-buffer)
                         (how-many "formatting it would lose text" start (point-max)))
                       1)))
          (should (equal (buffer-string) "2*2\n(0,0)\n(1,1) w 2;\n(2,2)\n"))
          (let ((said (with-current-buffer (messages-buffer)
                        (goto-char (point-max))
                        (skip-chars-backward "\n")
                        (buffer-substring (line-beginning-position) (point)))))
            (message "lsp-mode said after formatting: %S" said)
            (should (string-match-p "\\`Not formatted: tiny.cardtable has an error on line 3 (.*): formatting it would lose text\\." said))))
      (with-current-buffer buf
        (set-buffer-modified-p nil)
        (ignore-errors (lsp-workspace-shutdown (car (lsp-workspaces)))))
      (kill-buffer buf)
      ;; The next test starts a server of its own: wait for this one to be gone.
      (cardwords-test--wait (lambda () (null (lsp--session-workspaces (lsp-session)))) 30 "server shut down"))))

(provide 'cardwords-lsp-mode-test)
;;; cardwords-lsp-mode-test.el ends here
