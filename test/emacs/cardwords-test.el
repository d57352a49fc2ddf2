;;; cardwords-test.el --- ert: the Cardwords package in real Emacs, eglot against the real server  -*- lexical-binding: t -*-
;; Run by test/emacs/emacs.test.ts:
;;   emacs --batch -L emacs -l emacs/cardwords.el -l test/emacs/cardwords-test.el -f ert-run-tests-batch-and-exit
;; with CARDWORDS_NODE, CARDWORDS_CLI and CARDWORDS_DIR (a copy of samples/tiny) set.
;; No -Q: Debian's elpa-eglot is on the load path through site-start.
(require 'ert)
(require 'eglot)
(require 'flymake)
(require 'cardwords)
(require 'cardwords-lsp)

(setq cardwords-server-command
      (list (getenv "CARDWORDS_NODE") (getenv "CARDWORDS_CLI") "lsp" "--stdio"))
(defvar cardwords-test-dir (file-name-as-directory (getenv "CARDWORDS_DIR")))

(defun cardwords-test--face-at (text)
  "The face at the start of the first occurrence of TEXT."
  (save-excursion
    (goto-char (point-min))
    (search-forward text)
    (get-text-property (match-beginning 0) 'face)))

(defun cardwords-test--last-message ()
  "The last line of *Messages*: what the echo area showed last."
  (with-current-buffer (messages-buffer)
    (save-excursion
      (goto-char (point-max))
      (skip-chars-backward "\n")
      (buffer-substring (line-beginning-position) (point)))))

(defun cardwords-test--wait-for-server ()
  "Wait until eglot manages the current buffer, or fail after 60 s.
eglot blocks for `eglot-sync-connect' seconds only (3 by default), then connects in the
background: a loaded machine starts the server later than that."
  (with-timeout (60 (ert-fail "no eglot server"))
    (while (not (eglot-current-server)) (accept-process-output nil 0.05))))

(ert-deftest cardwords-preview-marks-the-start-cell-with-attributes ()
  "The table preview marks the start cell also when the cell has attributes."
  (require 'cardwords-preview)
  (with-temp-buffer
    (cardwords-preview-draw
     (list :width 3 :height 1
           :start (list :column 1 :row 0 :description "the first move must cover B1")
           :columnLabels ["A" "B" "C"] :rowLabels ["1"] :errors 0
           :cells (vector (list :name "A1" :blocked nil :points 0 :letterFactor 1 :wordFactor 1)
                          (list :name "B1" :blocked nil :points 0 :letterFactor 1 :wordFactor 2)
                          (list :name "C1" :blocked nil :points 5 :letterFactor 1 :wordFactor 1))))
    ;; it showed W2 with no start mark, beside the legend's "* start"
    (should (string-match-p "^  1 \\.   \\*W2 C5  " (buffer-string)))
    (goto-char (point-min))
    (search-forward "*W2")
    (should (eq (get-text-property (match-beginning 0) 'face) 'cardwords-preview-word))))

(ert-deftest cardwords-preview-says-a-table-too-large-to-preview ()
  "A table over the server's limit comes as 0*0 with its real size: the header says so."
  (require 'cardwords-preview)
  (with-temp-buffer
    (cardwords-preview-draw
     (list :width 0 :height 0 :size (list :width 1000 :height 1000) :maxCells 250000
           :start (list :column 500 :row 500 :description "the first move must cover SG501")
           :columnLabels [] :rowLabels [] :errors 0 :cells []))
    ;; it read "0*0; the first move must cover SG501"
    (should (equal (buffer-string)
                   "1000*1000: too large to preview (more than 250,000 cells)\n"))))

(ert-deftest cardwords-modes-and-font-lock ()
  ;; loaded by -l cardwords.el alone: the playtest command is there, and in the menu
  (should (commandp 'cardwords-playtest))
  (should (where-is-internal 'cardwords-playtest cardwords-mode-map))
  (dolist (pair '(("tiny.charset" . cardwords-charset-mode) ("tiny.cardset" . cardwords-cardset-mode)
                  ("tiny.cardtable" . cardwords-cardtable-mode) ("tiny.bonus" . cardwords-bonus-mode)
                  ("tiny.dict" . cardwords-dictionary-mode)))
    (let ((buf (find-file-noselect (concat cardwords-test-dir (car pair)))))
      (unwind-protect
          (with-current-buffer buf
            (should (eq major-mode (cdr pair)))
            (font-lock-ensure)
            (pcase major-mode
              ('cardwords-cardtable-mode
               (should (eq (cardwords-test--face-at "W 2") 'font-lock-keyword-face))
               (should (eq (cardwords-test--face-at "7*7") 'font-lock-constant-face)))
              ('cardwords-bonus-mode
               (should (eq (cardwords-test--face-at "-4") 'font-lock-variable-name-face)))
              ('cardwords-cardset-mode
               (should (eq (cardwords-test--face-at "B 3") 'font-lock-variable-name-face))
               (should (eq (cardwords-test--face-at "24") 'font-lock-constant-face)))
              ('cardwords-charset-mode
               (should (eq (cardwords-test--face-at "Aa") 'font-lock-variable-name-face)))))
        (kill-buffer buf)))))

(defun cardwords-test--wait-for-diagnostics (pred seconds)
  "Polls flymake until PRED holds for the diagnostics, or fails after SECONDS."
  (with-timeout (seconds (ert-fail (format "no matching diagnostic within %ss: %S" seconds
                                           (mapcar #'flymake-diagnostic-text (flymake-diagnostics)))))
    (while (not (funcall pred (flymake-diagnostics)))
      (flymake-start)
      (accept-process-output nil 0.1)))
  (flymake-diagnostics))

(defun cardwords-test--view-text (view regexp)
  "The text of the buffer VIEW once it matches REGEXP (the answer arrived), polling."
  (with-timeout (30 (ert-fail (format "%s never matched %S: %S" view regexp
                                      (with-current-buffer view (buffer-string)))))
    (while (not (with-current-buffer view
                  (save-excursion (goto-char (point-min)) (re-search-forward regexp nil t))))
      (accept-process-output nil 0.05)))
  (with-current-buffer view (buffer-string)))

(ert-deftest cardwords-dict-only-in-a-ruleset ()
  ;; A spell checker's word list (no ruleset file beside it) keeps the mode Emacs gives it;
  ;; one under `cardwords-dictionary-directories' is a Cardwords dictionary (a -*- mode -*-
  ;; line was the way, but a dictionary has no comments: the line was read as a word).
  (let* ((dir (make-temp-file "cardwords-dict-" t))
         (plain (expand-file-name "words.dict" dir))
         (lone (expand-file-name "lone/sub/words.dict" dir)))
    (unwind-protect
        (progn
          (with-temp-file plain (insert "hello\nworld\n"))
          (make-directory (file-name-directory lone) t)
          (with-temp-file lone (insert "casa\nmar\n"))
          (with-current-buffer (find-file-noselect plain)
            (should-not (derived-mode-p 'cardwords-mode))
            (kill-buffer))
          (let ((cardwords-dictionary-directories (list (expand-file-name "lone" dir))))
            (with-current-buffer (find-file-noselect plain)
              (should-not (derived-mode-p 'cardwords-mode))
              (kill-buffer))
            (with-current-buffer (find-file-noselect lone)
              (should (eq major-mode 'cardwords-dictionary-mode))
              (kill-buffer)))
          (with-current-buffer (find-file-noselect (concat cardwords-test-dir "tiny.dict"))
            (should (eq major-mode 'cardwords-dictionary-mode))
            (should (derived-mode-p 'cardwords-mode))
            (should (eq (lookup-key (current-local-map) (kbd "C-c C-p")) #'cardwords-preview-table))
            (kill-buffer)))
      (delete-directory dir t))))

(ert-deftest cardwords-eglot-diagnostics-and-distribution ()
  (let* ((file (concat cardwords-test-dir "tiny.cardset"))
         (buf (find-file-noselect file)))
    (unwind-protect
        (with-current-buffer buf
          ;; Break the card set: a character the charset does not have, and a wrong count.
          (goto-char (point-max))
          (insert "[Q 5]\n")
          ;; eglot-ensure waits for post-command-hook, which never runs in --batch: start directly.
          (apply #'eglot (eglot--guess-contact))
          (cardwords-test--wait-for-server)
          (should (bound-and-true-p flymake-mode))
          (let* ((diags (cardwords-test--wait-for-diagnostics
                         (lambda (ds) (cl-some (lambda (d) (string-match-p "not in the charset" (flymake-diagnostic-text d))) ds))
                         30))
                 (q (cl-find-if (lambda (d) (string-match-p "not in the charset" (flymake-diagnostic-text d))) diags))
                 (count (cl-find-if (lambda (d) (string-match-p "declared" (flymake-diagnostic-text d))) diags)))
            (message "diagnostics: %S" (mapcar #'flymake-diagnostic-text diags))
            (should (memq (flymake-diagnostic-type q) '(eglot-error :error)))
            (should (equal (buffer-substring (flymake-diagnostic-beg q) (flymake-diagnostic-end q)) "Q"))
            (should (= (line-number-at-pos (flymake-diagnostic-beg q)) 9))
            (should count)
            (should (= (line-number-at-pos (flymake-diagnostic-beg count)) 1)))
          ;; Fix it: the diagnostics go.
          (goto-char (point-max))
          (forward-line -1)
          (delete-region (point) (point-max))
          ;; eglot sends changes from an idle timer, and batch Emacs is never idle: send now.
          (eglot--signal-textDocument/didChange)
          (cardwords-test--wait-for-diagnostics #'null 30)
          ;; The custom request, through the package's command: the view fills in later.
          (let ((text (cardwords-test--view-text (cardwords-show-distribution) "^tiny: ")))
            (message "%s" text)
            (should (string-match-p "^tiny: 24 cards (4 wildcards), 37 words" text))
            (should (string-match-p "^A +4 " text))
            (should (string-match-p "^T +4 " text))
            ;; g asks again: break the card set once more, the view follows.
            (goto-char (point-max))
            (insert "[A 1]\n")
            (eglot--signal-textDocument/didChange)
            (with-current-buffer "*Cardwords distribution*" (revert-buffer))
            (should (string-match-p "^A +5 "
                                    (cardwords-test--view-text (get-buffer "*Cardwords distribution*")
                                                               "^A +5 ")))))
      (let ((server (with-current-buffer buf (eglot-current-server))))
        (when server (ignore-errors (eglot-shutdown server))))
      (with-current-buffer buf (set-buffer-modified-p nil))
      (kill-buffer buf))))

;; The server's words left out, words no game can lay and mean points were computed and
;; not shown (process-free: the text of a result as eglot reads it).
(ert-deftest cardwords-distribution-text-shows-what-the-server-counts ()
  (let* ((row (list :char "A" :cards 4 :cardShare 0.2 :occurrences 9 :frequency 0.25 :suggestedCards 5 :meanPoints 1.5))
         (wild (list :char "B" :cards 0 :cardShare 0 :occurrences 1 :frequency 0.01 :suggestedCards 1 :meanPoints :null))
         (stats (list :ruleset "tiny" :rows (vector row wild) :wildcards 4 :totalCards 24 :totalCharacters 120 :words 37
                      :leftOut 2
                      :unlayable (list :total 37 :longestRun 7 :tooLong 3 :tooLongFirst "BATTENSATE" :unspellable 1 :unspellableFirst "BEBE")))
         (text (cardwords-distribution-text stats)))
    (should (string-match-p "^Left out for errors: 2 dictionary lines" text))
    (should (string-match-p "^Never laid: 3 words longer than the longest run of free cells (7), such as BATTENSATE$" text))
    (should (string-match-p "^Never laid: 1 word needing more cards of a character than the card set has, such as BEBE$" text))
    (should (string-match-p "^A +4 +20\\.0% +25\\.0% +5 +1\\.5$" text))
    (should (string-match-p "^B +0 .* -$" text))
    ;; a card's character the charset lacks: its row says so
    (should (string-match-p "^Q +1 +5\\.0% +0\\.0% +0 +5\\.0  not in the charset$"
                            (cardwords-distribution-text
                             (list :ruleset "tiny" :rows (vector row (list :char "Q" :cards 1 :cardShare 0.05 :occurrences 0 :frequency 0 :suggestedCards 0 :meanPoints 5 :outside t))
                                   :wildcards 0 :totalCards 5 :totalCharacters 9 :words 3))))
    (should-not (string-match-p "not in the charset" text))
    ;; its buffer wraps long lines between words
    (with-temp-buffer
      (cardwords-distribution-mode)
      (should visual-line-mode))
    ;; none of them: no such lines (an older server sends neither key)
    (should-not (string-match-p "Left out\\|Never laid" (cardwords-distribution-text (list :ruleset "tiny" :rows (vector row) :wildcards 0 :totalCards 4 :totalCharacters 9 :words 3 :leftOut 0 :unlayable :null))))))

(ert-deftest cardwords-eglot-completion-inserts-plain-text ()
  ;; eglot declares no snippet support: the chosen candidate inserts `C 5', not `C ${1:5}'.
  (let ((buf (find-file-noselect (concat cardwords-test-dir "tiny.cardtable"))))
    (unwind-protect
        (with-current-buffer buf
          (apply #'eglot (eglot--guess-contact))
          (cardwords-test--wait-for-server)
          (goto-char (point-max))
          (unless (bolp) (insert "\n"))
          (insert "(2,2) C")
          (eglot--signal-textDocument/didChange)
          (let ((completion-at-point-functions '(eglot-completion-at-point)))
            (completion-at-point))
          (message "completed: %S" (buffer-substring (line-beginning-position) (line-end-position)))
          (should (equal (buffer-substring (line-beginning-position) (line-end-position)) "(2,2) C 5"))
          ;; Formatting a table with an error that would lose text does nothing, and the
          ;; server's reason is the last thing said (eglot's "applying 0 edits ...done" hid it).
          (erase-buffer)
          (insert "2*2\n(0,0)\n(1,1) w 2;\n(2,2)\n")
          (eglot--signal-textDocument/didChange)
          ;; as typed: the command loop runs in the selected window's buffer
          (switch-to-buffer (current-buffer))
          (let ((start (with-current-buffer (messages-buffer) (point-max))))
            (execute-kbd-macro (kbd "M-x eglot-format-buffer RET"))
            ;; once (eglot said it as it came, then the package again after the command)
            (should (= (with-current-buffer (messages-buffer)
                         (how-many "formatting it would lose text" start (point-max)))
                       1)))
          (should (equal (buffer-string) "2*2\n(0,0)\n(1,1) w 2;\n(2,2)\n"))
          (let ((said (cardwords-test--last-message)))
            (message "said after formatting: %S" said)
            (should (string-match-p "\\`Not formatted: tiny.cardtable has an error on line 3 (.*): formatting it would lose text\\. Fix it, then format again\\.\\'" said))))
      (let ((server (with-current-buffer buf (eglot-current-server))))
        (when server (ignore-errors (eglot-shutdown server))))
      (with-current-buffer buf (set-buffer-modified-p nil))
      (kill-buffer buf))))

(provide 'cardwords-test)
;;; cardwords-test.el ends here
