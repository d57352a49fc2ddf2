;;; cardwords-games-test.el --- ert: drawing and keys of the Emacs games, batch Emacs  -*- lexical-binding: t -*-
;; Run by test/emacs/emacs.test.ts:
;;   emacs --batch -L emacs -l emacs/cardwords.el -l test/emacs/cardwords-games-test.el -f ert-run-tests-batch-and-exit
;; with CARDWORDS_NODE, CARDWORDS_CLI and CARDWORDS_DATA_DIR (where the test wrote a
;; high-score file as the terminal client keeps it) set.  The real bridge runs the rules.
(require 'ert)
(require 'cl-lib)
(require 'cardwords)
(require 'cardwords-lines)

(setq cardwords-client-command
      (list (getenv "CARDWORDS_NODE") (getenv "CARDWORDS_CLI") "client" "--stdio"))

(defun cardwords-games-test--cell-text (cell)
  "The text of the Lines CELL in the buffer and its faces."
  (let ((pos (text-property-any (point-min) (point-max) 'cardwords-lines-cell cell)))
    (list (string-trim (buffer-substring-no-properties pos (+ pos 3)))
          (get-text-property (1+ pos) 'face))))

(defun cardwords-games-test--faces (face-prop)
  "FACE-PROP as a list of faces and face plists."
  (if (and (listp face-prop) (not (keywordp (car face-prop)))) face-prop (list face-prop)))

(ert-deftest cardwords-lines-draws-and-reads-keys ()
  (let ((cardwords-lines-width 4) (cardwords-lines-height 3) (cardwords-lines-seed "ert"))
    (cardwords-lines)
    (unwind-protect
        (progn
          (should (eq major-mode 'cardwords-lines-mode))
          (should (string-match-p "^Lines  4x3, 5 colours, lines of 5$" (buffer-string)))
          (should (string-match-p "^High score: off (fixed seed)$" (buffer-string)))
          (should (equal mode-line-process " Score:0"))
          ;; Three chips, each drawn with its colour; the rest empty cells with their face.
          (let* ((cells (mapcar #'cardwords-games-test--cell-text (number-sequence 0 11)))
                 (chips (cl-remove-if-not (lambda (c) (equal (car c) "O")) cells)))
            (should (= (length chips) 3))
            (dolist (c chips)
              (should (cl-some (lambda (f) (and (listp f) (plist-get f :foreground)))
                               (cardwords-games-test--faces (cadr c)))))
            (should (memq 'cardwords-lines-empty
                          (cardwords-games-test--faces
                           (cadr (cl-find "." cells :key #'car :test #'equal))))))
          ;; The cursor starts at cell 0; l and the arrows move it, the board edge stops it.
          (should (= cardwords-lines--cursor 0))
          (execute-kbd-macro (kbd "l l j"))
          (should (= cardwords-lines--cursor 6))
          (execute-kbd-macro (kbd "<right> <right> <right> <down> <down>"))
          (should (= cardwords-lines--cursor 11))
          (should (memq 'cardwords-lines-cursor
                        (cardwords-games-test--faces (cadr (cardwords-games-test--cell-text 11)))))
          ;; SPC on a chip selects it (its face), SPC again clears the selection.
          (let ((chip (cl-position-if (lambda (c) (> c 0)) (plist-get cardwords-lines--view :board))))
            (setq cardwords-lines--cursor chip)
            (execute-kbd-macro (kbd "SPC"))
            (should (eql cardwords-lines--selected chip))
            (should (memq 'cardwords-lines-selected
                          (cardwords-games-test--faces (cadr (cardwords-games-test--cell-text chip)))))
            (execute-kbd-macro (kbd "SPC"))
            (should-not cardwords-lines--selected)
            ;; A click on the chip selects it, a click on an empty cell moves it there.
            (let* ((empty (cl-position 0 (plist-get cardwords-lines--view :board)))
                   (click (lambda (cell)
                            (let ((pos (1+ (text-property-any (point-min) (point-max)
                                                              'cardwords-lines-cell cell))))
                              (cardwords-lines-click
                               (list 'mouse-1 (list (selected-window) pos '(0 . 0) 0)))))))
              (funcall click chip)
              (should (eql cardwords-lines--selected chip))
              (funcall click empty)
              (should-not cardwords-lines--selected)
              (should (= (plist-get cardwords-lines--view :moves) 1))
              (should (> (nth empty (plist-get cardwords-lines--view :board)) 0))
              (should (= (nth chip (plist-get cardwords-lines--view :board)) 0))))
          ;; u takes the move back.
          (execute-kbd-macro (kbd "u"))
          (should (= (plist-get cardwords-lines--view :moves) 0))
          (should (string-match-p "Move taken back" (buffer-string))))
      (kill-buffer "*Cardwords Lines*"))))

(ert-deftest cardwords-lines-shares-the-terminal-high-scores ()
  ;; Default options and no seed: the game counts, and the table is the terminal client's.
  (let ((cardwords-lines-seed nil))
    (cardwords-lines)
    (unwind-protect
        (progn
          (message "lines header: %s" (buffer-substring (point-min) (line-end-position 14)))
          (should (string-match-p "^High score: 321 (alice)" (buffer-string))))
      (kill-buffer "*Cardwords Lines*"))))

(provide 'cardwords-games-test)
;;; cardwords-games-test.el ends here
