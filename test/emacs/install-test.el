;;; install-test.el --- ert: the package installed with package-install-file  -*- lexical-binding: t -*-
;; Run by test/emacs/emacs.test.ts in a second batch Emacs, after a first one ran
;; (package-install-file "emacs/") into the fresh user-emacs-directory CARDWORDS_EMACS_DIR.
;; Nothing here loads the package: only the autoloads `package-initialize' reads.
(require 'ert)
(require 'package)

(setq user-emacs-directory (file-name-as-directory (getenv "CARDWORDS_EMACS_DIR"))
      package-user-dir (expand-file-name "elpa" user-emacs-directory))
(package-initialize)
;; The user's configuration: the server command and the hook of docs/editors.md.
(setq cardwords-server-command
      (list (getenv "CARDWORDS_NODE") (getenv "CARDWORDS_CLI") "lsp" "--stdio"))
(add-hook 'cardwords-mode-hook #'cardwords-eglot-ensure)

(ert-deftest cardwords-installed-package-starts-mode-and-eglot ()
  (should-not (featurep 'cardwords))
  (should (string-match-p "/elpa/cardwords-[0-9.]+/" (locate-library "cardwords")))
  (let ((buf (find-file-noselect (expand-file-name "tiny.cardset" (getenv "CARDWORDS_DIR")))))
    (unwind-protect
        (with-current-buffer buf
          (should (eq major-mode 'cardwords-cardset-mode))
          ;; eglot-ensure starts the server after the command that opened the file.
          (run-hooks 'post-command-hook)
          (with-timeout (30 (ert-fail "no eglot server"))
            (while (not (and (fboundp 'eglot-current-server) (eglot-current-server)))
              (accept-process-output nil 0.05)))
          (message "installed: %s, server %S" (locate-library "cardwords")
                   (process-command (jsonrpc--process (eglot-current-server))))
          (should (equal (cl-subseq (process-command (jsonrpc--process (eglot-current-server))) 1 3)
                         (list (getenv "CARDWORDS_CLI") "lsp"))))
      (with-current-buffer buf
        (when (eglot-current-server) (ignore-errors (eglot-shutdown (eglot-current-server)))))
      (kill-buffer buf))))

;;; install-test.el ends here
