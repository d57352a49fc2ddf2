;;; lint.el --- byte-compile, checkdoc and package-lint of the Cardwords package  -*- lexical-binding: t -*-
;; Run by test/emacs/emacs.test.ts in batch Emacs:
;;   emacs --batch -L emacs -l test/emacs/lint.el -f cardwords-lint emacs/*.el
;; Prints one "LINT: ..." line per message of any tool, then "LINT DONE: N messages";
;; exits non-zero when there is any.  Debian's elpa-eglot, elpa-lsp-mode and
;; elpa-package-lint are on the load path through site-start (no -Q).
(require 'bytecomp)
(require 'checkdoc)
(require 'package)
(require 'package-lint)
(require 'cl-lib)

(defvar cardwords-lint--messages nil "Every message found, newest first.")

(defun cardwords-lint--add (tool file text)
  "Record TEXT of TOOL about FILE."
  (push (format "%s %s: %s" tool (file-name-nondirectory file) (string-trim text))
        cardwords-lint--messages))

(defun cardwords-lint--compile (file)
  "Byte-compile FILE with warnings as errors into a temporary file."
  ;; into a directory of its own, removed after: the checkout and /tmp keep no .elc
  (let* ((dir (make-temp-file "cardwords-lint-" t))
         (byte-compile-error-on-warn t)
         (byte-compile-dest-file-function
          (lambda (_) (expand-file-name (concat (file-name-base file) ".elc") dir)))
         (log (get-buffer-create byte-compile-log-buffer)))
    (with-current-buffer log (let ((inhibit-read-only t)) (erase-buffer)))
    (unwind-protect
        (let ((ok (condition-case err (byte-compile-file file)
                    (error (cardwords-lint--add "byte-compile" file (error-message-string err)) nil))))
          (with-current-buffer log
            (goto-char (point-min))
            (while (re-search-forward "^.*\\(?:Warning\\|Error\\): .*$" nil t)
              (cardwords-lint--add "byte-compile" file (match-string 0))))
          (unless ok (cardwords-lint--add "byte-compile" file "failed")))
      (delete-directory dir t))))

(defun cardwords-lint--checkdoc (file)
  "Run checkdoc on FILE, recording every warning."
  (let ((checkdoc-diagnostic-buffer "*cardwords-checkdoc*")
        (checkdoc-autofix-flag 'never))
    (with-current-buffer (get-buffer-create checkdoc-diagnostic-buffer)
      (let ((inhibit-read-only t)) (erase-buffer)))
    (with-current-buffer (find-file-noselect file)
      (let ((checkdoc-create-error-function
             (lambda (text start _end &optional _unfixable)
               (cardwords-lint--add "checkdoc" file
                                    (format "line %d: %s" (line-number-at-pos start) text))
               nil)))
        (checkdoc-current-buffer t)))))

(defconst cardwords-lint--accepted
  '("Package should have a Homepage or URL header.")
  "Package-lint messages that do not apply to this package.
The package has no public home page (it is installed from the checkout with
`package-install-file', never from an archive): a URL header would be made up.")

(defun cardwords-lint--package-lint (file main)
  "Run package-lint on FILE of the package whose main file is MAIN."
  (with-current-buffer (find-file-noselect file)
    (let ((package-lint-main-file main))
      (dolist (m (package-lint-buffer))
        (cl-destructuring-bind (line col type text) m
          (unless (member text cardwords-lint--accepted)
            (cardwords-lint--add "package-lint" file (format "%d:%d %s: %s" line col type text))))))))

(defun cardwords-lint ()
  "Lint the files named on the command line; exit 1 on any message."
  (package-initialize)
  (let* ((files (mapcar #'expand-file-name command-line-args-left))
         (main (cl-find-if (lambda (f) (equal (file-name-nondirectory f) "cardwords.el")) files)))
    (setq command-line-args-left nil)
    (dolist (f files)
      (cardwords-lint--compile f)
      (cardwords-lint--checkdoc f)
      (cardwords-lint--package-lint f main))
    (dolist (m (reverse cardwords-lint--messages)) (princ (format "LINT: %s\n" m)))
    (princ (format "LINT DONE: %d messages in %d files\n" (length cardwords-lint--messages) (length files)))
    (kill-emacs (if cardwords-lint--messages 1 0))))

;;; lint.el ends here
