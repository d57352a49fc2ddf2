;;; cardwords-playtest-test.el --- ert tests of cardwords-playtest.el  -*- lexical-binding: t -*-
;; Run by test/emacs/playtest.test.ts in batch Emacs against the built CLI:
;; CARDWORDS_NODE, CARDWORDS_CLI and CARDWORDS_DIR (a copy of samples/tiny) come from it.
(require 'ert)
(require 'cardwords-playtest)

(setq cardwords-playtest-command
      (list (getenv "CARDWORDS_NODE") (getenv "CARDWORDS_CLI") "playtest"))

(defun cardwords-playtest-test--wait (pred)
  "Process output until PRED holds (at most 60 s)."
  (let ((deadline (+ (float-time) 60)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (should (funcall pred))))

(ert-deftest cardwords-playtest-shows-the-report ()
  (with-current-buffer (find-file-noselect (expand-file-name "tiny.cardset" (getenv "CARDWORDS_DIR")))
    (let ((report (cardwords-playtest 6)))
      (cardwords-playtest-test--wait
       (lambda () (with-current-buffer report (string-match-p "^Table: " (buffer-string)))))
      (with-current-buffer report
        (should (eq major-mode 'cardwords-playtest-mode))
        (should (string-match-p "^Playtest of tiny: 6 games, 2 players, level best" (buffer-string)))
        (should (string-match-p "^Cards (per game" (buffer-string)))
        ;; what stands out, in words, under the summary
        (should (string-match-p "^What the games say\n  - " (buffer-string)))
        (should-not cardwords-playtest--process)))))

(ert-deftest cardwords-playtest-names-its-setting-when-the-program-is-missing ()
  ;; make-process said only "Searching for program: No such file or directory, cardwords"
  (with-current-buffer (find-file-noselect (expand-file-name "tiny.bonus" (getenv "CARDWORDS_DIR")))
    (let* ((cardwords-playtest-command '("no-such-cardwords-program" "playtest"))
           (err (should-error (cardwords-playtest 6) :type 'user-error)))
      (should (string-match-p "cardwords-playtest-command" (cadr err))))))

(ert-deftest cardwords-playtest-stops ()
  (with-current-buffer (find-file-noselect (expand-file-name "tiny.bonus" (getenv "CARDWORDS_DIR")))
    (let ((report (cardwords-playtest 100000)))
      (cardwords-playtest-test--wait
       (lambda () (with-current-buffer report
                    (and mode-line-process (string-match-p "playing" mode-line-process)))))
      (with-current-buffer report (cardwords-playtest-stop))
      (cardwords-playtest-test--wait
       (lambda () (with-current-buffer report (string-match-p "stopped" (buffer-string)))))
      (with-current-buffer report (should-not cardwords-playtest--process)))))

(ert-deftest cardwords-playtest-saves-the-ruleset-first ()
  ;; the playtest reads the files on disk: a modified card set is saved before it starts
  (let* ((file (expand-file-name "tiny.cardset" (getenv "CARDWORDS_DIR")))
         (cardwords-playtest-save-without-asking t))
    (with-current-buffer (find-file-noselect file)
      (goto-char (point-max))
      (insert "\n")
      (should (buffer-modified-p))
      (let ((report (cardwords-playtest 2)))
        (should-not (buffer-modified-p))
        (should (equal (with-temp-buffer (insert-file-contents file) (buffer-string)) (buffer-string)))
        (cardwords-playtest-test--wait
         (lambda () (with-current-buffer report (string-match-p "^Table: " (buffer-string)))))))))

;; A ruleset with errors: the report said "The playtest failed (exit 1):" and nothing after
;; (the CLI's reasons went to the progress filter, overwritten by the next message).
(ert-deftest cardwords-playtest-shows-why-it-failed ()
  (let ((dir (make-temp-name (expand-file-name "cardwords-playtest-broken-" temporary-file-directory))))
    (copy-directory (getenv "CARDWORDS_DIR") dir)
    (with-temp-file (expand-file-name "tiny.cardset" dir) (insert "2\n[A 1]\n"))
    (with-current-buffer (find-file-noselect (expand-file-name "tiny.cardset" dir))
      (let ((report (cardwords-playtest 2)))
        (cardwords-playtest-test--wait
         (lambda () (with-current-buffer report (null cardwords-playtest--process))))
        (with-current-buffer report
          (should (string-match-p "\\`The playtest failed (exit 1):\ncardwords playtest: the ruleset .* cannot be played:\n.*tiny\\.cardset:1:1: error: 2 cards are declared but 1 is listed \\[cardset/count-mismatch\\]"
                                  (buffer-string))))))
    ;; a word left out: the games play, and the report says so first
    (with-temp-file (expand-file-name "tiny.cardset" dir)
      (insert-file-contents (expand-file-name "tiny.cardset" (getenv "CARDWORDS_DIR"))))
    (with-temp-buffer
      (insert-file-contents (expand-file-name "tiny.dict" dir))
      (goto-char (point-max))
      (insert "z9\n")
      (write-region nil nil (expand-file-name "tiny.dict" dir)))
    (with-current-buffer (find-file-noselect (expand-file-name "tiny.bonus" dir))
      (let ((report (cardwords-playtest 2)))
        (cardwords-playtest-test--wait
         (lambda () (with-current-buffer report (string-match-p "^Table: " (buffer-string)))))
        (with-current-buffer report
          (should (string-match-p "\\`cardwords playtest: 1 word of the dictionaries is left out for errors .*: the games play without them\nPlaytest of tiny"
                                  (buffer-string))))))))

(ert-deftest cardwords-playtest-reasons-leave-progress-out ()
  (should (equal (cardwords-playtest--reasons "playing [###...] 3/10 1 s left\r\ncardwords playtest: no\nlearning card values (x) [#..] 1/3\n")
                 "cardwords playtest: no\n")))

;;; cardwords-playtest-test.el ends here
