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

(defconst cardwords-games-test--yatzee-rows '(:upper "Sum" :bonus "Bonus" :total "Total")
  "The names of a Yatzee sheet's rows under the categories, as the bridge sends them.")

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
          ;; the keys in sight, with the movement keys as set
          (should (string-match-p "^Keys: arrows or hjkl move, SPC or RET selects a chip, then moves it,\n +H hint, u undo, n new game, s high scores, \\? all keys$" (buffer-string)))
          (should (equal mode-line-process " Score:0"))
          ;; Three chips, each drawn with its colour; the rest empty cells with their face.
          (let* ((cells (mapcar #'cardwords-games-test--cell-text (number-sequence 0 11)))
                 (chips (cl-remove-if-not (lambda (c) (equal (car c) "O")) cells)))
            (should (= (length chips) 3))
            (dolist (c chips)
              (should (cl-some (lambda (f) (and (symbolp f) (string-prefix-p "cardwords-lines-chip-" (symbol-name f))))
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
          ;; SPC on an empty cell with no chip selected says so, as the web panel does (it did nothing).
          (setq cardwords-lines--cursor (cl-position 0 (plist-get cardwords-lines--view :board)))
          (execute-kbd-macro (kbd "SPC"))
          (should (string-match-p "^Select a chip first\\.$" (buffer-string)))
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
              (should (= (nth chip (plist-get cardwords-lines--view :board)) 0))
              ;; the move said as the web panel says it (Emacs said nothing)
              (should (string-match-p (format "^Moved [a-z]+ from row %d, column %d to row %d, column %d\\. 3 new chips: [a-z]+ at row "
                                              (1+ (/ chip 4)) (1+ (% chip 4)) (1+ (/ empty 4)) (1+ (% empty 4)))
                                      (buffer-string)))))
          ;; u takes the move back.
          (execute-kbd-macro (kbd "u"))
          (should (= (plist-get cardwords-lines--view :moves) 0))
          ;; in the web panel's words (Emacs said its own, "… (this game no longer counts …)")
          (should (string-match-p "^Move taken back\\.$" (buffer-string)))
          ;; defect: M-x cardwords-lines again started a new game, the one going on thrown
          ;; away unasked.  It shows that game again; C-u asks before leaving it; n, declined,
          ;; says the game goes on (it said "progn: Still playing")
          (let ((view cardwords-lines--view) (asked nil) (said nil))
            (cl-letf (((symbol-function 'message)
                       (lambda (format &rest args) (push (apply #'format-message format args) said))))
              (cardwords-lines))
            (should (eq (current-buffer) (get-buffer "*Cardwords Lines*")))
            (should (eq cardwords-lines--view view))
            (should (string-match-p "^Your game goes on: n starts a new one\\.$" (car said)))
            (cl-letf (((symbol-function 'y-or-n-p) (lambda (prompt) (push prompt asked) nil))
                      ((symbol-function 'message)
                       (lambda (format &rest args) (push (apply #'format-message format args) said))))
              (cardwords-lines '(4))
              (should (eq cardwords-lines--view view))
              (execute-kbd-macro (kbd "n"))
              (should (eq cardwords-lines--view view)))
            (should (equal (car said) "The game goes on."))
            ;; both start a new game: the question says so, and what becomes of this one (it
            ;; asked "Leave this game?")
            (should (equal asked '("Start a new game? This one ends with 0 points. "
                                   "Start a new game? This one ends with 0 points. ")))))
      (kill-buffer "*Cardwords Lines*"))))

;; defect: q (and killing the buffer) threw a game going on away unasked, saying nothing.  Both
;; ask first while it goes on, as Yatzee's and Cardwords's do (no keeps it), and the final
;; score is said on leaving; after the end nothing is asked.
(ert-deftest cardwords-lines-q-asks-while-the-game-goes-on-and-says-the-score ()
  (let ((cardwords-lines-width 4) (cardwords-lines-height 3) (cardwords-lines-seed "ert")
        (asked nil) (answer nil) (said nil))
    (cl-letf (((symbol-function 'y-or-n-p) (lambda (prompt) (push prompt asked) answer))
              ((symbol-function 'message)
               (lambda (format &rest args) (push (and format (apply #'format-message format args)) said))))
      (unwind-protect
          (let ((question "Leave this game? It ends with 0 points. ")
                (noninteractive nil))
            (cardwords-lines)
            ;; q, declined: the game goes on
            (execute-kbd-macro (kbd "q"))
            (should (equal asked (list question)))
            (should (equal (car said) "The game goes on."))
            (should (get-buffer "*Cardwords Lines*"))
            ;; C-x k, declined: the same question, the buffer kept
            (should-not (kill-buffer "*Cardwords Lines*"))
            (should (equal asked (list question question)))
            ;; q, yes: asked once (the buffer it kills asks nothing more), the score said
            (setq asked nil answer t)
            (with-current-buffer "*Cardwords Lines*" (execute-kbd-macro (kbd "q")))
            (should (equal asked (list question)))
            (should-not (get-buffer "*Cardwords Lines*"))
            (should (equal (car said) "You left the game with 0 points."))
            ;; C-x k, yes: the score said too
            (setq asked nil said nil)
            (cardwords-lines)
            (should (kill-buffer "*Cardwords Lines*"))
            (should (equal asked (list question)))
            (should (equal (car said) "You left the game with 0 points."))
            ;; after the end: nothing asked
            (setq asked nil)
            (cardwords-lines)
            (setq cardwords-lines--view (plist-put (copy-sequence cardwords-lines--view) :over t))
            (execute-kbd-macro (kbd "q"))
            (should-not (get-buffer "*Cardwords Lines*"))
            (should-not asked))
        (when (get-buffer "*Cardwords Lines*")
          (let ((cardwords-lines--leaving t)) (kill-buffer "*Cardwords Lines*")))))))

;; defect: a 4x4 board with lines of 5 started silently; it is played (the original
;; allows it), and said at the start and in sight under the heading
(ert-deftest cardwords-lines-says-when-no-line-fits ()
  (let ((cardwords-lines-width 4) (cardwords-lines-height 4) (cardwords-lines-min-line 5)
        (cardwords-lines-seed "ert") (said nil))
    (cl-letf (((symbol-function 'message)
               (lambda (format &rest args) (push (apply #'format-message format args) said))))
      (cardwords-lines))
    (unwind-protect
        (let ((warning "No line of 5 fits a 4x4 board: no chip can ever be removed."))
          (should (equal (car said) warning))
          (goto-char (point-min))
          (forward-line 1)
          (should (looking-at (concat (regexp-quote warning) "$")))
          (should (eq (get-text-property (point) 'face) 'warning))
          ;; settings a line fits say nothing of it
          (let ((cardwords-lines-min-line 4))
            (setq cardwords-lines--options (cardwords-lines--default-options))
            (cardwords-lines--start)
            (should (equal (plist-get cardwords-lines--view :warning) ""))
            (should-not (string-match-p "No line" (buffer-string))))
          ;; defect: a game its first throw ends was said in the buffer alone, offering u with
          ;; nothing to take back; now said at once too, as the web page says it, n offered.
          ;; A 1x1 board is full at once; a line of the two chips empties a 2x1 one, -n 0
          ;; throwing none
          (dolist (case '(((:width 1 :height 1 :firstThrow 1 :throwCount 1)
                           "No line of 5 fits a 1x1 board: no chip can ever be removed. The board is full."
                           "Game over: 0 points.  n: new game, q: quit")
                          ((:width 2 :height 1 :minLine 2 :colors 1 :firstThrow 2 :throwCount 0)
                           "The board is empty and no chips are thrown."
                           "Game over: 2 points.  n: new game, q: quit")))
            (setq cardwords-lines--options (append (nth 0 case) (cardwords-lines--default-options))
                  said nil)
            (cl-letf (((symbol-function 'message)
                       (lambda (format &rest args) (push (apply #'format-message format args) said))))
              (cardwords-lines--start))
            (should (cardwords-lines--over))
            (should (equal (car said) (concat (nth 1 case) " " (nth 2 case))))
            (should (string-match-p (concat "^" (regexp-quote (nth 2 case)) "$") (buffer-string)))
            (cl-letf (((symbol-function 'ding) #'ignore))
              (execute-kbd-macro (kbd "SPC")))
            (should (equal cardwords-lines--message "The game is over. n starts a new game."))))
      (kill-buffer "*Cardwords Lines*"))))

;; defect: a 30x22 board ran past an 80-column window in " O " cells (93 columns), its right
;; side and a cursor there out of sight.  The cells narrow to " O", then "O", to fit the
;; window's width with its last column free; a small board keeps " O ".
(ert-deftest cardwords-lines-a-wide-board-fits-80-columns ()
  (let ((cardwords-lines-seed "ert") (cardwords-lines-height 22))
    (dolist (case '((30 . "^   [.O]\\( [.O]\\)\\{29\\}$") (60 . "^  [.O]\\{60\\}$") (9 . "^   [.O]\\(  [.O]\\)\\{8\\} $")))
      (let ((cardwords-lines-width (car case)))
        (cardwords-lines)
        (unwind-protect
            (progn
              (should (= (window-body-width) 80))
              (let ((rows 0))
                (goto-char (point-min))
                (while (not (eobp))
                  (should (<= (- (line-end-position) (line-beginning-position)) 79))
                  (when (looking-at-p (cdr case)) (cl-incf rows))
                  (forward-line 1))
                (should (= rows 22)))
              ;; the cursor to the right edge and the bottom by keys: point on its chip, in its face
              (when (= (car case) 30)
                (execute-kbd-macro (kbd (string-join (append (make-list (1- (car case)) "l") (make-list 21 "j")) " ")))
                (let ((corner (1- (* 22 (car case)))))
                  (should (= cardwords-lines--cursor corner))
                  (should (eql (get-text-property (point) 'cardwords-lines-cell) corner))
                  (should (= (point) (window-point)))
                  (should (memq 'cardwords-lines-cursor (cardwords-games-test--faces (get-text-property (point) 'face))))
                  (should-not (memq (char-after) '(?\s nil))))))
          (let ((cardwords-lines--leaving t)) (kill-buffer "*Cardwords Lines*")))))))

;; defect: after "Game over" SPC and H said nothing; as the web panel refuses such keys,
;; they ding and say why nothing happens (the web panel's sentence) and which keys act
(ert-deftest cardwords-lines-keys-after-the-end-say-why ()
  ;; 3x1, two chips thrown and two after a move: the first move that removes nothing ends it
  (let ((cardwords-lines-width 3) (cardwords-lines-height 1) (cardwords-lines-min-line 3)
        (cardwords-lines-colors 32) (cardwords-lines-throw 2) (cardwords-lines-first-throw 2)
        (cardwords-lines-seed "ert-over") (dings 0))
    (cardwords-lines)
    (unwind-protect
        (cl-letf (((symbol-function 'ding) (lambda (&rest _) (cl-incf dings))))
          (let* ((to (cl-position 0 (plist-get cardwords-lines--view :board)))
                 (from (if (= to 1) 0 1))
                 (said "The game is over. n starts a new game, u takes back the last move."))
            (setq cardwords-lines--cursor from)
            (execute-kbd-macro (kbd "SPC"))
            (setq cardwords-lines--cursor to)
            (execute-kbd-macro (kbd "SPC"))
            (should (cardwords-lines--over))
            (should (= dings 0))
            ;; the move read first, then why the game is over (it read the game over, then the move)
            (let ((text (buffer-string)))
              (should (string-match-p "^Moved " text))
              (should (< (string-match "^Moved " text) (string-match (regexp-quote (plist-get cardwords-lines--view :overReason)) text)
                         (string-match "^Game over: " text))))
            ;; SPC on a chip, RET, H and a click: each says it under the board, with a ding
            (setq cardwords-lines--cursor to)
            (dolist (key (list (kbd "SPC") (kbd "RET") "H"
                               (lambda ()
                                 (let ((pos (1+ (text-property-any (point-min) (point-max)
                                                                   'cardwords-lines-cell from))))
                                   (cardwords-lines-click
                                    (list 'mouse-1 (list (selected-window) pos '(0 . 0) 0)))))))
              (setq cardwords-lines--message "")
              (let ((before dings))
                (if (functionp key) (funcall key) (execute-kbd-macro key))
                (should (= dings (1+ before))))
              (should (equal cardwords-lines--message said))
              (should (string-match-p (concat "^" (regexp-quote said) "$") (buffer-string)))
              (should-not cardwords-lines--selected))
            ;; u still takes back the last move
            (execute-kbd-macro (kbd "u"))
            (should-not (cardwords-lines--over))))
      (kill-buffer "*Cardwords Lines*"))))

(ert-deftest cardwords-lines-shares-the-terminal-high-scores ()
  ;; Default options and no seed: the game counts, and the table is the terminal client's.
  (let ((cardwords-lines-seed nil))
    (cardwords-lines)
    (unwind-protect
        (progn
          (message "lines header: %s" (buffer-substring (point-min) (line-end-position 14)))
          (should (string-match-p "^High score: 321 (alice)" (buffer-string)))
          ;; s lists the table, as `cardwords lines -l' does, in a window it selects (as
          ;; help buffers do): q there closes the list, and the game goes on under it
          (delete-other-windows)
          (execute-kbd-macro (kbd "s"))
          (with-current-buffer "*Cardwords Lines scores*"
            (should (string-match-p "^  1\\. alice +321  [0-9]\\{4\\}-" (buffer-string))))
          (should (eq (window-buffer (selected-window)) (get-buffer "*Cardwords Lines scores*")))
          (execute-kbd-macro (kbd "q"))
          (should (eq (window-buffer (selected-window)) (get-buffer "*Cardwords Lines*")))
          (should-not (get-buffer-window "*Cardwords Lines scores*"))
          (should (eq major-mode 'cardwords-lines-mode)))
      (kill-buffer "*Cardwords Lines*"))))

(require 'cardwords-yatzee)
(require 'cardwords-play)

(defun cardwords-games-test--wait (pred what)
  "Run the event loop until PRED holds, or fail naming WHAT after 60 s."
  (with-timeout (60 (ert-fail (format "no %s" what)))
    (while (not (funcall pred)) (accept-process-output nil 0.05))))

(defun cardwords-games-test--where (prop value)
  "The first position whose PROP is `equal' to VALUE, or nil."
  (cl-loop for pos from (point-min) below (point-max)
           thereis (and (equal (get-text-property pos prop) value) pos)))

(defun cardwords-games-test--face-at (pos)
  "The faces at POS as a list."
  (cardwords-games-test--faces (get-text-property pos 'face)))

(defun cardwords-games-test--table-text (text)
  "Where the first table cell showing TEXT starts, or nil.
Only a cell counts: the header's game id is random and may hold TEXT too."
  (save-excursion
    (goto-char (point-min))
    (let (found)
      (while (and (not found) (search-forward text nil t))
        (when (get-text-property (match-beginning 0) 'cardwords-play-cell)
          (setq found (match-beginning 0))))
      found)))

(ert-deftest cardwords-yatzee-draws-and-reads-keys ()
  (let ((cardwords-yatzee-robots 0) (cardwords-yatzee-name "ert"))
    (cardwords-yatzee "")
    (unwind-protect
        (with-current-buffer "*Cardwords Yatzee*"
          (should (eq major-mode 'cardwords-yatzee-mode))
          ;; The sheet is drawn once the bridge has joined: wait for it, do not read at once.
          (cardwords-games-test--wait
           (lambda () (string-match-p "^Aces +-$" (buffer-string))) "the sheet")
          (execute-kbd-macro (kbd "SPC"))
          (cardwords-games-test--wait
           (lambda () (string-match-p "^Your dice .*  Suggestion: " (buffer-string))) "throw")
          ;; The suggestion named as the sheet names it; that row has its face; open
          ;; categories show what they would score.
          (let ((suggestion (progn (string-match "  Suggestion: \\(.+\\)$" (buffer-string))
                                   (match-string 1 (buffer-string)))))
            (should (member suggestion '("Aces" "Twos" "Threes" "Fours" "Fives" "Sixes" "One pair"
                                         "Two pairs" "Three alike" "Four alike" "Small" "Large"
                                         "Full house" "Chance" "Yatzee")))
            (goto-char (point-min))
            (should (re-search-forward (concat "^" (regexp-quote suggestion) " ") nil t))
            (should (memq 'cardwords-yatzee-suggested
                          (cardwords-games-test--face-at (line-beginning-position)))))
          (should (string-match-p "^Chance +([0-9]+)$" (buffer-string)))
          ;; 2 holds the second die (its face), a click on it releases it.
          (execute-kbd-macro (kbd "2"))
          (cardwords-games-test--wait
           (lambda () (let ((pos (text-property-any (point-min) (point-max) 'cardwords-yatzee-die 1)))
                        (memq 'cardwords-yatzee-held (cardwords-games-test--face-at pos))))
           "the die held")
          (let ((pos (text-property-any (point-min) (point-max) 'cardwords-yatzee-die 1)))
            (cardwords-yatzee-click (list 'mouse-1 (list (selected-window) pos '(0 . 0) 0))))
          (cardwords-games-test--wait
           (lambda () (let ((pos (text-property-any (point-min) (point-max) 'cardwords-yatzee-die 1)))
                        (not (memq 'cardwords-yatzee-held (cardwords-games-test--face-at pos)))))
           "the die released")
          ;; RET transfers to the suggestion: the mode line shows the new total.
          (execute-kbd-macro (kbd "RET"))
          (cardwords-games-test--wait (lambda () (string-match-p "throw 0 of 3" (buffer-string))) "transfer")
          (should (string-match-p "\\` You:[0-9]+\\'" mode-line-process))
          ;; c completes the categories as the sheet names them (not their ids too: each
          ;; offered once), offers the suggestion's label, and transfers to the label typed
          (execute-kbd-macro (kbd "SPC"))
          (cardwords-games-test--wait (lambda () (string-match-p "throw 1 of 3" (buffer-string))) "the throw")
          (let* ((label (if (string-match-p "^Two pairs +-?[0-9]+$" (buffer-string)) "Chance" "Two pairs"))
                 ;; read before c: the transfer redraws the buffer without a suggestion
                 (shown (and (string-match "  Suggestion: \\(.+\\)$" (buffer-string))
                             (match-string 1 (buffer-string))))
                 (offered nil) (default nil)
                 ;; the category RET filled, read before c fills another
                 (filled (let ((sheet (car (cardwords-yatzee--get :sheets))))
                           (nth (seq-position (plist-get sheet :scores) nil (lambda (a _) a))
                                (cardwords-yatzee--get :categories)))))
            (cl-letf (((symbol-function 'completing-read)
                       (lambda (_prompt collection &optional _pred _req _init _hist def &rest _)
                         (setq offered (all-completions "" collection) default def)
                         label)))
              (execute-kbd-macro (kbd "c")))
            (should (member label offered))
            (should-not (member (if (equal label "Chance") "chance" "twoPairs") offered))
            (should (member default offered))
            ;; the category RET filled is not offered (a play-test chose it and was refused):
            ;; 14 open categories, each by its label
            (should filled)
            (should-not (member (plist-get filled :label) offered))
            (should (= (length offered) 14))
            (should (equal default shown))
            (cardwords-games-test--wait
             (lambda () (string-match-p (concat "^" label " +[0-9]+$") (buffer-string)))
             (format "the transfer to %s" label)))
          ;; q in a game going on asks first: no keeps the game, yes leaves it; the only
          ;; human's leave ends the game, and the question says so (the web page's words)
          (let ((asked nil))
            (cl-letf (((symbol-function 'y-or-n-p) (lambda (prompt) (setq asked prompt) nil)))
              (execute-kbd-macro (kbd "q")))
            (should (equal asked "Leave for good? No other person plays, so the game ends. "))
            (should (buffer-live-p (get-buffer "*Cardwords Yatzee*")))
            (cl-letf (((symbol-function 'y-or-n-p) (lambda (_) t)))
              (execute-kbd-macro (kbd "q")))
            ;; that leave ended the game: the end, sent before the close, stays in sight (the
            ;; buffer vanished with nothing said); q again closes it, unasked
            (should (cardwords-yatzee--get :ended))
            ;; in the web page's words, with the leaver's own sheet, which the results count
            ;; (it read "The game has ended. No person plays any more.", no column of hers)
            (should (string-match-p "^You left the game, the last person playing in it: the game is over\\. Winner:"
                                    (buffer-string)))
            (should (string-match-p "^ +ert$" (buffer-string)))
            (should-not (string-match-p "^Your dice" (buffer-string)))
            (execute-kbd-macro (kbd "q"))
            (should-not (get-buffer "*Cardwords Yatzee*"))))
      (ignore-errors (with-current-buffer "*Cardwords Yatzee*" (cardwords-yatzee-leave t))))))

(ert-deftest cardwords-yatzee-keeps-the-dice-in-view ()
  ;; An 80x24 terminal shows 21 lines of the buffer (menu bar, mode line, echo area): your
  ;; dice, the suggestion, the hint lines and the whole sheet are there, with two players and
  ;; the hints on, and a refusal in the echo area.  A redraw leaves point at the top.  With the
  ;; web panel's Sum and Bonus rows a best hold on a line of its own leaves the Total under
  ;; the window (the mode line has the totals): the hint lines are not joined past the
  ;; window's edge, the hold cut.
  (let* ((labels '(("aces" . "Aces") ("twos" . "Twos") ("threes" . "Threes") ("fours" . "Fours")
                   ("fives" . "Fives") ("sixes" . "Sixes") ("onePair" . "One pair")
                   ("twoPairs" . "Two pairs") ("threeAlike" . "Three alike")
                   ("fourAlike" . "Four alike") ("small" . "Small") ("large" . "Large")
                   ("fullHouse" . "Full house") ("chance" . "Chance") ("yatzee" . "Yatzee")))
         (empty (make-list 15 nil))
         (sheet (lambda (name)
                  (list :name name :scores empty :dice '(3 4 4 2 6) :held '(nil t t nil nil)
                        :throwsMade 1 :phase "thrown" :upper 0 :bonus "-63" :total 0)))
         (cardwords-yatzee--buffer-name "*Cardwords Yatzee ert view*")
         (cardwords-yatzee--echoed nil)
         (echoed nil)
         (cardwords-yatzee--view
          (list :seq 1 :connected t :welcome '(:gameId "ert") :status "playing" :hints t :me "ert"
                :rows cardwords-games-test--yatzee-rows :categories (mapcar (lambda (c) (list :id (car c) :label (cdr c))) labels)
                ;; the server's order: the robot sat first; your column comes first all the same
                :sheets (list (funcall sheet "Robot1") (funcall sheet "ert"))
                :mine (list :suggestion "chance" :options (make-list 15 7)
                            :hint (list :expectedFinal 201.5 :categories (make-list 15 199.5)
                                        :keep '(:dice (4 4) :positions (1 2) :transferNow nil :expected 203.1) :now 203.1))
                :message "Refused: Reset dice is possible only right after a transfer.")))
    (with-current-buffer (get-buffer-create cardwords-yatzee--buffer-name)
      (unwind-protect
          (progn
            (cardwords-yatzee-mode)
            ;; drawn twice (another player's throw comes): the refusal is said once
            (cl-letf (((symbol-function 'message)
                       (lambda (format-string &rest args) (push (apply #'format format-string args) echoed))))
              (cardwords-yatzee--draw)
              (cardwords-yatzee--draw))
            ;; the hint line is broken at 80 columns (its best hold was cut at the edge); with a
            ;; refusal too, 21 lines do not hold them and the whole sheet: the refusal goes to the
            ;; echo area (it shared the best hold's line and its end was cut)
            (should (equal echoed '("Refused: Reset dice is possible only right after a transfer.")))
            (should-not (save-excursion (goto-char (point-min)) (search-forward "Refused" nil t)))
            (dolist (regexp '("^Your dice (throw 1 of 3): \\[3\\] \\[4\\] \\[4\\] \\[2\\] \\[6\\]  Suggestion: Chance$"
                              "^Expected final score: 203\\.1 (201\\.5 before this round)$"
                              "^Best hold: the 4 4 (dice 2 3)$"
                              "^ +ert +Robot1 +Expected$" "^Aces " "^Sum " "^Bonus " "^Yatzee "))
              (let ((line (save-excursion (goto-char (point-min))
                                          (and (re-search-forward regexp nil t) (line-number-at-pos)))))
                (should line)
                (should (<= line 21))))
            (should (equal mode-line-process " You:0  Robot1:0"))
            (should (= (point) (point-min)))
            ;; one die, by its place (keys 1-5 name places: \"4\" alone read as die 4); faces
            ;; alone from a server that gives no places
            (should (equal (cardwords-yatzee--hold-text '(:dice (4) :positions (2))) "the 4 (die 3)"))
            (should (equal (cardwords-yatzee--hold-text '(:dice (4) :positions nil)) "4"))
            (should (equal (cardwords-yatzee--hold-text '(:dice nil :positions nil)) "none")))
        (remove-hook 'kill-buffer-hook #'cardwords-yatzee--killed t)
        (kill-buffer)))))

;; Ten sheets in 80 columns, the hints' column too: the columns narrow to fit (12 each ran
;; past the window's edge from the fifth sheet, its totals out of sight; 7 each, the tenth
;; sheet's); a name longer than its column is cut.
(ert-deftest cardwords-yatzee-ten-sheets-in-80-columns ()
  (let* ((empty (make-list 15 nil))
         (sheet (lambda (name total)
                  (list :name name :scores (cons 3 (cdr empty)) :dice '(1 2 3 4 5) :held '(nil nil nil nil nil)
                        :throwsMade 0 :phase "transferred" :upper 3 :bonus "0" :bonusShort "0" :total total)))
         (names '("ert" "Robot1" "Robot2" "Robot3" "Robot4" "Robot5" "Robot6" "Robot7" "Robot8" "Bartholomew"))
         (cardwords-yatzee--buffer-name "*Cardwords Yatzee ert ten*")
         (cardwords-yatzee--view
          (list :seq 1 :connected t :welcome '(:gameId "ert") :status "playing" :hints nil :me "ert"
                :rows cardwords-games-test--yatzee-rows :categories (append (cl-loop for (id . label) in '(("aces" . "Aces") ("twos" . "Twos") ("threes" . "Threes")
                                                                  ("fours" . "Fours") ("fives" . "Fives") ("sixes" . "Sixes"))
                                            collect (list :id id :label label))
                                   (list (list :id "threeAlike" :label "Three alike")))
                :sheets (cl-loop for n in names for k from 100 collect (funcall sheet n k))
                :mine (list :suggestion nil :options nil) :message ""))
         (fits (lambda ()
                 ;; no line of the table runs into the window's last column
                 (goto-char (point-min))
                 (while (not (eobp))
                   (should (<= (- (line-end-position) (line-beginning-position)) 79))
                   (forward-line 1)))))
    (with-current-buffer (get-buffer-create cardwords-yatzee--buffer-name)
      (unwind-protect
          (progn
            (cardwords-yatzee-mode)
            (cardwords-yatzee--draw)
            (should (string-match-p "^ +ert +Rob…1 +Rob…2 +Rob…3 +Rob…4 +Rob…5 +Rob…6 +Rob…7 +Rob…8 +Bart…$" (buffer-string)))
            (should (string-match-p "^Total +100 +101 +102 +103 +104 +105 +106 +107 +108 +109$" (buffer-string)))
            ;; the mode line: your total and the leader's among the others
            (should (equal mode-line-process " You:100  Bartholomew:109"))
            ;; the connection down: said before the standing
            (let ((cardwords-yatzee--view (plist-put (copy-sequence cardwords-yatzee--view) :connected nil)))
              (cardwords-yatzee--draw)
              (should (equal mode-line-process " Disconnected You:100  Bartholomew:109")))
            (cardwords-yatzee--draw)
            ;; no throw yet: no faces (five [1] read as five ones), and the others' dice likewise
            (should (string-match-p "\\(^\\|  \\)Robot1: not thrown yet\\(  \\|$\\)" (buffer-string)))
            (should (string-match-p "^Your dice (throw 0 of 3): \\[ \\] \\[ \\] \\[ \\] \\[ \\] \\[ \\] $" (buffer-string)))
            (should (string-match-p "^Three alike +- +- +- +- +- +- +- +- +- +-$" (buffer-string)))
            (funcall fits)
            ;; the web panel's rows under the upper section, Sum and Bonus (there was one "Bonus
            ;; line" and no sum); a finished upper section's bonus ("105+50") does not fit a
            ;; column of 6: the sum with its bonus instead, the seed's form; in a wider column as
            ;; it comes
            (should (string-match-p "^Sum +3 +3 +3 +3 +3 +3 +3 +3 +3 +3\nBonus +0 +0 " (buffer-string)))
            (setf (plist-get (car (last (plist-get cardwords-yatzee--view :sheets))) :upper) 105
                  (plist-get (car (last (plist-get cardwords-yatzee--view :sheets))) :bonus) "105+50"
                  (plist-get (car (last (plist-get cardwords-yatzee--view :sheets))) :bonusShort) "155")
            (cardwords-yatzee--draw)
            (should (string-match-p "^Sum +3 +3 +3 +3 +3 +3 +3 +3 +3 +105\nBonus +0 +0 +0 +0 +0 +0 +0 +0 +0 +155$" (buffer-string)))
            (funcall fits)
            ;; the hints' column of expected scores, and an option's "(50)", still in 80
            (setf (plist-get cardwords-yatzee--view :hints) t
                  (plist-get cardwords-yatzee--view :mine)
                  (list :suggestion "threeAlike" :options (append (make-list 6 nil) '(50))
                        :hint (list :expectedFinal 201.5 :categories (append (make-list 6 nil) '(12.5)))))
            (cardwords-yatzee--draw)
            (should (string-match-p "^Three alike +(50) +- +- +- +- +- +- +- +- +- +12\\.5$" (buffer-string)))
            (funcall fits)
            (setf (plist-get cardwords-yatzee--view :sheets) (last (plist-get cardwords-yatzee--view :sheets) 3)
                  (plist-get cardwords-yatzee--view :hints) nil)
            (cardwords-yatzee--draw)
            (should (string-match-p "^Sum +3 +3 +105\nBonus +0 +0 +105\\+50$" (buffer-string))))
        (remove-hook 'kill-buffer-hook #'cardwords-yatzee--killed t)
        (kill-buffer)))))

;; A Yatzee game with a place free: the buffer ends with the game's link to invite someone,
;; whole on its line after the sentence, and C-c C-w copies it; none once no place is free.
(ert-deftest cardwords-yatzee-invite-link ()
  (let* ((link "http://192.0.2.7:2567/yatzee.html?game=K7QX2M")
         (cardwords-yatzee--buffer-name "*Cardwords Yatzee ert invite*")
         (cardwords-yatzee--view
          (list :seq 1 :connected t :welcome '(:gameId "K7QX2M") :status "playing" :hints nil :me "ert"
                :rows cardwords-games-test--yatzee-rows :categories (list (list :id "aces" :label "Aces"))
                :sheets (list (list :name "ert" :scores '(nil) :dice '(1 1 1 1 1) :held '(nil nil nil nil nil)
                                    :throwsMade 0 :phase "transferred" :upper 0 :bonus "0" :bonusShort "0" :total 0))
                :mine (list :suggestion nil :options nil) :message ""
                :invite link :inviteText "To invite someone, give them this link:")))
    (with-current-buffer (get-buffer-create cardwords-yatzee--buffer-name)
      (unwind-protect
          (progn
            (cardwords-yatzee-mode)
            (cardwords-yatzee--draw)
            (goto-char (point-min))
            ;; beside the game's line, the link whole at the start of the next (80 columns)
            (should (re-search-forward "^Yatzee  game K7QX2M  playing  To invite someone, give them this link:\n" nil t))
            (should (looking-at (concat (regexp-quote link) "$")))
            (should (memq 'link (ensure-list (get-text-property (point) 'face))))
            (let ((kill-ring nil))
              (cl-letf (((symbol-function 'message) #'ignore))
                (cardwords-yatzee-copy-invite))
              (should (equal (car kill-ring) link)))
            ;; ten players present: no link, and nothing to copy
            (setf (plist-get cardwords-yatzee--view :invite) ""
                  (plist-get cardwords-yatzee--view :inviteText) "")
            (cardwords-yatzee--draw)
            (should-not (string-match-p "invite\\|yatzee\\.html" (buffer-string)))
            (should-error (cardwords-yatzee-copy-invite) :type 'user-error))
        (remove-hook 'kill-buffer-hook #'cardwords-yatzee--killed t)
        (kill-buffer)))))

;; A watcher (a game whose sheets were all held, picked from the list): told so at the top,
;; every sheet and no dice of its own; leaving asks nothing (no sheet to lose).
(ert-deftest cardwords-yatzee-watcher-view ()
  (let* ((empty (make-list 15 nil))
         (sheet (lambda (name)
                  (list :name name :scores empty :dice '(3 4 4 2 6) :held '(nil t t nil nil)
                        :throwsMade 1 :phase "thrown" :upper 0 :bonus "-63" :total 0)))
         (cardwords-yatzee--buffer-name "*Cardwords Yatzee ert watcher*")
         (cardwords-yatzee--view
          (list :seq 1 :connected t :welcome '(:gameId "ert" :kind "yatzee" :role "watcher" :owner :false)
                :status "playing" :hints :false :me nil
                :rows cardwords-games-test--yatzee-rows :categories (list (list :id "aces" :label "Aces") (list :id "chance" :label "Chance"))
                :sheets (list (funcall sheet "Ann") (funcall sheet "Robot1"))
                :mine nil :message "")))
    (with-current-buffer (get-buffer-create cardwords-yatzee--buffer-name)
      (unwind-protect
          (progn
            (cardwords-yatzee-mode)
            (cardwords-yatzee--draw)
            (goto-char (point-min))
            (should (looking-at "You are watching\\.$"))
            (should-not (string-match-p "Your dice" (buffer-string)))
            (should (string-match-p "^ +Ann +Robot1$" (buffer-string)))
            (should (string-match-p "\\(^\\|  \\)Ann: 3 4 4 2 6  throw 1\\(  \\|$\\)" (buffer-string)))
            (should-not (cardwords-yatzee--in-progress-p))
            ;; the dice keys say why nothing happens, as Cardwords says it of a watcher's keys:
            ;; a sentence, with the key that stops watching (the bridge's refusal read "you are
            ;; watching: you have no sheet to play"); nothing is sent
            (set-window-buffer (selected-window) (current-buffer))
            (let ((said nil) (sent nil))
              (cl-letf (((symbol-function 'ding) #'ignore)
                        ((symbol-function 'cardwords-bridge-request-sync) (lambda (method &rest _) (push method sent) nil))
                        ((symbol-function 'message)
                         (lambda (format &rest args) (setq said (and format (apply #'format-message format args))))))
                (dolist (keys '("SPC" "1" "RET" "u" "r" "c"))
                  (setq said nil)
                  (execute-kbd-macro (kbd keys))
                  (should (equal said "You are watching: you have no sheet to play. q stops watching."))))
              (should-not sent)))
        (remove-hook 'kill-buffer-hook #'cardwords-yatzee--killed t)
        (kill-buffer)))))

(defun cardwords-games-test--yatzee-rows (regexp)
  "How many category rows of the Yatzee buffer match REGEXP."
  (let ((n 0))
    (save-excursion
      (goto-char (point-min))
      (while (not (eobp))
        (when (and (get-text-property (point) 'cardwords-yatzee-category)
                   (string-match-p regexp (buffer-substring-no-properties
                                           (point) (line-end-position))))
          (cl-incf n))
        (forward-line 1)))
    n))

(ert-deftest cardwords-yatzee-hints ()
  ;; A fixed seed; what is asserted holds for any dice.  A robot's column beside yours:
  ;; one expected value a row at most, in the Expected column, none for the robot's sheet.
  (let ((cardwords-yatzee-robots 1) (cardwords-yatzee-name "ert")
        (cardwords-yatzee-seed "ert-hints") (cardwords-yatzee-hints t)
        (hinted "^[A-Z][^.]* +[0-9]+\\.[0-9]$")
        ;; the best hold on a line of its own when both do not fit in 80 columns
        (line "^Expected final score: [0-9]+\\.[0-9] ([0-9]+\\.[0-9] before this round)\\(  \\|\n\\)Best\\( hold: \\(none\\|the [1-6 ]+ (dice? [1-5 ]+)\\)\\|: transfer now\\)$"))
    (cardwords-yatzee "")
    (unwind-protect
        (with-current-buffer "*Cardwords Yatzee*"
          ;; Before the first throw: the expected final score, no category values yet.
          (cardwords-games-test--wait
           (lambda () (string-match-p "^Expected final score: [0-9]+\\.[0-9]$" (buffer-string)))
           "the expected final score")
          (should (= (cardwords-games-test--yatzee-rows hinted) 0))
          ;; Thrown: the best hold, and every open category (all fifteen) its expected value.
          (execute-kbd-macro (kbd "SPC"))
          (cardwords-games-test--wait (lambda () (string-match-p line (buffer-string))) "the hint line")
          (should (string-match-p "^ +\\(Robot1 +ert\\|ert +Robot1\\) +Expected$" (buffer-string)))
          (should (= (cardwords-games-test--yatzee-rows hinted) 15))
          (should (= (cardwords-games-test--yatzee-rows "^Chance +\\([-0-9()]+ +\\)\\{2\\}[0-9]+\\.[0-9]$") 1))
          ;; Transferred and thrown again: the filled category shows its score, no value.
          (execute-kbd-macro (kbd "RET"))
          (cardwords-games-test--wait (lambda () (string-match-p "throw 0 of 3" (buffer-string))) "transfer")
          (execute-kbd-macro (kbd "SPC"))
          (cardwords-games-test--wait
           (lambda () (and (string-match-p "throw 1 of 3" (buffer-string))
                           (string-match-p line (buffer-string))))
           "the second hint")
          (should (= (cardwords-games-test--yatzee-rows hinted) 14))
          (should (= (cardwords-games-test--yatzee-rows "^[A-Z][^.(]*$") 1))
          ;; h hides them all; h again brings them back.
          (execute-kbd-macro (kbd "h"))
          (should-not cardwords-yatzee-hints)
          (cardwords-games-test--wait
           (lambda () (not (string-match-p "Expected" (buffer-string)))) "the hints hidden")
          (should (= (cardwords-games-test--yatzee-rows hinted) 0))
          (execute-kbd-macro (kbd "h"))
          (cardwords-games-test--wait (lambda () (string-match-p line (buffer-string))) "the hints back")
          (should (= (cardwords-games-test--yatzee-rows hinted) 14)))
      (ignore-errors (with-current-buffer "*Cardwords Yatzee*" (cardwords-yatzee-leave t))))))

(ert-deftest cardwords-play-draws-and-reads-keys ()
  ;; the deal of seed ert8: [T -1] [T 1] [N 1] [E 1], our turn first
  (let ((cardwords-play-ruleset (file-name-as-directory (getenv "CARDWORDS_DIR")))
        (cardwords-play-seed "ert8") (cardwords-play-name "ert") (cardwords-play-level "casual"))
    (cl-letf (((symbol-function 'read-directory-name)
               (lambda (&rest _) cardwords-play-ruleset)))
      (cardwords-play ""))
    (unwind-protect
        (with-current-buffer "*Cardwords*"
          (cardwords-games-test--wait
           (lambda () (string-match-p "^Hand: \\[" (buffer-string))) "the hand")
          ;; Cell attributes drawn with the preview's faces; the turn highlighted.
          (let ((w2 (cardwords-games-test--table-text "W2")))
            (should w2)
            (should (memq 'cardwords-preview-word (cardwords-games-test--face-at w2))))
          ;; G4 has cell points 5 and letter factor 2 (tiny.cardtable: (6,3) C 5 L 2): both
          ;; show; D4 is the start cell, marked (the first move must cover it), and the
          ;; legend says so
          (let ((g4 (cardwords-games-test--where 'cardwords-play-cell '(6 . 3)))
                (d4 (cardwords-games-test--where 'cardwords-play-cell '(3 . 3))))
            (should (equal (buffer-substring-no-properties g4 (+ g4 5)) " C5L2"))
            (should (equal (buffer-substring-no-properties d4 (+ d4 5)) " *   "))
            (should (memq 'cardwords-preview-start (cardwords-games-test--face-at (1+ d4)))))
          ;; the legend within 79 columns (it was one line of 112 at the English start)
          (should (string-match-p "^Cells: C points, L letter factor, W word factor (C5L2: both), ## blocked,\n       \\* start: The first move must cover D4\\.$"
                                  (buffer-string)))
          (goto-char (point-min))
          (search-forward " ert ")
          (should (memq 'cardwords-play-turn (cardwords-games-test--face-at (match-beginning 0))))
          ;; Nothing composed on our turn: the preview says what RET (or C-c C-p) does, in the
          ;; web panel's words (it said "pass: -1")
          (cardwords-games-test--wait
           (lambda () (string-match-p "^Preview: Return passes: -1 point\\.$" (buffer-string)))
           "the preview of RET")
          (should-not (string-match-p "pass: -1$" (buffer-string)))
          ;; "Which T?" (two T cards, -1 and 1): the card and the points typed so far are in
          ;; the action area, the question stays; `-' showed nothing until the next key
          (execute-kbd-macro (kbd "4 d t"))
          (should (string-match-p "^Action: {4D}  across  T\\?$" (buffer-string)))
          (should (string-match-p "^Which T\\? Type its points: -1, 1\\.$" (buffer-string)))
          (execute-kbd-macro (kbd "-"))
          (should (string-match-p "^Action: {4D}  across  T-$" (buffer-string)))
          (should (string-match-p "^Which T\\? Type its points: -1, 1\\.$" (buffer-string)))
          (execute-kbd-macro (kbd "1"))
          (should (string-match-p "^Action: 4D  across  T -1$" (buffer-string)))
          (should-not (string-match-p "^Which T" (buffer-string)))
          (execute-kbd-macro (kbd "C-c C-k"))
          ;; Keys go to the action area; a click on a cell sets the location, on a card adds it.
          (execute-kbd-macro (kbd "4 a"))
          (should (string-match-p "^Action: {?4A}?  across" (buffer-string)))
          ;; a location and no card: said what the keys made (`{4A}' alone, typed for the
          ;; hand's fourth card or an A it lacks, explained nothing)
          (should (string-match-p "^  4A across is where the move goes: now type the letters of your cards\\.$"
                                  (buffer-string)))
          (execute-kbd-macro (kbd "C-c C-k"))
          (let ((cell (cardwords-games-test--where 'cardwords-play-cell '(3 . 3))))
            (cardwords-play-click (list 'mouse-1 (list (selected-window) cell '(0 . 0) 0))))
          (should (string-match-p "^Action: {?\\(D4\\|4D\\)}? " (buffer-string)))
          (let ((card (text-property-any (point-min) (point-max) 'cardwords-play-hand 0)))
            (cardwords-play-click (list 'mouse-1 (list (selected-window) card '(0 . 0) 0))))
          (should (memq 'cardwords-play-used
                        (cardwords-games-test--face-at
                         (text-property-any (point-min) (point-max) 'cardwords-play-hand 0))))
          ;; The preview in the web panel's sentences (it said "move: not valid yet" and the
          ;; engine's "the move creates no word of 2 or more cards")
          (should (string-match-p "^Preview: This move would be refused:\n  the move makes no word of two or more cards$"
                                  (buffer-string)))
          (should (string-match-p "\\` Your turn You:0 Robot1:0\\'" mode-line-process))
          ;; TE from D4: the score in a sentence, then each word with its points (it said
          ;; "move: 0 (TE 0)")
          (execute-kbd-macro (kbd "C-c C-k"))
          (execute-kbd-macro (kbd "4 d t - 1 e"))
          (should (string-match-p "^Preview: This move scores 0 points\\. TE: 0$" (buffer-string)))
          ;; A trade by keys: C-c C-t, a card of the hand typed (N: the only one), RET; the log says so.
          (execute-kbd-macro (kbd "C-c C-k"))
          (execute-kbd-macro (kbd "C-c C-t"))
          (execute-kbd-macro "n")
          ;; what RET does: it said "trade 1: -1"
          (should (string-match-p "^Preview: Return trades 1 card: -1 point\\.$" (buffer-string)))
          (execute-kbd-macro (kbd "RET"))
          (cardwords-games-test--wait
           (lambda () (string-match-p "^  ert: traded 1 for" (buffer-string))) "the trade in the log"))
      (ignore-errors (with-current-buffer "*Cardwords*" (cardwords-play-leave t))))))

;; Drawing without a game: views as the bridge sends them, the table 3 x 2.

(defun cardwords-games-test--within-columns (columns)
  "Check that no line of the buffer is wider than COLUMNS."
  (save-excursion
    (goto-char (point-min))
    (while (not (eobp))
      (let ((line (buffer-substring (line-beginning-position) (line-end-position))))
        (should (equal (list line (<= (string-width line) columns)) (list line t))))
      (forward-line 1))))

(defun cardwords-games-test--view (&rest overrides)
  "A Cardwords view as the bridge sends one (3 x 2 table), OVERRIDES put in."
  (let ((view (list :seq 1 :connected t :welcome '(:gameId "ert" :owner t) :seat 0 :status "playing"
                    :round 1 :moves 2 :turn 0 :pile 5 :width 3 :height 2
                    :columns '("A" "B" "C") :rows '("1" "2")
                    :cells (cl-loop for i below 6
                                    collect (list :i i :blocked nil :points (if (= i 2) 3 0)
                                                  :letter 1 :word (if (= i 4) 2 1)))
                    ;; C worth 3 on A1, a wildcard played as E on B1, Q worth 10 on A2
                    :board '((:col 0 :row 0 :char "C" :points 3 :meaning "")
                             (:col 1 :row 0 :char "" :points 0 :meaning "E")
                             (:col 0 :row 1 :char "Q" :points 10 :meaning ""))
                    :players '((:name "ert" :robot nil :score 4 :cards 4 :connected t)
                               (:name "Robot1" :robot t :score 0 :cards 4 :connected t))
                    :hand '((:i 0 :text "A 1" :used t) (:i 1 :text "B 2" :used nil))
                    ;; A worth 1 being composed on C2
                    :composing '(:display "C2" :mode "cards" :buffer "" :direction "across"
                                          :placed ((:col 2 :row 1 :char "A" :points 1 :meaning "" :text "A 1"))
                                          :cards ("A 1"))
                    :preview '(:text "This move scores 2 points." :details ("QWA: 2") :problems nil :note "")
                    :unseen '("B 2") :log '("ert: CE for 4") :message "" :results nil)))
    (while overrides
      (setq view (plist-put view (pop overrides) (pop overrides))))
    view))

(defun cardwords-games-test--table-15x15 (&optional w3)
  "The view's fields of an empty 15x15 table, the English ruleset's size.
W3, if given, is the index of a cell with word factor 3."
  (list :width 15 :height 15
        :columns (cl-loop for c from ?A to ?O collect (string c))
        :rows (cl-loop for r from 1 to 15 collect (number-to-string r))
        :cells (cl-loop for i below 225
                        collect (list :i i :blocked nil :points 0 :letter 1
                                      :word (if (eql i w3) 3 1)))))

(defconst cardwords-games-test--result-columns
  '("Player" "Points in hand" "End adjustment (included)" "Final score")
  "The results' headings as the bridge sends them (the web panel's).")

(defconst cardwords-games-test--result-marks
  '(:winner "winner" :stoodIn "a robot stood in")
  "The results rows' marks as the bridge sends them (the web panel's).")

(defmacro cardwords-games-test--drawn (view &rest body)
  "Draw VIEW in a Cardwords buffer of its own and run BODY there."
  (declare (indent 1))
  `(let ((cardwords-play--buffer-name "*Cardwords ert view*")
         (cardwords-play--view ,view))
     (with-current-buffer (get-buffer-create cardwords-play--buffer-name)
       (unwind-protect
           (progn (cardwords-play-mode) (cardwords-play--draw) ,@body)
         (remove-hook 'kill-buffer-hook #'cardwords-play--killed t)
         (kill-buffer)))))

(ert-deftest cardwords-play-cards-do-not-read-as-cells ()
  ;; A card is drawn in brackets, as in the hand: [C 3] is a card, C3 a cell's points.
  (cardwords-games-test--drawn (cardwords-games-test--view)
    (let ((text (buffer-substring-no-properties (point-min) (point-max))))
      (should (string-match-p "^     A    B    C *$" text))
      (should (string-match-p "^  1 \\[C 3\\]\\[e 0\\] C3 *$" text))
      (should (string-match-p "^  2 \\[Q10\\] W2  \\[A 1\\] *$" text))
      (should-not (string-match-p "C3\\]\\|\\[C3" text)))
    (should (memq 'cardwords-play-card
                  (cardwords-games-test--face-at (cardwords-games-test--table-text "[C 3]"))))
    (should (memq 'cardwords-play-composed
                  (cardwords-games-test--face-at (cardwords-games-test--table-text "[A 1]"))))
    (should (memq 'cardwords-preview-points
                  (cardwords-games-test--face-at (cardwords-games-test--table-text "C3"))))
    ;; every cell five columns wide, under its column's label
    (dotimes (row 2)
      (dotimes (col 3)
        (goto-char (cardwords-games-test--where 'cardwords-play-cell (cons col row)))
        (should (= (current-column) (+ 4 (* 5 col))))
        (should (= (- (next-single-property-change (point) 'cardwords-play-cell nil (line-end-position))
                      (point))
                   5)))))
  ;; A card never split at the end of a line: the message (the review's hand) wrapped in the
  ;; middle of "[S 1]"; the Unseen line was cut at the window's edge (64 kinds of card)
  (cardwords-games-test--drawn
      (cardwords-games-test--view
       :message "Turn 18 of 19: Robot1: passed for -1 · Robot1's hand before the turn: [N 1] [S 1]"
       :unseen (cl-loop for i below 64 collect (format "%c %d" (+ ?A (% i 26)) (+ 10 (/ i 26)))))
    (let ((lines (split-string (buffer-substring-no-properties (point-min) (point-max)) "\n")))
      (dolist (line lines)
        (should (< (string-width line) 80))
        (should-not (string-match-p "\\[[^]]*$" line)))
      (should (cl-some (lambda (l) (string-match-p "\\[S 1\\]$" l)) lines))
      (should (string-match-p "^Unseen: 64 cards: \\[A 10\\]×1 \\[B 10\\]×1 " (buffer-string)))
      ;; each whole on a line
      (should (= (how-many "\\[[A-Z] 1[012]\\]×1" (point-min) (point-max)) 64))))
  ;; counted and grouped as the web panel lists them: it read "A 2 A 2 A 2 … J 10 K 6"
  (cardwords-games-test--drawn (cardwords-games-test--view :unseen '("A 2" "A 2" "J 10" "K 6"))
    (should (string-match-p "^Unseen: 4 cards: \\[A 2\\]×2 \\[J 10\\]×1 \\[K 6\\]×1$" (buffer-string)))))

(ert-deftest cardwords-play-again-keeps-the-game-going-on ()
  ;; M-x cardwords-play while a game goes on in its buffer asked whether to resume that very
  ;; game, and "n" replaced it with a new one, unasked.  Now it asks first; no shows the game.
  (cardwords-games-test--drawn (cardwords-games-test--view)
    (let ((view cardwords-play--view) (asked nil) (said nil))
      (cl-letf (((symbol-function 'y-or-n-p) (lambda (prompt) (push prompt asked) nil))
                ((symbol-function 'read-string) (lambda (&rest _) (error "Asked for a server")))
                ((symbol-function 'message)
                 (lambda (format &rest args) (push (apply #'format-message format args) said))))
        (call-interactively #'cardwords-play))
      (should (equal asked '("Close the game going on (your seat is kept to resume) for another? ")))
      (should (eq (current-buffer) (get-buffer cardwords-play--buffer-name)))
      (should (eq cardwords-play--view view))
      (should (string-match-p "\\`Your game goes on: C-c C-q leaves it\\.\\'" (car said)))
      ;; yes: on to the server's address (the game is closed as a drop only then)
      (should (eq 'url
                  (catch 'read
                    (cl-letf (((symbol-function 'y-or-n-p) (lambda (_) t))
                              ((symbol-function 'read-string) (lambda (&rest _) (throw 'read 'url))))
                      (call-interactively #'cardwords-play)))))
      (should (eq cardwords-play--view view)))))

(defun cardwords-games-test--line-of (regexp)
  "The line number of the first line matching REGEXP, or nil."
  (save-excursion
    (goto-char (point-min))
    (and (re-search-forward regexp nil t) (line-number-at-pos))))

(defun cardwords-games-test--window-of-80x24 ()
  "The selected window, alone, showing the current buffer in 21 lines.
As an 80x24 terminal does: 24 lines less the menu bar, the mode line and
the echo area."
  (let ((window (selected-window)))
    (delete-other-windows)
    (split-window window 22)
    (set-window-buffer window (current-buffer))
    (should (= (window-body-height window) 21))
    window))

;; A log line longer than the window (after the game, a move with the best robot's beside it)
;; goes on on the next line of Last:, not cut at the window's edge with lines free below.
(ert-deftest cardwords-play-breaks-a-long-last-line ()
  (let ((line "me: BEAN for 4 · The best robot here: BEAN (wildcard at letter 3) at 2C (4)"))
    (cardwords-games-test--drawn (cardwords-games-test--view :last (list line) :log (list line))
      (unwind-protect
          (let ((window (cardwords-games-test--window-of-80x24)))
            (cardwords-play--draw)
            (let ((start (cardwords-games-test--line-of "^Last: ")) (shown nil))
              (should start)
              (save-excursion
                (goto-char (point-min))
                (forward-line (1- start))
                (push (buffer-substring-no-properties (point) (line-end-position)) shown)
                (forward-line 1)
                (while (looking-at "      [^ ]")
                  (push (buffer-substring-no-properties (point) (line-end-position)) shown)
                  (forward-line 1)))
              ;; every line within the window, and the whole move said
              (dolist (l shown) (should (< (string-width l) (window-body-width window))))
              (should (string-match-p "at 2C (4)" (mapconcat #'string-trim (reverse shown) " ")))))
        (delete-other-windows)))))

;; A hint too long for a line goes on under its first word, as the preview does (its second
;; line started at the left edge).
(ert-deftest cardwords-play-indents-a-hint-that-wraps ()
  (let ((hint (concat "Hint: move QUIXOTIC (wildcards at letters 3, 5) for 120, equity 118.5; "
                      "RET plays it (1 of 10: M-n, M-p)")))
    (cardwords-games-test--drawn (cardwords-games-test--view :message hint)
      (unwind-protect
          (let ((window (cardwords-games-test--window-of-80x24)))
            (cardwords-play--draw)
            (should (= (window-body-width window) 80))
            (let ((line (cardwords-games-test--line-of "^Hint: move QUIXOTIC")))
              (should line)
              (save-excursion
                (goto-char (point-min))
                (forward-line line)
                (should (looking-at "      [^ ]"))))
            ;; defect: the hint's place in the list broke as "(1" and "of 10: M-n, M-p)" at 80
            ;; columns (here "(1" ends the first line's 79 columns): it stays whole
            (setq cardwords-play--view
                  (cardwords-games-test--view
                   :seq 2 :message "Hint: move QUIXOTIC (wildcard at letter 3) for 12, equity 11.5; RET plays it (1 of 10: M-n, M-p)"))
            (cardwords-play--draw)
            (should (cardwords-games-test--line-of "^Hint: move QUIXOTIC (wildcard at letter 3) for 12, equity 11\\.5; RET plays it$"))
            (should (cardwords-games-test--line-of "^      (1 of 10: M-n, M-p)$")))
        (delete-other-windows)))))

;; A window made lower for a moment (a question of two lines in the echo area, such as the
;; resume prompt) and then as high as before: the buffer is drawn again for the new height
;; (it kept the lower layout, its last lines cut, until the next key).
(ert-deftest cardwords-play-draws-again-when-its-window-changes-size ()
  (let* ((log (cl-loop for i from 1 to 12 collect (format "Robot%d: move number %d for %d" (1+ (% i 3)) i i)))
         (table (cardwords-games-test--table-15x15 0)))
    (cardwords-games-test--drawn
        (apply #'cardwords-games-test--view :log log :last (last log 3) table)
      (unwind-protect
          (cl-letf (((symbol-function 'cardwords-play--mode-line-shows-p) (lambda (_) t)))
            (let* ((window (cardwords-games-test--window-of-80x24))
                   (full (progn (cardwords-play--draw) (buffer-string))))
              (should (memq #'cardwords-play--resized window-size-change-functions))
              ;; two lines lower: another layout
              (let ((other (split-window window 19)))
                (cardwords-play--draw)
                (should-not (equal (buffer-string) full))
                ;; as high as before: the hook draws the full layout again
                (delete-window other))
              (should (= (window-body-height window) 21))
              (run-hook-with-args 'window-size-change-functions window)
              (should (equal (buffer-string) full))))
        (delete-other-windows)))))

(ert-deftest cardwords-play-keeps-the-table-and-the-newest-log-line-in-sight ()
  ;; A 15x15 table (the English ruleset's) in an 80x24 terminal: 21 lines of text under the
  ;; menu bar, above the mode line and the echo area.  The column labels, every row, the
  ;; hand, the action area with its preview, the message and the newest log line (Last:)
  ;; are in those lines; the scores in the mode line; the whole log further down.  A redraw leaves the window where it is: it does not scroll to the
  ;; log's end.
  (let* ((log (cl-loop for i from 1 to 12 collect (format "ert: move %d for %d" i i)))
         (table (cardwords-games-test--table-15x15 0)))
    (cardwords-games-test--drawn
        (apply #'cardwords-games-test--view :log log :message "Hint: move CAB for 9; RET plays it" table)
      (unwind-protect
          (let ((window (cardwords-games-test--window-of-80x24)))
            ;; the mode line holds the scores of two players: no Scores line
            (cl-letf (((symbol-function 'cardwords-play--mode-line-shows-p) (lambda (_) t)))
              (cardwords-play--draw))
            (dolist (regexp '("^     A    B    C    D .* O *$" "^ 15 " "^Hand: \\[" "^Action: C2  across"
                              "^Preview: This move scores 2 points\\. QWA: 2$" "^Hint: move CAB" "^Last: ert: move 12 for 12$"))
              (let ((line (cardwords-games-test--line-of regexp)))
                (should line)
                (should (<= line 21))))
            (should-not (cardwords-games-test--line-of "^Scores:"))
            ;; whose turn and the scores in the mode line
            (should (equal mode-line-process " Your turn You:4 Robot1:0"))
            ;; the whole log below, the newest last
            (should (> (cardwords-games-test--line-of "^  ert: move 1 for 1$") 21))
            (should (cardwords-games-test--line-of "^  ert: move 12 for 12$"))
            ;; in a window lower than the buffer a redraw keeps the buffer's start in view
            (split-window window 12)
            (set-window-start window (point-min))
            (should (< (window-body-height window) (count-lines (point-min) (point-max))))
            (cardwords-play--draw)
            (should (= (window-start window) (point-min)))
            ;; ...and a window scrolled down to the log stays there
            (let ((log-start (save-excursion (goto-char (point-min)) (re-search-forward "^Log:$")
                                             (line-beginning-position))))
              (set-window-start window log-start)
              (set-window-point window log-start)
              (cardwords-play--draw)
              (should (= (window-start window) log-start))))
        (delete-other-windows)))))

(ert-deftest cardwords-play-shows-every-score-and-keeps-the-lines-in-sight ()
  ;; Four players in an 80x24 terminal: the mode line cuts the scores at the window's edge, so
  ;; a Scores line above Last: has them all (the one whose turn it is in its face).  A preview
  ;; with two problems and a refusal under it: the lines down to Last: share lines, the refusal
  ;; keeping a line of its own; in a tall window each has its own.  They share only what fits
  ;; in 80 columns (one line of 130 was cut at the window's edge): here that is a line more
  ;; than the 21, which Last: gives up (it is in the log too).
  (let* ((log (cl-loop for i from 1 to 12 collect (format "Robot3: move %d for %d" i i)))
         (table (cardwords-games-test--table-15x15))
         (players '((:name "ert" :robot nil :score 4 :cards 7 :connected t)
                    (:name "Robot1" :robot t :score 0 :cards 7 :connected t)
                    (:name "Robot2" :robot t :score 7 :cards 7 :connected t)
                    (:name "Robot3" :robot t :score 112 :cards 7 :connected t)))
         (problems '("the move touches no card on the table" "the first move must cover H8")))
    (cardwords-games-test--drawn
        (apply #'cardwords-games-test--view :log log
                                    :players players :turn 2
                                    :preview (list :text "This move would be refused:" :details nil :problems problems :note "")
                                    :message "You have no Q in your hand." table)
      (unwind-protect
          (let ((window (cardwords-games-test--window-of-80x24)))
            ;; the mode line as a terminal of 80 columns draws it: cut
            (cl-letf (((symbol-function 'cardwords-play--mode-line-shows-p) (lambda (_) nil)))
              (cardwords-play--draw))
            (should (equal mode-line-process " Robot2's turn You:4 Robot1:0 Robot2:7 Robot3:112"))
            (dolist (regexp '("^     A    B    C    D .* O *$" "^  1 " "^ 15 " "^Hand: \\[" "^Action: C2  across"
                              "Preview: This move would be refused:" "the move touches no card on the table"
                              "^You have no Q in your hand\\.$"
                              "^Scores: You:4  Robot1:0  Robot2:7  Robot3:112$"))
              (let ((line (cardwords-games-test--line-of regexp)))
                (should line)
                (should (<= line 21))))
            (should (equal (cardwords-games-test--line-of "^Last: Robot3: move 12 for 12$") 22))
            (should (equal (cardwords-games-test--line-of "^Action: C2  across  A 1  Preview: This move would be refused:$") 18))
            (should (equal (cardwords-games-test--line-of "^  the move touches no card on the table  the first move must cover H8$") 19))
            (cardwords-games-test--within-columns 79)
            (goto-char (point-min))
            (search-forward "Robot2:7")
            (should (memq 'cardwords-play-turn (cardwords-games-test--face-at (match-beginning 0))))
            (should-not (memq 'cardwords-play-turn (cardwords-games-test--face-at (- (point) 12))))
            ;; a mode line that holds them: no Scores line
            (cl-letf (((symbol-function 'cardwords-play--mode-line-shows-p) (lambda (_) t)))
              (cardwords-play--draw))
            (should-not (cardwords-games-test--line-of "^Scores:"))
            ;; a tall window: a line each, the problems indented under the preview
            (delete-other-windows)
            (cl-letf (((symbol-function 'window-body-height) (lambda (&rest _) 40))
                      ((symbol-function 'cardwords-play--mode-line-shows-p) (lambda (_) nil)))
              (cardwords-play--draw))
            (should (string-match-p
                     (concat "^Action: C2  across  A 1\nPreview: This move would be refused:\n"
                             "  the move touches no card on the table\n  the first move must cover H8\n"
                             "You have no Q in your hand\\.\nScores: You:4  Robot1:0  Robot2:7  Robot3:112\n"
                             "Last: Robot3: move 12 for 12\n")
                     (buffer-substring-no-properties (point-min) (point-max)))))
        (delete-other-windows)))))

(ert-deftest cardwords-play-last-shows-every-move-since-your-turn ()
  ;; Four players in an 80x24 terminal: Last: showed only the newest of the three robots'
  ;; moves.  Every move since your own last turn is there now (the bridge's `last'), as many on
  ;; a line as fit, in the 21 lines with the table, the hand, the action area and the Scores line.
  (let* ((last '("Robot1: QUIXOTE, QI for 112" "Robot2: JAZZ, ZA, AX for 57" "Robot3: traded 3 for -3"))
         (table (cardwords-games-test--table-15x15))
         (players '((:name "ert" :robot nil :score 4 :cards 7 :connected t)
                    (:name "Robot1" :robot t :score 112 :cards 7 :connected t)
                    (:name "Robot2" :robot t :score 57 :cards 7 :connected t)
                    (:name "Robot3" :robot t :score -3 :cards 7 :connected t))))
    (cardwords-games-test--drawn
        (apply #'cardwords-games-test--view :log (append '("ert: CAB for 4") last) :last last
                                    :players players
                                    :composing '(:display "_" :mode "coord" :buffer "" :direction "across"
                                                          :pending "" :placed nil :cards nil)
                                    :preview '(:text "Return passes: -1 point." :details nil :problems nil :note "")
                                    table)
      (unwind-protect
          (progn
            (cardwords-games-test--window-of-80x24)
            (cl-letf (((symbol-function 'cardwords-play--mode-line-shows-p) (lambda (_) nil)))
              (cardwords-play--draw))
            (dolist (regexp (append '("^     A    B    C    D .* O *$" "^ 15 " "^Hand: \\[" "^Action: _  across"
                                      "Preview: Return passes: -1 point\\." "^Scores: You:4  Robot1:112"
                                      "^Last: Robot1: QUIXOTE, QI for 112")
                                    (mapcar #'regexp-quote last)))
              (let ((line (cardwords-games-test--line-of regexp)))
                (should line)
                (should (<= line 21))))
            ;; every line of the screen whole in 80 columns
            (goto-char (point-min))
            (dotimes (_ 21)
              (should (<= (- (line-end-position) (line-beginning-position)) 80))
              (forward-line 1))
            ;; a message leaves Last: one line: two moves that do not fit on it went on it
            ;; joined, 93 columns cut at the edge; each is whole on a line of its own
            (setq cardwords-play--view
                  (plist-put (plist-put cardwords-play--view :message "You have no Q in your hand.")
                             :last '("Bo (robot standing in): POUKE, PA, OR, UN, KY for 53"
                                     "Robot1: TAHA, BA, PAH, ORA for 43")))
            (cl-letf (((symbol-function 'cardwords-play--mode-line-shows-p) (lambda (_) nil)))
              (cardwords-play--draw))
            (cardwords-games-test--within-columns 79)
            (should (cardwords-games-test--line-of "^Last: Bo (robot standing in): POUKE, PA, OR, UN, KY for 53$"))
            (should (cardwords-games-test--line-of "^      Robot1: TAHA, BA, PAH, ORA for 43$")))
        (delete-other-windows)))))

;; At 80 columns the score board's and the log's long lines ran past the window's edge, cut
;; with $ ("… removed by the owner, a robot plays  asks fo$", the review's best robot beside a
;; turn): they are broken at the window's width, every word in sight.
(ert-deftest cardwords-play-wraps-the-score-board-and-the-log ()
  (let ((entry "Bob: BATS, NETS for 16 · The best robot here: NETS (wildcard at letter 4), BATS at 3C (18) · and more words")
        (players '((:name "ert" :robot nil :score 30 :cards 4 :connected t)
                   (:name "Bartholomew" :robot nil :score 24 :cards 1 :connected nil :removed t :left t :rematch t))))
    (cardwords-games-test--drawn
        (apply #'cardwords-games-test--view :players players :log (list entry) (cardwords-games-test--table-15x15))
      (unwind-protect
          (progn
            (cardwords-games-test--window-of-80x24)
            (cardwords-play--draw)
            (goto-char (point-min))
            (while (not (eobp))
              (should (<= (- (line-end-position) (line-beginning-position)) 79))
              (forward-line 1))
            (should (string-match-p "^ Bartholomew    24 points  1 card  removed by the owner, a robot plays$" (buffer-string)))
            (should (string-match-p "^ +asks for a rematch$" (buffer-string)))
            (should (string-match-p (concat "^  " (mapconcat #'regexp-quote (split-string entry " ") "[ \n]+")) (buffer-string))))
        (delete-other-windows)))))

(ert-deftest cardwords-play-wraps-a-long-message ()
  ;; A message longer than the window (the owner's word question waited in a line of about 90
  ;; columns, the others' in 140) is wrapped at its width, every word of it on the screen.
  (let* ((said (concat "QUIXOTE is not in the dictionary. The owner has been asked to add it; try another move, "
                       "or wait and try again. Waiting for the owner's answer."))
         (table (cardwords-games-test--table-15x15)))
    (cardwords-games-test--drawn
        (apply #'cardwords-games-test--view :message said table)
      (unwind-protect
          (let ((screen nil))
            (cardwords-games-test--window-of-80x24)
            (cl-letf (((symbol-function 'cardwords-play--mode-line-shows-p) (lambda (_) t)))
              (cardwords-play--draw))
            (goto-char (point-min))
            (dotimes (_ 21)
              (let ((line (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
                (should (<= (length line) 80))
                (push line screen))
              (forward-line 1))
            (setq screen (mapconcat #'identity (nreverse screen) "\n"))
            (should (string-match-p "^Last: ert: CE for 4$" screen))
            (should (string-match-p "^Action: C2  across  A 1" screen))
            ;; the message's words in order, across its lines
            (should (string-match-p (mapconcat #'regexp-quote (split-string said " ") "[ \n]+") screen)))
        (delete-other-windows)))))

;; The review after the game: the cards the view rings in their own face, no Last: while a
;; turn is shown, and [, ] and b asking the bridge for the turn before, after, and the best
;; robot's move (the bridge steps, as the web panel: media/cardwords/words.ts reviewStepped);
;; before the review has come, nothing is asked and the echo area says why.
(ert-deftest cardwords-play-review-rings-and-steps ()
  (let ((sent nil) (said nil))
    (cl-letf (((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method params &rest _) (push (list method params) sent) nil))
              ((symbol-function 'message) (lambda (fmt &rest args) (push (apply #'format fmt args) said)))
              ((symbol-function 'ding) #'ignore))
      (cardwords-games-test--drawn
          (cardwords-games-test--view :status "over" :turn -1
                                      :review '(:step 1 :of 3 :best nil :ringed ((:col 0 :row 0))))
        (should (memq 'cardwords-play-shown
                      (cardwords-games-test--face-at (cardwords-games-test--table-text "[C 3]"))))
        (should (memq 'cardwords-play-card
                      (cardwords-games-test--face-at (cardwords-games-test--table-text "[Q10]"))))
        ;; no Last: while a turn is shown (the message says which); the final table has it
        (should-not (string-match-p "^Last: " (buffer-string)))
        ;; no Hand: line without cards (the bridge sends none during a step), as the web
        ;; panel hides its hand; with cards it is there
        (should (string-match-p "^Hand: \\[" (buffer-string)))
        (let ((cardwords-play--view (plist-put (copy-sequence cardwords-play--view) :hand nil)))
          (cardwords-play--draw)
          (should-not (string-match-p "^Hand:" (buffer-string))))
        (let ((cardwords-play--view (plist-put (copy-sequence cardwords-play--view) :review
                                               '(:step nil :of 3 :best nil :ringed nil))))
          (cardwords-play--draw)
          (should (string-match-p "^Last: ert: CE for 4$" (buffer-string))))
        (dolist (key '("[" "]" "b"))
          (let ((last-command-event (string-to-char key))) (cardwords-play-key)))
        (should (equal (nreverse sent)
                       '(("cardwords/review" (:delta -1))
                         ("cardwords/review" (:delta 1))
                         ("cardwords/review" (:best t)))))
        (setq sent nil)
        (setq cardwords-play--view (plist-put cardwords-play--view :review '(:step 1 :of 3 :best t :ringed nil)))
        (let ((last-command-event ?b)) (cardwords-play-key))
        (should (equal sent '(("cardwords/review" (:best :false)))))
        ;; over, the history not here yet: nothing asked, the echo area says why
        (setq sent nil)
        (setq cardwords-play--view (plist-put cardwords-play--view :review nil))
        (let ((last-command-event ?\])) (cardwords-play-key))
        (should-not sent)
        (should (equal (car said) "The review has not come yet: the game's history comes with the end"))))))

(ert-deftest cardwords-bridge-says-a-server-is-kept-for-guests ()
  ;; the bridge keeps a local server running for the people still on it after the last game
  ;; here left, and says so: Emacs shows its words; other notifications say nothing here
  (let ((said nil))
    (cl-letf (((symbol-function 'message) (lambda (format &rest args) (push (apply #'format format args) said))))
      (run-hook-with-args 'cardwords-bridge-notification-functions "server/kept"
                          '(:url "http://127.0.0.1:1" :people 1 :text "The local game server runs on."))
      (run-hook-with-args 'cardwords-bridge-notification-functions "server/other" '(:text "no"))
      ;; the bridge's sentence, broken at a space at 80 columns (it broke inside "watc" / "hing")
      (run-hook-with-args 'cardwords-bridge-notification-functions "server/kept"
                          '(:url "http://127.0.0.1:1" :people 1 :text "The local game server runs on for the 1 person still playing or watching there; it stops once they have left, or when the editor quits."))
      ;; a server that stopped under a game: started again, or why not (said "reconnecting" for ever)
      (run-hook-with-args 'cardwords-bridge-notification-functions "server/stopped"
                          '(:url "http://127.0.0.1:1" :restarted t :text "The local game server stopped.")))
    (should (equal (reverse said)
                   '("Cardwords: The local game server runs on."
                     "Cardwords: The local game server runs on for the 1 person still playing or\nwatching there; it stops once they have left, or when the editor quits."
                     "Cardwords: The local game server stopped."))))
  ;; after a leave's words, still in the echo area: kept before it (they went at once)
  (let ((said nil))
    (cl-letf (((symbol-function 'message) (lambda (format &rest args) (push (apply #'format format args) said)))
              ((symbol-function 'current-message) (lambda () (car said))))
      (cardwords-bridge-say-left "You left the game: your sheet is closed.")
      (run-hook-with-args 'cardwords-bridge-notification-functions "server/kept"
                          '(:url "http://127.0.0.1:1" :people 1 :text "The local game server runs on."))
      ;; once: a later notification does not say it again
      (run-hook-with-args 'cardwords-bridge-notification-functions "server/kept"
                          '(:url "http://127.0.0.1:1" :people 1 :text "The local game server runs on.")))
    (should (equal (reverse said)
                   '("You left the game: your sheet is closed."
                     "You left the game: your sheet is closed.\nCardwords: The local game server runs on."
                     "Cardwords: The local game server runs on.")))))

(ert-deftest cardwords-play-killing-the-buffer-asks-as-leaving-does ()
  ;; C-x k on a game going on leaves it: it left without a word, C-c C-q asked.  Now killing
  ;; the buffer asks first (no keeps the buffer and the game), C-c C-q asks once,
  ;; and nothing is asked after the end or in batch Emacs; Yatzee's buffer the same.
  (let ((asked nil) (answer nil) (sent nil)
        (cardwords-play--buffer-name "*Cardwords ert kill*")
        (cardwords-yatzee--buffer-name "*Cardwords Yatzee ert kill*"))
    (cl-letf (((symbol-function 'y-or-n-p) (lambda (prompt) (push prompt asked) answer))
              ((symbol-function 'cardwords-bridge-live-p) (lambda () t))
              ((symbol-function 'cardwords-bridge-leave) (lambda (method) (push method sent)))
              ((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method &rest _)
                 (push method sent)
                 ;; the bridge's answer to a leave (server/bridge/texts.ts leftText)
                 (and (equal method "cardwords/leave") (list :said "You left the game: a robot plays your seat to the end.")))))
      (cl-flet ((open-game (view)
                  (setq cardwords-play--view view)
                  (with-current-buffer (get-buffer-create cardwords-play--buffer-name)
                    (cardwords-play-mode)
                    (cardwords-play--draw))))
        (let ((cardwords-play--view nil) (noninteractive nil))
          (open-game (cardwords-games-test--view))
          ;; defect: it asked "Leave this game?", the question of C-c C-q, which gives the
          ;; seat up; killing the buffer keeps it (a drop), and the question says so
          (should-not (kill-buffer cardwords-play--buffer-name))
          (should (equal asked '("Close this game? Your seat is kept for you to resume. ")))
          (should (get-buffer cardwords-play--buffer-name))
          (should-not sent)
          (setq answer t)
          (should (kill-buffer cardwords-play--buffer-name))
          (should (= (length asked) 2))
          (should (equal sent '("cardwords/leave")))
          ;; C-c C-q asks once: the buffer it kills asks nothing more
          (setq asked nil)
          (open-game (cardwords-games-test--view))
          (let ((said nil))
            (cl-letf (((symbol-function 'message) (lambda (f &rest args) (setq said (apply #'format f args)))))
              (with-current-buffer cardwords-play--buffer-name (cardwords-play-leave)))
            ;; defect: the buffer went with nothing said: the web page's words, once it has gone
            (should (equal said "You left the game: a robot plays your seat to the end.")))
          (should (equal asked '("Leave this game for good (a robot plays your seat to the end)? ")))
          (should-not (get-buffer cardwords-play--buffer-name))
          ;; the bridge's question, the web page's words: the last person's leave ends the game
          (setq asked nil)
          (open-game (cardwords-games-test--view :leaveQuestion "Leave for good? No other person plays, so the game ends. "))
          (with-current-buffer cardwords-play--buffer-name (cardwords-play-leave))
          (should (equal asked '("Leave for good? No other person plays, so the game ends. ")))
          ;; after the end: no question
          (setq asked nil answer nil)
          (open-game (cardwords-games-test--view :status "over" :turn -1
                                            :results '(:reasonText "The owner ended the game." :results nil)))
          (should (kill-buffer cardwords-play--buffer-name))
          (should-not asked)
          ;; Yatzee: q asks, and so does killing its buffer, the bridge's question (the web
          ;; page's; it asked "Leave this game?")
          (let ((cardwords-yatzee--view (list :seq 1 :welcome '(:gameId "ert") :status "playing" :ended nil
                                              :leaveQuestion "Leave for good? Your sheet is closed and its place is free. "
                                              :rows cardwords-games-test--yatzee-rows :categories nil :sheets nil :me "ert" :mine nil :message "")))
            (with-current-buffer (get-buffer-create cardwords-yatzee--buffer-name)
              (cardwords-yatzee-mode)
              (cardwords-yatzee--draw))
            (should-not (kill-buffer cardwords-yatzee--buffer-name))
            (should (equal asked '("Leave for good? Your sheet is closed and its place is free. ")))
            (setq answer t)
            (should (kill-buffer cardwords-yatzee--buffer-name))))
        ;; batch Emacs: nobody to answer, nothing asked
        (setq asked nil answer nil)
        (let ((cardwords-play--view nil) (noninteractive t))
          (open-game (cardwords-games-test--view))
          (should (kill-buffer cardwords-play--buffer-name))
          (should-not asked))))))

;; A human gone from the table: the score board marks them, and the bridge's line under the
;; pile says when a robot plays for them; a stand-in playing the seat is marked too.
(ert-deftest cardwords-play-away ()
  (cardwords-games-test--drawn
      (cardwords-games-test--view :turn 1
                                  :players '((:name "ert" :robot nil :score 4 :cards 4 :connected t :away nil :standIn nil)
                                             (:name "Bo" :robot nil :score 0 :cards 4 :connected nil :away t :standIn nil))
                                  :away "Bo is away: a robot plays for Bo in 0:42 unless Bo comes back."
                                  :awayIn "0:42")
    (should (cardwords-games-test--line-of "^ Bo +0 points  4 cards  away$"))
    ;; the mode line, always in sight, says it too, with the wait
    (should (string-prefix-p " Bo's turn (away, a robot in 0:42) " mode-line-process))
    (should (cardwords-games-test--line-of "^ ert +4 points  4 cards  (you)$"))
    ;; one card, one point: not "1 cards" (found in a play-test)
    (should (equal (cardwords-play--count 1 "card") "1 card"))
    (should (equal (cardwords-play--count 0 "card") "0 cards"))
    (should (= (cardwords-games-test--line-of "^Bo is away: a robot plays for Bo in 0:42 unless Bo comes back\\.$")
               (1+ (cardwords-games-test--line-of "^Pile: 5 cards$"))))
    ;; away with a grace of never: no wait to say
    (let ((cardwords-play--view (plist-put (plist-put (copy-sequence cardwords-play--view) :awayIn nil)
                                           :away "Bo is away: the game waits for Bo to come back.")))
      (cardwords-play--draw)
      (should (string-prefix-p " Bo's turn (away) " mode-line-process)))
    (let ((cardwords-play--view (plist-put (plist-put (plist-put (copy-sequence cardwords-play--view) :away "") :awayIn nil)
                                           :players '((:name "ert" :robot nil :score 4 :cards 4 :connected t :away nil :standIn nil)
                                                      (:name "Bo" :robot nil :score 0 :cards 4 :connected nil :away t :standIn t)))))
      (cardwords-play--draw)
      (should (cardwords-games-test--line-of "^ Bo +0 points  4 cards  away, a robot plays$"))
      (should (string-prefix-p " Bo's turn (a robot plays) " mode-line-process))
      (should-not (string-match-p "is away" (buffer-string))))
    ;; Bo gave the seat up (C-c C-q, Leave): not away, left (he is not coming back)
    (let ((cardwords-play--view (plist-put (plist-put (plist-put (copy-sequence cardwords-play--view) :away "Bo left the game: a robot plays for Bo to the end.") :awayIn nil)
                                           :players '((:name "ert" :robot nil :score 4 :cards 4 :connected t :away nil :standIn nil)
                                                      (:name "Bo" :robot nil :score 0 :cards 4 :connected nil :away nil :left t :standIn t)))))
      (cardwords-play--draw)
      (should (cardwords-games-test--line-of "^ Bo +0 points  4 cards  left, a robot plays$"))
      (should (cardwords-games-test--line-of "^Bo left the game: a robot plays for Bo to the end\\.$")))
    ;; the owner removed Bo: said so (it read "left", as if Bo had gone)
    (let ((cardwords-play--view (plist-put (plist-put (plist-put (copy-sequence cardwords-play--view) :away "The owner removed Bo from the game: a robot plays for Bo to the end.") :awayIn nil)
                                           :players '((:name "ert" :robot nil :score 4 :cards 4 :connected t :away nil :standIn nil)
                                                      (:name "Bo" :robot nil :score 0 :cards 4 :connected nil :away nil :left t :removed t :standIn t)))))
      (cardwords-play--draw)
      (should (cardwords-games-test--line-of "^ Bo +0 points  4 cards  removed by the owner, a robot plays$"))
      (should (cardwords-games-test--line-of "^The owner removed Bo from the game: a robot plays for Bo to the end\\.$")))
    ;; the connection down (the server stopping): the mode line says so, not whose turn it is
    ;; (it said "Your turn" while nothing could be played)
    (let ((cardwords-play--view (plist-put (plist-put (plist-put (copy-sequence cardwords-play--view) :connected nil) :turn 0)
                                           :message "The server is stopping. The game is kept: reconnecting when the server is back…")))
      (cardwords-play--draw)
      (should (string-prefix-p " Disconnected " mode-line-process))
      (should (cardwords-games-test--line-of "^The server is stopping\\. The game is kept")))))

;; A game waiting for a second person: the link that invites them is in sight at 80x24 under
;; a 15x15 table, whole on its line, and C-c C-w copies it; none once every seat is taken.
(ert-deftest cardwords-play-invite-link ()
  (let ((link "http://192.0.2.7:2567/cardwords.html?game=K7QX2M"))
    (cardwords-games-test--drawn
        (apply #'cardwords-games-test--view
               :status "waiting" :turn -1 :hand nil :composing nil :preview nil :board nil :log nil
               :players '((:name "ert" :robot nil :score 0 :cards 0 :connected t)
                          (:name "(free seat)" :free t :robot nil :score 0 :cards 0 :connected nil))
               :invite link
               :inviteText "The game is waiting for the players. To invite someone, give them this link:"
               (cardwords-games-test--table-15x15))
      (let ((sentence (cardwords-games-test--line-of "^The game is waiting for the players\\. To invite someone, give them this link:$"))
            (at (cardwords-games-test--line-of (concat "^" (regexp-quote link) "$"))))
        (should (= at (1+ sentence)))
        (should (memq 'link (cardwords-games-test--face-at (save-excursion (goto-char (point-min)) (forward-line (1- at)) (point)))))
        (should (< at cardwords-play--screen-lines))
        (should (= (cardwords-games-test--line-of "^C-c C-w copies the link\\.$") (1+ at))))
      ;; the free seat on the score board by name only; in the mode line, no score for it
      (should (cardwords-games-test--line-of "^ (free seat)$"))
      (should (string-match-p "^ waiting You:0 *$" mode-line-process))
      ;; no pile before the deal (the state's 0 read as an empty pile), as in the web panel
      (should-not (cardwords-games-test--line-of "^Pile:"))
      (let ((kill-ring nil))
        (cl-letf (((symbol-function 'message) #'ignore))
          (cardwords-play-copy-invite))
        (should (equal (car kill-ring) link)))
      ;; defect: before the deal C-c C-p asked "Pass?", and y did nothing: it goes to the
      ;; bridge unasked, as every composing key, and the bridge's refusal is said
      (let ((sent nil) (asked nil) (said nil)
            (refusal "Refused: the game has not started: it starts when every human seat is taken."))
        (set-window-buffer (selected-window) (current-buffer))
        (cl-letf (((symbol-function 'cardwords-bridge-request-sync)
                   (lambda (method &rest _) (push method sent) (user-error "%s" refusal)))
                  ((symbol-function 'y-or-n-p) (lambda (prompt) (push prompt asked) t))
                  ((symbol-function 'ding) #'ignore)
                  ((symbol-function 'message)
                   (lambda (format &rest args) (setq said (and format (apply #'format-message format args))))))
          (dolist (keys '("4" "C-c C-p" "C-c C-t" "RET" "C-c C-s"))
            (setq said nil)
            (execute-kbd-macro (kbd keys))
            (should (equal said refusal))))
        (should-not asked)
        (should (equal (reverse sent) '("cardwords/key" "cardwords/pass" "cardwords/trade"
                                        "cardwords/submit" "cardwords/hint"))))
      ;; every seat taken: no link, and nothing to copy
      (let ((cardwords-play--view (plist-put (plist-put (plist-put (plist-put (copy-sequence cardwords-play--view) :invite "") :inviteText "")
                                                        :status "playing")
                                             :pile 9)))
        (cardwords-play--draw)
        (should-not (string-match-p "invite\\|copies the link" (buffer-string)))
        (should (cardwords-games-test--line-of "^Pile: 9 cards$"))
        (should-error (cardwords-play-copy-invite) :type 'user-error)))))

(ert-deftest cardwords-play-results-without-a-deal ()
  ;; The owner ended a game still waiting for players: the results give why, and no table of
  ;; nobody's scores (a headings line alone) is drawn.
  (cardwords-games-test--drawn
      (cardwords-games-test--view :status "ended" :turn -1 :hand nil :composing nil :preview nil
                                  :message "The game has ended."
                                  :results `(:reasonText "The owner ended the game."
                                             :columns ,cardwords-games-test--result-columns
                                             :marks ,cardwords-games-test--result-marks
                                             :results nil))
    (should (cardwords-games-test--line-of "^Results$"))
    (should (cardwords-games-test--line-of "^The owner ended the game\\.$"))
    (should-not (string-match-p "Points in hand" (buffer-string)))
    ;; the room has ended: no rematch offered, and a key says what is left
    (should-not (string-match-p "asks for a rematch" (buffer-string)))
    (let ((said nil))
      (cl-letf (((symbol-function 'message) (lambda (fmt &rest args) (setq said (apply #'format fmt args))))
                ((symbol-function 'ding) #'ignore))
        (let ((last-command-event ?a)) (cardwords-play-key)))
      (should (string-prefix-p "The game has ended: C-c C-q leaves" said)))
    ;; with a row, the table is there
    (let ((cardwords-play--view (plist-put (copy-sequence cardwords-play--view) :results
                                           `(:reasonText "The owner ended the game."
                                             :columns ,cardwords-games-test--result-columns
                                             :marks ,cardwords-games-test--result-marks
                                             :results ((:name "ert" :score 0 :handPoints 0 :adjustment 0 :winner t :standIn nil))))))
      (cardwords-play--draw)
      (should (string-match-p "Points in hand" (buffer-string))))))

;; defects: on a server with several rulesets a game created from Emacs played the first,
;; unasked; and it had no watcher places (the web form gives 2)
(ert-deftest cardwords-play-create-asks-the-ruleset-and-gives-watcher-places ()
  (let (calls)
    (cl-letf (((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method params &optional _timeout)
                 (push (cons method params) calls)
                 (if (equal method "cardwords/rulesets") ["english" "tiny"] '(:ok t))))
              ((symbol-function 'completing-read)
               (lambda (_prompt names &rest _) (should (equal names '("english" "tiny"))) "tiny")))
      (cardwords-play--create "http://h" "tok" (cardwords-play--read-ruleset "http://h"))
      (let ((options (plist-get (cdr (assoc "cardwords/create" calls)) :options)))
        (should (equal (plist-get options :ruleset) "tiny"))
        (should (equal (plist-get options :watchers) 2))))
    ;; one ruleset: not asked, and none named
    (cl-letf (((symbol-function 'cardwords-bridge-request-sync) (lambda (&rest _) ["english"]))
              ((symbol-function 'completing-read) (lambda (&rest _) (error "Asked"))))
      (should-not (cardwords-play--read-ruleset "http://h")))))

;; defect: a rematch vote waiting on an away player showed only the others' "asks for a
;; rematch"; the web panel says whom it waits for, and so does the buffer now, above the key
(ert-deftest cardwords-play-rematch-waits ()
  (let ((results `(:reasonText "Every player passed or traded twice in a row."
                               :columns ,cardwords-games-test--result-columns
                               :marks ,cardwords-games-test--result-marks
                               :results ((:name "ert" :score 4 :handPoints 3 :adjustment -3 :winner t :standIn nil))))
        (waits "The rematch waits for Bo (away). Away players are waited for until they come back."))
    (cardwords-games-test--drawn (cardwords-games-test--view :status "over" :turn -1 :results results :rematchWaits waits)
      (let ((said (cardwords-games-test--line-of (concat "^" (regexp-quote waits) "$")))
            (key (cardwords-games-test--line-of "^C-c C-r deals a rematch now, for every player (asked first)\\.$")))
        (should said)
        (should (= key (1+ said))))
      ;; nobody waited for: no line
      (setq cardwords-play--view (cardwords-games-test--view :seq 2 :status "over" :turn -1 :results results :rematchWaits ""))
      (cardwords-play--draw)
      (should-not (string-match-p "The rematch waits" (buffer-string)))
      ;; defects: after your vote the key was offered again next to whom it waits for, and a
      ;; player the owner removed was offered it (the key then said "The owner removed you")
      (setq cardwords-play--view
            (cardwords-games-test--view :seq 3 :status "over" :turn -1 :results results :rematchWaits waits
                                        :players '((:name "ert" :robot nil :score 4 :cards 4 :connected t :rematch t)
                                                   (:name "Bo" :robot nil :score 0 :cards 4 :connected :false))))
      (cardwords-play--draw)
      (should (cardwords-games-test--line-of (concat "^" (regexp-quote waits) "$")))
      (should-not (string-match-p "C-c C-r" (buffer-string)))
      (setq cardwords-play--view
            (cardwords-games-test--view :seq 4 :status "over" :turn -1 :results results :closed t
                                        :down "The owner removed you from the game."))
      (cardwords-play--draw)
      (should-not (string-match-p "C-c C-r" (buffer-string)))
      (should-not (string-match-p "rematch" (cardwords-play--keys-left))))))

(ert-deftest cardwords-play-results-come-into-view ()
  ;; A 15x15 table in an 80x24 terminal: the results came under the hand and Last:, below the
  ;; screen (the winner and the rematch key out of sight).  When they come the window scrolls
  ;; as little as it must to show them all, point on the Results line; a redraw after it leaves
  ;; the window where it is.
  (let* ((table (cardwords-games-test--table-15x15))
         (results `(:reasonText "Every player passed or traded twice in a row."
                                :columns ,cardwords-games-test--result-columns
                              :marks ,cardwords-games-test--result-marks
                                :results ((:name "ert" :score 4 :handPoints 3 :adjustment -3 :winner nil :standIn nil)
                                          (:name "Robot1" :score 9 :handPoints 2 :adjustment -2 :winner t :standIn nil)))))
    (cardwords-games-test--drawn (apply #'cardwords-games-test--view table)
      (unwind-protect
          (let ((window (cardwords-games-test--window-of-80x24))
                (top (lambda (w) (line-number-at-pos (window-start w)))))
            (cl-letf (((symbol-function 'cardwords-play--mode-line-shows-p) (lambda (_) t)))
              (cardwords-play--draw)
              (should (= (funcall top window) 1))
              (setq cardwords-play--view (apply #'cardwords-games-test--view :seq 2 :status "over" :turn -1
                                                :results results table))
              (cardwords-play--draw))
            (let ((first (cardwords-games-test--line-of "^Results$"))
                  (last (cardwords-games-test--line-of "^C-c C-r deals a rematch now, for every player (asked first)\\.$")))
              (should (> last 21))
              (should (<= (funcall top window) first))
              (should (< last (+ (funcall top window) 21)))
              (should (cardwords-games-test--line-of "^ Robot1 +2 +-2 +9  winner$"))
              (should (= (line-number-at-pos (window-point window)) first))
              ;; the review comes after the results, its keys' line under them: scrolled into
              ;; view while the window is where the results put it (a play-test saw it one
              ;; line below the window)
              (setq cardwords-play--view (apply #'cardwords-games-test--view :seq 3 :status "over" :turn -1
                                                :results results :review '(:step nil :of 5 :best nil :ringed nil)
                                                :hand '((:i 0 :text "A 1" :used nil)) table))
              (cl-letf (((symbol-function 'cardwords-play--mode-line-shows-p) (lambda (_) t)))
                (cardwords-play--draw))
              (should (<= (funcall top window) first))
              (should (< (cardwords-games-test--line-of "^\\[ and \\] step through the review") (+ (funcall top window) 21))))
            ;; scrolled once: the player's scrolling stays
            (set-window-start window (point-min))
            (set-window-point window (point-min))
            (cl-letf (((symbol-function 'cardwords-play--mode-line-shows-p) (lambda (_) t)))
              (cardwords-play--draw))
            (should (= (funcall top window) 1))
            ;; the review: a step brings the table from its column labels into view, with the
            ;; message saying which turn (the results had scrolled the labels out); back to
            ;; the final table, the results again
            (cl-flet ((draw (review message)
                        (setq cardwords-play--view (apply #'cardwords-games-test--view :seq 3 :status "over" :turn -1
                                                          :results results :review review :message message
                                                          :hand (if (plist-get review :step) nil '((:i 0 :text "A 1" :used nil)))
                                                          table))
                        (cl-letf (((symbol-function 'cardwords-play--mode-line-shows-p) (lambda (_) t)))
                          (cardwords-play--draw))))
              ;; the review's coming (the final table) and b there scroll nothing
              (draw '(:step nil :of 5 :best nil :ringed nil) "")
              (should (= (funcall top window) 1))
              (draw '(:step nil :of 5 :best t :ringed nil) "")
              (should (= (funcall top window) 1))
              (set-window-start window (cardwords-play--line-position 10))
              (let ((first (cardwords-games-test--line-of "^Results$"))
                    (last (cardwords-games-test--line-of "^C-c C-r deals a rematch now, for every player (asked first)\\.$")))
                (draw '(:step 2 :of 5 :best nil :ringed nil) "Turn 3 of 5: ert: CE for 4")
                (should (= (funcall top window) 1))
                (should (< (cardwords-games-test--line-of "^Turn 3 of 5: ert: CE for 4$") 21))
                ;; b on the same step: still the table
                (set-window-start window (cardwords-play--line-position 5))
                (draw '(:step 2 :of 5 :best t :ringed nil) "Turn 3 of 5: the table before it")
                (should (= (funcall top window) 1))
                ;; redrawn as it is: the player's scrolling stays
                (set-window-start window (cardwords-play--line-position 3))
                (draw '(:step 2 :of 5 :best t :ringed nil) "Turn 3 of 5: the table before it")
                (should (= (funcall top window) 3))
                ;; back to the final table: the results in view again, down to the review's keys
                (draw '(:step nil :of 5 :best nil :ringed nil) "")
                (should (<= (funcall top window) first))
                (should (< last (+ (funcall top window) 21)))
                (should (< (cardwords-games-test--line-of "^\\[ and \\] step through the review") (+ (funcall top window) 21)))
                (should (> (funcall top window) 1)))))
        (delete-other-windows)))))

(ert-deftest cardwords-yatzee-resumes-a-game-left-by-emacs ()
  ;; Emacs quit (or crashed) during a Yatzee game on the local server: the bridge goes (SIGHUP,
  ;; as Emacs sends it when it exits), its server with it, and the game stays in the server's
  ;; kept folder.  The next M-x cardwords-yatzee asked nothing and started a new game; now it
  ;; asks whether to resume it, and yes takes the sheet back as it was.
  (let ((cardwords-yatzee-robots 0) (cardwords-yatzee-name "ert") (cardwords-yatzee-seed "ert-resume")
        (asked nil) (total nil))
    (unwind-protect
        (progn
          (cardwords-yatzee "")
          (with-current-buffer "*Cardwords Yatzee*"
            (cardwords-games-test--wait (lambda () (string-match-p "^Aces +-$" (buffer-string))) "the sheet")
            (execute-kbd-macro (kbd "SPC"))
            (cardwords-games-test--wait (lambda () (string-match-p "throw 1 of 3" (buffer-string))) "the throw")
            (execute-kbd-macro (kbd "RET"))
            (cardwords-games-test--wait (lambda () (string-match-p "throw 0 of 3" (buffer-string))) "the transfer")
            (string-match "^Total +\\([0-9]+\\)$" (buffer-string))
            (setq total (match-string 0 (buffer-string)))
            (should (= (cardwords-games-test--yatzee-rows "^[A-Z][^(]* [0-9]+$") 1)))
          (signal-process (cardwords-bridge-process) 'SIGHUP)
          (cardwords-games-test--wait (lambda () (not (cardwords-bridge-live-p))) "the bridge gone")
          ;; the bridge gone, nothing to leave: the buffer goes without a question
          (kill-buffer "*Cardwords Yatzee*")
          (cl-letf (((symbol-function 'y-or-n-p) (lambda (prompt) (setq asked prompt) t)))
            (cardwords-yatzee ""))
          (should (string-match-p "\\`Resume your Yatzee game (as ert, [A-Z][a-z]+ [0-9]+ [0-9]+:[0-9]+)\\? \\'"
                                  asked))
          (with-current-buffer "*Cardwords Yatzee*"
            (cardwords-games-test--wait
             (lambda () (and (string-match-p (concat "^" (regexp-quote total) "$") (buffer-string))
                             (string-match-p "throw 0 of 3" (buffer-string))))
             "the sheet back")
            (should (= (cardwords-games-test--yatzee-rows "^[A-Z][^(]* [0-9]+$") 1))))
      (ignore-errors (with-current-buffer "*Cardwords Yatzee*" (cardwords-yatzee-leave t))))))

;; A bridge's end reaches Emacs twice: `process-live-p' says nil at once, and its sentinel
;; runs later, when Emacs next reads processes.  A game started in between (as M-x
;; cardwords-yatzee right after Emacs lost its bridge) starts a new bridge, and the old
;; sentinel then forgot the new bridge and failed its requests ("the game bridge stopped":
;; seen in a loaded test run).  Here the old sentinel is run after the new bridge's request
;; is sent, as that late delivery runs it.
(ert-deftest cardwords-bridge-late-sentinel-leaves-the-new-bridge-alone ()
  (let ((old (cardwords-bridge-process)) (result nil) (failure nil))
    (signal-process old 'SIGKILL)
    (cardwords-games-test--wait (lambda () (not (cardwords-bridge-live-p))) "the old bridge gone")
    (let ((new (cardwords-bridge-process)))
      (should-not (eq new old))
      (cardwords-bridge-request "lines/new" (list :width 4 :height 3 :seed "ert")
                                (lambda (r) (setq result r)) (lambda (m) (setq failure m)))
      (cardwords-bridge--sentinel old "killed\n")
      (should (eq (cardwords-bridge-process) new))
      (cardwords-games-test--wait (lambda () (or result failure)) "the new bridge's answer")
      (should-not failure)
      (should (plist-get result :board)))))

(ert-deftest cardwords-play-preview-in-the-web-panel-words-fits-80-columns ()
  ;; The preview said "move: 112 (QUIXOTE 64, QI 22)" and "move: not valid yet": the web
  ;; panel says what RET does and the score in a sentence, lists each word with its points,
  ;; the cell points and the bonus, and under a refused move its problems and the words so
  ;; far.  The bridge sends those; Emacs draws them in the window's width: the words as many
  ;; on a line as fit (a word with its points whole), a long problem wrapped, every line
  ;; within 80 columns, its last one left free.
  (let ((lines-of
         (lambda (preview)
           (cardwords-games-test--drawn (cardwords-games-test--view :preview preview)
             (set-window-buffer (selected-window) (current-buffer))
             (delete-other-windows)
             (cl-letf (((symbol-function 'window-body-width) (lambda (&rest _) 80))
                       ((symbol-function 'window-body-height) (lambda (&rest _) 40))
                       ((symbol-function 'cardwords-play--mode-line-shows-p) (lambda (_) t)))
               (cardwords-play--draw))
             (goto-char (point-min))
             (re-search-forward "^Preview: ")
             (let ((lines nil))
               (while (not (looking-at "Last: "))
                 (push (buffer-substring (line-beginning-position) (line-end-position)) lines)
                 (forward-line 1))
               (nreverse lines))))))
    (let ((lines (funcall lines-of
                          '(:text "This move scores 112 points."
                                  :details ("QUIXOTE: 64" "QI: 22" "XI: 18" "OXEN: 3" "cell points: 5"
                                            "bonus for 7 cards: 50")
                                  :problems nil :note ""))))
      (should (equal (mapcar #'substring-no-properties lines)
                     '("Preview: This move scores 112 points. QUIXOTE: 64, QI: 22, XI: 18, OXEN: 3,"
                       "         cell points: 5, bonus for 7 cards: 50")))
      (dolist (line lines) (should (< (string-width line) 80))))
    (let* ((braces (concat "The first move must obey the start condition (cover H8): "
                           "from here Return trades the cards."))
           (lines (funcall lines-of
                           `(:text "Return trades 2 cards: -2 points." :details nil
                                   :problems (,braces "only 1 card is in the pile: you cannot trade 2")
                                   :note ""))))
      (should (equal (mapcar #'substring-no-properties lines)
                     '("Preview: Return trades 2 cards: -2 points."
                       "  The first move must obey the start condition (cover H8): from here Return"
                       "  trades the cards."
                       "  only 1 card is in the pile: you cannot trade 2")))
      (should (memq 'warning (cardwords-games-test--faces (get-text-property 2 'face (nth 1 lines)))))
      (dolist (line lines) (should (< (string-width line) 80))))
    (let ((lines (funcall lines-of
                          '(:text "This move would be refused:" :details nil
                                  :problems ("the move touches no card on the table")
                                  :note "Words: QUIXOTE, QI"))))
      (should (equal (mapcar #'substring-no-properties lines)
                     '("Preview: This move would be refused:" "  the move touches no card on the table"
                       "  Words: QUIXOTE, QI")))
      (should (memq 'shadow (cardwords-games-test--faces (get-text-property 2 'face (nth 2 lines))))))))

(ert-deftest cardwords-play-packs-the-lines-under-the-action-area ()
  ;; Neighbours that make the shortest line share one; the message shares last.
  (let ((items '(("Action: B2" . action) ("Preview: x" . preview) ("long problem text" . problem)
                 ("Refused." . message))))
    (should (equal (cardwords-play--pack items 4)
                   '("Action: B2" "Preview: x" "  long problem text" "Refused.")))
    (should (equal (cardwords-play--pack items 3)
                   '("Action: B2  Preview: x" "  long problem text" "Refused.")))
    (should (equal (cardwords-play--pack items 2)
                   '("Action: B2  Preview: x  long problem text" "Refused.")))
    (should (equal (cardwords-play--pack items 1)
                   '("Action: B2  Preview: x  long problem text  Refused.")))
    (should (equal (cardwords-play--pack items 0)
                   '("Action: B2  Preview: x  long problem text  Refused.")))
    ;; the preview's second line joins its first without its indentation (a play-test saw
    ;; "AD: 18,           bonus" cut at the window's edge)
    (should (equal (cardwords-play--pack '(("Preview: CAT: 6," . preview) ("         bonus for 7 cards: 25" . preview)) 1)
                   '("Preview: CAT: 6,  bonus for 7 cards: 25")))
    ;; a short message beside a long problem: still the other neighbours first
    (should (equal (cardwords-play--pack '(("a" . problem) ("b" . problem) ("c" . message)) 2)
                   '("  a  b" "c")))
    ;; in a window's width: a line continued joins its first with one space (the sentence read
    ;; "playing the move  as"), and lines share only what stays narrower than the width (the
    ;; preview was cut at the window's edge), more lines than the room then
    (let ((items (list '("Action: 9D" . action) '("Preview: one two" . preview)
                       (cons (cardwords-play--continued "         three") 'preview))))
      (should (equal (cardwords-play--pack items 1 30) '("Action: 9D" "Preview: one two three")))
      (should (equal (cardwords-play--pack items 1 40) '("Action: 9D  Preview: one two three")))))
  ;; the Scores line wraps at the window's width, a line per what fits
  (should (equal (mapcar #'substring-no-properties
                         (cardwords-play--scores-lines '(("You:1" . 0) ("Robot1:22" . 1) ("Robot2:333" . 2)) 0 30))
                 '("Scores: You:1  Robot1:22" "       Robot2:333"))))

(ert-deftest cardwords-play-packs-within-the-window-width ()
  ;; At 80x24 a hint line or a dictionary problem made the packing join Action: and Preview:
  ;; into one line wider than the window, which Emacs cut: "... Preview: This move scores 69
  ;; poi$", and a problem's wrapped lines joined with two spaces.  Every line now fits in 79
  ;; columns, each word with its points whole, the problem's words one space apart.
  (let ((problem (concat "ITAIL, CI, KL: not in the dictionary. You are the owner: playing the move "
                         "asks you whether they are words.")))
    (cardwords-games-test--drawn
        (apply #'cardwords-games-test--view
               :composing '(:display "9D" :mode "cards" :buffer "" :direction "across" :placed nil
                                     :cards ("R 2" "I 1" "N 2" "K 6"))
               :preview (list :text "This move scores 69 points." :details '("RINK: 12" "ITAIL: 30" "CI: 9" "KL: 18")
                              :problems (list problem) :note "")
               :message "Hint: RINK at 9D across for 69 points (1 of 10: M-n, M-p)"
               (cardwords-games-test--table-15x15))
      (unwind-protect
          (let ((window (cardwords-games-test--window-of-80x24)))
            (ignore window)
            (cl-letf (((symbol-function 'cardwords-play--mode-line-shows-p) (lambda (_) t)))
              (cardwords-play--draw))
            (cardwords-games-test--within-columns 79)
            (let ((text (buffer-substring-no-properties (point-min) (point-max))))
              (should (string-match-p "Preview: This move scores 69 points\\." text))
              (dolist (word '("RINK: 12," "ITAIL: 30," "CI: 9," "KL: 18"))
                (should (string-match-p (regexp-quote word) text)))
              ;; the problem's words as written, wherever its lines went
              (should (string-match-p (replace-regexp-in-string " " "[ \n]+" (regexp-quote problem))
                                      text))
              (should-not (string-match-p "the move  as" text))))
        (delete-other-windows)))))

;; Removed by the owner (or the seat taken back elsewhere), the buffer said so and the mode
;; line said Disconnected, but `4 A' changed the area ("Action: {4A}", "Return passes: -1
;; point.") and C-c C-q asked "Leave this game for good?".  Now a key is refused with why and
;; sends nothing, and leaving or killing the buffer asks nothing: no seat is left.  While the
;; connection is only down the keys are refused the same way, and once it is back the refusal
;; still in the echo area goes (it stayed there).
(ert-deftest cardwords-play-let-go-refuses-keys-and-leaves-unasked ()
  (let ((sent nil) (asked nil) (said nil)
        (lost "Connection lost: reconnecting…"))
    (cl-letf (((symbol-function 'y-or-n-p) (lambda (prompt) (push prompt asked) t))
              ((symbol-function 'yes-or-no-p) (lambda (prompt) (push prompt asked) t))
              ;; the echo area, which batch Emacs does not keep
              ((symbol-function 'message) (lambda (format &rest args)
                                            (setq said (and format (apply #'format-message format args)))))
              ((symbol-function 'current-message) (lambda () said))
              ((symbol-function 'cardwords-bridge-live-p) (lambda () t))
              ((symbol-function 'cardwords-bridge-leave) (lambda (method) (push method sent)))
              ((symbol-function 'cardwords-bridge-request-sync) (lambda (method &rest _) (push method sent) nil)))
      (dolist (closed '("The owner removed you from the game."
                        "Your seat is now played elsewhere (another tab, window or editor), not here."))
        (setq sent nil asked nil)
        (let ((noninteractive nil)
              (view (cardwords-games-test--view :connected nil :down closed :closed t :message closed
                                                :statusText closed)))
          (cardwords-games-test--drawn view
            (set-window-buffer (selected-window) (current-buffer))
            ;; the status line says it in the web page's words (it said "playing")
            (should (string-match-p (concat "^Cardwords  game ert  round 1  move 2 +"
                                            (replace-regexp-in-string " " "[ \n]+" (regexp-quote closed))
                                            "[ \n]+(owner)$")
                                    (buffer-string)))
            (should-not (string-match-p "move 2  playing" (buffer-string)))
            (let ((before (buffer-string)))
              (execute-kbd-macro (kbd "4 A RET C-c C-p"))
              (should-not sent)
              (should-not asked)
              (should (equal (current-message) closed))
              (should (equal (buffer-string) before)))
            (should-not (cardwords-play--in-progress-p))
            ;; C-x k asks nothing either
            (should (cardwords-play--kill-buffer-query)))
          ;; C-c C-q leaves at once
          (let ((cardwords-play--buffer-name "*Cardwords ert let go*")
                (cardwords-play--view view))
            (with-current-buffer (get-buffer-create cardwords-play--buffer-name)
              (cardwords-play-mode)
              (cardwords-play--draw)
              (set-window-buffer (selected-window) (current-buffer))
              (execute-kbd-macro (kbd "C-c C-q")))
            (should-not asked)
            (should-not (get-buffer cardwords-play--buffer-name))
            (should (equal sent '("cardwords/leave" "stop-server" "cardwords/leave"))))))
      ;; the connection down: refused with why; back, the refusal in the echo area goes
      (setq sent nil)
      (cardwords-games-test--drawn
          (cardwords-games-test--view :connected nil :down lost :closed nil :message lost)
        (set-window-buffer (selected-window) (current-buffer))
        (should (cardwords-play--in-progress-p))
        (execute-kbd-macro (kbd "4"))
        (should-not sent)
        (should (equal (current-message) lost))
        (cardwords-play--take (cardwords-games-test--view :seq 2 :connected t :down "" :message "Connected again."))
        (should-not (current-message))))))

;; defect: the seat taken back by a browser tab, the mode line said "Disconnected" (the
;; connection was fine: the seat moved) and no key took the seat back (the web page offers
;; Play here and Watch the game).  Now the mode line says where the seat is, the buffer
;; names the two keys, and each asks the bridge for its own.
(ert-deftest cardwords-play-seat-played-elsewhere-offers-play-here-and-watch ()
  (let* ((sent nil)
         (taken "Your seat is now played elsewhere (another tab, window or editor), not here.")
         (view (cardwords-games-test--view :connected nil :down taken :closed t :elsewhere t :message taken)))
    (cl-letf (((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method &rest _) (push method sent) nil)))
      (cardwords-games-test--drawn view
        (set-window-buffer (selected-window) (current-buffer))
        (should (string-match-p "Seat played elsewhere" mode-line-process))
        (should-not (string-match-p "Disconnected" mode-line-process))
        (should (string-match-p "C-c C-j plays your seat here again, C-c C-v watches the game\\."
                                (buffer-string)))
        (execute-kbd-macro (kbd "C-c C-j"))
        (execute-kbd-macro (kbd "C-c C-v"))
        (should (equal (reverse sent) '("cardwords/play-here" "cardwords/watch-here")))))
    ;; removed by the owner: no seat to take back, no such offer
    (cardwords-games-test--drawn (plist-put (copy-sequence view) :elsewhere nil)
      (should (string-match-p "Disconnected" mode-line-process))
      (should-not (string-match-p "plays your seat here again" (buffer-string))))
    ;; defect: removed by the owner, the web page offers Watch the game and Emacs offered
    ;; nothing.  Now the removal's line names the key, which asks the bridge to watch; once
    ;; the removal ended the game (the bridge's `watchable' false) nothing is offered.
    (let ((removed "The owner removed you from the game."))
      (setq sent nil)
      (cl-letf (((symbol-function 'cardwords-bridge-request-sync)
                 (lambda (method &rest _) (push method sent) nil)))
        (cardwords-games-test--drawn (cardwords-games-test--view :connected nil :down removed :closed t :removed t
                                                                 :watchable t :message removed)
          (set-window-buffer (selected-window) (current-buffer))
          (should (string-match-p "^The owner removed you from the game\\. C-c C-v watches the game\\.$"
                                  (buffer-string)))
          (execute-kbd-macro (kbd "C-c C-v"))
          (should (equal sent '("cardwords/watch-here"))))
        (setq sent nil)
        (cardwords-games-test--drawn (cardwords-games-test--view :connected nil :down removed :closed t :removed t
                                                                 :watchable nil :message removed)
          (set-window-buffer (selected-window) (current-buffer))
          (should-not (string-match-p "watches the game" (buffer-string)))
          (execute-kbd-macro (kbd "C-c C-v"))
          (should-not sent))))))

(ert-deftest cardwords-play-after-the-end-keys-compose-nothing ()
  ;; With the results shown a key of the action area goes nowhere: the echo area says the game
  ;; is over and which keys are left; nothing composed is drawn on the table; C-c C-p asks
  ;; no "Pass?".
  (let ((calls nil) (asked nil) (said nil))
    (cardwords-games-test--drawn
        (cardwords-games-test--view
         :status "over" :turn -1
         :results '(:reasonText "Every player passed or traded twice in a row."
                                :results ((:name "ert" :score 4 :handPoints 3 :adjustment -3 :winner t :standIn nil))))
      (should-not (cardwords-games-test--table-text "[A 1]"))
      ;; keys go to the buffer of the selected window
      (set-window-buffer (selected-window) (current-buffer))
      (cl-letf (((symbol-function 'cardwords-play--call) (lambda (method &rest _) (push method calls)))
                ((symbol-function 'y-or-n-p) (lambda (prompt) (setq asked prompt) t))
                ((symbol-function 'message)
                 (lambda (format &rest args) (setq said (and format (apply #'format-message format args))))))
        (dolist (keys '("a" "4" "DEL" "RET" "C-c C-k" "C-c C-t" "C-c C-s" "C-c C-p"))
          (setq said nil)
          (execute-kbd-macro (kbd keys))
          (should (equal said "The game is over: C-c C-r deals a rematch now, for every player (asked first), C-c C-q leaves, [ ] review, b its best move")))
        (should-not calls)
        (should-not asked)
        ;; the rematch is the key left
        (execute-kbd-macro (kbd "C-c C-r"))
        (should (equal calls '("cardwords/rematch")))))
    ;; during the game the keys go to the bridge
    (setq calls nil)
    (cardwords-games-test--drawn (cardwords-games-test--view)
      (set-window-buffer (selected-window) (current-buffer))
      (cl-letf (((symbol-function 'cardwords-play--call) (lambda (method &rest _) (push method calls))))
        (execute-kbd-macro (kbd "a"))
        (should (equal calls '("cardwords/key")))))))

;; defect: a watcher (joined with every seat taken, or watching) had the action line,
;; "Action: _ across", and keys that composed: a answered "Type a location", RET "it is Bo's
;; turn".  A watcher has no hand: the web panel's note stands where the action area is, the
;; composing keys say why they do nothing (no "Pass?" asked), and leaving asks nothing (no
;; seat to give up: it asked "Leave this game for good (a robot plays your seat to the end)?").
(ert-deftest cardwords-play-a-watcher-has-no-hand-to-play ()
  (let ((calls nil) (asked nil) (said nil) (sent nil)
        (watcher '(:gameId "ert" :kind "cardwords" :role "watcher" :owner :false)))
    (cl-letf (((symbol-function 'cardwords-play--call) (lambda (method &rest _) (push method calls)))
              ((symbol-function 'y-or-n-p) (lambda (prompt) (push prompt asked) t))
              ((symbol-function 'ding) #'ignore)
              ((symbol-function 'message)
               (lambda (format &rest args) (setq said (and format (apply #'format-message format args))))))
      (cardwords-games-test--drawn
          (cardwords-games-test--view
           :welcome watcher :seat -1 :hand nil
           :composing '(:display "_" :mode "location" :buffer "" :direction "across" :placed nil :cards nil)
           :preview '(:text "Return passes: -1 point." :details nil :problems nil :note ""))
        (should-not (string-match-p "^Action:" (buffer-string)))
        (should-not (string-match-p "^Preview:" (buffer-string)))
        (should (string-match-p "^Watching: the players' hands are not shown\\.$" (buffer-string)))
        (set-window-buffer (selected-window) (current-buffer))
        (dolist (keys '("a" "4" "DEL" "RET" "C-c C-k" "C-c C-t" "C-c C-s" "C-c C-p" "M-n"))
          (setq said nil)
          (execute-kbd-macro (kbd keys))
          (should (equal said "You are watching: you have no hand to play. C-c C-q stops watching.")))
        (should-not calls)
        (should-not asked)
        ;; no seat: leaving and killing the buffer ask nothing
        (should-not (cardwords-play--in-progress-p))))
    (cl-letf (((symbol-function 'y-or-n-p) (lambda (prompt) (push prompt asked) nil))
              ((symbol-function 'cardwords-bridge-live-p) (lambda () t))
              ((symbol-function 'cardwords-bridge-leave) (lambda (method) (push method sent)))
              ((symbol-function 'cardwords-bridge-request-sync) (lambda (method &rest _) (push method sent) nil)))
      (let ((cardwords-play--buffer-name "*Cardwords ert watcher*")
            (cardwords-play--view (cardwords-games-test--view :welcome watcher :seat -1 :hand nil))
            (noninteractive nil))
        (with-current-buffer (get-buffer-create cardwords-play--buffer-name)
          (cardwords-play-mode)
          (cardwords-play--draw)
          (cardwords-play-leave))
        (should-not (get-buffer cardwords-play--buffer-name))
        (should-not asked)
        (should (member "cardwords/leave" sent))
        (with-current-buffer (get-buffer-create cardwords-play--buffer-name)
          (cardwords-play-mode)
          (cardwords-play--draw))
        (should (kill-buffer cardwords-play--buffer-name))
        (should-not asked)))))

;; defect: after the game an owner who watches read "C-c C-r asks for a rematch", and C-c C-r
;; dealt a new round at once for every player (the server deals the owner's rematch at once):
;; the line says what it does for them, and it is asked first.  A watcher who is not the
;; owner has no rematch to ask for: no such line, none in the keys named.
(ert-deftest cardwords-play-an-owner-who-watches-is-asked-before-the-rematch ()
  (let ((calls nil) (asked nil) (answer nil) (said nil)
        (results '(:reasonText "Every player passed or traded twice in a row."
                               :results ((:name "Bo" :score 4 :handPoints 3 :adjustment -3 :winner t :standIn nil)))))
    (cl-letf (((symbol-function 'cardwords-play--call) (lambda (method &rest _) (push method calls)))
              ((symbol-function 'y-or-n-p) (lambda (prompt) (push prompt asked) answer))
              ((symbol-function 'ding) #'ignore)
              ((symbol-function 'message)
               (lambda (format &rest args) (setq said (and format (apply #'format-message format args))))))
      ;; the owner watching, and seated (defect: the buffer said "asks for a rematch", and
      ;; the key dealt the rematch for every player unasked)
      (dolist (owner (list (cardwords-games-test--view :status "over" :turn -1 :seat -1 :hand nil :results results
                                                       :welcome '(:gameId "ert" :role "watcher" :owner t))
                           (cardwords-games-test--view :status "over" :turn -1 :results results)))
        (setq asked nil calls nil answer nil)
        (cardwords-games-test--drawn owner
          (should (string-match-p "^C-c C-r deals a rematch now, for every player (asked first)\\.$" (buffer-string)))
          (should-not (string-match-p "asks for a rematch" (buffer-string)))
          (set-window-buffer (selected-window) (current-buffer))
          (execute-kbd-macro (kbd "a"))
          (should (equal said "The game is over: C-c C-r deals a rematch now, for every player (asked first), C-c C-q leaves, [ ] review, b its best move"))
          (execute-kbd-macro (kbd "C-c C-r"))
          (should (equal asked '("Deal a new round for every player now? ")))
          (should-not calls)
          (setq answer t)
          (execute-kbd-macro (kbd "C-c C-r"))
          (should (equal calls '("cardwords/rematch")))))
      ;; a watcher who is not the owner: no rematch named
      (cardwords-games-test--drawn
          (cardwords-games-test--view :status "over" :turn -1 :seat -1 :hand nil :results results
                                      :welcome '(:gameId "ert" :role "watcher" :owner :false))
        (should-not (string-match-p "C-c C-r\\|rematch" (buffer-string)))
        (set-window-buffer (selected-window) (current-buffer))
        (execute-kbd-macro (kbd "a"))
        (should (equal said "The game is over: C-c C-q leaves, [ ] review, b its best move")))
      ;; a player who is not the owner: asked nothing, the rematch asked for at once
      (setq asked nil calls nil)
      (cardwords-games-test--drawn
          (cardwords-games-test--view :status "over" :turn -1 :results results
                                      :welcome '(:gameId "ert" :owner :false))
        (should (string-match-p "^C-c C-r asks for a rematch\\.$" (buffer-string)))
        (set-window-buffer (selected-window) (current-buffer))
        (execute-kbd-macro (kbd "C-c C-r"))
        (should-not asked)
        (should (equal calls '("cardwords/rematch")))))))

;; defect: a game the owner ended before any turn was played has no history, so no review:
;; [ and ] said "The review has not come yet: the game's history comes with the end" for ever.
;; They say there is nothing to review, and the keys named after the end leave [ ] out.
(ert-deftest cardwords-play-no-review-when-no-turn-was-played ()
  (let ((sent nil) (said nil))
    (cl-letf (((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method params &rest _) (push (list method params) sent) nil))
              ((symbol-function 'message) (lambda (fmt &rest args) (push (apply #'format fmt args) said)))
              ((symbol-function 'ding) #'ignore))
      (cardwords-games-test--drawn
          (cardwords-games-test--view :status "ended" :turn -1 :moves 0 :board nil :review nil
                                      :results '(:reasonText "The owner ended the game." :results nil))
        (dolist (key '(?\[ ?\] ?b))
          (let ((last-command-event key)) (cardwords-play-key))
          (should (equal (car said) "No turn was played: there is nothing to review.")))
        (let ((last-command-event ?a)) (cardwords-play-key))
        (should (equal (car said) "The game has ended: C-c C-q leaves"))
        (should-not sent)
        ;; turns played, the history not here yet: it is coming
        (setq cardwords-play--view (plist-put cardwords-play--view :moves 3))
        (let ((last-command-event ?\])) (cardwords-play-key))
        (should (equal (car said) "The review has not come yet: the game's history comes with the end"))
        (let ((last-command-event ?a)) (cardwords-play-key))
        (should (equal (car said) "The game has ended: C-c C-q leaves, [ ] review, b its best move"))))))

(ert-deftest cardwords-play-owner-question-quit-is-asked-again ()
  ;; The owner's question about a word: RET is no answer (bound to the reminder to answer y
  ;; or n).  Quit with C-g, it is not lost (the server waits for the answer and does not ask
  ;; again): nothing is sent, RET in the game asks it again instead of playing, y sends the
  ;; approval, and RET plays after it.
  (cl-letf (((symbol-function 'y-or-n-p)
             (lambda (_) (mapcar (lambda (key) (lookup-key y-or-n-p-map key))
                                 (list (kbd "RET") (kbd "C-j") [return] [kp-enter])))))
    (should (equal (cardwords-play--y-or-n-p "TE? ") (make-list 4 'y-or-n-p-insert-other))))
  (let ((sent nil) (asked nil) (answers (list 'quit t)) (cardwords-play--questions nil))
    (cl-letf (((symbol-function 'cardwords-play--y-or-n-p)
               (lambda (prompt)
                 (push prompt asked)
                 (let ((a (pop answers))) (if (eq a 'quit) (signal 'quit nil) a))))
              ((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method params &rest _) (push (cons method params) sent) (list :said "")))
              ((symbol-function 'cardwords-play--call) (lambda (method &rest _) (push (list method) sent))))
      (cardwords-play--ask-words '("TE") "ert")
      (should (equal asked '("ert plays TE: add to the dictionary? ")))
      (should (equal cardwords-play--questions '((("TE") "ert" nil))))
      (should-not sent)
      (cardwords-games-test--drawn (cardwords-games-test--view)
        (set-window-buffer (selected-window) (current-buffer))
        (execute-kbd-macro (kbd "RET"))
        (should (= (length asked) 2))
        (should (equal sent '(("cardwords/words" :words ["TE"] :approve t))))
        (should-not cardwords-play--questions)
        (execute-kbd-macro (kbd "RET"))
        (should (equal (car sent) '("cardwords/submit")))
        ;; C-c C-a with nothing open asks nothing
        (execute-kbd-macro (kbd "C-c C-a"))
        (should (= (length asked) 2))))))

;; A word the owner decided in another client (a web tab, another Emacs) leaves the open
;; questions, as the web page drops it: it stayed, asked again by C-c C-a, where a late reject
;; is refused.  The other words of its question stay open.
(ert-deftest cardwords-play-owner-question-settled-elsewhere ()
  (let ((cardwords-play--questions (list (list ["SEENS" "TE"] "Bob" nil) (list ["ABE"] "Cy" t))))
    (cardwords-play--notification "cardwords/word-settled" '(:word "SEENS" :approved t))
    (should (equal cardwords-play--questions '((("TE") "Bob" nil) (["ABE"] "Cy" t))))
    (cardwords-play--notification "cardwords/word-settled" '(:word "ABE" :approved :false))
    (should (equal cardwords-play--questions '((("TE") "Bob" nil))))
    (cardwords-play--notification "cardwords/word-settled" '(:word "TE" :approved t))
    (should-not cardwords-play--questions)))

;; A question a game that has ended left open (the server's `earlier'): said so in the past
;; tense, answered as any other.  Several words are asked one at a time (one answer for all
;; added a junk word with a good one); a word quit stays open, the others are sent; the
;; decisions are said in the bridge's words for the owner (the web page's: "You approved
;; BEAT: ..."; Emacs said its own "BEAT added to the dictionary").
(ert-deftest cardwords-play-owner-question-from-an-earlier-game ()
  (let ((sent nil) (asked nil) (said nil) (answers (list t 'quit nil)) (cardwords-play--questions nil))
    (cl-letf (((symbol-function 'cardwords-play--y-or-n-p)
               (lambda (prompt)
                 (push prompt asked)
                 (let ((a (pop answers))) (if (eq a 'quit) (signal 'quit nil) a))))
              ((symbol-function 'run-at-time) (lambda (_time _repeat fn &rest args) (apply fn args)))
              ((symbol-function 'message) (lambda (fmt &rest args) (push (apply #'format fmt args) said)))
              ((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method params &rest _)
                 (push (cons method params) sent)
                 ;; the bridge's answer (server/bridge/texts.ts ownerDecidedText)
                 (list :said (format (if (eq (plist-get params :approve) t) "You approved %s: it is in the dictionary now."
                                       "You rejected %s.")
                                     (aref (plist-get params :words) 0))))))
      (cardwords-play--notification "cardwords/word-request" (list :words ["BEAT" "TABS"] :player "Bob" :earlier t))
      (should (string-prefix-p "Not answered (TABS)" (car said)))
      (cardwords-play--notification "cardwords/word-request" (list :words ["TE"] :player "Ann" :earlier :false))
      (should (equal (car said) "You rejected TE."))
      (should (equal (reverse asked) '("Bob tried BEAT, TABS in an earlier game: add BEAT to the dictionary? "
                                       "Bob tried BEAT, TABS in an earlier game: add TABS to the dictionary? "
                                       "Ann plays TE: add to the dictionary? ")))
      (should (equal (reverse sent) '(("cardwords/words" :words ["BEAT"] :approve t)
                                      ("cardwords/words" :words ["TE"] :approve :false))))
      ;; TABS, quit, is still open: asked again, alone
      (should (equal cardwords-play--questions '((("TABS") "Bob" t))))
      (setq answers (list t))
      (cardwords-play-answer)
      (should (equal (car asked) "Bob tried TABS in an earlier game: add to the dictionary? "))
      (should (equal (car sent) '("cardwords/words" :words ["TABS"] :approve t)))
      (should (equal (car said) "You approved TABS: it is in the dictionary now."))
      (should-not cardwords-play--questions)
      ;; several answered: each said, in order
      (setq answers (list t nil))
      (cardwords-play--ask-words ["GISK" "ZANT"] "Bob" t)
      (should (equal (car said) "You approved GISK: it is in the dictionary now. You rejected ZANT.")))))

;; An earlier game's question comes as the owner joins the next game, while M-x
;; cardwords-play still creates it: it was asked there and then, y-or-n-p over whatever
;; buffer was shown (*scratch*).  It is kept, and asked once the game's buffer is shown.
(ert-deftest cardwords-play-owner-question-waits-for-the-game-buffer ()
  (let ((cardwords-play--buffer-name "*Cardwords ert start*")
        (cardwords-play--questions nil) (shown nil) (sent nil))
    (cl-letf (((symbol-function 'read-directory-name) (lambda (&rest _) "/tmp/"))
              ((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method params &rest _)
                 (pcase method
                   ("serve" (list :url "http://127.0.0.1:9" :owner "o"))
                   (_ (push (cons method params) sent) (list :said "You rejected BEAT.")))))
              ((symbol-function 'cardwords-bridge-request)
               (lambda (method params &rest _) (push (cons method params) sent)))
              ((symbol-function 'cardwords-play--resume) #'ignore)
              ((symbol-function 'cardwords-play--create)
               (lambda (&rest _)
                 ;; the room's question at the join, before the creation's answer
                 (cardwords-play--notification "cardwords/word-request"
                                               (list :words ["BEAT"] :player "Bob" :earlier t))
                 (cardwords-games-test--view)))
              ((symbol-function 'cardwords-play--call) #'ignore)
              ;; a timer runs at once: as it does while a request waits for its answer
              ((symbol-function 'run-at-time) (lambda (_time _repeat fn &rest args) (apply fn args)))
              ((symbol-function 'cardwords-play--y-or-n-p)
               (lambda (prompt)
                 (push (list prompt (buffer-name (window-buffer (selected-window))) (buffer-name)) shown)
                 nil))
              ((symbol-function 'message) #'ignore))
      (unwind-protect
          (progn
            (switch-to-buffer (get-buffer-create "*scratch*"))
            (cardwords-play--start "")
            (should (equal shown '(("Bob tried BEAT in an earlier game: add to the dictionary? "
                                    "*Cardwords ert start*" "*Cardwords ert start*"))))
            (should (equal sent '(("cardwords/words" :words ["BEAT"] :approve :false))))
            (should-not cardwords-play--questions))
        (let ((buffer (get-buffer "*Cardwords ert start*")))
          (when buffer
            (with-current-buffer buffer
              (remove-hook 'kill-buffer-hook #'cardwords-play--killed t)
              (let ((cardwords-play--leaving t)) (kill-buffer buffer)))))))))

;; Joining a game by its URL with a name taken there asks the name again, saying why; the
;; URL, the game and the token are kept (it dropped back to the start).  Another refusal
;; goes up as it was.
(ert-deftest cardwords-play-join-asks-again-for-a-name-taken ()
  (let ((sent nil) (prompts nil) (names (list "" "Emi2")))
    (cl-letf (((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method params &rest _)
                 (push (cons method params) sent)
                 (if (equal (plist-get params :name) "Emi")
                     (user-error "That name is taken in this game (try an alternative name).")
                   '(:seq 1))))
              ((symbol-function 'read-string) (lambda (prompt &rest _) (push prompt prompts) (pop names))))
      (should (equal (cardwords-play--join (list :url "ws://x" :id "G1" :name "Emi" :owner "tok")) '(:seq 1)))
      (should (equal (reverse sent) '(("cardwords/join" :url "ws://x" :id "G1" :name "Emi" :owner "tok")
                                      ("cardwords/join" :url "ws://x" :id "G1" :name "Emi2" :owner "tok"))))
      ;; asked until a name is given, the refusal in the prompt
      (should (equal prompts (make-list 2 "That name is taken in this game (try an alternative name). Your name: ")))
      (cl-letf (((symbol-function 'cardwords-bridge-request-sync)
                 (lambda (&rest _) (user-error "The game has ended."))))
        (should (equal (cadr (should-error (cardwords-play--join (list :url "ws://x" :id "G1" :name "Emi")) :type 'user-error))
                       "The game has ended."))))))

(ert-deftest cardwords-play-owner-removes-a-player ()
  ;; C-c C-d: the players the bridge's view says the owner may remove are offered (the rule
  ;; is core's, tested there and in the bridge's tests); asked before anything is sent, the
  ;; question saying what becomes of the seat (before the deal: free again); none to remove
  ;; is said; a player who is not the owner is refused.
  (let ((sent nil) (offered nil) (asked nil) (answer nil)
        (players (mapcar (lambda (p) (append p (list :score 0 :cards 4 :connected t)))
                         '((:name "ert" :robot nil) (:name "Bo" :robot nil) (:name "Robot1" :robot t)
                           (:name "Cy" :robot nil :left t) (:name "(free seat)" :robot nil :free t)))))
    (cl-letf (((symbol-function 'completing-read) (lambda (_prompt names &rest _) (setq offered names) "Bo"))
              ((symbol-function 'yes-or-no-p) (lambda (prompt) (push prompt asked) answer))
              ((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method params) (push (cons method params) sent) nil)))
      (cardwords-games-test--drawn
          (cardwords-games-test--view :welcome '(:gameId "ert" :owner t :name "ert") :players players :removable '("Bo"))
        (set-window-buffer (selected-window) (current-buffer))
        (execute-kbd-macro (kbd "C-c C-d"))
        (should (equal offered '("Bo")))
        (should (equal asked '("Remove Bo (a robot plays the seat to the end)? ")))
        (should-not sent)
        (setq answer t)
        (execute-kbd-macro (kbd "C-c C-d"))
        (should (equal sent '(("cardwords/remove" :name "Bo")))))
      (cardwords-games-test--drawn
          (cardwords-games-test--view :welcome '(:gameId "ert" :owner t :name "ert") :players players :status "waiting" :removable '("Bo"))
        (call-interactively #'cardwords-play-remove)
        (should (equal (car asked) "Remove Bo (the seat is free again for someone else)? ")))
      ;; after a round: the seat's robot plays in a rematch
      (cardwords-games-test--drawn
          (cardwords-games-test--view :welcome '(:gameId "ert" :owner t :name "ert") :players players :status "over" :removable '("Bo"))
        (call-interactively #'cardwords-play-remove)
        (should (equal (car asked) "Remove Bo (a robot plays the seat in a rematch)? ")))
      ;; the bridge's question, the web page's words, where it gives one: the last person
      ;; removed ends the game (the question did not say so)
      (cardwords-games-test--drawn
          (cardwords-games-test--view :welcome '(:gameId "ert" :owner t :name "ert") :players players :removable '("Bo")
                                      :removeQuestions '((:name "Bo" :question "Remove Bo? No other person plays then, so the game ends. ")))
        (call-interactively #'cardwords-play-remove)
        (should (equal (car asked) "Remove Bo? No other person plays then, so the game ends. ")))
      (cardwords-games-test--drawn
          (cardwords-games-test--view :welcome '(:gameId "ert" :owner t :name "ert") :players players :removable nil)
        (should (equal (cadr (should-error (call-interactively #'cardwords-play-remove) :type 'user-error))
                       "No player to remove.")))
      (cardwords-games-test--drawn
          (cardwords-games-test--view :welcome '(:gameId "ert" :owner :false :name "ert") :players players)
        (should (equal (cadr (should-error (call-interactively #'cardwords-play-remove) :type 'user-error))
                       "Only the owner removes players."))))))

;; C-c C-e: the owner ends the game for everyone, asked first; not after the end, nor by
;; a player who is not the owner.
(ert-deftest cardwords-play-owner-ends-the-game ()
  (let ((sent nil) (asked nil) (answer nil))
    (cl-letf (((symbol-function 'yes-or-no-p) (lambda (prompt) (push prompt asked) answer))
              ((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method params) (push (cons method params) sent) nil)))
      (cardwords-games-test--drawn (cardwords-games-test--view)
        (set-window-buffer (selected-window) (current-buffer))
        (execute-kbd-macro (kbd "C-c C-e"))
        (should (equal asked '("End the game for everyone (it cannot be undone)? ")))
        (should-not sent)
        (setq answer t)
        (execute-kbd-macro (kbd "C-c C-e"))
        (should (equal sent '(("cardwords/end")))))
      (cardwords-games-test--drawn (cardwords-games-test--view :status "over")
        (should (equal (cadr (should-error (call-interactively #'cardwords-play-end) :type 'user-error))
                       "The game is over.")))
      (cardwords-games-test--drawn (cardwords-games-test--view :welcome '(:gameId "ert" :owner :false))
        (should (equal (cadr (should-error (call-interactively #'cardwords-play-end) :type 'user-error))
                       "Only the owner ends the game.")))
      (should (= (length sent) 1)))))

;; After the end a key of the sheet says so and names the key left, in a sentence, and sends
;; nothing (it echoed the bridge's refusal, "the game has ended"); the others' dice are not
;; drawn any more (it read "Robot1: not thrown yet").
(ert-deftest cardwords-yatzee-keys-after-the-end-say-why ()
  (let* ((sent nil) (said nil)
         (sheet (lambda (name) (list :name name :scores (make-list 15 nil) :dice '(0 0 0 0 0)
                                     :held '(nil nil nil nil nil) :throwsMade 0 :phase "start" :upper 0 :bonus "-63" :total 0)))
         (cardwords-yatzee--buffer-name "*Cardwords Yatzee ert ended*"))
    (cl-letf (((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method params &rest _) (push (cons method params) sent) nil))
              ((symbol-function 'message) (lambda (fmt &rest args) (setq said (apply #'format fmt args)))))
      (with-current-buffer (get-buffer-create cardwords-yatzee--buffer-name)
        (unwind-protect
            (let ((cardwords-yatzee--view (list :seq 1 :connected t :welcome '(:gameId "ert") :status "ended" :ended t
                                                :hints :false :me "ert" :removable nil
                                                :rows cardwords-games-test--yatzee-rows :categories (list (list :id "aces" :label "Aces"))
                                                :sheets (list (funcall sheet "ert") (funcall sheet "Robot1"))
                                                :mine nil :message "")))
              (cardwords-yatzee-mode)
              (cardwords-yatzee--draw)
              (should (string-match-p "^Total " (buffer-string)))
              (should-not (string-match-p "not thrown yet" (buffer-string)))
              (set-window-buffer (selected-window) (current-buffer))
              (dolist (key '("SPC" "1" "RET" "u"))
                (setq said nil)
                (execute-kbd-macro (kbd key))
                (should (equal said "The game has ended: q leaves")))
              (should-not sent))
          (remove-hook 'kill-buffer-hook #'cardwords-yatzee--killed t)
          (kill-buffer))))))

;; Yatzee views without a game: the bridge's view, OVERRIDES put in.
(defun cardwords-games-test--yatzee-view (&rest overrides)
  "A Yatzee view as the bridge sends one (fifteen categories, ert and Robot1), OVERRIDES put in."
  (let* ((labels '(("aces" . "Aces") ("twos" . "Twos") ("threes" . "Threes") ("fours" . "Fours")
                   ("fives" . "Fives") ("sixes" . "Sixes") ("onePair" . "One pair")
                   ("twoPairs" . "Two pairs") ("threeAlike" . "Three alike")
                   ("fourAlike" . "Four alike") ("small" . "Small") ("large" . "Large")
                   ("fullHouse" . "Full house") ("chance" . "Chance") ("yatzee" . "Yatzee")))
         (sheet (lambda (name)
                  (list :name name :scores (make-list 15 nil) :dice '(5 1 5 2 6) :held '(nil nil nil nil nil)
                        :throwsMade 1 :phase "thrown" :upper 0 :bonus "-63" :bonusShort "-63" :total 0)))
         (view (list :seq 1 :connected t :welcome '(:gameId "ert" :owner t) :status "playing" :hints nil
                     :ended nil :me "ert" :removable '("Robot1")
                     :rows cardwords-games-test--yatzee-rows :categories (mapcar (lambda (c) (list :id (car c) :label (cdr c))) labels)
                     :sheets (list (funcall sheet "ert") (funcall sheet "Robot1"))
                     :mine (list :suggestion "chance" :options (make-list 15 7)) :message "")))
    (while overrides
      (setq view (plist-put view (pop overrides) (pop overrides))))
    view))

(defmacro cardwords-games-test--yatzee-drawn (view &rest body)
  "Draw the Yatzee VIEW in a buffer of its own, shown in the selected window, and run BODY there."
  (declare (indent 1))
  `(let ((cardwords-yatzee--buffer-name "*Cardwords Yatzee ert drawn*")
         (cardwords-yatzee--view ,view)
         (cardwords-yatzee--said nil))
     (with-current-buffer (get-buffer-create cardwords-yatzee--buffer-name)
       (unwind-protect
           (progn (cardwords-yatzee-mode) (cardwords-yatzee--draw) ,@body)
         (remove-hook 'kill-buffer-hook #'cardwords-yatzee--killed t)
         (kill-buffer)))))

;; defect: at 80x24 another player's throw or transfer redrew the buffer and sent point and
;; the window back to the top (Top L1), while the player had scrolled down (M->) to read the
;; invite link and the others' dice.  Each window keeps its place, as Cardwords' redraw does.
(ert-deftest cardwords-yatzee-redraw-keeps-point-and-window-start ()
  (cardwords-games-test--yatzee-drawn (cardwords-games-test--yatzee-view)
    (set-window-buffer (selected-window) (current-buffer))
    (goto-char (point-max))
    (forward-line -2)
    (set-window-start (selected-window) (cardwords-bridge-line-position 10) t)
    (set-window-point (selected-window) (point))
    (let ((line (line-number-at-pos)))
      (should (> line 10))
      ;; Robot1 throws again
      (setq cardwords-yatzee--view
            (plist-put (copy-sequence cardwords-yatzee--view) :sheets
                       (list (car (plist-get cardwords-yatzee--view :sheets))
                             (plist-put (copy-sequence (cadr (plist-get cardwords-yatzee--view :sheets)))
                                        :throwsMade 2))))
      (cardwords-yatzee--draw)
      (should (string-match-p "Robot1: 5 1 5 2 6  throw 2" (buffer-string)))
      (should (= (line-number-at-pos) line))
      (should (= (line-number-at-pos (window-point (selected-window))) line))
      (should (= (line-number-at-pos (window-start (selected-window))) 10)))))

;; defect: at 80x24 with the hints on, "The server is stopping…" went to the echo area (the
;; buffer had no room for it under the hint lines) and stayed there once the connection was
;; back, till the next key.  A message echoed goes from the echo area once the view's has changed.
(ert-deftest cardwords-yatzee-echoed-message-goes-when-the-view-changes ()
  (let* ((said nil)
         (stopping "The server is stopping. The game is kept: reconnecting when the server is back…")
         (hint (list :suggestion "chance" :options (make-list 15 7)
                     :hint (list :expectedFinal 201.5 :categories (make-list 15 199.5)
                                 :keep '(:dice (4 4) :positions (1 2) :transferNow nil :expected 203.1)
                                 :now 203.1))))
    (cl-letf (((symbol-function 'message)
               (lambda (format &rest args) (setq said (and format (apply #'format-message format args)))))
              ((symbol-function 'current-message) (lambda () said)))
      (cardwords-games-test--yatzee-drawn
          (cardwords-games-test--yatzee-view :hints t :mine hint :connected nil :message stopping)
        (let ((cardwords-yatzee--echoed nil))
          (cardwords-yatzee--draw)
          (should (equal said stopping))
          (setq cardwords-yatzee--view (cardwords-games-test--yatzee-view :seq 2 :hints t :mine hint :message ""))
          (cardwords-yatzee--draw)
          (should-not said))))))

;; defect: a watcher of a game whose players were all away read "(Cardwords ert's turn (a
;; robot plays))" in the mode line and "away, a robot plays" on the score board, while the
;; game waited and nothing moved.  The bridge's `paused' view: both say the game waits.
(ert-deftest cardwords-play-nobody-connected-the-game-waits ()
  (cardwords-games-test--drawn
      (cardwords-games-test--view
       :welcome '(:gameId "ert" :role "watcher") :seat -1 :hand nil :composing nil :preview nil :paused t
       :away "No player is connected: the game waits until one comes back."
       :players '((:name "ert" :robot nil :score 4 :cards 4 :connected nil :away t :standIn nil)
                  (:name "Robot1" :robot t :score 0 :cards 4 :connected t)))
    (should (equal mode-line-process " ert's turn (the game waits) ert:4 Robot1:0"))
    (should (string-match-p "^ ert +4 points  4 cards  away$" (buffer-string)))
    (should-not (string-match-p "a robot plays" (buffer-string)))))

;; defect: a watcher's C-c C-e said "Only the owner ends the game" (no full stop); C-c C-r
;; during play said nothing to a watcher and the server's raw "Refused: a rematch follows the
;; end of a game" to a player.  Each is refused in a sentence: the owner's keys and a
;; watcher's rematch after the end before anything is sent, a rematch during play by the
;; bridge (its words, the web panel's: one home), said in the echo area.
(ert-deftest cardwords-play-owner-and-rematch-keys-refused-in-sentences ()
  (let ((calls nil)
        (bridge-refusal "A rematch follows the end of a game."))
    (cl-letf (((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method &rest _)
                 (push method calls)
                 (when (equal method "cardwords/rematch") (user-error "%s" bridge-refusal)))))
      (let ((refusal (lambda (command) (error-message-string (should-error (funcall command) :type 'user-error))))
            (said (lambda (command)
                    (let ((echoed nil))
                      (cl-letf (((symbol-function 'message)
                                 (lambda (format &rest args) (setq echoed (apply #'format-message format args))))
                                ((symbol-function 'ding) #'ignore))
                        (funcall command))
                      echoed))))
        (cardwords-games-test--drawn
            (cardwords-games-test--view :seat -1 :hand nil :welcome '(:gameId "ert" :role "watcher" :owner nil))
          (should (equal (funcall refusal #'cardwords-play-end) "Only the owner ends the game."))
          (should (equal (funcall said #'cardwords-play-rematch) bridge-refusal)))
        (cardwords-games-test--drawn (cardwords-games-test--view)
          (should (equal (funcall said #'cardwords-play-rematch) bridge-refusal)))
        (should (equal calls '("cardwords/rematch" "cardwords/rematch")))
        (setq calls nil)
        (cardwords-games-test--drawn
            (cardwords-games-test--view :status "over" :turn -1 :seat -1 :hand nil
                                        :results '(:results ((:name "ert" :score 4 :winner t)))
                                        :welcome '(:gameId "ert" :role "watcher" :owner nil))
          (should (equal (funcall refusal #'cardwords-play-rematch)
                         "You are watching: a rematch is for the players (and the owner) to ask for.")))
        ;; defect: after the owner ended the game the key said only the bridge's "The game has
        ;; ended."; it names the keys left, as any key then does
        (dolist (welcome '((:gameId "ert" :owner t) (:gameId "ert" :role "watcher" :owner nil)))
          (cardwords-games-test--drawn
              (cardwords-games-test--view :status "ended" :turn -1 :welcome welcome
                                          :results '(:results ((:name "ert" :score 4 :winner t))))
            (should (equal (funcall said #'cardwords-play-rematch)
                           "The game has ended: C-c C-q leaves, [ ] review, b its best move")))))
      (should-not calls))))

;; defect: at 80 columns with 3 players the mode line "... (Cardwords Your turn You:0 Bea:0
;; Robot1:0" had its closing paren cut at column 81, and at the results "(Cardwords Results
;; You:453 Bea:230)" dropped Robot1 (342, second) and kept Bea (230, third), by seat order.
;; The paren must fit too, and the scores dropped are the lowest.  (Batch Emacs formats no
;; mode line: a mode line of PREFIX columns before " (Cardwords" is made up here.)
(ert-deftest cardwords-play-mode-line-keeps-its-paren-and-the-leaders ()
  (let ((prefix 38))
    (cl-letf (((symbol-function 'format-mode-line)
               (lambda (&rest _)
                 (concat (make-string prefix ?-) " (Cardwords"
                         (if (listp mode-line-process) (apply #'concat mode-line-process) mode-line-process)
                         ")"))))
      (with-temp-buffer
        (set-window-buffer (selected-window) (current-buffer))
        ;; "(Cardwords Your turn You:0 Bea:0 Robot1:0" ends at column 80: its ")" would be the 81st
        (should (= (window-total-width) 80))
        (should-not (cardwords-bridge-mode-line (selected-window) '(" Your turn" " You:0" " Bea:0" " Robot1:0")))
        (should (equal mode-line-process " Your turn You:0 Bea:0"))
        ;; the results: the lowest score goes, not the last seat's
        (let* ((players '((:name "ert" :score 453) (:name "Bea" :score 230) (:name "Robot1" :score 342)))
               (cardwords-play--view (list :seat 0))
               (scores (cardwords-play--scores players 0))
               (ranks (cardwords-play--ranks scores players)))
          (should (equal ranks '(0 1 3 2)))
          (setq prefix 40)
          (cardwords-bridge-mode-line (selected-window)
                                      (cons " Results" (mapcar (lambda (s) (concat " " (car s))) scores))
                                      ranks)
          (should (equal mode-line-process " Results You:453 Robot1:342"))))
      ;; defect: a robot counting down for an absent player, "(Cardwords Bo's turn (away, a
      ;; robot in 0:" was cut there, the seconds, the scores and the paren lost: the turn's
      ;; text is shortened to fit (the Scores line has the scores)
      (setq prefix 40)
      (cardwords-games-test--drawn
          (cardwords-games-test--view :turn 1 :awayIn "0:42"
                                      :players '((:name "ert" :robot nil :score 4 :cards 4 :connected t)
                                                 (:name "Bo" :robot nil :score 0 :cards 4 :connected nil :away t)))
        (set-window-buffer (selected-window) (current-buffer))
        (cardwords-play--draw)
        (should (equal mode-line-process " Bo's turn (a robot in 0:42)"))
        (should (cardwords-games-test--line-of "^Scores: You:4  Bo:0$"))
        ;; wider, the whole text and the scores
        (setq prefix 20)
        (cardwords-play--draw)
        (should (equal mode-line-process " Bo's turn (away, a robot in 0:42) You:4 Bo:0"))))))

;; defect: at 80 columns the resume question wrapped: "Resume your Cardwords game on tiny
;; (1 robot, as Bartholomew, Dec 1 13:41)? (y or n)" is 84 columns.  The date goes when it
;; does not fit; in a wide echo area it stays.
(ert-deftest cardwords-bridge-resume-question-fits-80-columns ()
  (let ((game (list :robots 1 :players 1 :ruleset "tiny" :name "Bartholomew"
                    :saved (* 1000.0 (float-time (encode-time '(0 41 13 1 12 2026 nil nil t)))))))
    (let ((q (cardwords-bridge-resume-prompt "Cardwords" game 80)))
      (should (equal q "Resume your Cardwords game on tiny (1 robot, as Bartholomew)? "))
      (should (< (string-width (concat q "(y or n) ")) 80)))
    (should (string-match-p "\\`Resume your Cardwords game on tiny (1 robot, as Bartholomew, [A-Z][a-z]+ [0-9]+ [0-9:]+)\\? \\'"
                            (cardwords-bridge-resume-prompt "Cardwords" game 120)))))

;; defect: after the removal of the last human the Yatzee mode line read "(Yatzee  Robot1:109)",
;; two spaces: the leader's part had the gap it keeps after your own score.
(ert-deftest cardwords-yatzee-mode-line-leader-alone-one-space ()
  (cardwords-games-test--yatzee-drawn
      (cardwords-games-test--yatzee-view
       :me "ert" :sheets (list (list :name "Robot1" :scores (make-list 15 nil) :dice '(1 2 3 4 5)
                                     :held '(nil nil nil nil nil) :throwsMade 1 :phase "thrown"
                                     :upper 0 :bonus "-63" :bonusShort "-63" :total 109)))
    (should (equal mode-line-process " Robot1:109"))))

;; The same for a Yatzee sheet taken back by a browser tab: the mode line said Disconnected
;; and nothing took the sheet back.  p plays it here again, w watches.
(ert-deftest cardwords-yatzee-sheet-played-elsewhere-offers-play-here-and-watch ()
  (let ((sent nil)
        (taken "Your seat is now played elsewhere (another tab, window or editor), not here."))
    (cl-letf (((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method &rest _) (push method sent) nil)))
      (cardwords-games-test--yatzee-drawn
          (cardwords-games-test--yatzee-view :connected nil :closed t :elsewhere t :down taken :message taken)
        (set-window-buffer (selected-window) (current-buffer))
        (should (string-prefix-p " Sheet played elsewhere" mode-line-process))
        (should (string-match-p "^p plays your sheet here again, w watches the game\\.$" (buffer-string)))
        (execute-kbd-macro (kbd "p"))
        (execute-kbd-macro (kbd "w"))
        (should (equal (reverse sent) '("yatzee/play-here" "yatzee/watch-here")))))))

;; defect: after the owner removed you (or the sheet was taken back from another connection),
;; q asked "Leave this game for good?" of a sheet that was no longer yours
(ert-deftest cardwords-yatzee-let-go-leaves-unasked ()
  (let ((sent nil) (asked nil))
    (cl-letf (((symbol-function 'y-or-n-p) (lambda (prompt) (push prompt asked) t))
              ((symbol-function 'yes-or-no-p) (lambda (prompt) (push prompt asked) t))
              ((symbol-function 'cardwords-bridge-request-sync) (lambda (method &rest _) (push method sent) nil)))
      (cardwords-games-test--yatzee-drawn (cardwords-games-test--yatzee-view)
        (should (cardwords-yatzee--in-progress-p)))
      (let ((cardwords-yatzee--buffer-name "*Cardwords Yatzee ert let go*")
            (cardwords-yatzee--view (cardwords-games-test--yatzee-view
                                     :connected nil :closed t :removed t :down "The owner removed you from the game."
                                     :message "The owner removed you from the game.")))
        (with-current-buffer (get-buffer-create cardwords-yatzee--buffer-name)
          (cardwords-yatzee-mode)
          (cardwords-yatzee--draw)
          ;; said as a removal, over for you: it read "Disconnected" and "playing"
          (should (string-prefix-p " Removed" mode-line-process))
          (should-not (string-match-p "Disconnected" mode-line-process))
          (should (string-match-p "^Yatzee  game .*  removed by the owner$" (buffer-string)))
          (should-not (cardwords-yatzee--in-progress-p))
          ;; defect: the web page offers Watch the game after a removal, Emacs nothing.  While
          ;; the game goes on the removal's line names the key, which asks the bridge to watch
          (set-window-buffer (selected-window) (current-buffer))
          (execute-kbd-macro (kbd "w"))
          (should-not sent)
          (setq cardwords-yatzee--view (plist-put cardwords-yatzee--view :watchable t))
          (cardwords-yatzee--draw)
          (should (string-match-p "^The owner removed you from the game\\. w watches the game\\.$" (buffer-string)))
          (should (string-match-p "^Yatzee  game .*  removed by the owner$" (buffer-string)))
          (execute-kbd-macro (kbd "w"))
          (should (equal sent '("yatzee/watch-here")))
          (cardwords-yatzee-leave))
        (should-not asked)
        (should-not (get-buffer cardwords-yatzee--buffer-name))
        (should (member "yatzee/leave" sent))))))

;; The last person's leave ends the game: the results (Cardwords) or the end with its winners
;; (Yatzee) come before the room closes, and stay in sight with a word of what the key did;
;; the buffer had vanished with nothing said.  The key again closes it.
(ert-deftest cardwords-games-the-last-leave-shows-the-end ()
  (let ((sent nil) (said nil)
        (results `(:reasonText "Ann left: nobody plays any more."
                               :columns ,cardwords-games-test--result-columns
                               :marks ,cardwords-games-test--result-marks
                               :results ((:name "ert" :score 4 :handPoints 0 :adjustment 0 :winner t :standIn nil)))))
    (cl-letf (((symbol-function 'cardwords-bridge-confirm-leave) (lambda (&rest _) t))
              ((symbol-function 'message) (lambda (fmt &rest args) (push (and fmt (apply #'format fmt args)) said)))
              ((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method &rest _)
                 (push method sent)
                 ;; the end comes as notifications before the leave is answered
                 (pcase method
                   ("cardwords/leave"
                    (cardwords-play--take (cardwords-games-test--view :seq 9 :status "over" :turn -1 :results results
                                                                      :message "The game has ended.")))
                   ("yatzee/leave"
                    (cardwords-yatzee--take (cardwords-games-test--yatzee-view
                                             :seq 9 :ended t :message "You left the game, the last person playing in it: the game is over. Winner: Robot1."))))
                 nil)))
      (let ((cardwords-play--buffer-name "*Cardwords ert last leave*")
            (cardwords-play--view (cardwords-games-test--view)))
        (with-current-buffer (get-buffer-create cardwords-play--buffer-name)
          (cardwords-play-mode)
          (cardwords-play--draw)
          (should (cardwords-play--in-progress-p))
          (cardwords-play-leave)
          (should (buffer-live-p (get-buffer cardwords-play--buffer-name)))
          (should (string-match-p "^Results$" (buffer-string)))
          (should (string-match-p "^You left; the game is over (results below)\\. C-c C-q closes the buffer\\.$"
                                  (car said)))
          ;; one line of an 80-column echo area (Emacs broke the longer one inside "buffer")
          (should (< (length (car said)) 80))
          (cardwords-play-leave)
          (should-not (get-buffer cardwords-play--buffer-name))))
      (let ((cardwords-yatzee--buffer-name "*Cardwords Yatzee ert last leave*")
            (cardwords-yatzee--view (cardwords-games-test--yatzee-view)))
        (with-current-buffer (get-buffer-create cardwords-yatzee--buffer-name)
          (cardwords-yatzee-mode)
          (cardwords-yatzee--draw)
          (should (cardwords-yatzee--in-progress-p))
          (cardwords-yatzee-leave)
          (should (buffer-live-p (get-buffer cardwords-yatzee--buffer-name)))
          ;; broken after a sentence to the echo area's width: Emacs broke it inside a word
          ;; ("…Winner: Rob" / "ot1.")
          (should (equal (car said) (concat "You left the game, the last person playing in it: the game is over.\n"
                                            "Winner: Robot1. q closes the buffer.")))
          (cardwords-yatzee-leave)
          (should-not (get-buffer cardwords-yatzee--buffer-name))))
      (should (equal (reverse sent) '("cardwords/leave" "stop-server" "cardwords/leave" "stop-server"
                                      "yatzee/leave" "yatzee/leave"))))))

;; defect: at 80 columns the hint line ran past the window's edge, cut there (with $), its
;; best hold lost; it is broken at the window's width as Cardwords breaks its lines (the
;; expected score, then the best hold whole on the next line), and so is a long message.
;; Both on one line when they fit.
(ert-deftest cardwords-yatzee-breaks-long-lines-at-the-window-width ()
  (cardwords-games-test--yatzee-drawn
      (cardwords-games-test--yatzee-view
       :hints t
       :mine (list :suggestion "chance" :options (make-list 15 7)
                   :hint (list :expectedFinal 238.2 :now 237.7 :categories (make-list 15 230.5)
                               :keep '(:dice (5 5) :positions (0 2) :transferNow nil :expected 237.7))))
    (let ((text (buffer-substring-no-properties (point-min) (point-max))))
      (should (string-match-p "^Expected final score: 237\\.7 (238\\.2 before this round)\nBest hold: the 5 5 (dice 1 3)\n" text))
      (dolist (line (split-string text "\n"))
        (should (< (string-width line) 80))))
    (should (memq 'cardwords-yatzee-hint
                  (cardwords-games-test--face-at (save-excursion (goto-char (point-min))
                                                                 (search-forward "Best hold") (point)))))
    ;; a long message the same (the hints off: 80x24 holds its two lines with the sheet)
    (let ((cardwords-yatzee--view
           (plist-put (plist-put (copy-sequence cardwords-yatzee--view) :hints nil)
                      :message "The game has ended. The owner ended the game. Winner: Bartholomew, Robot1, Robot2, Robot3.")))
      (cardwords-yatzee--draw)
      (should (string-match-p "^The game has ended\\. The owner ended the game\\. Winner: Bartholomew, Robot1,\nRobot2, Robot3\\.$"
                              (buffer-string))))
    ;; short enough for one line: one line, two spaces apart
    (setq cardwords-yatzee--view
          (plist-put cardwords-yatzee--view :mine
                     (list :suggestion "chance" :options (make-list 15 7)
                           :hint (list :expectedFinal 201.5 :now 203.1 :categories (make-list 15 199.5)
                                       :keep '(:transferNow t)))))
    (cardwords-yatzee--draw)
    (should (string-match-p "^Expected final score: 203\\.1 (201\\.5 before this round)  Best: transfer now$"
                            (buffer-string)))))

;; defect: c after the end asked for a category nothing could take, and + said lower-case
;; "the game has ended" naming no key; both refuse as SPC does, asking nothing and sending
;; nothing; the owner's - and C-c C-e too
(ert-deftest cardwords-yatzee-c-and-plus-after-the-end-say-why ()
  (let ((sent nil) (said nil) (asked nil))
    (cl-letf (((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method params &rest _) (push (cons method params) sent) nil))
              ((symbol-function 'completing-read) (lambda (prompt &rest _) (push prompt asked) "Aces"))
              ((symbol-function 'yes-or-no-p) (lambda (prompt) (push prompt asked) t))
              ((symbol-function 'ding) #'ignore)
              ((symbol-function 'message) (lambda (fmt &rest args) (setq said (apply #'format fmt args)))))
      (cardwords-games-test--yatzee-drawn
          (cardwords-games-test--yatzee-view :status "ended" :ended t :removable nil :mine nil
                                             :message "The game has ended. Every sheet is full. Winner: ert.")
        (set-window-buffer (selected-window) (current-buffer))
        (dolist (key '("c" "+" "-" "C-c C-e"))
          (setq said nil)
          (execute-kbd-macro (kbd key))
          (should (equal said "The game has ended: q leaves")))
        (should-not asked)
        (should-not sent)
        ;; the end's line stays
        (should (string-match-p "^The game has ended\\. Every sheet is full\\. Winner: ert\\.$" (buffer-string)))))))

;; defect: g fell through to revert-buffer ("Buffer does not seem to be associated with any
;; file"); it draws the game again, as in Lines.  + left a refusal of an earlier key in the
;; message line, and r said nothing: each says what it did, until the bridge says something
;; else (the room's refusal) or the next key.
(ert-deftest cardwords-yatzee-g-redraws-and-plus-and-r-say-what-they-did ()
  (let* ((refusal "Refused: Undo transfer is possible only right after a transfer.")
         (answer nil) (sent nil))
    (cl-letf (((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method &rest _) (push method sent) answer))
              ((symbol-function 'ding) #'ignore))
      (cardwords-games-test--yatzee-drawn (cardwords-games-test--yatzee-view :message refusal)
        (set-window-buffer (selected-window) (current-buffer))
        (should (eq (key-binding "g") #'cardwords-yatzee-redraw))
        (let ((inhibit-read-only t)) (erase-buffer))
        (execute-kbd-macro (kbd "g"))
        (should (string-match-p "^Total " (buffer-string)))
        ;; + accepted: the bridge's answer still has the earlier refusal, which goes
        (setq answer (cardwords-games-test--yatzee-view :seq 2 :message refusal))
        (execute-kbd-macro (kbd "+"))
        (should (equal sent '("yatzee/robots")))
        (should (string-match-p "^A robot joins the game\\.$" (buffer-string)))
        (should-not (string-match-p "Refused" (buffer-string)))
        ;; the robot's sheet comes: still said; the room's refusal replaces it
        (cardwords-yatzee--take (cardwords-games-test--yatzee-view :seq 3 :message refusal))
        (should (string-match-p "^A robot joins the game\\.$" (buffer-string)))
        (cardwords-yatzee--take (cardwords-games-test--yatzee-view
                                 :seq 4 :message "Refused: at most 10 players play at the same time."))
        (should (string-match-p "^Refused: at most 10 players" (buffer-string)))
        (should-not (string-match-p "robot joins" (buffer-string)))
        ;; r right after a transfer: said (the bridge's message is empty)
        (let ((transferred (cardwords-games-test--yatzee-view :seq 5 :message "Aces: 0 points. u takes it back.")))
          (setf (plist-get (car (plist-get transferred :sheets)) :phase) "transferred")
          (cardwords-yatzee--take transferred))
        (setq answer (cardwords-games-test--yatzee-view :seq 6 :message ""))
        (execute-kbd-macro (kbd "r"))
        (should (string-match-p "^Dice reset: the transfer stays, u no longer takes it back\\.$" (buffer-string)))
        ;; the next key forgets it
        (setq answer (cardwords-games-test--yatzee-view :seq 7 :message ""))
        (execute-kbd-macro (kbd "SPC"))
        (should-not (string-match-p "Dice reset" (buffer-string)))
        ;; r anywhere else: nothing said by Emacs (the room's refusal comes)
        (setq answer (cardwords-games-test--yatzee-view :seq 8 :message ""))
        (execute-kbd-macro (kbd "r"))
        (should-not (string-match-p "Dice reset" (buffer-string)))))))

;; defect: a robot whose sheet was full read "Robot1: not thrown yet" under the sheet, as if a
;; round waited for it; it is done
(ert-deftest cardwords-yatzee-a-full-sheet-is-done ()
  (let ((view (cardwords-games-test--yatzee-view)))
    (setf (plist-get (cadr (plist-get view :sheets)) :scores) (make-list 15 3)
          (plist-get (cadr (plist-get view :sheets)) :throwsMade) 0)
    (cardwords-games-test--yatzee-drawn view
      (should (string-match-p "\\(^\\|  \\)Robot1: done, the sheet is full\\(  \\|$\\)" (buffer-string)))
      (should-not (string-match-p "not thrown yet" (buffer-string))))))

;; The Yatzee owner: - removes a player (those the bridge's view says: every player present
;; but yourself, robots too), C-c C-e ends the game, each asked first; refused to a player
;; who is not the owner.
(ert-deftest cardwords-yatzee-owner-removes-and-ends ()
  (let* ((sent nil) (asked nil) (offered nil)
         (sheet (lambda (name) (list :name name :scores (make-list 15 nil) :dice '(0 0 0 0 0)
                                     :held '(nil nil nil nil nil) :throwsMade 0 :phase "start" :upper 0 :bonus "-63" :total 0)))
         (view (lambda (owner)
                 (list :seq 1 :connected t :welcome (list :gameId "ert" :owner owner) :status "playing" :hints :false
                       :me "ert" :removable '("Robot1" "Cy") :rows cardwords-games-test--yatzee-rows :categories (list (list :id "aces" :label "Aces"))
                       :sheets (list (funcall sheet "ert") (funcall sheet "Robot1") (funcall sheet "Cy"))
                       :mine nil :message "")))
         (cardwords-yatzee--buffer-name "*Cardwords Yatzee ert owner*"))
    (cl-letf (((symbol-function 'completing-read) (lambda (_prompt names &rest _) (setq offered names) "Cy"))
              ((symbol-function 'yes-or-no-p) (lambda (prompt) (push prompt asked) t))
              ((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method params &rest _) (push (cons method params) sent) nil)))
      (with-current-buffer (get-buffer-create cardwords-yatzee--buffer-name)
        (unwind-protect
            (let ((cardwords-yatzee--view (funcall view t)))
              (cardwords-yatzee-mode)
              (set-window-buffer (selected-window) (current-buffer))
              (execute-kbd-macro (kbd "-"))
              (should (equal offered '("Robot1" "Cy")))
              (execute-kbd-macro (kbd "C-c C-e"))
              (should (equal (reverse asked) '("Remove Cy (that sheet is closed for good)? "
                                               "End the game for everyone (it cannot be undone)? ")))
              (should (equal (reverse sent) '(("yatzee/remove" :name "Cy") ("yatzee/end"))))
              (setq cardwords-yatzee--view (funcall view :false))
              (should (equal (cadr (should-error (call-interactively #'cardwords-yatzee-remove) :type 'user-error))
                             "Only the owner removes players."))
              (should (equal (cadr (should-error (call-interactively #'cardwords-yatzee-end) :type 'user-error))
                             "Only the owner ends the game."))
              (should (= (length sent) 2)))
          (remove-hook 'kill-buffer-hook #'cardwords-yatzee--killed t)
          (kill-buffer))))))

(ert-deftest cardwords-play-cells-show-every-attribute-and-the-start ()
  ;; A cell with two attributes shows both, compactly, in the five columns of a cell; the
  ;; start cell is marked * until the first move; a blocked cell ##.
  (cardwords-games-test--drawn
      (cardwords-games-test--view
       :board nil :composing nil :preview nil :startText "The first move must cover A1."
       :cells (list (list :i 0 :blocked nil :points 0 :letter 1 :word 1 :start t)
                    (list :i 1 :blocked nil :points 5 :letter 2 :word 1 :start nil)
                    (list :i 2 :blocked nil :points 5 :letter 2 :word 1 :start t)
                    (list :i 3 :blocked t :points 0 :letter 1 :word 1 :start nil)
                    (list :i 4 :blocked nil :points 10 :letter 2 :word 3 :start nil)
                    (list :i 5 :blocked nil :points 0 :letter 1 :word 2 :start nil)))
    (let ((text (buffer-substring-no-properties (point-min) (point-max))))
      (should (string-match-p "^  1  \\*    C5L2\\*C5L2 *$" text))
      (should (string-match-p "^  2  ##   C10\\+ W2 *$" text))
      (should (string-match-p "^Cells: .*\n +\\* start: The first move must cover A1\\.$" text)))
    (should (memq 'cardwords-preview-start
                  (cardwords-games-test--face-at (1+ (cardwords-games-test--where 'cardwords-play-cell '(0 . 0))))))
    (let ((both (1+ (cardwords-games-test--where 'cardwords-play-cell '(1 . 0)))))
      (should (memq 'cardwords-preview-letter (cardwords-games-test--face-at both))))
    ;; alignment: every cell five columns wide, under its label
    (dotimes (row 2)
      (dotimes (col 3)
        (goto-char (cardwords-games-test--where 'cardwords-play-cell (cons col row)))
        (should (= (current-column) (+ 4 (* 5 col)))))))
  ;; once a card is on the table no cell shows the star: nor does the legend
  (cardwords-games-test--drawn
      (cardwords-games-test--view :startText "The first move must cover A1.")
    (let ((text (buffer-substring-no-properties (point-min) (point-max))))
      (should (string-match-p "^Cells: .*## blocked$" text))
      (should-not (string-match-p "start" text)))))

(ert-deftest cardwords-play-results-say-the-adjustment-is-included ()
  ;; The web panel heads the end adjustment "End adjustment (included)": the final score
  ;; holds it already.  The Emacs results said "end -3" beside the score, which read as
  ;; still to be added.  Now they are the panel's table: its headings, each number right
  ;; under the end of its heading, the marks after the final score, or on a line of their
  ;; own when the row would not fit in 80 columns.
  (cardwords-games-test--drawn
      (cardwords-games-test--view
       :status "over" :turn -1
       :results `(:reasonText "A player laid the last card and the pile is empty."
                              :columns ,cardwords-games-test--result-columns
                              :marks ,cardwords-games-test--result-marks
                              :results ((:name "ert" :score 14 :handPoints 0 :adjustment 5 :winner t :standIn t)
                                        (:name "Robot1" :score 0 :handPoints 5 :adjustment -5 :winner nil :standIn nil))))
    (set-window-buffer (selected-window) (current-buffer))
    (delete-other-windows)
    (cl-letf (((symbol-function 'window-body-width) (lambda (&rest _) 80)))
      (cardwords-play--draw))
    (let ((text (buffer-substring-no-properties (point-min) (point-max))))
      (should (string-match-p
               (concat "^Results\nA player laid the last card and the pile is empty\\.\n"
                       " Player \\{8\\}Points in hand  End adjustment (included)  Final score\n"
                       " ert \\{10\\} +0 +\\+5 +14\n"
                       "   winner  (a robot stood in)\n"
                       " Robot1 \\{7\\} +5 +-5 +0\n")
               text))
      (should-not (string-match-p "end [-+][0-9]" text)))
    ;; a seat given up says so, as the score board does, in place of "a robot stood in" (it
    ;; said that of a player the owner had removed)
    (setq cardwords-play--view
          (plist-put cardwords-play--view :results
                     `(:reasonText "No person plays any more."
                                   :columns ,cardwords-games-test--result-columns
                                   :marks ,cardwords-games-test--result-marks
                                   :results ((:name "ert" :score 14 :handPoints 0 :adjustment 5 :winner t :standIn t :gone "removed")
                                             (:name "Robot1" :score 0 :handPoints 5 :adjustment -5 :winner nil :standIn nil :gone "")))))
    (cl-letf (((symbol-function 'window-body-width) (lambda (&rest _) 80)))
      (cardwords-play--draw))
    (should (string-match-p "^   winner  (removed)$" (buffer-string)))
    (should-not (string-match-p "a robot stood in" (buffer-string)))
    (setq cardwords-play--view
          (plist-put cardwords-play--view :results
                     `(:reasonText "A player laid the last card and the pile is empty."
                                   :columns ,cardwords-games-test--result-columns
                                   :marks ,cardwords-games-test--result-marks
                                   :results ((:name "ert" :score 14 :handPoints 0 :adjustment 5 :winner t :standIn t)
                                             (:name "Robot1" :score 0 :handPoints 5 :adjustment -5 :winner nil :standIn nil)))))
    (cl-letf (((symbol-function 'window-body-width) (lambda (&rest _) 80)))
      (cardwords-play--draw))
    ;; each number ends where its heading ends
    (let ((ends (lambda (regexp)
                  (save-excursion
                    (goto-char (point-min))
                    (re-search-forward regexp)
                    (current-column)))))
      (should (= (funcall ends "Points in hand") (funcall ends "^ Robot1 +5")))
      (should (= (funcall ends "(included)") (funcall ends "^ Robot1 +5 +-5")))
      (should (= (funcall ends "Final score") (funcall ends "^ Robot1 +5 +-5 +0"))))
    ;; every line of the results whole in 80 columns
    (goto-char (point-min))
    (re-search-forward "^Results$")
    (while (not (looking-at "C-c C-r deals a rematch now"))
      (should (< (- (line-end-position) (line-beginning-position)) 80))
      (forward-line 1))
    ;; a row with room for its mark keeps it
    (setq cardwords-play--view
          (cardwords-games-test--view
           :seq 2 :status "over" :turn -1
           :results `(:reasonText "" :columns ,cardwords-games-test--result-columns
                              :marks ,cardwords-games-test--result-marks
                                  :results ((:name "ert" :score 4 :handPoints 3 :adjustment -3 :winner t :standIn nil)))))
    (cl-letf (((symbol-function 'window-body-width) (lambda (&rest _) 80)))
      (cardwords-play--draw))
    (should (string-match-p "^ ert +3 +-3 +4  winner$" (buffer-string)))))

(ert-deftest cardwords-play-results-without-the-action-area ()
  ;; The game over, the results show and the action area with its preview is gone.
  (cardwords-games-test--drawn
      (cardwords-games-test--view
       :status "over" :turn -1
       :results `(:reasonText "Every player passed or traded twice in a row."
                              :columns ,cardwords-games-test--result-columns
                              :marks ,cardwords-games-test--result-marks
                              :results ((:name "ert" :score 4 :handPoints 3 :adjustment -3 :winner t :standIn nil)
                                        (:name "Robot1" :score 0 :handPoints 2 :adjustment -2 :winner nil :standIn nil))))
    (let ((text (buffer-substring-no-properties (point-min) (point-max))))
      (should (string-match-p "^Results\nEvery player passed or traded twice in a row\\.$" text))
      (should (string-match-p "^ ert +3 +-3 +4  winner$" text))
      (should-not (string-match-p "^Action: " text))
      (should-not (string-match-p "^Preview: " text))))
  ;; a rematch asked by another player shows on their line (each saw only their own)
  (cardwords-games-test--drawn
      (cardwords-games-test--view
       :status "over" :turn -1
       :players '((:name "ert" :robot nil :score 4 :cards 4 :connected t)
                  (:name "Bo" :robot nil :score 0 :cards 4 :connected t :rematch t)))
    (should (string-match-p "^ Bo +0 points  4 cards  asks for a rematch$" (buffer-string)))
    (should (string-match-p "^ ert +4 points  4 cards  (you)$" (buffer-string))))
  ;; during the game they are there
  (cardwords-games-test--drawn (cardwords-games-test--view)
    (should (string-match-p "^Action: C2  across  A 1\nPreview: This move scores 2 points\\." (buffer-string)))))

(ert-deftest cardwords-play-leaves-the-yatzee-server-alone ()
  ;; Yatzee on the local server of no ruleset, then Cardwords on a ruleset folder: each its
  ;; own server (Cardwords plays the folder's 7 x 7 table, not the default ruleset's), and
  ;; C-c C-q in Cardwords stops nothing the Yatzee game uses.  Killing the Yatzee buffer
  ;; leaves its game: its server, used by no game now, is gone.
  (let ((cardwords-yatzee-robots 0) (cardwords-yatzee-name "ert")
        (cardwords-play-ruleset (file-name-as-directory (getenv "CARDWORDS_DIR")))
        (cardwords-play-seed "ert") (cardwords-play-name "ert") (cardwords-play-level "casual")
        pid)
    (unwind-protect
        (progn
          (cardwords-yatzee "")
          (with-current-buffer "*Cardwords Yatzee*"
            (cardwords-games-test--wait
             (lambda () (string-match-p "^Aces +-$" (buffer-string))) "the sheet"))
          (cl-letf (((symbol-function 'read-directory-name)
                     (lambda (&rest _) cardwords-play-ruleset)))
            (cardwords-play ""))
          (with-current-buffer "*Cardwords*"
            (cardwords-games-test--wait
             (lambda () (string-match-p "^Hand: \\[" (buffer-string))) "the hand")
            (should (= (length (cardwords-play--get :columns)) 7))
            ;; C-c C-q in a game going on asks first: no keeps the game, yes leaves it; the
            ;; only person against a robot is asked that the game then ends (the bridge's
            ;; question: it said a robot would play the seat to the end)
            (let ((asked nil))
              (cl-letf (((symbol-function 'y-or-n-p) (lambda (prompt) (setq asked prompt) nil)))
                (execute-kbd-macro (kbd "C-c C-q")))
              (should (equal asked "Leave for good? No other person plays, so the game ends. "))
              (should (get-buffer "*Cardwords*")))
            (cl-letf (((symbol-function 'y-or-n-p) (lambda (_) t)))
              (execute-kbd-macro (kbd "C-c C-q")))
            ;; that leave ended the game: its results, sent before the close, stay in sight
            ;; (the buffer vanished with nothing said); C-c C-q again closes it, unasked
            (should (string-match-p "^Results$" (buffer-string)))
            (execute-kbd-macro (kbd "C-c C-q")))
          (should-not (get-buffer "*Cardwords*"))
          (with-current-buffer "*Cardwords Yatzee*"
            (execute-kbd-macro (kbd "SPC"))
            (cardwords-games-test--wait
             (lambda () (string-match-p "^Your dice (throw 1 of 3)" (buffer-string)))
             "the Yatzee game answering after Cardwords left"))
          ;; the running server of no ruleset: serve answers it again, with its process id
          (setq pid (plist-get (cardwords-bridge-request-sync "serve" nil 60) :pid))
          (should (integerp pid))
          (should (file-exists-p (format "/proc/%d" pid)))
          (kill-buffer "*Cardwords Yatzee*")
          (cardwords-games-test--wait
           (lambda () (not (file-exists-p (format "/proc/%d" pid)))) "the Yatzee server gone"))
      (ignore-errors (kill-buffer "*Cardwords*"))
      (ignore-errors (kill-buffer "*Cardwords Yatzee*")))))

;; The games list of a server (M-x cardwords-play with a URL) offered watching every game (an
;; empty name watches) and a seat in every one; the room refused what it does not take
;; ("table-full").  Now it offers what the web lobby offers (media/lobby/listing.ts): the list
;; says why a game takes no player or no watcher, in the lobby's words.

(ert-deftest cardwords-play-games-list-offers-what-the-room-takes ()
  ;; ert and a robot on a local server: every seat held, and no watcher places (a game's
  ;; default).  The list says so; picked without the owner token it is refused at once, no
  ;; name asked; with the owner token it is watched (the owner watches beyond the places).
  (let ((cardwords-play-ruleset (file-name-as-directory (getenv "CARDWORDS_DIR")))
        (cardwords-play-seed "ert") (cardwords-play-name "ert") (cardwords-play-level "casual")
        (cardwords-play-robots 1)
        ;; no watcher places: the list says so
        (cardwords-play-watchers 0))
    (cl-letf (((symbol-function 'read-directory-name)
               (lambda (&rest _) cardwords-play-ruleset)))
      (cardwords-play ""))
    (unwind-protect
        (with-current-buffer "*Cardwords*"
          (cardwords-games-test--wait
           (lambda () (string-match-p "^Hand: \\[" (buffer-string))) "the hand")
          (let* ((url (plist-get (cardwords-bridge-request-sync
                                  "serve" (list :ruleset cardwords-play-ruleset) 60)
                                 :url))
                 (id (plist-get (cardwords-play--get :welcome) :gameId))
                 (line (format "%s  2/2 players, playing  Every seat is taken. No places for watchers." id))
                 (offered nil) (asked nil) (owner ""))
            ;; the listing follows the room: wait until it says the game is being played
            (cardwords-games-test--wait
             (lambda ()
               (equal (plist-get (cl-find id (cardwords-bridge-request-sync "cardwords/games" (list :url url))
                                          :key (lambda (g) (plist-get g :id)) :test #'equal)
                                 :state)
                      "playing"))
             "the game listed as playing")
            (cl-letf (((symbol-function 'completing-read)
                       (lambda (_prompt collection &rest _)
                         (setq offered collection)
                         (cl-find-if (lambda (c) (string-prefix-p (concat id "  ") c)) collection)))
                      ((symbol-function 'read-string)
                       (lambda (prompt &rest _) (push prompt asked) (if (string-match-p "Owner token" prompt) owner "ert2"))))
              (should (equal (cadr (should-error (cardwords-play--pick url) :type 'user-error))
                             (format "Game %s: Every seat is taken. No places for watchers." id)))
              (should (member line offered))
              (should (equal asked (list (format "Game %s: Every seat is taken. No places for watchers. Owner token (empty: none): " id))))
              (setq owner "the owner's token" asked nil)
              (let ((said nil))
                (cl-letf (((symbol-function 'message) (lambda (f &rest args) (setq said (apply #'format f args)))))
                  (should (equal (cardwords-play--pick url)
                                 (list :url url :id id :watch t :owner "the owner's token"))))
                ;; a sentence (its full stop was missing)
                (should (equal said (format "Every seat is taken. Watching game %s." id))))
              (should (equal (length asked) 1))
              ;; an owner link's token: nothing asked
              (setq asked nil)
              (should (equal (cardwords-play--pick url "the link's token")
                             (list :url url :id id :watch t :owner "the link's token")))
              (should (null asked)))))
      (ignore-errors (with-current-buffer "*Cardwords*" (cardwords-play-leave t))))))

(ert-deftest cardwords-play-games-list-asks-what-the-game-takes ()
  ;; Listings as the bridge sends them: a seat and watching; a seat only (the watcher places
  ;; taken): the name is asked until one is given, with why watching is refused; the owner
  ;; token gives watching back; watching only (the game over): watched, no name asked.
  (let ((games '((:id "open" :kind "cardwords" :players 1 :robots 0 :maxPlayers 2 :state "waiting"
                      :watchers 1 :watching 0 :joinRefusal nil :watchRefusal nil)
                 (:id "seated" :kind "cardwords" :players 1 :robots 0 :maxPlayers 2 :state "waiting"
                      :watchers 1 :watching 1 :joinRefusal nil :watchRefusal "Every watcher place is taken.")
                 (:id "over" :kind "cardwords" :players 1 :robots 1 :maxPlayers 2 :state "over"
                      :watchers 2 :watching 0 :joinRefusal "The game is over." :watchRefusal nil)
                 (:id "mine" :kind "cardwords" :players 1 :robots 1 :maxPlayers 2 :state "playing"
                      :watchers 0 :watching 0 :joinRefusal "Every seat is taken." :watchRefusal "No places for watchers."
                      :seat "Emi" :seatText "Your seat as Emi is kept: resume it.")))
        (pick nil) (answers nil) (asked nil) (offered nil))
    (cl-letf (((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method &rest _) (should (equal method "cardwords/games")) games))
              ((symbol-function 'completing-read)
               (lambda (_prompt collection &rest _)
                 (setq offered collection)
                 (cl-find-if (lambda (c) (or (equal c pick) (string-prefix-p (concat pick "  ") c)))
                             collection)))
              ((symbol-function 'read-string) (lambda (prompt &rest _) (push prompt asked) (pop answers))))
      ;; a guest is not asked an owner token (it was, for every game): only the name
      (setq pick "open" answers '(""))
      (should (equal (cardwords-play--pick "http://x") '(:url "http://x" :id "open" :watch t)))
      (should (equal offered '("new" "open  1/2 players, waiting"
                               "seated  1/2 players, waiting  Every watcher place is taken."
                               "over  2/2 players, over  The game is over."
                               "mine  2/2 players, playing  Your seat as Emi is kept: resume it.")))
      (should (equal (reverse asked) '("Your name (empty: watch): ")))
      (setq pick "seated" answers '("" "bo") asked nil)
      (should (equal (cardwords-play--pick "http://x") '(:url "http://x" :id "seated" :name "bo")))
      (should (equal (reverse asked) '("Your name: " "Every watcher place is taken. Your name: ")))
      ;; the owner, by an owner link: watching given back beyond the places
      (setq pick "seated" answers '("") asked nil)
      (should (equal (cardwords-play--pick "http://x" "tok") '(:url "http://x" :id "seated" :watch t :owner "tok")))
      (should (equal (reverse asked) '("Your name (empty: watch): ")))
      (setq pick "over" answers nil asked nil)
      (should (equal (cardwords-play--pick "http://x") '(:url "http://x" :id "over" :watch t)))
      (should (null asked))
      (should (equal (cardwords-bridge-link-owner "http://h:1/?owner=T0k-_") "T0k-_"))
      (should (equal (cardwords-bridge-link-base "http://h:1/?owner=T0k-_") "http://h:1/"))
      ;; a seat you hold (its key remembered): resumed, nothing asked (it was watched, or refused)
      (setq pick "mine" answers nil asked nil)
      (should (equal (cardwords-play--pick "http://x") '(:url "http://x" :id "mine" :resume t)))
      (should (null asked))
      (setq pick "new" answers '("tok") asked nil)
      (should (equal (cardwords-play--pick "http://x") '(new . "tok")))
      (should (equal asked '("Owner token: ")))
      (setq pick "new" answers nil asked nil)
      (should (equal (cardwords-play--pick "http://x" "tok") '(new . "tok")))
      (should (null asked)))))

;; A server's Yatzee games as the bridge lists them: each with its sheets held (robots' too)
;; and why it takes no new player; a pick joins, a full game is refused with why, new asks the
;; owner token.
(ert-deftest cardwords-yatzee-games-list ()
  (let ((games '((:id "open" :kind "yatzee" :players 1 :robots 1 :maxPlayers 10 :state "playing"
                      :joinRefusal nil :watchRefusal nil)
                 (:id "full" :kind "yatzee" :players 2 :robots 8 :maxPlayers 10 :state "playing"
                      :watchers 20 :watching 3 :joinRefusal "Every seat is taken." :watchRefusal nil)
                 (:id "crowded" :kind "yatzee" :players 2 :robots 8 :maxPlayers 10 :state "playing"
                      :watchers 20 :watching 20 :joinRefusal "Every seat is taken."
                      :watchRefusal "Every watcher place is taken.")
                 (:id "held" :kind "yatzee" :players 2 :robots 8 :maxPlayers 10 :state "playing"
                      :watchers 20 :watching 0 :joinRefusal "Every seat is taken." :watchRefusal nil
                      :seat "Emi" :seatText "Your seat as Emi is kept: resume it.")))
        (pick nil) (asked nil) (offered nil))
    (cl-letf (((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method params &rest _)
                 (should (equal method "yatzee/games"))
                 (should (equal params '(:url "http://x")))
                 games))
              ((symbol-function 'completing-read)
               (lambda (prompt collection &rest _)
                 (should (equal prompt "Game (or new): "))
                 (setq offered collection)
                 (cl-find-if (lambda (c) (or (equal c pick) (string-prefix-p (concat pick "  ") c)))
                             collection)))
              ((symbol-function 'read-string) (lambda (prompt &rest _) (push prompt asked) "tok")))
      (setq pick "open")
      ;; the name is asked, as Cardwords asks it (it joined with the login name unasked)
      (should (equal (cardwords-yatzee--pick "http://x") '(join "open" . "tok")))
      (should (equal offered '("new" "open  2/10 players, playing"
                               "full  10/10 players, playing  Every seat is taken."
                               "crowded  10/10 players, playing  Every seat is taken. Every watcher place is taken."
                               "held  10/10 players, playing  Your seat as Emi is kept: resume it.")))
      (should (equal asked '("Your name (empty: watch): ")))
      (cl-letf (((symbol-function 'read-string) (lambda (&rest _) "")))
        (should (equal (cardwords-yatzee--pick "http://x") '(watch . "open"))))
      (setq asked nil)
      ;; every sheet held: watched while a watcher place is free, refused with why when none is
      (setq pick "full")
      (should (equal (cardwords-yatzee--pick "http://x") '(watch . "full")))
      ;; every place taken too: the owner still watches, with the token; without it, refused with why
      (setq pick "crowded")
      (should (equal (cardwords-yatzee--pick "http://x") '(owner-watch "crowded" . "tok")))
      (should (equal asked '("Game crowded: Every seat is taken. Every watcher place is taken. Owner token (empty: none): ")))
      (cl-letf (((symbol-function 'read-string) (lambda (&rest _) "")))
        (should (equal (cadr (should-error (cardwords-yatzee--pick "http://x") :type 'user-error))
                       "Game crowded: Every seat is taken. Every watcher place is taken.")))
      ;; a sheet you hold (its key remembered): resumed, not watched
      (setq asked nil pick "held")
      (should (equal (cardwords-yatzee--pick "http://x") '(resume . "held")))
      (should (null asked))
      (setq asked nil pick "new")
      (should (equal (cardwords-yatzee--pick "http://x") '(new . "tok")))
      (should (equal asked '("Owner token: "))))))

;; A name taken in the Yatzee game is asked again, saying so, as Cardwords asks it: the
;; refusal ended M-x cardwords-yatzee and went back to where the game was.
(ert-deftest cardwords-yatzee-join-asks-again-for-a-name-taken ()
  (let ((sent nil) (prompts nil) (names (list "Emi" "Emi2")))
    (cl-letf (((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method params &rest _)
                 (push (cons method params) sent)
                 (cond ((equal method "yatzee/games")
                        '((:id "open" :kind "yatzee" :players 1 :robots 1 :maxPlayers 10 :state "playing")))
                       ((equal (plist-get params :name) "Emi")
                        (user-error "That name is taken in this game."))
                       (t '(:seq 1 :status "playing" :welcome (:gameId "open" :role "player"))))))
              ((symbol-function 'completing-read) (lambda (_prompt collection &rest _) (cadr collection)))
              ((symbol-function 'read-string) (lambda (prompt &rest _) (push prompt prompts) (pop names))))
      (unwind-protect
          (progn
            (cardwords-yatzee "http://x")
            (should (equal (reverse prompts) '("Your name (empty: watch): "
                                               "That name is taken in this game. Your name: ")))
            (should (equal (mapcar (lambda (s) (plist-get (cdr s) :name))
                                   (cl-remove "yatzee/join" sent :key #'car :test-not #'equal))
                           '("Emi2" "Emi")))
            (should (eq major-mode 'cardwords-yatzee-mode)))
        (let ((cardwords-yatzee--leaving t))
          (when (get-buffer cardwords-yatzee--buffer-name) (kill-buffer cardwords-yatzee--buffer-name)))))))

;; C-c C-s RET typed in one burst: Emacs runs the RET already typed before it redisplays,
;; so a hint that came meanwhile would be played unseen.  RET tells the bridge how many hints
;; the views shown held: a view taken while a key typed ahead waits was not shown.
(ert-deftest cardwords-play-ret-says-which-hints-were-shown ()
  (let ((sent nil) (cardwords-play--hints-seen 0) (cardwords-play--questions nil))
    (cl-letf (((symbol-function 'cardwords-bridge-request-sync)
               (lambda (method &optional params &rest _) (push (cons method params) sent) nil)))
      (cardwords-games-test--drawn (cardwords-games-test--view :hintsLoaded 0)
        ;; the hint comes while a key waits: not shown before that key runs
        (cl-letf (((symbol-function 'input-pending-p) (lambda (&rest _) t)))
          (cardwords-play--take (cardwords-games-test--view :seq 2 :hintsLoaded 1 :message "Hint: move QWA for 2; RET plays it")))
        (cardwords-play-submit)
        (should (equal sent '(("cardwords/submit" :seen 0))))
        ;; the next view, no key waiting: shown, so RET says 1
        (setq sent nil)
        (cl-letf (((symbol-function 'input-pending-p) (lambda (&rest _) nil)))
          (cardwords-play--take (cardwords-games-test--view :seq 3 :hintsLoaded 1)))
        (cardwords-play-submit)
        (should (equal sent '(("cardwords/submit" :seen 1))))))))

(provide 'cardwords-games-test)
;;; cardwords-games-test.el ends here

;; defect: the chips had fixed foregrounds ("yellow", "white"...): on a light theme a yellow
;; chip was hard to read and a white one invisible.  Each chip colour is a face with a
;; foreground for a light background and one for a dark one, each readable there (a
;; contrast of 3 at least, WCAG's for large text and graphics).
(defun cardwords-games-test--luminance (color)
  "The relative luminance of COLOR, #rrggbb (WCAG 2).
Read from its digits: batch Emacs takes a colour's values from the
terminal's few colours."
  (should (string-match-p "\\`#[0-9a-fA-F]\\{6\\}\\'" color))
  (cl-destructuring-bind (r g b)
      (mapcar (lambda (k)
                (let ((c (/ (string-to-number (substring color k (+ k 2)) 16) 255.0)))
                  (if (<= c 0.03928) (/ c 12.92) (expt (/ (+ c 0.055) 1.055) 2.4))))
              '(1 3 5))
    (+ (* 0.2126 r) (* 0.7152 g) (* 0.0722 b))))

(defun cardwords-games-test--contrast (a b)
  "The contrast ratio of the colours A and B (WCAG 2)."
  (let ((la (cardwords-games-test--luminance a)) (lb (cardwords-games-test--luminance b)))
    (/ (+ (max la lb) 0.05) (+ (min la lb) 0.05))))

(ert-deftest cardwords-lines-chips-read-on-light-and-dark-backgrounds ()
  (dotimes (i 8)
    (let* ((face (intern (format "cardwords-lines-chip-%d" (1+ i))))
           (spec (face-default-spec face))
           (foreground (lambda (background)
                         ;; the first entry a color display with that background takes
                         (plist-get (cdr (cl-find-if
                                          (lambda (entry)
                                            (let ((display (car entry)))
                                              (and (listp display)
                                                   (assq 'class display)
                                                   (memq 'color (cdr (assq 'class display)))
                                                   (let ((bg (assq 'background display)))
                                                     (or (null bg) (memq background (cdr bg)))))))
                                          spec))
                                    :foreground))))
      (should (facep face))
      (should (>= (cardwords-games-test--contrast (funcall foreground 'light) "#ffffff") 3))
      (should (>= (cardwords-games-test--contrast (funcall foreground 'dark) "#000000") 3))
      ;; a chip of colour i + 1, and of i + 9 (the second character), drawn in that face
      (dolist (color (list (1+ i) (+ i 9)))
        (should (eq (get-text-property 0 'face (cardwords-lines--chip color)) face))))))

;; defect: describe-mode did not describe Cardwords' C-c C-j (play here) and C-c C-w (copy the
;; invite link), nor Yatzee's p (play here), nor Lines' u, s and g but in the key list.  Every
;; key of a game's map is described in its mode's docstring (not only in that list): by
;; \\[COMMAND], or by the key itself as a word ("q leaves").
(defun cardwords-games-test--undescribed-keys (mode map)
  "The keys of MAP (and its prefix keys) whose commands MODE's docstring does not describe.
Described: by \\=\\[COMMAND], or by the key itself as a word; a digit
within a range (\"1 to 5\"), the arrows and a click by those words.  The
keys that compose (`cardwords-play-key') and ? (`describe-mode') are
described by the sentences on composing and by the list itself."
  (let ((doc (replace-regexp-in-string "\\\\{[^}]*}" "" (documentation mode t)))
        (missing nil))
    (cl-labels
        ((walk (map prefix)
           (map-keymap
            (lambda (event binding)
              (let ((key (key-description (vconcat prefix (vector event)))))
                (cond ((memq event '(menu-bar remap)))
                      ((keymapp binding) (walk binding (vconcat prefix (vector event))))
                      ((memq binding '(cardwords-play-key describe-mode undefined)))
                      ((string-match-p (regexp-quote (format "\\[%s]" binding)) doc))
                      ((string-match-p (concat "\\(^\\|[ (]\\)" (regexp-quote key) "\\($\\|[ ,.;:)]\\)") doc))
                      ((and (string-prefix-p "<mouse" key) (string-match-p "click" doc)))
                      ((and (member key '("<left>" "<right>" "<up>" "<down>")) (string-match-p "[Aa]rrows" doc)))
                      ((and (string-match-p "\\`[0-9]\\'" key)
                            (string-match "\\([0-9]\\) to \\([0-9]\\)" doc)
                            (<= (string-to-number (match-string 1 doc)) (string-to-number key)
                                (string-to-number (match-string 2 doc)))))
                      (t (push (cons key binding) missing)))))
            map)))
      (walk map []))
    (nreverse missing)))

(ert-deftest cardwords-games-every-key-is-described ()
  (dolist (mode '((cardwords-play-mode . cardwords-play-mode-map)
                  (cardwords-yatzee-mode . cardwords-yatzee-mode-map)
                  (cardwords-lines-mode . cardwords-lines-mode-map)))
    (should (equal (list (car mode) (cardwords-games-test--undescribed-keys (car mode) (symbol-value (cdr mode))))
                   (list (car mode) nil)))))

;; defect: Yatzee and Lines seated and recorded the player under the login name ("root") when
;; only `cardwords-play-name' was set ("Wally"); Yatzee's own name still comes first.
(ert-deftest cardwords-games-one-name-for-every-game ()
  (let ((cardwords-play-name "Wally") (cardwords-yatzee-name nil))
    (should (equal (cardwords-bridge-player-name cardwords-yatzee-name) "Wally"))
    (should (equal (cardwords-bridge-player-name) "Wally"))
    (let ((cardwords-yatzee-name "Wal"))
      (should (equal (cardwords-bridge-player-name cardwords-yatzee-name) "Wal")))
    (let ((cardwords-play-name ""))
      (should (equal (cardwords-bridge-player-name) (user-login-name))))
    ;; Lines, with the real bridge: the high-score line gives Wally's record as yours
    (let* ((file (expand-file-name "lines-scores.json" (getenv "CARDWORDS_DATA_DIR")))
           (kept (and (file-exists-p file) (with-temp-buffer (insert-file-contents file) (buffer-string))))
           (table (if kept (json-parse-string kept :object-type 'plist :array-type 'list)
                    (list :format "cardwords-lines-scores" :version 1 :scores nil))))
      (unwind-protect
          (progn
            (with-temp-file file
              (insert (json-serialize
                       (plist-put table :scores
                                  ;; another's the best: the line then gives yours beside it
                                  (vconcat (list (list :user "ert best" :score 100000 :date "2026-01-01T00:00:00.000Z")
                                                 (list :user "Wally" :score 5 :date "2026-01-01T00:00:00.000Z"))
                                           (plist-get table :scores))))))
            (let ((cardwords-lines-seed nil))
              (cardwords-lines)
              (unwind-protect
                  (should (string-match-p "^High score: 100000 (ert best)  yours: 5$" (buffer-string)))
                (let ((cardwords-lines--leaving t)) (kill-buffer "*Cardwords Lines*")))))
        (if kept (with-temp-file file (insert kept)) (delete-file file))))))

;; defect: after a rematch at 80x24 the new round was dealt but the window stayed where the
;; results had scrolled it, the column letters and the first rows of the new table off the
;; top.  The new deal brings the table from its column letters into view, as a game's start
;; does; a redraw in the round leaves the window where the player put it.
(ert-deftest cardwords-play-a-rematch-brings-the-new-table-into-view ()
  (let* ((table (cardwords-games-test--table-15x15))
         (results `(:reasonText "Every player passed or traded twice in a row."
                                :columns ,cardwords-games-test--result-columns
                                :marks ,cardwords-games-test--result-marks
                                :results ((:name "ert" :score 4 :handPoints 3 :adjustment -3 :winner nil :standIn nil)
                                          (:name "Robot1" :score 9 :handPoints 2 :adjustment -2 :winner t :standIn nil))))
         (top (lambda (w) (line-number-at-pos (window-start w)))))
    (cardwords-games-test--drawn (apply #'cardwords-games-test--view table)
      (unwind-protect
          (let ((window (cardwords-games-test--window-of-80x24)))
            (cl-letf (((symbol-function 'cardwords-play--mode-line-shows-p) (lambda (_) t)))
              (cardwords-play--draw)
              (setq cardwords-play--view (apply #'cardwords-games-test--view :seq 2 :status "over" :turn -1
                                                :results results table))
              (cardwords-play--draw)
              (should (> (funcall top window) 1))
              ;; the rematch: round 2 dealt, the message saying so
              (setq cardwords-play--view (apply #'cardwords-games-test--view :seq 3 :round 2 :moves 0
                                                :message "Rematch: game 2 begins."
                                                :log '("Rematch: game 2 begins.") table))
              (cardwords-play--draw)
              ;; said once above the score board: the message, not again in Last: under it
              (should (string-match-p "^Rematch: game 2 begins\\.$" (buffer-string)))
              (should-not (string-match-p "^Last: Rematch" (buffer-string)))
              (should (= (funcall top window) 1))
              (should (= (window-point window) (point-min)))
              (should (string-prefix-p "     A    B" (buffer-substring (window-start window) (line-end-position 1))))
              ;; scrolled in the round: a redraw (another player's move) leaves it there
              (set-window-start window (cardwords-play--line-position 4))
              (setq cardwords-play--view (apply #'cardwords-games-test--view :seq 4 :round 2 :moves 1 table))
              (cardwords-play--draw)
              (should (= (funcall top window) 4))))
        (delete-other-windows)))))

;; defects: after the owner ended the game the score board still said a removed player was
;; "removed by the owner, a robot plays" (no robot plays after the end; the web page's score
;; board says "removed", "left"); and while the game waited for players, "Action: _  across"
;; showed with nothing to compose.
(ert-deftest cardwords-play-after-the-end-no-robot-plays-and-no-action-before-the-deal ()
  (let ((players '((:name "ert" :robot nil :score 4 :cards 4 :connected t)
                   (:name "Bo" :robot nil :score 0 :cards 4 :connected nil :left t :removed t :standIn t)
                   (:name "Cy" :robot nil :score 0 :cards 4 :connected nil :left t :standIn t)
                   (:name "Di" :robot nil :score 0 :cards 4 :connected nil :away t :standIn t))))
    (cardwords-games-test--drawn (cardwords-games-test--view :players players)
      (should (cardwords-games-test--line-of "^ Bo +0 points  4 cards  removed by the owner, a robot plays$"))
      (should (cardwords-games-test--line-of "^ Cy +0 points  4 cards  left, a robot plays$"))
      (should (cardwords-games-test--line-of "^ Di +0 points  4 cards  away, a robot plays$"))
      (dolist (status '("ended" "over"))
        (setq cardwords-play--view (cardwords-games-test--view :seq 2 :status status :turn -1 :players players))
        (cardwords-play--draw)
        (should (cardwords-games-test--line-of "^ Bo +0 points  4 cards  removed by the owner$"))
        (should (cardwords-games-test--line-of "^ Cy +0 points  4 cards  left$"))
        (should (cardwords-games-test--line-of "^ Di +0 points  4 cards$"))
        (should-not (string-match-p "a robot plays" (buffer-string)))))
    ;; waiting for players: the bridge's composition is there, nothing to compose yet
    (cardwords-games-test--drawn (cardwords-games-test--view :status "waiting" :turn -1 :hand nil :board nil
                                                             :composing '(:display "_" :mode "location" :buffer ""
                                                                                   :direction "across" :placed nil :cards nil))
      (should-not (string-match-p "Action:" (buffer-string)))
      (should-not (string-match-p "Preview:" (buffer-string))))))

;; defect: at 80x24 the game's line ("Yatzee  game G5PqVFoL  playing"), the invite link and
;; the robot's dice were all under the sheet, below the screen with nothing saying so.  They
;; come first, as the web page has its status line and invite link above the dice, sharing
;; lines where they fit, with your dice and the sheet down to its last category (the Total row
;; may go under the window: the mode line has the totals).  With the hints on they yield to
;; them, and follow the sheet.
(ert-deftest cardwords-yatzee-the-game-the-invite-and-the-others-in-view-at-80x24 ()
  (let ((link "http://127.0.0.1:41234/yatzee.html?game=G5PqVFoL"))
    (cardwords-games-test--yatzee-drawn
        (cardwords-games-test--yatzee-view :welcome '(:gameId "G5PqVFoL" :owner t) :invite link
                                           :inviteText "To invite someone, give them this link:")
      (unwind-protect
          (let ((window (cardwords-games-test--window-of-80x24))
                (in-view (lambda (regexp)
                           (let ((line (cardwords-games-test--line-of regexp)))
                             (and line (<= line 21))))))
            (cardwords-yatzee--draw)
            (dolist (regexp (list "^Yatzee  game G5PqVFoL  playing\\b" "To invite someone, give them this link:"
                                  (regexp-quote link) "Robot1: 5 1 5 2 6  throw 1"
                                  "^Your dice (throw 1 of 3): " "^ +ert +Robot1$" "^Yatzee +(7) +-$"))
              (should (funcall in-view regexp)))
            ;; the link whole, in its face
            (goto-char (point-min))
            (search-forward link)
            (should (eq (get-text-property (match-beginning 0) 'face) 'link))
            (cardwords-games-test--within-columns 79)
            (should (= (window-start window) (point-min)))
            ;; a transfer said: the line would send the link under the sheet, so it is said in
            ;; the echo area (once), as a message the hints leave no line for
            (let ((echoed nil) (cardwords-yatzee--echoed nil))
              (cl-letf (((symbol-function 'message)
                         (lambda (format-string &rest args) (push (apply #'format format-string args) echoed))))
                (setq cardwords-yatzee--view (plist-put (copy-sequence cardwords-yatzee--view)
                                                        :message "Aces: 0 points. u takes it back."))
                (cardwords-yatzee--draw)
                (cardwords-yatzee--draw))
              (should (equal echoed '("Aces: 0 points. u takes it back.")))
              (should (funcall in-view (regexp-quote link)))
              (should (funcall in-view "Robot1: 5 1 5 2 6  throw 1"))
              (should (funcall in-view "^Yatzee +(7) +-$")))
            ;; the hints on, a line of them (before a throw): one line is left at the top, the
            ;; game's; the invite's sentence is not there without its link (it ended the top
            ;; line, the link under the Total row): the two follow the sheet together, its
            ;; last category in view
            (setq cardwords-yatzee--view
                  (plist-put (plist-put (copy-sequence cardwords-yatzee--view) :hints t) :mine
                             (list :suggestion "chance" :options (make-list 15 7)
                                   :hint (list :expectedFinal 245.0 :categories (make-list 15 199.5)))))
            (cardwords-yatzee--draw)
            (should (= (cardwords-games-test--line-of "^Yatzee  game G5PqVFoL  playing  Robot1: 5 1 5 2 6  throw 1$") 1))
            (should (funcall in-view "^Expected final score: 245\\.0$"))
            (should (funcall in-view "^Yatzee +(7) +- +199\\.5$"))
            (let ((sentence (cardwords-games-test--line-of "^To invite someone, give them this link:$")))
              (should (> sentence (cardwords-games-test--line-of "^Total ")))
              (should (= (cardwords-games-test--line-of (concat "^" (regexp-quote link) "$")) (1+ sentence))))
            ;; with a best hold of two lines too: the rest after the sheet
            (setq cardwords-yatzee--view
                  (plist-put (copy-sequence cardwords-yatzee--view) :mine
                             (list :suggestion "chance" :options (make-list 15 7)
                                   :hint (list :expectedFinal 201.5 :categories (make-list 15 199.5)
                                               :keep '(:dice (5 5) :positions (0 2) :transferNow nil :expected 203.1)
                                               :now 203.1))))
            (cardwords-yatzee--draw)
            (should (= (cardwords-games-test--line-of "^Your dice ") 1))
            (should (funcall in-view "^Yatzee +(7) +- +199\\.5"))
            (should (> (cardwords-games-test--line-of "^Yatzee  game G5PqVFoL  playing\\b")
                       (cardwords-games-test--line-of "^Total ")))
            ;; after the end: no dice line (it read "Your dice (throw 0 of 3): [ ] …"), and the
            ;; game's line on top, where it was (it went under the sheet), the Total row in view
            (setq cardwords-yatzee--view
                  (cardwords-games-test--yatzee-view :welcome '(:gameId "G5PqVFoL" :owner t) :status "ended" :ended t
                                                     :removable nil :mine nil :seq 2
                                                     :message "The game has ended. Every sheet is full. Winner: ert."))
            (cardwords-yatzee--draw)
            (should-not (cardwords-games-test--line-of "^Your dice"))
            (should (= (cardwords-games-test--line-of "^Yatzee  game G5PqVFoL  ended$") 1))
            (should (= (cardwords-games-test--line-of "^The game has ended\\. ") 2))
            (should (funcall in-view "^Total "))
            ;; the last person's end, two lines at 80 columns: the game's line stays on top (it
            ;; went under the sheet, the Total row kept before it; the mode line has the totals)
            (setq cardwords-yatzee--view
                  (plist-put (plist-put (copy-sequence cardwords-yatzee--view) :seq 3)
                             :message "You left the game, the last person playing in it: the game is over. Winner: Robot1."))
            (cardwords-yatzee--draw)
            (should (= (cardwords-games-test--line-of "^Yatzee  game G5PqVFoL  ended$") 1))
            (should (= (cardwords-games-test--line-of "^You left the game, ") 2))
            (should (funcall in-view "^Yatzee +")))
        (delete-other-windows)))))

;; defect: a Lines game left at 0 points (one chip moved, C-x k, y) was entered in the high
;; scores ("1. root 0") and praised: "You left the game with 0 points, a new personal
;; record!".  A game at 0 is neither (core's beatsRecord, the terminal's and the web page's
;; rule too), with the real bridge and the terminal's score file.
(ert-deftest cardwords-lines-a-game-left-at-0-is-no-record ()
  (let ((cardwords-lines-seed nil) (cardwords-play-name "ert at zero") (said nil))
    (cl-letf (((symbol-function 'y-or-n-p) (lambda (_prompt) t))
              ((symbol-function 'message)
               (lambda (format &rest args) (push (and format (apply #'format-message format args)) said))))
      (unwind-protect
          (let ((noninteractive nil))
            (cardwords-lines)
            (should (plist-get cardwords-lines--view :eligible))
            (should (kill-buffer "*Cardwords Lines*"))
            (should (equal (car said) "You left the game with 0 points."))
            (should-not (cl-find "ert at zero" (cardwords-bridge-request-sync "lines/scores" nil)
                                 :key (lambda (s) (plist-get s :user)) :test #'equal)))
        (when (get-buffer "*Cardwords Lines*")
          (let ((cardwords-lines--leaving t)) (kill-buffer "*Cardwords Lines*")))))))
