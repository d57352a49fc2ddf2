;;; cardwords.el --- Modes and language server glue for Cardwords rulesets  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The Cardwords authors

;; Author: Cardwords maintainers <maintainers@users.noreply.a-seed-1614a538.example>
;; Maintainer: Cardwords maintainers <maintainers@users.noreply.a-seed-1614a538.example>
;; Version: 0.2.0
;; Package-Requires: ((emacs "27.1"))
;; Keywords: games, languages
;; SPDX-License-Identifier: GPL-3.0-or-later

;; This file is not part of GNU Emacs.

;; This program is free software: you can redistribute it and/or modify it under the terms
;; of the GNU General Public License as published by the Free Software Foundation, either
;; version 3 of the License, or (at your option) any later version.

;;; Commentary:

;; Major modes with font-lock for the five Cardwords rule files (.charset, .cardset,
;; .cardtable, .bonus, .dict), all derived from `cardwords-mode', and the registration of
;; the Cardwords language server (`cardwords lsp --stdio') with eglot and with lsp-mode
;; (cardwords-lsp.el).  `cardwords-show-distribution' shows the cards per character
;; against the dictionaries; `cardwords-preview-table' draws the card table
;; (cardwords-preview.el).
;;
;; A .dict file gets `cardwords-dictionary-mode' only when a ruleset file sits beside it
;; or it is under one of `cardwords-dictionary-directories', so the dictionaries of spell
;; checkers keep their own mode.  (A -*- mode -*- line cannot say it: a dictionary has no
;; comments, so that line would be read as a word.)
;;
;; Setup (see docs/editors.md): install the package (M-x package-install-file on this
;; directory), then
;;   (add-hook 'cardwords-mode-hook #'cardwords-eglot-ensure)   ; or #'cardwords-lsp-deferred

;;; Code:

(require 'cl-lib)
(require 'easymenu)

(defgroup cardwords nil
  "Cardwords rule files and games."
  :group 'languages
  :group 'games
  :prefix "cardwords-")

(defcustom cardwords-server-command '("cardwords" "lsp" "--stdio")
  "The command that starts the Cardwords language server over stdio."
  :type '(repeat string))

(defcustom cardwords-players 2
  "Players the card set must suffice for, each with a full hand.
Sent to the language server when it starts (setting `players')."
  :type 'integer)

(defcustom cardwords-digits-for-columns nil
  "Non-nil names columns with numbers and rows with letters.
nil names columns A, B, C... and rows 1, 2, 3... (setting `coordinates').
Used by the language server's hovers and by the card-table preview."
  :type 'boolean)

(defcustom cardwords-dictionary-directories nil
  "Folders whose .dict files are Cardwords dictionaries, with their subfolders.
A .dict file with a ruleset file beside it is one anyway; this is for a
dictionary kept apart from its ruleset."
  :type '(repeat directory))

(defun cardwords-settings ()
  "The language server settings from the customisations, as a plist for JSON."
  (list :players cardwords-players
        :coordinates (list :digitsForColumns (if cardwords-digits-for-columns t :json-false))))

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

(autoload 'cardwords-show-distribution "cardwords-lsp" nil t)
(autoload 'cardwords-preview-table "cardwords-preview" nil t)
(autoload 'cardwords-lsp-register "cardwords-lsp")
(autoload 'cardwords-forget-server-message "cardwords-lsp")
(autoload 'cardwords-lines "cardwords-lines" nil t)
(autoload 'cardwords-play "cardwords-play" nil t)
(autoload 'cardwords-yatzee "cardwords-yatzee" nil t)
(autoload 'cardwords-playtest "cardwords-playtest" nil t)

(defvar cardwords-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "C-c C-d") #'cardwords-show-distribution)
    (define-key map (kbd "C-c C-p") #'cardwords-preview-table)
    map)
  "Keymap of every Cardwords rule file mode.")

(easy-menu-define cardwords-mode-menu cardwords-mode-map
  "Menu of the Cardwords rule file modes."
  '("Cardwords"
    ["Preview card table" cardwords-preview-table]
    ["Show distribution" cardwords-show-distribution]
    "---"
    ["Play Cardwords" cardwords-play]
    ["Play Yatzee" cardwords-yatzee]
    ["Play Lines" cardwords-lines]
    "---"
    ["Playtest the ruleset" cardwords-playtest]
    "---"
    ["Customize" (customize-group 'cardwords)]))

;;;###autoload
(define-derived-mode cardwords-mode prog-mode "Cardwords"
  "Parent mode of the Cardwords rule file modes.

\\{cardwords-mode-map}"
  (setq-local comment-start "")
  (setq-local require-final-newline t)
  ;; Before the mode hook (which may start a client): tell the loaded clients of the server.
  (cardwords-lsp-register)
  ;; The server's messages during a command (the reason for leaving a file unformatted) said
  ;; once, at its end (not covered by the client's); the command's start adds a global
  ;; `post-command-hook' for that, which runs wherever the command ends.
  (add-hook 'pre-command-hook #'cardwords-forget-server-message nil t))

;;;###autoload
(define-derived-mode cardwords-charset-mode cardwords-mode "Charset"
  "Major mode for Cardwords charsets (.charset)."
  (setq-local font-lock-defaults '(cardwords--charset-keywords t)))

;;;###autoload
(define-derived-mode cardwords-cardset-mode cardwords-mode "Cardset"
  "Major mode for Cardwords card sets (.cardset)."
  (setq-local font-lock-defaults '(cardwords--cardset-keywords t)))

;;;###autoload
(define-derived-mode cardwords-cardtable-mode cardwords-mode "Cardtable"
  "Major mode for Cardwords card tables (.cardtable)."
  (setq-local font-lock-defaults '(cardwords--cardtable-keywords t)))

;;;###autoload
(define-derived-mode cardwords-bonus-mode cardwords-mode "Bonus"
  "Major mode for Cardwords bonus files (.bonus)."
  (setq-local font-lock-defaults '(cardwords--bonus-keywords t)))

;;;###autoload
(define-derived-mode cardwords-dictionary-mode cardwords-mode "Dictionary"
  "Major mode for Cardwords dictionaries (.dict): one word a line."
  (setq-local font-lock-defaults '(nil t)))

(defconst cardwords-modes
  '(cardwords-charset-mode cardwords-cardset-mode cardwords-cardtable-mode
    cardwords-bonus-mode cardwords-dictionary-mode)
  "The Cardwords major modes.")

(defconst cardwords--ruleset-file-regexp
  "\\`\\(?:.*\\.\\(?:charset\\|cardset\\|cardtable\\|bonus\\)\\|ruleset\\.json\\)\\'"
  "File names that make a folder a Cardwords ruleset.")

;;;###autoload
(defun cardwords-dictionary-mode-maybe ()
  "Start `cardwords-dictionary-mode' if this .dict file is a Cardwords dictionary.
It is when a ruleset file is beside it or it is under one of
`cardwords-dictionary-directories'.  Otherwise choose the mode Emacs would
have chosen without the Cardwords entry, so that spell checkers' dictionaries
are left alone."
  (if (and buffer-file-name
           (or (directory-files (file-name-directory buffer-file-name) nil
                                cardwords--ruleset-file-regexp t 1)
               (cl-some (lambda (dir)
                          (file-in-directory-p buffer-file-name (expand-file-name dir)))
                        cardwords-dictionary-directories)))
      (cardwords-dictionary-mode)
    (let ((auto-mode-alist (cl-remove #'cardwords-dictionary-mode-maybe auto-mode-alist
                                      :key #'cdr)))
      (set-auto-mode))))

;;;###autoload
(progn
  (add-to-list 'auto-mode-alist '("\\.charset\\'" . cardwords-charset-mode))
  (add-to-list 'auto-mode-alist '("\\.cardset\\'" . cardwords-cardset-mode))
  (add-to-list 'auto-mode-alist '("\\.cardtable\\'" . cardwords-cardtable-mode))
  (add-to-list 'auto-mode-alist '("\\.bonus\\'" . cardwords-bonus-mode))
  (add-to-list 'auto-mode-alist '("\\.dict\\'" . cardwords-dictionary-mode-maybe)))


(provide 'cardwords)
;;; cardwords.el ends here
