;;; cardwords-lsp.el --- Cardwords language server with eglot and lsp-mode  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The Cardwords authors
;; SPDX-License-Identifier: GPL-3.0-or-later

;; This file is not part of GNU Emacs.

;;; Commentary:

;; Registers `cardwords lsp --stdio' with eglot and with lsp-mode (each when it loads),
;; passing the customised settings as initializationOptions, and sends the server's custom
;; requests (docs/lsp-extensions.md) asynchronously through whichever client manages the
;; buffer.  `cardwords-show-distribution' draws the cardwords/distribution answer in a
;; buffer that `g' refreshes.

;;; Code:

(require 'cl-lib)
(require 'url-util)
(require 'cardwords)

(defvar eglot-server-programs)
(defvar lsp-language-id-configuration)
(declare-function eglot-current-server "eglot")
(declare-function jsonrpc-async-request "jsonrpc")
(declare-function lsp-register-client "lsp-mode")
(declare-function make-lsp-client "lsp-mode")
(declare-function lsp-stdio-connection "lsp-mode")
(declare-function lsp-activate-on "lsp-mode")
(declare-function lsp-request-async "lsp-mode")
(declare-function lsp-workspaces "lsp-mode")
(declare-function eglot-ensure "eglot")
(declare-function lsp-deferred "lsp-mode")
(declare-function cardwords-preview-table "cardwords-preview")
(declare-function eglot-handle-notification "eglot")

;;;; Registration

(defun cardwords--server-contact (&optional _interactive)
  "Return the server command and settings for eglot (read at each start)."
  (append cardwords-server-command
          (list :initializationOptions (cardwords-settings))))

(defun cardwords--action-handlers ()
  "The client commands of the server's code lenses, for lsp-mode."
  (let ((handlers (make-hash-table :test #'equal)))
    (puthash "cardwords.previewTable" (lambda (_command) (cardwords-preview-table)) handlers)
    (puthash "cardwords.showDistribution" (lambda (_command) (cardwords-show-distribution))
             handlers)
    handlers))

(defun cardwords--notification-handlers ()
  "The server's notifications that lsp-mode hands to Cardwords."
  (let ((handlers (make-hash-table :test #'equal)))
    (puthash "window/showMessage"
             (lambda (workspace params)
               (let ((text (cardwords--get params :message)))
                 (unless (cardwords--heard workspace text)
                   (message "%s" text))))
             handlers)
    handlers))

;;;; The server's messages

(defvar cardwords--heard-message nil
  "The server's last window/showMessage in this command, to say at its end, or nil.")

(defvar cardwords--command-buffer nil
  "The Cardwords buffer whose command runs now, or nil.
Its server's messages wait for the command's end.")

(defvar cardwords--command-depth 0
  "The `recursion-depth' of the command of `cardwords--command-buffer'.
The commands of a minibuffer it reads from end deeper.")

(defun cardwords--command-server-p (server)
  "Return non-nil if SERVER serves the Cardwords buffer whose command is running.
SERVER is an eglot server or an lsp-mode workspace."
  (and (buffer-live-p cardwords--command-buffer)
       (with-current-buffer cardwords--command-buffer
         (or (and (fboundp 'eglot-current-server) (eq server (eglot-current-server)))
             (and (bound-and-true-p lsp-mode) (memq server (lsp-workspaces)))))))

(defun cardwords--heard (server text)
  "Keep TEXT, which SERVER showed, to say once the command ends.
Only during a command of a Cardwords buffer that SERVER serves; return
non-nil then, and the client does not say TEXT itself (said twice, the
second time after the client's own messages)."
  (when (cardwords--command-server-p server)
    (setq cardwords--heard-message text)))

(defun cardwords-forget-server-message ()
  "Start a command of this Cardwords buffer, for `pre-command-hook'.
The server's messages meanwhile are said at its end, by a global
`post-command-hook' (the command may end in another buffer)."
  (setq cardwords--heard-message nil
        cardwords--command-buffer (current-buffer)
        cardwords--command-depth (recursion-depth))
  (add-hook 'post-command-hook #'cardwords-say-server-message))

(defun cardwords-say-server-message ()
  "Say the server's message of the command that ended, for `post-command-hook'.
Said once, last: a formatting that did nothing (the server says why: an
error that would lose text) ends with a message of the client's own that
hid the reason: eglot's applying 0 edits, lsp-mode's No formatting changes
provided."
  ;; not a command of the minibuffer the command reads from (M-x's): it goes on
  (unless (> (recursion-depth) cardwords--command-depth)
    (remove-hook 'post-command-hook #'cardwords-say-server-message)
    (let ((text cardwords--heard-message))
      (setq cardwords--heard-message nil
            cardwords--command-buffer nil)
      (when text (message "%s" text)))))

;;;###autoload
(defun cardwords-lsp-register ()
  "Register the Cardwords server with eglot and lsp-mode, if they are loaded.
Every Cardwords mode calls this before its hook runs; a second call does
nothing."
  (when (and (featurep 'eglot)
             (not (assoc cardwords-modes eglot-server-programs)))
    (push (cons cardwords-modes #'cardwords--server-contact) eglot-server-programs)
    ;; Once eglot is loaded: its `cl-defgeneric' would drop a method defined before.
    (cl-defmethod eglot-handle-notification :around (server method &rest params)
      "Keep the server's window/showMessage during a command, to say at its end."
      (unless (and (eq method 'window/showMessage)
                   (cardwords--heard server (plist-get params :message)))
        (cl-call-next-method))))
  (when (and (featurep 'lsp-mode)
             (not (assq 'cardwords-cardset-mode lsp-language-id-configuration)))
    (dolist (mode cardwords-modes)
      (push (cons mode (substring (symbol-name mode) 0 -5)) lsp-language-id-configuration))
    (lsp-register-client
     (make-lsp-client
      :new-connection (lsp-stdio-connection (lambda () cardwords-server-command))
      :activation-fn (lsp-activate-on "cardwords-charset" "cardwords-cardset"
                                      "cardwords-cardtable" "cardwords-bonus"
                                      "cardwords-dictionary")
      :initialization-options #'cardwords-settings
      :action-handlers (cardwords--action-handlers)
      :notification-handlers (cardwords--notification-handlers)
      :server-id 'cardwords))))

;;;###autoload
(defun cardwords-eglot-ensure ()
  "Start eglot in this buffer, for `cardwords-mode-hook'."
  (require 'eglot)
  (cardwords-lsp-register)
  (eglot-ensure))

;;;###autoload
(defun cardwords-lsp-deferred ()
  "Start lsp-mode in this buffer, for `cardwords-mode-hook'."
  (require 'lsp-mode)
  (cardwords-lsp-register)
  (lsp-deferred))

;;;; Requests

(defun cardwords--uri (file)
  "The file: URI of FILE, as the language clients spell it."
  (concat "file://"
          (url-hexify-string (directory-file-name (file-local-name (file-truename file)))
                             (let ((chars (copy-sequence url-path-allowed-chars)))
                               (aset chars ?: nil)
                               chars))))

(defun cardwords--get (obj key)
  "KEY of OBJ, a plist or a hash table (as lsp-mode may return)."
  (if (hash-table-p obj) (gethash (substring (symbol-name key) 1) obj) (plist-get obj key)))

(defun cardwords-request (method callback &optional on-error)
  "Send the custom request METHOD about this buffer's file, without waiting.
CALLBACK gets the result (a plist or hash table) in the buffer that asked;
ON-ERROR, if given, gets the error message."
  (let* ((buffer (current-buffer))
         (params (list :uri (cardwords--uri buffer-file-name)))
         (done (lambda (result)
                 (when (buffer-live-p buffer)
                   (with-current-buffer buffer (funcall callback result)))))
         (failed (lambda (message)
                   (if on-error (funcall on-error message)
                     (message "Cardwords: %s failed: %s" method message)))))
    (cond
     ((and (fboundp 'eglot-current-server) (eglot-current-server))
      (jsonrpc-async-request (eglot-current-server) (intern (concat ":" method)) params
                             :success-fn done
                             :error-fn (lambda (err) (funcall failed (plist-get err :message)))
                             :timeout-fn (lambda () (funcall failed "timed out"))))
     ((and (bound-and-true-p lsp-mode) (fboundp 'lsp-request-async))
      (lsp-request-async method params done
                         :error-handler (lambda (err) (funcall failed (cardwords--get err :message)))
                         :mode 'detached))
     (t (user-error "No Cardwords language server: start eglot or lsp-mode in this buffer")))))

(defun cardwords-request-or-say (view method callback &optional on-error)
  "Like `cardwords-request' (METHOD, CALLBACK, ON-ERROR), for the buffer VIEW.
Without a language server yet, say so in VIEW instead of signalling."
  (condition-case err
      (cardwords-request method callback on-error)
    (user-error
     (with-current-buffer view
       (let ((inhibit-read-only t))
         (erase-buffer)
         (insert (error-message-string err) "\n"
                 (substitute-command-keys "\\<special-mode-map>\\[revert-buffer] asks again.\n"))
         (set-buffer-modified-p nil))))))

;;;; Distribution

(defun cardwords--number (value)
  "VALUE when it is a number, else nil (JSON null is :null or nil)."
  (and (numberp value) value))

(defun cardwords-distribution-text (stats)
  "The distribution STATS (the cardwords/distribution result) as a text table.
Under the heading, the dictionary lines left out for errors and the words
no game can lay, when there are any; the table's mean column is the mean
points of a character's cards."
  (let ((rows (cardwords--get stats :rows))
        (left-out (cardwords--number (cardwords--get stats :leftOut)))
        (unlayable (cardwords--get stats :unlayable)))
    (unless (or (consp unlayable) (hash-table-p unlayable)) (setq unlayable nil))
    (concat
     (format "%s: %s cards (%s wildcards), %s words, %s characters\n"
             (cardwords--get stats :ruleset) (cardwords--get stats :totalCards)
             (cardwords--get stats :wildcards) (cardwords--get stats :words)
             (cardwords--get stats :totalCharacters))
     (if (and left-out (> left-out 0))
         (format "Left out for errors: %d dictionary line%s (cardwords check names them)\n"
                 left-out (if (= left-out 1) "" "s"))
       "")
     (let ((long (or (cardwords--number (cardwords--get unlayable :tooLong)) 0))
           (short (or (cardwords--number (cardwords--get unlayable :unspellable)) 0)))
       (concat
        (if (> long 0)
            (format "Never laid: %d word%s longer than the longest run of free cells (%s), such as %s\n"
                    long (if (= long 1) "" "s") (cardwords--get unlayable :longestRun)
                    (cardwords--get unlayable :tooLongFirst))
          "")
        (if (> short 0)
            (format "Never laid: %d word%s needing more cards of a character than the card set has, such as %s\n"
                    short (if (= short 1) "" "s") (cardwords--get unlayable :unspellableFirst))
          "")))
     "\n"
     (format "%-5s %6s %7s %7s %9s %5s\n" "char" "cards" "share" "freq" "suggested" "mean")
     (mapconcat
      (lambda (r)
        (let ((mean (cardwords--number (cardwords--get r :meanPoints))))
          (concat
           (format "%-5s %6d %6.1f%% %6.1f%% %9d %5s"
                   (cardwords--get r :char) (cardwords--get r :cards)
                   (* 100 (cardwords--get r :cardShare)) (* 100 (cardwords--get r :frequency))
                   (cardwords--get r :suggestedCards)
                   (if mean (format "%.1f" mean) "-"))
           ;; a card's character the charset lacks: its cards, no frequency
           (if (eq (cardwords--get r :outside) t) "  not in the charset" ""))))
      rows "\n")
     "\n")))

(defvar-local cardwords--source-buffer nil
  "The rule file buffer a view was made from (its requests go through its server).")

(define-derived-mode cardwords-distribution-mode special-mode "Cardwords-Distribution"
  "Cards per character against the dictionaries' character frequency.
\\<cardwords-distribution-mode-map>\\[revert-buffer] asks the language server again.

\\{cardwords-distribution-mode-map}"
  (setq-local revert-buffer-function #'cardwords--distribution-revert)
  ;; the heading's long lines (a word no game can lay, at their end) wrap between words: they
  ;; broke inside the word at 80 columns
  (visual-line-mode 1))

(defun cardwords--distribution-revert (&rest _)
  "Ask the language server for the distribution again and redraw."
  (let ((view (current-buffer)))
    (unless (buffer-live-p cardwords--source-buffer)
      (user-error "The rule file of this view is gone"))
    (with-current-buffer cardwords--source-buffer
      (cardwords-request-or-say
       view
       "cardwords/distribution"
       (lambda (stats)
         (when (buffer-live-p view)
           (with-current-buffer view
             (let ((inhibit-read-only t))
               (erase-buffer)
               (insert (cardwords-distribution-text stats))
               (set-buffer-modified-p nil)
               (goto-char (point-min))))))))))

;;;###autoload
(defun cardwords-show-distribution ()
  "Show cards per character against the dictionaries' character frequency.
The view fills in when the language server answers; \\`g' there asks again."
  (interactive)
  (let ((source (current-buffer))
        (view (get-buffer-create "*Cardwords distribution*")))
    (with-current-buffer view
      (cardwords-distribution-mode)
      (setq cardwords--source-buffer source)
      (revert-buffer))
    (display-buffer view)
    view))

(provide 'cardwords-lsp)
;;; cardwords-lsp.el ends here
