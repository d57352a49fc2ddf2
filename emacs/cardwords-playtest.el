;;; cardwords-playtest.el --- Playtest a Cardwords ruleset  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The Cardwords authors
;; SPDX-License-Identifier: GPL-3.0-or-later

;; This file is not part of GNU Emacs.

;;; Commentary:

;; `cardwords-playtest' has robots play the ruleset of the current file many times
;; (`cardwords playtest', docs/cardwords.md) and shows the report in the buffer
;; *Cardwords playtest*: scores, game length, endings, the first player's advantage, what
;; stands out in them in words, the move score by round, per card how often it is laid,
;; traded or stuck with its learned value, the most played words and a heat map of the
;; table.  Progress and the time left
;; show in the echo area while it runs; \\`C-c C-k' in the report buffer stops it, and
;; \\`g' plays again.

;;; Code:

(require 'cardwords)

(defcustom cardwords-playtest-command '("cardwords" "playtest")
  "The command that runs a playtest; the ruleset folder and options follow it."
  :type '(repeat string)
  :group 'cardwords)

(defcustom cardwords-playtest-games 200
  "Games a playtest plays."
  :type 'integer
  :group 'cardwords)

(defcustom cardwords-playtest-save-without-asking nil
  "Non-nil means save a ruleset's modified files before its playtest unasked.
A playtest reads the ruleset's files on disk, so its modified buffers are
offered for saving first, as \\[compile] does."
  :type 'boolean
  :group 'cardwords)

(defvar-local cardwords-playtest--process nil
  "The running playtest process of this report buffer.")

(defvar-local cardwords-playtest--args nil
  "The folder and game count of this report buffer, for \\`g'.")

(defvar cardwords-playtest-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "C-c C-k") #'cardwords-playtest-stop)
    map)
  "Keys of the playtest report buffer.")

(define-derived-mode cardwords-playtest-mode special-mode "Cardwords-Playtest"
  "The report of a Cardwords playtest."
  (setq-local revert-buffer-function
              (lambda (&rest _) (apply #'cardwords-playtest--start (current-buffer) cardwords-playtest--args))))

(defconst cardwords-playtest--progress-line
  "\\`\\(?:playing\\|learning card values\\).* \\[[#.]+\\] [0-9]+/[0-9]+"
  "A progress line of the playtest's standard error (server/cli/commands/moves.ts).")

(defun cardwords-playtest--progress (buffer said)
  "A filter for the standard error of the playtest of BUFFER.
It shows the last progress line in the echo area and the mode line, and
keeps the text in the buffer SAID: a failed playtest's reasons are there."
  (lambda (_proc text)
    (when (buffer-live-p said)
      (with-current-buffer said
        (goto-char (point-max))
        (insert text)))
    (let ((line (car (last (split-string text "[\r\n]+" t "[ ]+")))))
      (when (and line (buffer-live-p buffer)
                 (string-match-p cardwords-playtest--progress-line line))
        (with-current-buffer buffer
          (setq mode-line-process (format " %s" line)))
        (message "Cardwords playtest: %s" line)))))

(defun cardwords-playtest--reasons (text)
  "The lines of TEXT, a playtest's standard error, that are not progress.
A refusal's reasons, which the failed report shows (they were only
flashed in the echo area, under the next progress line)."
  (mapconcat (lambda (l) (if (string-match-p cardwords-playtest--progress-line l) "" (concat l "\n")))
             (split-string text "[\r\n]+" t "[ ]+")
             ""))

(defun cardwords-playtest--sentinel (buffer output errors said)
  "Show OUTPUT (a buffer of standard output) in BUFFER when the playtest ends.
ERRORS is the pipe of its standard error, deleted then; SAID holds what
it said there, whose reasons a failure shows."
  (lambda (proc _event)
    (unless (process-live-p proc)
      (when (buffer-live-p buffer)
        (with-current-buffer buffer
          (let ((inhibit-read-only t)
                (status (process-exit-status proc))
                (reasons (cardwords-playtest--reasons
                          (if (buffer-live-p said) (with-current-buffer said (buffer-string)) ""))))
            (erase-buffer)
            (cond ((and (eq (process-status proc) 'exit) (= status 0))
                   ;; its notes first (the words the games play without)
                   (insert reasons)
                   (insert-buffer-substring output))
                  ((eq (process-status proc) 'signal)
                   (insert "The playtest was stopped.\n"))
                  (t (insert (format "The playtest failed (exit %d):\n" status))
                     (insert reasons)
                     (insert-buffer-substring output)))
            (goto-char (point-min))
            (setq mode-line-process nil
                  cardwords-playtest--process nil))))
      (kill-buffer output)
      (delete-process errors)
      (when (buffer-live-p said) (kill-buffer said))
      (message "Cardwords playtest: %s" (if (eq (process-status proc) 'exit) "done" "stopped")))))

;; The playtest plays what is on disk: what the author sees is what is tested.
(defun cardwords-playtest--save (dir)
  "Offer to save the modified Cardwords buffers of the ruleset in DIR."
  (save-some-buffers cardwords-playtest-save-without-asking
                     (lambda ()
                       (and buffer-file-name
                            (derived-mode-p 'cardwords-mode)
                            (file-equal-p (file-name-directory buffer-file-name) dir)))))

(defun cardwords-playtest--start (buffer dir games)
  "Start a playtest of GAMES games of the ruleset in DIR, reporting into BUFFER."
  (with-current-buffer buffer
    (when (process-live-p cardwords-playtest--process)
      (user-error "A playtest is running here: C-c C-k stops it")))
  (unless (executable-find (car cardwords-playtest-command))
    ;; make-process said only "Searching for program: No such file or directory, cardwords"
    (user-error "Cannot run `%s': set `cardwords-playtest-command' as you set `cardwords-server-command'"
                (car cardwords-playtest-command)))
  (cardwords-playtest--save dir)
  (with-current-buffer buffer
    (setq cardwords-playtest--args (list dir games))
    (let ((inhibit-read-only t))
      (erase-buffer)
      (insert (format "Playing %d games of %s...\n" games (abbreviate-file-name dir))))
    (let* ((output (generate-new-buffer " *cardwords-playtest-output*"))
           (said (generate-new-buffer " *cardwords-playtest-errors*"))
           (errors (make-pipe-process :name "cardwords-playtest-progress"
                                      :buffer nil
                                      :noquery t
                                      :filter (cardwords-playtest--progress buffer said))))
      (setq cardwords-playtest--process
            (make-process :name "cardwords-playtest"
                          :buffer output
                          :command (append cardwords-playtest-command
                                           (list (expand-file-name dir) "--games" (number-to-string games)))
                          :stderr errors
                          :noquery t
                          :connection-type 'pipe
                          :sentinel (cardwords-playtest--sentinel buffer output errors said)))
      cardwords-playtest--process)))

;;;###autoload
(defun cardwords-playtest (games)
  "Play GAMES robot games of the current file's ruleset and show the report.
GAMES is `cardwords-playtest-games' unless a prefix argument gives it."
  (interactive (list (if current-prefix-arg (prefix-numeric-value current-prefix-arg) cardwords-playtest-games)))
  (let ((dir (if buffer-file-name (file-name-directory buffer-file-name) default-directory))
        (buffer (get-buffer-create "*Cardwords playtest*")))
    (with-current-buffer buffer
      (unless (derived-mode-p 'cardwords-playtest-mode) (cardwords-playtest-mode)))
    (cardwords-playtest--start buffer dir games)
    (display-buffer buffer)
    buffer))

(defun cardwords-playtest-stop ()
  "Stop the playtest running in this report buffer."
  (interactive)
  (if (process-live-p cardwords-playtest--process)
      (interrupt-process cardwords-playtest--process)
    (message "No playtest is running here")))

(provide 'cardwords-playtest)
;;; cardwords-playtest.el ends here
