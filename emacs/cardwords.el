;;; cardwords.el --- Major modes and language server support for Cardwords rule files  -*- lexical-binding: t -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1"))
;; Keywords: games, languages
;; License: GPL-3.0-or-later

;;; Commentary:

;; Major modes with font-lock for the five Cardwords rule files (.charset, .cardset,
;; .cardtable, .bonus, .dict), registered in `auto-mode-alist', and registration of the
;; Cardwords language server (`cardwords lsp --stdio') with eglot and with lsp-mode.
;; `cardwords-show-distribution' shows the cards per character of the ruleset against the
;; character frequency of its dictionaries, from the server's cardwords/distribution
;; request (docs/lsp-extensions.md).
;;
;; Setup (see docs/editors.md):
;;   (add-to-list 'load-path "/path/to/cardwords/emacs")
;;   (require 'cardwords)
;;   (add-hook 'cardwords-mode-hook #'eglot-ensure)   ; or #'lsp

;;; Code:

(require 'cl-lib)

(defgroup cardwords nil
  "Cardwords rule files."
  :group 'languages
  :prefix "cardwords-")

(defcustom cardwords-server-command '("cardwords" "lsp" "--stdio")
  "The command that starts the Cardwords language server over stdio."
  :type '(repeat string))

(defvar cardwords-mode-hook nil
  "Hook run by every Cardwords major mode (after its own hook).")

;;;; Font lock

(defconst cardwords--charset-keywords
  '(("\\`[ \t]*\\([0-9]+\\)" 1 font-lock-constant-face)
    ("^\\([^ \t\n]\\)\\([^ \t\n]*\\)"
     (1 font-lock-variable-name-face)
     (2 font-lock-string-face)))
  "Font lock for charsets: the count, the canonical character, its equivalents.")

(defconst cardwords--cardset-keywords
  '(("\\`[ \t\n]*\\(-?[0-9]+\\)" 1 font-lock-constant-face)
    ("\\[\\( \\) *\\(-?[0-9]+\\)\\]"
     (1 font-lock-keyword-face) (2 font-lock-constant-face))
    ("\\(\\[\\)\\([^] \t\n]\\) +\\(-?[0-9]+\\)\\(\\]\\)"
     (2 font-lock-variable-name-face) (3 font-lock-constant-face)))
  "Font lock for card sets: the total, each card's character and points.")

(defconst cardwords--cardtable-keywords
  '(("\\`[ \t\n]*\\([0-9]+\\)[ \t]*\\(\\*\\)[ \t]*\\([0-9]+\\)"
     (1 font-lock-constant-face) (3 font-lock-constant-face))
    ("(\\([ \t]*-?[0-9]+[ \t]*\\),\\([ \t]*-?[0-9]+[ \t]*\\))"
     (1 font-lock-variable-name-face) (2 font-lock-variable-name-face))
    (")[ \t]*\\(.*\\);"
     ("\\_<\\([BCLW]\\)\\_>" (progn (goto-char (match-beginning 1)) (match-end 1)) nil
      (1 font-lock-keyword-face)))
    ("\\_<[CLW][ \t]+\\(-?[0-9]+\\)" 1 font-lock-constant-face))
  "Font lock for card tables: size, coordinates, attribute keywords and values.")

(defconst cardwords--bonus-keywords
  '(("^[ \t]*\\(-?[0-9]+\\)[ \t]*:[ \t]*\\(-?[0-9]+\\)"
     (1 font-lock-variable-name-face) (2 font-lock-constant-face)))
  "Font lock for bonus files: key and value.")

;;;; Major modes

(define-derived-mode cardwords-charset-mode prog-mode "Charset"
  "Major mode for Cardwords charsets (.charset)."
  (setq-local font-lock-defaults '(cardwords--charset-keywords t))
  (run-hooks 'cardwords-mode-hook))

(define-derived-mode cardwords-cardset-mode prog-mode "Cardset"
  "Major mode for Cardwords card sets (.cardset)."
  (setq-local font-lock-defaults '(cardwords--cardset-keywords t))
  (run-hooks 'cardwords-mode-hook))

(define-derived-mode cardwords-cardtable-mode prog-mode "Cardtable"
  "Major mode for Cardwords card tables (.cardtable)."
  (setq-local font-lock-defaults '(cardwords--cardtable-keywords t))
  (run-hooks 'cardwords-mode-hook))

(define-derived-mode cardwords-bonus-mode prog-mode "Bonus"
  "Major mode for Cardwords bonus files (.bonus)."
  (setq-local font-lock-defaults '(cardwords--bonus-keywords t))
  (run-hooks 'cardwords-mode-hook))

(define-derived-mode cardwords-dictionary-mode text-mode "Dictionary"
  "Major mode for Cardwords dictionaries (.dict): one word a line."
  (setq-local font-lock-defaults '(nil t))
  (run-hooks 'cardwords-mode-hook))

(defconst cardwords-modes
  '(cardwords-charset-mode cardwords-cardset-mode cardwords-cardtable-mode
    cardwords-bonus-mode cardwords-dictionary-mode)
  "The Cardwords major modes.")

;;;###autoload
(progn
  (add-to-list 'auto-mode-alist '("\\.charset\\'" . cardwords-charset-mode))
  (add-to-list 'auto-mode-alist '("\\.cardset\\'" . cardwords-cardset-mode))
  (add-to-list 'auto-mode-alist '("\\.cardtable\\'" . cardwords-cardtable-mode))
  (add-to-list 'auto-mode-alist '("\\.bonus\\'" . cardwords-bonus-mode))
  (add-to-list 'auto-mode-alist '("\\.dict\\'" . cardwords-dictionary-mode)))

;;;; Language server: eglot and lsp-mode

(defun cardwords--server-contact (&optional _interactive)
  "The server command for eglot (read when the server starts)."
  cardwords-server-command)

(with-eval-after-load 'eglot
  (defvar eglot-server-programs)
  (add-to-list 'eglot-server-programs (cons cardwords-modes #'cardwords--server-contact)))

(with-eval-after-load 'lsp-mode
  (defvar lsp-language-id-configuration)
  (declare-function lsp-register-client "lsp-mode")
  (declare-function make-lsp-client "lsp-mode")
  (declare-function lsp-stdio-connection "lsp-mode")
  (declare-function lsp-activate-on "lsp-mode")
  (dolist (mode cardwords-modes)
    (add-to-list 'lsp-language-id-configuration
                 (cons mode (string-remove-suffix "-mode" (symbol-name mode)))))
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection (lambda () cardwords-server-command))
    :activation-fn (lsp-activate-on "cardwords-charset" "cardwords-cardset" "cardwords-cardtable"
                                    "cardwords-bonus" "cardwords-dictionary")
    :server-id 'cardwords)))

;;;; Custom requests

(declare-function eglot-current-server "eglot")
(declare-function eglot--path-to-uri "eglot")
(declare-function jsonrpc-request "jsonrpc")
(declare-function lsp-request "lsp-mode")
(declare-function lsp--buffer-uri "lsp-mode")

(defun cardwords--request (method)
  "Sends the custom request METHOD about this buffer's file; returns the result (a plist)."
  (cond
   ((and (fboundp 'eglot-current-server) (eglot-current-server))
    (jsonrpc-request (eglot-current-server) (intern (concat ":" method))
                     (list :uri (eglot--path-to-uri buffer-file-name))))
   ((and (bound-and-true-p lsp-mode) (fboundp 'lsp-request))
    (lsp-request method (list :uri (lsp--buffer-uri))))
   (t (user-error "No Cardwords language server: start eglot or lsp-mode in this buffer"))))

(defun cardwords--get (obj key)
  "KEY of OBJ, a plist or a hash table (as lsp-mode may return)."
  (if (hash-table-p obj) (gethash (substring (symbol-name key) 1) obj) (plist-get obj key)))

(defun cardwords-distribution-text (stats)
  "The distribution STATS (the cardwords/distribution result) as a text table."
  (let ((rows (cardwords--get stats :rows)))
    (concat
     (format "%s: %s cards (%s wildcards), %s words, %s characters\n\n"
             (cardwords--get stats :ruleset) (cardwords--get stats :totalCards)
             (cardwords--get stats :wildcards) (cardwords--get stats :words)
             (cardwords--get stats :totalCharacters))
     (format "%-5s %6s %7s %7s %9s\n" "char" "cards" "share" "freq" "suggested")
     (mapconcat
      (lambda (r)
        (format "%-5s %6d %6.1f%% %6.1f%% %9d"
                (cardwords--get r :char) (cardwords--get r :cards)
                (* 100 (cardwords--get r :cardShare)) (* 100 (cardwords--get r :frequency))
                (cardwords--get r :suggestedCards)))
      rows "\n")
     "\n")))

;;;###autoload
(defun cardwords-show-distribution ()
  "Shows cards per character against the dictionaries' character frequency."
  (interactive)
  (let ((text (cardwords-distribution-text (cardwords--request "cardwords/distribution"))))
    (with-current-buffer (get-buffer-create "*Cardwords distribution*")
      (let ((inhibit-read-only t))
        (erase-buffer)
        (insert text))
      (special-mode)
      (goto-char (point-min))
      (display-buffer (current-buffer))
      text)))

(provide 'cardwords)
;;; cardwords.el ends here
