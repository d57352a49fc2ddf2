;;; cardwords-play.el --- Play Cardwords in an Emacs buffer  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The Cardwords authors
;; SPDX-License-Identifier: GPL-3.0-or-later

;; This file is not part of GNU Emacs.

;;; Commentary:

;; M-x cardwords-play: a Cardwords game against robots or people, on a local server the
;; game bridge starts (one per ruleset folder, in its own process group, stopped when no
;; open game uses it any more, or with the bridge) or on a server given by URL.  A local
;; server's data folder is kept per ruleset, and the bridge remembers the game you sit in:
;; after Emacs quit or crashed during a game, M-x cardwords-play offers to resume it.
;; The bridge (cardwords-bridge.el) holds the game client, the
;; action-selection area of the web panel and the live score preview; this buffer draws
;; the table, the hand, the score board, the pile, the unseen cards and the log with faces,
;; and sends the keys: a coordinate in either order (the first fixes the direction), the
;; letters, SPC then a letter for a wildcard, points to tell cards apart, `.' to trade,
;; `/' to turn, DEL, RET to play.  A game you create may wait for other people
;; (`cardwords-play-humans'): its buffer gives the link to invite them.

;;; Code:

(require 'cl-lib)
(require 'easymenu)
(require 'subr-x)
(require 'cardwords-bridge)
(require 'cardwords-preview)

(defgroup cardwords-play nil
  "Cardwords, the crossword card game, in an Emacs buffer."
  :group 'cardwords
  :prefix "cardwords-play-")

(defcustom cardwords-play-ruleset nil
  "The ruleset folder a local server plays (asked for when nil)."
  :type '(choice (const :tag "Ask" nil) directory))
(defcustom cardwords-play-robots 1 "Robot players in a game you create." :type 'integer)
(defcustom cardwords-play-humans 1
  "Human seats in a game you create, yours among them.
With more than one the game waits for the others before the deal,
and its buffer gives the link that invites them
\(\\<cardwords-play-mode-map>\\[cardwords-play-copy-invite] copies it)."
  :type 'integer)
(defcustom cardwords-play-watchers 2
  "Watcher places in a game you create: people who see the table, not the hands.
0 lets nobody but the owner watch (the web form's default is 2 too)."
  :type 'integer)
(defcustom cardwords-play-grace 60
  "Seconds before a robot plays for an away player, in a game you create.
0 plays at once; `never' makes the game wait for them to come back."
  :type '(choice (integer :tag "Seconds") (const :tag "Wait for them" never)))
(defcustom cardwords-play-level "good"
  "The robots' level in a game you create."
  :type '(choice (const "best") (const "good") (const "casual")))
(defcustom cardwords-play-seed nil
  "The first deal's seed of a game you create, or nil for a random one."
  :type '(choice (const :tag "Random" nil) string))
(defcustom cardwords-play-name nil
  "Your name at the table (nil: your login name).
Yatzee seats you under it too unless `cardwords-yatzee-name' is set,
and Lines records your high scores under it."
  :type '(choice (const :tag "Login name" nil) string))

(defcustom cardwords-play-columns-from-left t
  "Non-nil counts the columns from the left (nil: from the right)."
  :type 'boolean)
(defcustom cardwords-play-rows-from-bottom nil
  "Non-nil counts the rows from the bottom (nil: from the top).
With `cardwords-digits-for-columns' these are the original's coordinate options."
  :type 'boolean)

(defface cardwords-play-card '((((class color)) :background "#e8d9a8" :foreground "black")
                               (t :inverse-video t))
  "Face of a card on the table or in the hand." :group 'cardwords-play)
(defface cardwords-play-composed '((((class color)) :background "#a8d8e8" :foreground "black" :weight bold)
                                   (t :underline t))
  "Face of a card being composed (not played yet)." :group 'cardwords-play)
(defface cardwords-play-used '((t :inherit shadow))
  "Face of a hand card already in the composition." :group 'cardwords-play)
(defface cardwords-play-turn '((t :weight bold :inverse-video t))
  "Face of the player whose turn it is." :group 'cardwords-play)
(defface cardwords-play-shown '((((class color)) :background "#f0b040" :foreground "black" :weight bold)
                                (t :underline t :weight bold))
  "Face of the cards the review shows: a turn's, or the best robot's move."
  :group 'cardwords-play)

(defvar cardwords-play--view nil "The game as the bridge last described it.")
(defvar cardwords-play--buffer-name "*Cardwords*" "The name of the game buffer.")
(defvar-local cardwords-play--results-shown nil
  "The game and round whose results the windows were scrolled to.
Once, when they come: a redraw after it leaves each window where it is.")
(defvar-local cardwords-play--results-tops nil
  "Each window's first line as the results were last put in it (window . line).
The review, which comes after them, scrolls its keys' line into a window
still there, not into one the player has scrolled since.")

(defvar-local cardwords-play--deal-shown nil
  "The game and round whose deal the windows were last brought to (gameId . round).
A new round (a rematch) brings the table from its column letters into
view, as a game's start does: the windows stayed where the results were,
the new table's first rows off the top.")

(defvar-local cardwords-play--review-shown nil
  "The review's step and Best move toggle the windows were last scrolled for.
A new step brings the table's top into view (its column labels and the
cards the step rings); back to the final table, the results.")

(defvar cardwords-play--hints-seen 0
  "The bridge's count of hints put in the area, as of the last view shown.
Emacs runs keys already typed before it redisplays: a hint asked and RET
typed in one burst found the hint in the area and played it unseen.  RET
sends this count, and the bridge refuses it, once, when a hint came since.
A view taken while a key typed ahead waits is not shown before that key
runs, so it does not count as seen.")

(defvar cardwords-play--questions nil
  "The owner's questions not answered yet, oldest first: (WORDS PLAYER EARLIER).
EARLIER is non-nil for a question a game that has ended left open.
A question quit with \\[keyboard-quit] stays, and is asked again by
`cardwords-play-answer' (RET, when it would play, asks it first).")

(defvar cardwords-play--starting nil
  "Non-nil while `cardwords-play' creates or joins a game.
The owner's questions that come meanwhile are kept, and asked once the
game's buffer is shown.")

(defvar cardwords-play-mode-map
  (let ((map (make-sparse-keymap)))
    (suppress-keymap map t)
    (dolist (c (number-sequence 33 126))
      (unless (memq c '(??))
        (define-key map (string c) #'cardwords-play-key)))
    (define-key map " " #'cardwords-play-key)
    (define-key map (kbd "DEL") #'cardwords-play-backspace)
    (define-key map (kbd "RET") #'cardwords-play-submit)
    (define-key map (kbd "C-c C-k") #'cardwords-play-clear)
    (define-key map (kbd "C-c C-p") #'cardwords-play-pass)
    (define-key map (kbd "C-c C-t") #'cardwords-play-trade)
    (define-key map (kbd "C-c C-s") #'cardwords-play-hint)
    (define-key map (kbd "M-n") #'cardwords-play-next-hint)
    (define-key map (kbd "M-p") #'cardwords-play-previous-hint)
    (define-key map (kbd "C-c C-r") #'cardwords-play-rematch)
    (define-key map (kbd "C-c C-d") #'cardwords-play-remove)
    (define-key map (kbd "C-c C-e") #'cardwords-play-end)
    (define-key map (kbd "C-c C-q") #'cardwords-play-leave)
    (define-key map (kbd "C-c C-a") #'cardwords-play-answer)
    (define-key map (kbd "C-c C-w") #'cardwords-play-copy-invite)
    (define-key map (kbd "C-c C-j") #'cardwords-play-here)
    (define-key map (kbd "C-c C-v") #'cardwords-play-watch-here)
    (define-key map [mouse-1] #'cardwords-play-click)
    (define-key map "?" #'describe-mode)
    map)
  "Keymap of the Cardwords game buffer.")

(easy-menu-define cardwords-play-menu cardwords-play-mode-map
  "Menu of the Cardwords game buffer."
  '("Cardwords"
    ["Play the composition" cardwords-play-submit]
    ["Clear the composition" cardwords-play-clear]
    ["Pass" cardwords-play-pass]
    ["Trade" cardwords-play-trade]
    ["Hint" cardwords-play-hint]
    ["Next best action" cardwords-play-next-hint]
    ["Previous best action" cardwords-play-previous-hint]
    ["Answer the owner's question again" cardwords-play-answer]
    ["Rematch" cardwords-play-rematch]
    ["Remove a player (owner)" cardwords-play-remove]
    ["End the game (owner)" cardwords-play-end]
    ["Leave" cardwords-play-leave]
    "---"
    ["Help" describe-mode]
    ["Customize" (customize-group 'cardwords-play)]))

(define-derived-mode cardwords-play-mode special-mode "Cardwords"
  "Cardwords: lay cards from your hand on the table to form words.
Type a location (a column letter and a row number, in either order: the one
typed first is shared by every card, so the order fixes the direction), then
the cards' letters; SPC then a letter lays a wildcard as that letter; type a
card's points after its letter when the letter alone does not tell your cards
apart.  `.' starts a new location; typed where a location is expected it
makes the composition a trade (so twice after cards, once before any, the
location then in braces); `/' turns the direction; DEL takes the last key
back; RET plays; \\[cardwords-play-clear] clears the composition, \\[cardwords-play-trade] makes it
a trade, and \\[cardwords-play-pass] passes (asked first).  A click on a cell sets the
location, a click on a hand card adds it.  The preview shows the score
the composition would make.

The cells: C cell points, L letter factor, W word factor, written together
when a cell has more than one (C5L2: points 5 and letter factor 2; + when
more do not fit), ## blocked; * marks the start, where the first move must
go (the legend under the score board says where).  The mode line shows
whose turn it is and the scores (a Scores line above Last: when it cannot
show them all), Last: every move since your last turn (the whole log is
at the end).  After the end the keys compose nothing: \\[cardwords-play-rematch] asks
for a rematch; [ and ] step through the review of the game's turns, each
turn's cards in their own face, and b shows, for a person's turn, the
table before it with the best robot's move on it (b again: the turn).
A watcher has no hand: the keys that compose say so, leaving asks
nothing.  The owner is asked before a rematch, which the owner's key
deals at once for every player.
As the owner you are asked whether a word the
server does not know is one: answer y or n (RET is no answer); a
question quit with \\[keyboard-quit] is asked again by \\[cardwords-play-answer],
or by RET.
The owner removes a player with \\[cardwords-play-remove] (asked first): before
the deal the seat is free again, after it a robot plays it to the end; and
ends the game for everyone with \\[cardwords-play-end] (asked first).  A player the
owner removed watches the game going on with \\[cardwords-play-watch-here].  When another
tab or editor took your seat, \\[cardwords-play-here] plays it here again (the web page's
Play here) and \\[cardwords-play-watch-here] watches instead.
Before the deal, while a seat is free, the buffer gives the link that
invites someone, and \\[cardwords-play-copy-invite] copies it.
\\[cardwords-play-hint] asks the robot for a hint: its best action fills the
composition; \\[cardwords-play-next-hint] and \\[cardwords-play-previous-hint] then go through its ten best, as
the web panel's list does (where a wildcard lies is said: \"wildcard at
letter 3\").
\\[cardwords-play-leave] leaves, asking first while the game goes on.

\\{cardwords-play-mode-map}"
  (setq-local truncate-lines t)
  (buffer-disable-undo)
  (add-hook 'window-size-change-functions #'cardwords-play--resized nil t)
  (add-hook 'kill-buffer-query-functions #'cardwords-play--kill-buffer-query nil t)
  (add-hook 'kill-buffer-hook #'cardwords-play--killed nil t))

(defun cardwords-play--resized (_window)
  "Draw the game again: a window of its buffer changed its size.
The layout follows the window's lines, and a window made lower for a
moment (a question of two lines in the echo area) kept the lower layout
when it grew back, its last lines cut, until the next key."
  (when cardwords-play--view (cardwords-play--draw)))

(defvar cardwords-play--leaving nil
  "Non-nil while `cardwords-play-leave' kills the buffer (it has asked).")

(defconst cardwords-play--close-question
  "Close this game? Your seat is kept for you to resume. "
  "What killing the buffer of a game going on asks.
Unlike \\<cardwords-play-mode-map>\\[cardwords-play-leave], it is a drop: the seat is held.")

(defun cardwords-play--kill-buffer-query ()
  "Ask before the buffer of a game going on is killed; nil to keep it.
Killing it closes the game as a drop (the seat is held, the game offered
to resume), which the question says: it is not the one
\\<cardwords-play-mode-map>\\[cardwords-play-leave] asks.  None after the end."
  (cardwords-bridge-kill-buffer-query
   (and (not cardwords-play--leaving) (cardwords-play--in-progress-p))
   cardwords-play--close-question))

(defun cardwords-play--killed ()
  "Leave the game of the buffer being killed."
  (setq cardwords-play--questions nil)
  (cardwords-bridge-leave "cardwords/leave"))

;;;; Drawing

(defun cardwords-play--get (key)
  "KEY of the current view."
  (plist-get cardwords-play--view key))

(defun cardwords-play--count (n noun)
  "N and NOUN, plural unless N is 1 or -1: \"1 card\", \"7 cards\"."
  (format "%d %s%s" n noun (if (memq n '(1 -1)) "" "s")))

(defun cardwords-play--unseen-items (cards)
  "The unseen CARDS (\"A 2\" each) as the web panel lists them: \"[A 2]×7\".
One item a kind of card, with how many of it, in the order CARDS come."
  (let ((groups nil))
    (dolist (card cards)
      (let ((group (assoc card groups)))
        (if group (cl-incf (cdr group)) (push (cons card 1) groups))))
    (mapcar (lambda (group) (format "[%s]×%d" (car group) (cdr group))) (nreverse groups))))

(defconst cardwords-play--cell-width 5
  "Columns of a table cell: a card in brackets, [C 3], fills one.")

(defun cardwords-play--cell-face (attrs)
  "The face of a table cell with the attributes ATTRS, or nil."
  (let ((face (cond ((plist-get attrs :blocked) 'cardwords-preview-blocked)
                    ((/= (plist-get attrs :word) 1) 'cardwords-preview-word)
                    ((/= (plist-get attrs :letter) 1) 'cardwords-preview-letter)
                    ((/= (plist-get attrs :points) 0) 'cardwords-preview-points))))
    (if (plist-get attrs :start)
        (if face (list 'cardwords-preview-start face) 'cardwords-preview-start)
      face)))

(defun cardwords-play--cell-label (attrs)
  "The text of an empty cell with ATTRS: every attribute, compactly.
C cell points, L letter factor, W word factor in the card table's order,
written together (C5L2 is points 5 and letter factor 2); * first marks a
start cell (the first move covers one); ## is a blocked cell, . a plain
one.  At most `cardwords-play--cell-width' characters: what does not fit
is cut at an attribute and marked +."
  (if (plist-get attrs :blocked)
      "##"
    (let* ((parts (append (and (/= (plist-get attrs :points) 0)
                               (list (format "C%d" (plist-get attrs :points))))
                          (and (/= (plist-get attrs :letter) 1)
                               (list (format "L%d" (plist-get attrs :letter))))
                          (and (/= (plist-get attrs :word) 1)
                               (list (format "W%d" (plist-get attrs :word))))))
           (text (if (plist-get attrs :start) "*" "")))
      (while (and parts (<= (+ (length text) (length (car parts))
                               (if (cdr parts) 1 0))
                            cardwords-play--cell-width))
        (setq text (concat text (pop parts))))
      (cond (parts (concat text "+"))
            ((equal text "") ".")
            (t text)))))

(defun cardwords-play--card-text (card)
  "The text of CARD (a plist: :char, :points, :meaning) on the table.
Written as the hand writes cards, in brackets, so that a card never reads as a
cell's name or attributes: [C 3] is a card C worth 3 points, where C3 is the
cell C3 or cell points 3; [Q10] for two-digit points; a wildcard by its
meaning in lower case, [e 0]."
  (let ((char (if (member (plist-get card :char) '(nil ""))
                  (downcase (or (plist-get card :meaning) "?"))
                (plist-get card :char)))
        (points (number-to-string (plist-get card :points))))
    (pcase (length points)
      (1 (format "[%s %s]" char points))
      (2 (format "[%s%s]" char points))
      (_ (concat char points)))))

(defun cardwords-play--draw-table ()
  "Insert the table: cards played, cards composed, cell attributes.
A cell is `cardwords-play--cell-width' columns wide; its label, an empty cell's
attributes and a card's character start on its second column, so cards in a
row read as a word of tiles, [C 3][A 1][T 1]."
  (let* ((width (cardwords-play--get :width))
         (height (cardwords-play--get :height))
         (cells (vconcat (cardwords-play--get :cells)))
         (placed (make-hash-table :test #'equal))
         (composed (make-hash-table :test #'equal))
         ;; the review's turn (or the best robot's move) in its own face
         (shown (mapcar (lambda (c) (cons (plist-get c :col) (plist-get c :row)))
                        (plist-get (cardwords-play--get :review) :ringed))))
    (dolist (p (cardwords-play--get :board))
      (puthash (cons (plist-get p :col) (plist-get p :row)) (cardwords-play--card-text p) placed))
    ;; after the end nothing is composed (the keys are refused): no card drawn as being so
    (dolist (p (and (not (cardwords-play--over-p))
                    (plist-get (cardwords-play--get :composing) :placed)))
      (puthash (cons (plist-get p :col) (plist-get p :row)) (cardwords-play--card-text p) composed))
    (insert "    ")
    (dolist (label (cardwords-play--get :columns))
      (insert (propertize (cardwords--pad (concat " " label) cardwords-play--cell-width)
                          'face 'cardwords-preview-label)))
    (insert "\n")
    (dotimes (row height)
      (insert (propertize (format "%3s " (nth row (cardwords-play--get :rows)))
                          'face 'cardwords-preview-label))
      (dotimes (col width)
        (let* ((key (cons col row))
               (attrs (aref cells (+ (* row width) col)))
               (card (gethash key placed))
               (ghost (gethash key composed))
               (start (point)))
          (cond (card (insert (propertize card 'face (if (member key shown) 'cardwords-play-shown 'cardwords-play-card))))
                (ghost (insert (propertize ghost 'face 'cardwords-play-composed)))
                (t (let ((label (cardwords-play--cell-label attrs)))
                     ;; from the second column, as a card's letter; a label of five fills the cell
                     (when (< (length label) cardwords-play--cell-width) (insert " "))
                     (insert (propertize label 'face (cardwords-play--cell-face attrs))))))
          (insert (make-string (max 0 (- cardwords-play--cell-width (- (point) start))) ?\s))
          (put-text-property start (point) 'cardwords-play-cell key)
          (put-text-property start (point) 'mouse-face 'highlight)))
      (insert "\n"))))

(defconst cardwords-play--screen-lines 21
  "Lines of the buffer that an 80x24 terminal shows.
Those under the menu bar and above the mode line and the echo area: the
layout's budget when no window shows the buffer.")

(defun cardwords-play--window ()
  "The window showing the game buffer (the selected one first), or nil."
  (get-buffer-window (current-buffer) 'visible))

(defun cardwords-play--scores (players seat)
  "The scores of PLAYERS as the mode line writes them, yours first.
A list of (TEXT . INDEX): You:12 for SEAT, Name:7 for the others
\(a free seat has none)."
  (let ((i -1) (others nil))
    (dolist (p players)
      (cl-incf i)
      ;; a seat nobody has taken yet has no score to give (the status says waiting)
      (unless (or (= i seat) (plist-get p :free))
        (push (cons (format "%s:%d" (plist-get p :name) (plist-get p :score)) i) others)))
    (append (and (>= seat 0) (nth seat players)
                 (list (cons (format "You:%d" (plist-get (nth seat players) :score)) seat)))
            (nreverse others))))

(defvar-local cardwords-play--mode-line-parts nil
  "The mode line's parts: whose turn (texts, the longest first), then each score.
As `cardwords-bridge-mode-line' takes them.")

(defvar-local cardwords-play--mode-line-ranks nil
  "The rank of each mode line part, the lower kept the longer.
Whose turn, then yours, then the others by score: the mode line too
narrow for every score keeps the leaders (the results dropped the second
and kept the third, who sat before).")

(defun cardwords-play--ranks (scores players)
  "The ranks of the mode line's parts for SCORES of PLAYERS (see above).
SCORES is from `cardwords-play--scores', yours first when you play."
  (let* ((seat (cardwords-play--get :seat))
         (by-score (sort (delq seat (mapcar #'cdr scores))
                         (lambda (a b) (> (plist-get (nth a players) :score)
                                          (plist-get (nth b players) :score))))))
    (cons 0 (mapcar (lambda (s)
                      (let ((i (cdr s)))
                        (if (eql i seat) 1 (+ 2 (cl-position i by-score)))))
                    scores))))

(defun cardwords-play--mode-line-shows-p (window)
  "Fit the mode line's parts to WINDOW; non-nil when all of them show.
Nil also when the mode line does not show them at all (batch Emacs):
the Scores line then has them."
  (cardwords-bridge-mode-line window cardwords-play--mode-line-parts cardwords-play--mode-line-ranks))

(defun cardwords-play--scores-lines (scores turn width)
  "The lines of the Scores line: SCORES (from `cardwords-play--scores').
TURN's score in the face of the player whose turn it is; as many lines
as the scores need in WIDTH columns."
  (let ((lines nil) (line "Scores:"))
    (dolist (s scores)
      (let ((text (propertize (car s) 'face (and (= (cdr s) turn) 'cardwords-play-turn))))
        (if (and (> (length line) (length "Scores:"))
                 (> (+ (string-width line) 2 (string-width text)) width))
            (setq lines (cons line lines) line (concat "       " text))
          (setq line (concat line (if (> (length line) (length "Scores:")) "  " " ") text)))))
    (nreverse (cons line lines))))

(defun cardwords-play--continued (line)
  "LINE marked as the continuation of the line before it (the same sentence).
Packed after it, it joins with one space, as the words it wraps."
  (propertize line 'cardwords-play-continued t))

(defun cardwords-play--items (lines kind)
  "LINES, one text wrapped, as items of KIND for `cardwords-play--pack'.
Each after the first continues the one before it."
  (let ((first t))
    (mapcar (lambda (line)
              (prog1 (cons (if first line (cardwords-play--continued line)) kind)
                (setq first nil)))
            lines)))

(defun cardwords-play--pack (items room &optional width)
  "The lines under the action area: ITEMS packed into at most ROOM lines.
ITEMS are (TEXT . KIND), KIND `message' for the message and `problem'
for a problem of the preview, each a line of its own while they fit.
When they do not, two neighbours share a line, two spaces apart (a
continued line without its indentation, one space apart: see
`cardwords-play--continued'): the two that make the shortest line, the
message last of all (it answers the key just typed, so it keeps a line of
its own longest).  A problem that starts a line is indented.  With WIDTH,
a shared line stays narrower than WIDTH (the last column left free):
fewer lines are packed, more than ROOM then, rather than one cut at the
window's edge.  Returns the lines as strings."
  (let* ((lines (mapcar #'list items))
         (text (lambda (line)
                 (concat (if (eq (cdar line) 'problem) "  " "")
                         (car (car line))
                         (mapconcat (lambda (it)
                                      ;; a line continued (the preview's second line, indented
                                      ;; under its first) joins without its indentation
                                      (concat (if (get-text-property 0 'cardwords-play-continued (car it)) " " "  ")
                                              (string-trim-left (car it))))
                                    (cdr line) ""))))
         (joined t))
    (while (and joined (> (length lines) (max 1 room)))
      (let ((best nil) (best-width nil) (best-message nil) (i 0))
        (while (cdr (nthcdr i lines))
          (let* ((both (append (nth i lines) (nth (1+ i) lines)))
                 (wide (string-width (funcall text both)))
                 (message (cl-some (lambda (it) (eq (cdr it) 'message)) both)))
            (when (and (or (null width) (< wide width))
                       (or (null best)
                           (and best-message (not message))
                           (and (eq (not best-message) (not message)) (< wide best-width))))
              (setq best i best-width wide best-message message)))
          (cl-incf i))
        (setq joined best)
        (when best
          (setq lines (append (cl-subseq lines 0 best)
                              (list (append (nth best lines) (nth (1+ best) lines)))
                              (nthcdr (+ best 2) lines))))))
    (mapcar text lines)))

(defun cardwords-play--results-lines (results width)
  "The lines of the RESULTS table in WIDTH columns: headings, a row a player.
The headings are the web panel's, from the bridge (`:columns' of RESULTS:
the player, the points left in hand, the end adjustment, whose heading says
that the final score includes it, and the final score); each number right
under the end of its heading.  A row ends with its marks where they apply,
in the web panel's words (`:marks' of RESULTS: the winner, and a robot that
stood in, in parentheses), on a line of their own under the name when the
row would not fit in WIDTH (whose last column a line leaves free, as the
message's)."
  (let* ((columns (plist-get results :columns))
         (name-width (max 12 (string-width (or (car columns) ""))))
         (widths (mapcar (lambda (c) (max 4 (string-width c))) (or (cdr columns) '("" "" ""))))
         (row (lambda (name numbers)
                (concat " " (cardwords--pad name name-width)
                        (cl-loop for text in numbers for w in widths
                                 concat (concat "  " (make-string (max 0 (- w (string-width text))) ?\s)
                                                text)))))
         (lines (list (propertize (funcall row (or (car columns) "") (cdr columns)) 'face 'bold))))
    (dolist (r (plist-get results :results))
      (let* ((adjustment (or (plist-get r :adjustment) 0))
             (line (funcall row (plist-get r :name)
                            (list (number-to-string (or (plist-get r :handPoints) 0))
                                  ;; as the web panel writes it: a gain with its sign
                                  (if (> adjustment 0) (format "+%d" adjustment)
                                    (number-to-string adjustment))
                                  (number-to-string (plist-get r :score)))))
             (words (plist-get results :marks))
             (gone (plist-get r :gone))
             (marks (string-join (append (and (plist-get r :winner) (list (plist-get words :winner)))
                                         ;; a seat given up: removed or left, as the score board says
                                         (cond ((and (stringp gone) (not (string-empty-p gone)))
                                                (list (format "(%s)" gone)))
                                               ((plist-get r :standIn)
                                                (list (format "(%s)" (plist-get words :stoodIn))))))
                                 "  ")))
        (cond ((string-empty-p marks) (push line lines))
              ((< (+ (string-width line) 2 (string-width marks)) width)
               (push (concat line "  " marks) lines))
              (t (push line lines) (push (concat "   " marks) lines)))))
    (nreverse lines)))

(defun cardwords-play--preview-items (preview width)
  "The lines of PREVIEW for `cardwords-play--pack', in WIDTH columns.
The web panel's preview, from the bridge: its sentence (what RET does, or
the move's score) after Preview:, then the words with their points, as
many on a line as fit; each problem (warning face) on lines of its own,
and the note (the words a refused move makes so far) after them.  No
line takes the window's last column, as the message's."
  (let* ((details (plist-get preview :details))
         (units (append (split-string (plist-get preview :text) " " t)
                        ;; a word with its points stays whole: CAT: 6,
                        (cl-loop for (d . more) on details collect (if more (concat d ",") d))))
         ;; a problem's lines are indented by two when packed
         (indented (lambda (text face)
                     (cardwords-play--items
                      (mapcar (lambda (line) (propertize line 'face face))
                              (cardwords-bridge-wrap (split-string text " " t) (- width 3) nil nil " "))
                      'problem))))
    (append (cardwords-play--items (cardwords-bridge-wrap units (1- width) "Preview: " "         " " ")
                                   'preview)
            (cl-mapcan (lambda (problem) (funcall indented problem 'warning))
                       (plist-get preview :problems))
            (let ((note (plist-get preview :note)))
              (and note (not (string-empty-p note)) (funcall indented note 'shadow))))))

(defun cardwords-play--message-words (said)
  "The message SAID split for wrapping, as `cardwords-bridge-words' splits it.
A hint's place in the robot's list, \"(1 of 10: ...)\", stays whole: at 80
columns it broke between \"(1\" and \"of 10\"."
  (if (string-match "\\`\\(.*\\) \\(([0-9]+ of [0-9]+: [^()]*)\\)\\'" said)
      (let ((place (match-string 2 said)))
        (append (cardwords-bridge-words (match-string 1 said)) (list place)))
    (cardwords-bridge-words said)))

(defalias 'cardwords-play--line-position #'cardwords-bridge-line-position)

(defun cardwords-play--draw ()
  "Redraw the game buffer from the last view.
What the player acts on comes first, so that a window of 80x24 shows it with
a 15x15 table: the table with its column labels, the hand, the action area
with its preview, the message (wrapped at the window's width) and the
moves since your last turn (Last:), or the results, to which the windows
scroll when they come.  The lines between the hand and Last: share lines
when the window has too few for them (`cardwords-play--pack').  The scores
are in the mode line; when it cannot show them all, in a Scores line above
Last: too.  The score board, the pile, the legend of the cells, the unseen
cards and the whole log follow.  Each window keeps its place: a redraw
never scrolls it, but to the results when they come."
  (let ((buffer (get-buffer cardwords-play--buffer-name)))
    (when (buffer-live-p buffer)
      (with-current-buffer buffer
        (let* ((inhibit-read-only t)
               (places (cardwords-bridge-places))
               (welcome (cardwords-play--get :welcome))
               (seat (cardwords-play--get :seat))
               (turn (cardwords-play--get :turn))
               (players (cardwords-play--get :players))
               (composing (cardwords-play--get :composing))
               (preview (cardwords-play--get :preview))
               (results (cardwords-play--get :results))
               (log (cardwords-play--get :log))
               (hand (cardwords-play--get :hand))
               (window (cardwords-play--window))
               (scores (cardwords-play--scores players seat))
               (results-start nil) (results-end nil))
          ;; whose turn and the scores, always in view (yours first); the mode line first:
          ;; whether it shows them all decides the Scores line
          (setq cardwords-play--mode-line-parts
                ;; whose turn: a text, or texts the longest first (see `cardwords-bridge-mode-line')
                (cons (let ((texts
                             (cond (results "Results")
                                   ;; the seat moved to another tab or editor, not the connection lost
                                   ((cardwords-play--elsewhere-p) "Seat played elsewhere")
                                   ;; the owner removed you: not a connection lost (the message says so)
                                   ((eq (cardwords-play--get :removed) t) "Removed")
                                   ;; the connection down: no turn is played (the message says why)
                                   ((not (cardwords-play--get :connected)) "Disconnected")
                                   ((= turn seat) "Your turn")
                                   ;; the turn's player gone: said where it is always in sight
                                   ;; (the bridge's line of when a robot plays is under Pile:)
                                   ((>= turn 0)
                                    (let* ((p (nth turn players))
                                           (name (format "%s's turn" (plist-get p :name)))
                                           (in (cardwords-play--get :awayIn)))
                                      (cond ((eq (cardwords-play--get :paused) t)
                                             ;; nobody connected: no robot plays for them
                                             ;; (short: the mode line has 80 columns)
                                             (concat name " (the game waits)"))
                                            ((plist-get p :standIn) (concat name " (a robot plays)"))
                                            ;; shorter where it does not fit: at 80 columns it was
                                            ;; cut at "in 0:", the scores and the paren with it
                                            (in (list (format "%s (away, a robot in %s)" name in)
                                                      (format "%s (a robot in %s)" name in)
                                                      name))
                                            ((plist-get p :away) (concat name " (away)"))
                                            (t name))))
                                   (t (cardwords-play--get :status)))))
                        (mapcar (lambda (text) (concat " " text)) (if (consp texts) texts (list texts))))
                      (mapcar (lambda (s) (concat " " (car s))) scores))
                cardwords-play--mode-line-ranks (cardwords-play--ranks scores players)
                ;; all of it until the Scores line's decision below fits it to the window
                mode-line-process (cardwords-bridge-mode-line-text cardwords-play--mode-line-parts))
          (force-mode-line-update)
          (erase-buffer)
          (when (> (cardwords-play--get :width) 0) (cardwords-play--draw-table))
          ;; no Hand: line without cards (a watcher's, the review's steps, after going out),
          ;; as the web panel hides its hand then: the line goes to the lines below
          (when hand
            (insert "Hand: ")
            (dolist (c hand)
              (let ((start (point)))
                (insert (propertize (format "[%s]" (plist-get c :text))
                                    'face (if (plist-get c :used) 'cardwords-play-used 'cardwords-play-card)))
                (put-text-property start (point) 'cardwords-play-hand (plist-get c :i))
                (put-text-property start (point) 'mouse-face 'highlight)
                (insert " ")))
            (insert "\n"))
          ;; the action area is the game's: with the results there is none to compose.  The
          ;; lines down to Last: fit the window (21 lines at 80x24), sharing lines if need be.
          (let* ((width (if window (window-body-width window) 80))
                 (scores-lines (unless (cardwords-play--mode-line-shows-p window)
                                 (cardwords-play--scores-lines scores turn width)))
                 ;; removed by the owner while the game goes on: the removal's line names
                 ;; the key that watches it, as the web page offers Watch the game
                 (said (let ((said (cardwords-play--get :message)))
                         (if (not (cardwords-play--removed-watchable-p)) said
                           (concat (and (not (member said '(nil ""))) (concat said " "))
                                   (substitute-command-keys
                                    "\\<cardwords-play-mode-map>\\[cardwords-play-watch-here] watches the game.")))))
                 (invite (cardwords-play--get :invite))
                 (items (append
                         ;; before the deal, a seat free: the link to give someone, whole on its line
                         (and (not (member invite '(nil "")))
                              (append (cardwords-play--items
                                       (cardwords-bridge-wrap (split-string (cardwords-play--get :inviteText) " " t)
                                                             (1- width) nil nil " ")
                                       'invite)
                                      (list (cons (propertize invite 'face 'link) 'invite)
                                            (cons (substitute-command-keys
                                                   "\\<cardwords-play-mode-map>\\[cardwords-play-copy-invite] copies the link.")
                                                  'invite))))
                         ;; a watcher has no hand: the web panel's note where the action area is
                         (and (not results) (cardwords-play--watching-p)
                              (list (cons "Watching: the players' hands are not shown." 'action)))
                         ;; none while the game waits for players: nothing to compose yet
                         (and composing (not results) (not (cardwords-play--watching-p))
                              (not (equal (cardwords-play--get :status) "waiting"))
                              (list (cons (format "Action: %s  %s  %s" (plist-get composing :display)
                                                  (plist-get composing :direction)
                                                  ;; the cards, then the one being chosen as typed so far (T-)
                                                  (string-join
                                                   (append (plist-get composing :cards)
                                                           (let ((pending (plist-get composing :pending)))
                                                             (and pending (not (equal pending "")) (list pending))))
                                                   " "))
                                          'action)))
                         (and preview (not results) (not (cardwords-play--watching-p))
                              (not (equal (cardwords-play--get :status) "waiting"))
                              (cardwords-play--preview-items preview width))
                         ;; the message wrapped at the window's width: it is read whole
                         ;; a hint's continued under its first word, as the preview's ("Hint: ")
                         (and (not (member said '(nil "")))
                              (cardwords-play--items
                               (mapcar (lambda (line) (propertize line 'face 'font-lock-warning-face))
                                       (cardwords-bridge-wrap (cardwords-play--message-words said) (1- width) nil
                                                             (and (string-prefix-p "Hint: " said) "      ")
                                                             " "))
                               'message))
                         ;; the seat played elsewhere: the web page's two offers, as keys
                         (and (cardwords-play--elsewhere-p)
                              (list (cons (substitute-command-keys
                                           "\\<cardwords-play-mode-map>\\[cardwords-play-here] plays your seat here again, \
\\[cardwords-play-watch-here] watches the game.")
                                          'message)))))
                 ;; Last: every move since your own last turn (the bridge's `last'), as many on a
                 ;; line as fit; the whole log is below
                 ;; (none while the review shows a turn: the message says which; nor when it
                 ;; is the message's own line, a rematch's first: "Rematch: game 2 begins." was
                 ;; read twice, one line under the other)
                 (last-moves (or (cardwords-play--get :last) (last log)))
                 (last-lines (unless (or (plist-get (cardwords-play--get :review) :step)
                                         (equal last-moves (list said)))
                               (cardwords-bridge-wrap (cardwords-bridge-break last-moves (- width 7))
                                                     (1- width) "Last: " "      ")))
                 (lines (- (if window (window-body-height window) cardwords-play--screen-lines)
                           (if (> (cardwords-play--get :width) 0) (1+ (cardwords-play--get :height)) 0)
                           (if hand 1 0) (length scores-lines)))
                 ;; the lines from the action area to the message keep one (two with a message,
                 ;; which answers the key just typed); Last: has the others it needs, one at least
                 (kept (min (length items) (if (rassq 'message items) 2 1)))
                 (last-room (if last-lines (max 1 (min (length last-lines) (- lines kept))) 0)))
            (dolist (text (cardwords-play--pack items (- lines last-room) width)) (insert text "\n"))
            (dolist (text scores-lines) (insert text "\n"))
            ;; joined only where the line leaves the last column free: two moves that did not
            ;; fit went on one line of 93 columns, cut at the edge; then Last: goes below
            (dolist (text (cardwords-bridge-fit last-lines last-room width)) (insert text "\n")))
          (when results
            (setq results-start (point))
            (insert (propertize "Results\n" 'face 'bold))
            (when (plist-get results :reasonText)
              (insert (plist-get results :reasonText) "\n"))
            ;; the web panel's table: the points left in hand, the end adjustment (the points
            ;; in hand count against, the one who went out gains the others'), said to be in
            ;; the final score already, and the final score; none when no card was dealt (a
            ;; room ended while it waited for players)
            (when (plist-get results :results)
              (dolist (text (cardwords-play--results-lines
                             results (if window (window-body-width window) 80)))
                (insert text "\n")))
            ;; the keys left, the last of them where the windows scroll to: a rematch while
            ;; the room stays (not once it has ended), the review once it has come
            (setq results-end (point))
            ;; once someone asked for a rematch, whom the vote waits for (the away ones marked)
            (let ((waits (cardwords-play--get :rematchWaits)))
              (when (and (stringp waits) (not (string-empty-p waits)))
                (insert waits "\n")))
            ;; as it is for you: a watcher who is not the owner has none
            (let ((rematch (cardwords-play--rematch-text)))
              (when (and rematch (equal (cardwords-play--get :status) "over"))
                (insert rematch ".\n")))
            (when (cardwords-play--get :review)
              (setq results-end (point))
              (insert "[ and ] step through the review, b shows the best robot's move.\n")))
          (insert "\n")
          ;; the room let you go: the web page's sentence in place of the game's status (it
          ;; said "playing" beside a mode line saying "Removed"), wrapped at the window's width
          (let ((said (cardwords-play--get :statusText)))
            (dolist (line (cardwords-bridge-wrap
                           (append (if (member said '(nil ""))
                                       (list (cardwords-play--get :status))
                                     (split-string said " " t))
                                   (and (plist-get welcome :owner) (list " (owner)")))
                           (1- (if window (window-body-width window) 80))
                           (format "Cardwords  game %s  round %s  move %s  "
                                   (plist-get welcome :gameId) (cardwords-play--get :round)
                                   (cardwords-play--get :moves))
                           "  " " "))
              (insert (propertize line 'face 'bold) "\n")))
          (let ((i 0) (over (cardwords-play--over-p)))
            (dolist (p players)
              ;; broken at the window's width, the notes under the points (at 80 columns a
              ;; removed player's line ran past the edge, "asks fo$")
              (dolist (line (if (plist-get p :free)
                                (list (format " %s" (plist-get p :name)))
                              (cardwords-bridge-wrap
                               (delq nil
                                     (list (format " %-12s %4d %s  %s"
                                                   (plist-get p :name) (plist-get p :score)
                                                   (if (memq (plist-get p :score) '(1 -1)) "point " "points")
                                                   (cardwords-play--count (plist-get p :cards) "card"))
                                           (and (plist-get p :robot) "robot")
                                           ;; removed by the owner: said so (it read as a leave);
                                           ;; after the end no robot plays on, nor is anyone away
                                           ;; (the web page's score board: "removed", "left")
                                           (cond ((plist-get p :removed)
                                                  (if over "removed by the owner" "removed by the owner, a robot plays"))
                                                 ((plist-get p :left) (if over "left" "left, a robot plays"))
                                                 (over nil)
                                                 ((plist-get p :standIn) "away, a robot plays")
                                                 ((plist-get p :away) "away"))
                                           ;; after the game: who asks for a rematch (the
                                           ;; others' votes were not shown)
                                           (and (plist-get p :rematch) "asks for a rematch")
                                           (and (= i seat) "(you)")))
                               (1- (if window (window-body-width window) 80)) nil (make-string 14 ?\s))))
                (insert (propertize line 'face (and (= i turn) 'cardwords-play-turn)) "\n"))
              (cl-incf i)))
          ;; no pile before the deal (its 0 read as an empty pile), as in the web panel
          (unless (equal (cardwords-play--get :status) "waiting")
            (insert (format "Pile: %s\n" (cardwords-play--count (cardwords-play--get :pile) "card"))))
          ;; the turn's player is away: when a robot plays for them (the bridge counts it down)
          (let ((away (cardwords-play--get :away)))
            (unless (member away '(nil ""))
              (dolist (line (cardwords-bridge-wrap (split-string away " " t)
                                                  (1- (if window (window-body-width window) 80))
                                                  nil nil " "))
                (insert line "\n"))))
          ;; the legend wrapped at the window's width, between its parts and the start's words;
          ;; the star only while a cell shows it (until the first move)
          (let ((start (cardwords-play--get :startText))
                (starred (cl-some (lambda (c) (plist-get c :start)) (cardwords-play--get :cells))))
            (dolist (text (cardwords-bridge-wrap
                           (append '("C points," "L letter factor," "W word factor" "(C5L2: both),")
                                   (cond ((not starred) '("## blocked"))
                                         ((member start '(nil "")) '("## blocked," "* start"))
                                         (t (append '("## blocked," "* start:")
                                                    (split-string start " " t)))))
                           (1- (if window (window-body-width window) 80)) "Cells: " "       " " "))
              (insert text "\n")))
          ;; the unseen cards wrapped at the window's width, a card never split (the line was
          ;; cut at the edge: half of the English sample's cards out of sight), counted and
          ;; grouped as the web panel lists them ("A 2 A 2 A 2 … J 10 K 6" was hard to read)
          (insert "\n")
          (let ((unseen (cardwords-play--get :unseen)))
            (dolist (text (cardwords-bridge-wrap (cons (concat (cardwords-play--count (length unseen) "card")
                                                               (if unseen ":" ""))
                                                       (cardwords-play--unseen-items unseen))
                                                 (1- (if window (window-body-width window) 80))
                                                 "Unseen: " "        " " "))
              (insert text "\n")))
          (insert "\nLog:\n")
          ;; each entry broken at the window's width, a card kept whole (after the game a turn
          ;; with the best robot's move beside it ran past the edge at 80 columns)
          (dolist (entry log)
            (dolist (line (cardwords-bridge-wrap (cardwords-bridge-words entry)
                                                (1- (if window (window-body-width window) 80))
                                                "  " "    " " "))
              (insert line "\n")))
          ;; each window where it was (erasing the buffer sent them to its start)
          (cardwords-bridge-restore-places places)
          ;; the results just came: each window shows them (the table may scroll up a little)
          (when (and results-start
                     (not (equal cardwords-play--results-shown
                                 (cons (plist-get welcome :gameId) (cardwords-play--get :round)))))
            (let ((shown (get-buffer-window-list (current-buffer) nil t)))
              (when shown
                (setq cardwords-play--results-shown
                      (cons (plist-get welcome :gameId) (cardwords-play--get :round)))
                (dolist (w shown) (cardwords-play--show-results w results-start results-end)))))
          ;; a new round dealt (a rematch): the table from its column letters, as at the start
          (unless results
            (let ((deal (cons (plist-get welcome :gameId) (cardwords-play--get :round)))
                  (shown (get-buffer-window-list (current-buffer) nil t)))
              (when (and shown (not (equal deal cardwords-play--deal-shown)))
                (when cardwords-play--deal-shown
                  (dolist (w shown)
                    (set-window-start w (point-min) t)
                    (set-window-point w (point-min))))
                (setq cardwords-play--deal-shown deal))))
          ;; the review stepped: the table from its column labels (the results had scrolled it
          ;; up at 80x24); back to the final table, or the review just come after the results
          ;; (its keys' line one below the window at 80x24), the results again
          (let* ((review (cardwords-play--get :review))
                 (step (plist-get review :step))
                 (key (and review (if step (list step (plist-get review :best)) 'final)))
                 (before cardwords-play--review-shown))
            (unless (equal key before)
              (setq cardwords-play--review-shown key)
              (dolist (w (get-buffer-window-list (current-buffer) nil t))
                (cond ((consp key)
                       (set-window-start w (point-min) t)
                       (set-window-point w (point-min)))
                      ((and (eq key 'final) results-start
                            (or (consp before)
                                ;; the review just came: unless the player scrolled since
                                (and (null before)
                                     (equal (line-number-at-pos (window-start w))
                                            (alist-get w cardwords-play--results-tops)))))
                       (cardwords-play--show-results w results-start results-end))))))
          ;; where a question open meanwhile puts them back (`cardwords-bridge-keeping-places')
          (cardwords-bridge-drawn))))))

(defun cardwords-play--show-results (window start end)
  "Put the results from START to END (the line of the last key left) in WINDOW.
The window scrolls as little as it must: the block's end on its last
line, or its start on the first when the block is taller; point goes to
the Results line."
  (let ((height (window-body-height window))
        (first (line-number-at-pos start))
        (last (line-number-at-pos end))
        (top (line-number-at-pos (window-start window))))
    (unless (and (>= first top) (< last (+ top height)))
      (set-window-start window (cardwords-play--line-position (max 1 (min first (1+ (- last height))))) t))
    (setf (alist-get window cardwords-play--results-tops) (line-number-at-pos (window-start window)))
    (set-window-point window start)))

;;;; The bridge

(defun cardwords-play--take (view)
  "Draw VIEW unless a newer one was drawn (responses and notifications cross)."
  (when (> (or (plist-get view :seq) 0) (or (cardwords-play--get :seq) 0))
    ;; shown before the next key runs unless a key typed ahead waits
    (unless (input-pending-p)
      (setq cardwords-play--hints-seen (or (plist-get view :hintsLoaded) 0)))
    ;; connected again: a key's refusal for want of the connection, still in the echo area,
    ;; is stale (it stayed there after the connection was back)
    (let ((down (cardwords-play--get :down)))
      (when (and (not (member down '(nil ""))) (member (plist-get view :down) '(nil ""))
                 (equal (current-message) down))
        (message nil)))
    (setq cardwords-play--view view)
    (cardwords-play--draw)))

(defun cardwords-play--notification (method params)
  "Handle the bridge notification METHOD with PARAMS."
  (pcase method
    ("cardwords/view" (cardwords-play--take params))
    ("cardwords/word-request"
     (let ((words (plist-get params :words)) (player (plist-get params :player))
           (earlier (eq (plist-get params :earlier) t)))
       ;; while `cardwords-play' still creates or joins the game (an earlier game's question
       ;; comes at the join), kept and asked once the game's buffer is shown: it was asked at
       ;; once, over whatever buffer was current (*scratch*)
       (if cardwords-play--starting
           (cardwords-play--keep-question (list words player earlier))
         (run-at-time 0 nil #'cardwords-play--ask-words words player earlier))))
    ;; decided in another of the owner's clients: no longer open here (as the web page drops it)
    ("cardwords/word-settled" (cardwords-play--settled (plist-get params :word)))))

(defun cardwords-play--settled (word)
  "Drop WORD from the open questions: the owner decided it in another client."
  (setq cardwords-play--questions
        (delq nil (mapcar (lambda (q)
                            (if (not (member word (append (car q) nil)))
                                q
                              (let ((rest (cl-remove word (append (car q) nil) :test #'equal)))
                                (and rest (cons rest (cdr q))))))
                          cardwords-play--questions))))

(defun cardwords-play--y-or-n-p (prompt)
  "Ask PROMPT with `y-or-n-p', answered by y or n only.
RET, the key that played the move asked about, is no answer: it says to
answer y or n, and the question stays.  Emacs 28 and later read the answer
in the minibuffer with `y-or-n-p-map', where RET would answer no: RET is
bound there to the reminder that answers other keys.  Emacs 27 (and 29
with `y-or-n-p-use-read-key') read a key, and RET asks again by itself.
The game's windows stay where they were (`cardwords-bridge-keeping-places')."
  (cardwords-bridge-keeping-places
   (lambda ()
     (if (and (boundp 'y-or-n-p-map) (fboundp 'y-or-n-p-insert-other))
         (let ((map (make-sparse-keymap)))
           (set-keymap-parent map (symbol-value 'y-or-n-p-map))
           (dolist (key (list (kbd "RET") (kbd "C-j") [return] [kp-enter]))
             (define-key map key 'y-or-n-p-insert-other))
           (cl-progv '(y-or-n-p-map) (list map)
             (y-or-n-p prompt)))
       (y-or-n-p prompt)))))

(defun cardwords-play--keep-question (question)
  "Keep QUESTION, (WORDS PLAYER EARLIER), among the open ones (once)."
  (unless (member question cardwords-play--questions)
    (setq cardwords-play--questions (append cardwords-play--questions (list question)))))

(defun cardwords-play--ask-words (words player &optional earlier)
  "Ask the owner whether WORDS, played by PLAYER, are words.
EARLIER: PLAYER played them in a game that has ended."
  (let ((question (list words player earlier)))
    (cardwords-play--keep-question question)
    (cardwords-play--ask question)))

(defun cardwords-play--ask-kept ()
  "Ask the questions kept while the game was being created, in its buffer."
  (let ((buffer (get-buffer cardwords-play--buffer-name)))
    (when (and buffer cardwords-play--questions)
      (with-current-buffer buffer (cardwords-play-answer)))))

(defun cardwords-play--ask (question)
  "Ask QUESTION, (WORDS PLAYER EARLIER), a word at a time, and send each answer.
Several words are asked one by one (one answer for all added a word that
came with a good one).  Return nil when the owner quit it: the words not
answered yet stay open (the server keeps waiting for the answer, and does
not ask again)."
  (let* ((words (append (car question) nil)) (player (nth 1 question)) (earlier (nth 2 question))
         (all (mapconcat #'identity words ", ")) (several (cdr words))
         (open question) (done nil) (quit nil))
    (while (and words (not quit))
      (let* ((word (car words))
             (prompt (format (if earlier "%s tried %s in an earlier game: add %sto the dictionary? "
                               "%s plays %s: add %sto the dictionary? ")
                             player all (if several (concat word " ") "")))
             (answer (condition-case nil (list (cardwords-play--y-or-n-p prompt)) (quit nil))))
        (if (null answer)
            (setq quit t)
          ;; said in the bridge's words for the owner, the web page's ("You approved TE: ...")
          (push (condition-case err
                    (plist-get (cardwords-bridge-request-sync
                                "cardwords/words" (list :words (vector word) :approve (if (car answer) t :false)))
                               :said)
                  (error (error-message-string err)))
                done)
          (setq words (cdr words))
          ;; what is left stays the open question
          (let ((rest (and words (list words player earlier))))
            (setq cardwords-play--questions
                  (if rest (cl-substitute rest open cardwords-play--questions :test #'equal)
                    (delete open cardwords-play--questions)))
            (setq open rest)))))
    (if quit
        (progn
          (message "%s" (substitute-command-keys
                         (format "Not answered (%s): \\<cardwords-play-mode-map>\\[cardwords-play-answer] \
or \\[cardwords-play-submit] in the game asks again"
                                 (mapconcat #'identity words ", "))))
          nil)
      ;; said: nothing else in the buffer shows the owner's decision
      (message "%s" (string-join (delq nil (nreverse done)) " "))
      t)))

(defun cardwords-play-answer ()
  "Ask the owner's questions again that were quit without an answer."
  (interactive)
  (if (null cardwords-play--questions)
      (message "No question waits for your answer")
    (let ((open (copy-sequence cardwords-play--questions)))
      (while (and open (cardwords-play--ask (pop open)))))))

(defun cardwords-play--call (method &optional params)
  "Ask the bridge METHOD with PARAMS and redraw with the answer."
  (condition-case err
      (let ((view (cardwords-bridge-request-sync method params)))
        (when view (cardwords-play--take view)))
    (user-error
     (message "%s" (error-message-string err))
     (ding t))))

;;;; Commands

(defun cardwords-play--over-p ()
  "Return non-nil once the game is over: its results shown, or its room ended."
  (or (cardwords-play--get :results)
      (member (cardwords-play--get :status) '("over" "ended"))))

(defun cardwords-play--watching-p ()
  "Return non-nil when you watch the game: no seat, no hand to play from."
  (equal (plist-get (cardwords-play--get :welcome) :role) "watcher"))

(defun cardwords-play--down-p ()
  "Return non-nil while the bridge refuses keys: the connection down, or let go.
The view's `down' says why."
  (not (member (cardwords-play--get :down) '(nil ""))))

(defun cardwords-play--elsewhere-p ()
  "Return non-nil while your seat is played elsewhere.
Another tab or editor took it; the bridge keeps its key:
`cardwords-play-here' takes it back."
  (eq (cardwords-play--get :elsewhere) t))

(defun cardwords-play--removed-watchable-p ()
  "Return non-nil once the owner removed you from a game still going on.
The bridge then watches it: `cardwords-play-watch-here'."
  (and (eq (cardwords-play--get :removed) t) (eq (cardwords-play--get :watchable) t)))

(defun cardwords-play--nothing-to-review-p ()
  "Return non-nil for a game over in which no turn was played.
The owner ended it before any: no history comes, so no review either."
  (and (cardwords-play--over-p)
       (null (cardwords-play--get :review))
       (eql (cardwords-play--get :moves) 0)))

(defun cardwords-play--rematch-text ()
  "Return what \\<cardwords-play-mode-map>\\[cardwords-play-rematch] does for you after the game, or nil.
A player asks for a rematch; the owner, seated or watching, deals one at
once for every player, as the server does for the owner (the web page's
\"Rematch now, for every player\"; a seated owner was told the key asked
for one); another watcher has none.  Nor has a player the room let go
\(removed by the owner: the key said so only when pressed) or one who has
asked already (the vote was offered again next to whom it waits for)."
  (cond ((or (cardwords-play--get :closed)
             (eq (plist-get (nth (cardwords-play--get :seat) (cardwords-play--get :players)) :rematch) t))
         nil)
        ((cardwords-play--owner-p)
         (substitute-command-keys "\\<cardwords-play-mode-map>\\[cardwords-play-rematch] \
deals a rematch now, for every player (asked first)"))
        ((not (cardwords-play--watching-p))
         (substitute-command-keys "\\<cardwords-play-mode-map>\\[cardwords-play-rematch] asks for a rematch"))))

(defun cardwords-play--keys-left ()
  "Return the sentence naming the keys left after the end.
For a key that does nothing then: the rematch as it is for you while the
room stays (`cardwords-play--rematch-text'), leaving, and the review
unless no turn was played."
  (concat (if (equal (cardwords-play--get :status) "ended") "The game has ended: " "The game is over: ")
          (string-join
           (delq nil (list (and (not (equal (cardwords-play--get :status) "ended"))
                                (cardwords-play--rematch-text))
                           (substitute-command-keys "\\<cardwords-play-mode-map>\\[cardwords-play-leave] leaves")
                           (and (not (cardwords-play--nothing-to-review-p)) "[ ] review, b its best move")))
           ", ")))

(defun cardwords-play--compose (method &optional params)
  "Send METHOD with PARAMS, a key of the action area, as `cardwords-play--call'.
After the end there is nothing to compose: the echo area says so and
names the keys that are left (the web panel ignores the keys then).  A
watcher has no hand to compose from: the echo area says so (the keys
went to the action area, which answered as if you played).  While the
connection is down, or after the room let you go, the echo area says
why, and nothing is sent (the area stays as it was)."
  (cond ((cardwords-play--down-p)
         (message "%s" (cardwords-play--get :down))
         (ding t))
        ((cardwords-play--over-p)
         (message "%s" (cardwords-play--keys-left))
         (ding t))
        ((cardwords-play--watching-p)
         (message "%s" (substitute-command-keys
                        "You are watching: you have no hand to play. \\<cardwords-play-mode-map>\\[cardwords-play-leave] \
stops watching."))
         (ding t))
        (t (cardwords-play--call method params))))

(defun cardwords-play-key ()
  "Send the key typed to the action-selection area.
After the end, [, ] and b step through the review instead
\(`cardwords-play-review-previous', `cardwords-play-review-next',
`cardwords-play-review-best')."
  (interactive)
  (let ((key (string last-command-event)))
    (pcase (and (cardwords-play--over-p) key)
      ("[" (cardwords-play-review-previous))
      ("]" (cardwords-play-review-next))
      ("b" (cardwords-play-review-best))
      (_ (cardwords-play--compose "cardwords/key" (list :key key))))))

(defun cardwords-play--review (params)
  "Ask the bridge for the review with PARAMS (:delta, or :best) and redraw.
Before the review has come (it comes with the game's history, after the
end) the echo area says so."
  (if (cardwords-play--get :review)
      (cardwords-play--call "cardwords/review" params)
    (message "%s" (cond ((cardwords-play--nothing-to-review-p)
                         "No turn was played: there is nothing to review.")
                        ((cardwords-play--over-p)
                         "The review has not come yet: the game's history comes with the end")
                        (t "The review comes after the game")))
    (ding t)))

(defun cardwords-play-review-previous ()
  "After the game: the review's previous turn (from the final table, the last)."
  (interactive)
  (cardwords-play--review (list :delta -1)))

(defun cardwords-play-review-next ()
  "After the game: the review's next turn (after the last, the final table)."
  (interactive)
  (cardwords-play--review (list :delta 1)))

(defun cardwords-play-review-best ()
  "After the game: the best robot's move on the table, or the turn again.
For the turn the review shows, the table before it with the move the
best robot would have made there.  The review keeps the choice while
it steps; a turn without such a move (a robot's, a stand-in's, a best
trade or pass) shows itself, and there, as on the final table, the
bridge answers with why instead, in the web panel's words."
  (interactive)
  (cardwords-play--review
   (list :best (if (plist-get (cardwords-play--get :review) :best) :false t))))

(defun cardwords-play-backspace ()
  "Take the last key of the action-selection area back."
  (interactive)
  (cardwords-play--compose "cardwords/key" (list :key "Backspace")))

(defun cardwords-play-clear ()
  "Clear the action-selection area."
  (interactive)
  (cardwords-play--compose "cardwords/key" (list :key "Escape")))

(defun cardwords-play-submit ()
  "Play the composition: a move, a trade or a pass.
A question of the owner's left unanswered is asked first instead (the
move it is about waits for the answer): answered, RET plays."
  (interactive)
  (if cardwords-play--questions
      (cardwords-play-answer)
    ;; what the player has seen: a hint come since is not played unseen
    (cardwords-play--compose "cardwords/submit" (list :seen cardwords-play--hints-seen))))

(defun cardwords-play-pass ()
  "Pass this turn."
  (interactive)
  ;; refused unasked where the keys are (no seat, over, the connection down, and before the
  ;; deal, which the bridge says: "Pass?" was asked, and y did nothing)
  (when (or (cardwords-play--over-p) (cardwords-play--watching-p) (cardwords-play--down-p)
            (equal (cardwords-play--get :status) "waiting")
            (cardwords-bridge-keeping-places #'y-or-n-p "Pass? "))
    (cardwords-play--compose "cardwords/pass")))

(defun cardwords-play-trade ()
  "Make the composition a trade: type the cards to give back, then RET."
  (interactive)
  (cardwords-play--compose "cardwords/trade"))

(defun cardwords-play-hint ()
  "Ask the server for the best action; it fills the composition."
  (interactive)
  (cardwords-play--compose "cardwords/hint"))

(defun cardwords-play-next-hint ()
  "Put the next of the robot's best actions into the composition.
After a hint (\\[cardwords-play-hint]) the server's ranking of its ten best actions
is gone through round the list; RET plays the one shown."
  (interactive)
  (cardwords-play--compose "cardwords/hint-step" (list :delta 1)))

(defun cardwords-play-previous-hint ()
  "Put the previous of the robot's best actions into the composition.
See `cardwords-play-next-hint'."
  (interactive)
  (cardwords-play--compose "cardwords/hint-step" (list :delta -1)))

(defun cardwords-play-copy-invite ()
  "Copy the link that invites someone to the game's free seat, before the deal."
  (interactive)
  (cardwords-bridge-copy-invite (cardwords-play--get :invite) "No seat is free: nobody to invite"))

(defun cardwords-play-rematch ()
  "Ask for a rematch after the results.
The owner's rematch is dealt at once, for every player (the server's
rule): the owner, seated or watching, is asked first (a seated owner's
key dealt it unasked while the buffer said it asked for one)."
  (interactive)
  ;; before the end the bridge refuses it, in the web panel's words: said in the echo area
  ;; (it said nothing, or the server's raw "Refused: a rematch follows the end of a game")
  (cond ((not (cardwords-play--over-p)) (cardwords-play--call "cardwords/rematch"))
        ;; the owner ended the room: no rematch, the keys left said as for any key (the
        ;; bridge's "The game has ended." named none)
        ((equal (cardwords-play--get :status) "ended")
         (message "%s" (cardwords-play--keys-left))
         (ding t))
        ((and (cardwords-play--watching-p) (not (cardwords-play--owner-p)))
         (user-error "%s" "You are watching: a rematch is for the players (and the owner) to ask for."))
        ((or (not (equal (cardwords-play--get :status) "over"))
             (not (cardwords-play--owner-p))
             (cardwords-bridge-keeping-places #'y-or-n-p "Deal a new round for every player now? "))
         (cardwords-play--call "cardwords/rematch"))))

(defun cardwords-play-here ()
  "Play your seat here again after another tab or editor took it.
The seat's key takes it back, as the web page's Play here: the other one
loses it.  The composition is kept."
  (interactive)
  (if (cardwords-play--elsewhere-p)
      (cardwords-play--call "cardwords/play-here")
    (message "Your seat is not played elsewhere: nothing to take back")
    (ding t)))

(defun cardwords-play-watch-here ()
  "Watch the game whose seat another tab or editor took (your seat stays yours).
\\[cardwords-play] offers to resume it later.  After the owner removed you,
watch the game as it goes on (the web page's Watch the game)."
  (interactive)
  (if (or (cardwords-play--elsewhere-p) (cardwords-play--removed-watchable-p))
      (cardwords-play--call "cardwords/watch-here")
    (message "Your seat is not played elsewhere: nothing to watch instead")
    (ding t)))

(defun cardwords-play--owner-p ()
  "Return non-nil when this buffer's game was entered with the owner token."
  (eq (plist-get (cardwords-play--get :welcome) :owner) t))

(defun cardwords-play--removable ()
  "Return the players the owner may remove now, from the bridge's view.
The humans with a seat but your own; nobody once the game has ended."
  (cardwords-play--get :removable))

(defun cardwords-play-remove (name)
  "Remove the player NAME from the game: the owner's command.
Before the deal the seat is free again for someone else; after it a robot
plays the seat to the end.  Asked with completion over the players, then
confirmed."
  (interactive
   (let ((names (cardwords-play--removable)))
     (cond ((not (cardwords-play--owner-p)) (user-error "%s" "Only the owner removes players."))
           ((null names) (user-error "%s" "No player to remove."))
           (t (list (completing-read "Remove the player: " names nil t))))))
  ;; the web page's question: what becomes of the seat, or that the game ends (the last person)
  (when (cardwords-bridge-keeping-places
         #'yes-or-no-p
         (or (plist-get (cl-find name (cardwords-play--get :removeQuestions)
                                 :key (lambda (q) (plist-get q :name)) :test #'equal)
                        :question)
             (format (pcase (cardwords-play--get :status)
                       ("waiting" "Remove %s (the seat is free again for someone else)? ")
                       ("over" "Remove %s (a robot plays the seat in a rematch)? ")
                       (_ "Remove %s (a robot plays the seat to the end)? "))
                     name)))
    (cardwords-play--call "cardwords/remove" (list :name name))))

(defun cardwords-play-end ()
  "End the game for everyone: the owner's command, asked first."
  (interactive)
  ;; sentences, as the bridge's refusals are said ("%s": not a format ending in a period)
  (unless (cardwords-play--owner-p) (user-error "%s" "Only the owner ends the game."))
  (when (cardwords-play--over-p) (user-error "%s" "The game is over."))
  (when (cardwords-bridge-keeping-places #'yes-or-no-p "End the game for everyone (it cannot be undone)? ")
    (cardwords-play--call "cardwords/end")))

(defun cardwords-play--in-progress-p ()
  "Return non-nil while you play the game (not before, not after its end).
A watcher has no seat to give up or keep: leaving asks nothing, nor
after the room let you go (the owner removed you, or the seat was taken
back from another connection)."
  (and (equal (cardwords-play--get :status) "playing")
       (not (cardwords-play--get :results))
       (not (cardwords-play--watching-p))
       ;; removed by the owner, or the seat taken back elsewhere: no seat left to give up
       (not (cardwords-play--get :closed))))

(defun cardwords-play-leave (&optional no-ask)
  "Leave the game and close its buffer.
A game in progress is left only when you say so; NO-ASK leaves without
asking.  Leaving gives your seat up for good: a robot plays it to the end
at once (before the deal the seat is free again), so nobody waits for
you.  A local server stops unless another open game (Yatzee on it)
still uses it, and forgets the game: `cardwords-play' does not offer to
resume it (a game whose buffer is killed, or left by quitting Emacs, is
a drop: your seat is held and the game offered).  The last person's
leave ends the game: the buffer then stays, with its results."
  (interactive)
  (let ((going (cardwords-play--in-progress-p)))
    ;; the question says what becomes of the seat: killing the buffer, which keeps it, asks too
    (when (or no-ask (not going)
              (cardwords-bridge-keeping-places
               #'cardwords-bridge-confirm-leave
               (let ((question (cardwords-play--get :leaveQuestion)))
                 (cond ((equal (cardwords-play--get :status) "waiting")
                        "Leave this game (your seat is free again for someone else)? ")
                       ;; the web page's: what becomes of the seat, or that the game ends
                       ((and (stringp question) (not (string-empty-p question))) question)
                       (t "Leave this game for good (a robot plays your seat to the end)? ")))))
      ;; left on purpose: the local server forgets the game (not offered to resume); the
      ;; answer says what the web page says then, said once the buffer has gone (it went
      ;; with nothing said)
      (let ((said (plist-get (ignore-errors (cardwords-bridge-request-sync "cardwords/leave" (list :forget t)))
                             :said)))
        (ignore-errors (cardwords-bridge-request-sync "stop-server" nil))
        (if (and going (cardwords-play--get :results))
            ;; the last person's leave ended the game: its results came before the close, and
            ;; stay in sight (the buffer vanished with nothing said); the key again closes it
            (progn (cardwords-play--draw)
                   (message "%s" (substitute-command-keys
                                  ;; under 80 columns: Emacs broke the longer one inside "buffer"
                                  "You left; the game is over (results below). \
\\<cardwords-play-mode-map>\\[cardwords-play-leave] closes the buffer.")))
          ;; asked above: killing the buffer asks nothing more
          (let ((cardwords-play--leaving t))
            (kill-buffer cardwords-play--buffer-name))
          (when (and (stringp said) (not (string-empty-p said)))
            (cardwords-bridge-say-left said)))))))

(defun cardwords-play-click (event)
  "Set the location on the cell clicked, or add the hand card clicked (EVENT)."
  (interactive "e")
  (let* ((position (event-start event))
         (point (posn-point position))
         (cell (get-text-property point 'cardwords-play-cell))
         (card (get-text-property point 'cardwords-play-hand)))
    (cond (cell (cardwords-play--compose "cardwords/locate" (list :col (car cell) :row (cdr cell))))
          (card (cardwords-play--compose "cardwords/pick" (list :index card))))))

(defun cardwords-play--name ()
  "The player's name."
  (cardwords-bridge-player-name))

(defun cardwords-play--create (url owner &optional ruleset)
  "Create a game on URL as its owner (token OWNER).
It plays RULESET (a name), or the server's first when nil."
  (cardwords-bridge-request-sync
   "cardwords/create"
   (list :url url
         :options (append (list :owner owner :name (cardwords-play--name)
                                :robots cardwords-play-robots :level cardwords-play-level
                                :humans cardwords-play-humans :watchers cardwords-play-watchers
                                :grace (if (eq cardwords-play-grace 'never) "never" cardwords-play-grace))
                          (and ruleset (list :ruleset ruleset))
                          (and cardwords-play-seed (list :seed cardwords-play-seed))))
   60))

(defun cardwords-play--read-ruleset (url)
  "Ask which ruleset of the server at URL a new game plays, when it has several.
Return its name, or nil for the server's only one (the web form offers the
same choice)."
  (let ((names (append (cardwords-bridge-request-sync
                        "cardwords/rulesets" (list :url url) 30)
                       nil)))
    (when (cdr names)
      (completing-read (format "Ruleset (default %s): " (car names))
                       names nil t nil nil (car names)))))

(defun cardwords-play--resume (server)
  "Offer the remembered game on the local SERVER; return its view when taken back.
SERVER is the answer of `serve': when it names a game you sat in that is
still unfinished there, ask whether to resume it; yes takes your seat back
\(your hand, the table, the turn where it was).  Nil: no game, no, or the
seat could not be taken back (said in the echo area)."
  (cardwords-bridge-resume server "Cardwords" "cardwords/resume"))

(defun cardwords-play--read-name (why)
  "Read the player's name, which may not be empty: watching is refused for WHY."
  (let ((name (read-string "Your name: " (cardwords-play--name))))
    (while (string-empty-p name)
      (setq name (read-string (format "%s Your name: " why))))
    name))

(defun cardwords-play--join (params)
  "Join a game with PARAMS of `cardwords/join' and return the view.
A name taken in that game is asked again (`cardwords-bridge-join')."
  (cardwords-bridge-join "cardwords/join" params))

(defun cardwords-play--pick (url &optional linked)
  "Pick a game listed on the server at URL; return how to enter it.
\=(new . OWNER) for a new game with the OWNER token, else the params of
`cardwords/join'.  A game is offered as the room takes it (the web lobby's
rule): a seat when one is free, watching when a watcher place is (or with
an owner token: the owner watches beyond the places).  The list says why
not; with a seat only the name is asked until it is not empty, with
watching only you watch without a name, and a game that takes neither is
refused with why.  A game where you hold a seat (remembered with its key)
is offered to resume: (:url URL :id ID :resume t).  The owner token is
LINKED, an owner link's; without one it is asked only where it is needed:
for a new game, and for a game that takes neither a player nor a watcher,
which its owner still watches (a guest was asked it for every game)."
  (let ((game (cardwords-bridge-read-listed "cardwords/games" url)))
    (cond
     ((null game) (cons 'new (or linked (read-string "Owner token: "))))
     ;; a seat you hold there is taken back with its key (and the token it was taken with)
     ((plist-get game :seat) (list :url url :id (plist-get game :id) :resume t))
     (t
      (let* ((seat-why (plist-get game :joinRefusal))
             (owner (or linked
                        (if (and seat-why (plist-get game :watchRefusal)
                                 (member (plist-get game :state) '("waiting" "playing")))
                            (read-string (format "Game %s: %s %s Owner token (empty: none): "
                                                 (plist-get game :id) seat-why (plist-get game :watchRefusal)))
                          "")))
             (watch-why (and (string-empty-p owner) (plist-get game :watchRefusal))))
        (when (and seat-why watch-why)
          (user-error "Game %s: %s %s" (plist-get game :id) seat-why watch-why))
        (append (list :url url :id (plist-get game :id))
                (cond (seat-why
                       (message "%s Watching game %s." seat-why (plist-get game :id))
                       (list :watch t))
                      (watch-why (list :name (cardwords-play--read-name watch-why)))
                      (t (let ((name (read-string "Your name (empty: watch): "
                                                  (cardwords-play--name))))
                           (if (string-empty-p name) (list :watch t) (list :name name)))))
                (and (not (string-empty-p owner)) (list :owner owner))))))))

;;;###autoload
(defun cardwords-play (url)
  "Play Cardwords on the server at URL, or on a local server when URL is empty.
On a local server you are the owner and a game with `cardwords-play-robots'
robots starts at once; but when the game you sat in there last is still
unfinished (Emacs quit or crashed during it), you are asked first whether
to resume it.  On another server pick a game to join or watch (the list
says why a game takes no player or no watcher), or create one with the
owner token."
  (interactive
   ;; a game going on in the buffer is not replaced unasked (it was, with no question)
   (let ((buffer (get-buffer cardwords-play--buffer-name)))
     (list (if (and buffer (with-current-buffer buffer (cardwords-play--in-progress-p))
                    (not (y-or-n-p "Close the game going on (your seat is kept to resume) for another? ")))
               :going-on
             (read-string "Server URL (empty: a local server): ")))))
  (if (eq url :going-on)
      (progn (switch-to-buffer cardwords-play--buffer-name)
             (message "%s" (substitute-command-keys
                            "Your game goes on: \\<cardwords-play-mode-map>\\[cardwords-play-leave] leaves it.")))
    (cardwords-play--start url)))

(defun cardwords-play--start (url)
  "Start or join a game as `cardwords-play' does for URL."
  ;; the game going on, its closing agreed to: a drop (the seat kept to resume), not asked again
  (let ((old (get-buffer cardwords-play--buffer-name)))
    (when old
      (with-current-buffer old
        (let ((cardwords-play--leaving t)) (kill-buffer old)))))
  (add-hook 'cardwords-bridge-notification-functions #'cardwords-play--notification)
  (setq cardwords-play--view nil cardwords-play--questions nil)
  ;; to the end of the command: the questions that come meanwhile wait for the buffer
  (let* ((cardwords-play--starting t)
         (moved nil)
         (view
          (if (string-empty-p url)
              (let* ((ruleset (expand-file-name
                               (read-directory-name "Ruleset folder: " cardwords-play-ruleset
                                                    cardwords-play-ruleset t)))
                     (server (cardwords-bridge-request-sync "serve"
                                                            (list :ruleset ruleset) 60)))
                ;; its port taken since it last ran: said once the game is drawn
                (setq moved (plist-get server :moved))
                (or (cardwords-play--resume server)
                    (cardwords-play--create (plist-get server :url) (plist-get server :owner))))
            (let* ((linked (cardwords-bridge-link-owner url))
                   (url (cardwords-bridge-link-base url))
                   (join (cardwords-play--pick url linked)))
              (cond ((eq (car join) 'new) (cardwords-play--create url (cdr join) (cardwords-play--read-ruleset url)))
                    ((plist-get join :resume)
                     (cardwords-bridge-request-sync "cardwords/resume" (list :url url :id (plist-get join :id)) 60))
                    (t (cardwords-play--join join)))))))
    (switch-to-buffer (get-buffer-create cardwords-play--buffer-name))
    (cardwords-play-mode)
    ;; a newer view may have come while the buffer did not exist yet: draw the newest
    (cardwords-play--take view)
    (cardwords-play--draw)
    (cardwords-play--call "cardwords/coordinates"
                          (list :digitsForColumns (if (bound-and-true-p cardwords-digits-for-columns) t :false)
                                :colsRight (if cardwords-play-columns-from-left t :false)
                                :rowsUp (if cardwords-play-rows-from-bottom t :false)))
    (unless (member moved '(nil ""))
      (message "%s" moved))
    ;; the questions that came meanwhile, asked once the command is done (the buffer shown
    ;; and drawn)
    (when cardwords-play--questions
      (run-at-time 0 nil #'cardwords-play--ask-kept))))

(provide 'cardwords-play)
;;; cardwords-play.el ends here
