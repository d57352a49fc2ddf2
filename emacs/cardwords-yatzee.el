;;; cardwords-yatzee.el --- Play Yatzee in an Emacs buffer  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The Cardwords authors
;; SPDX-License-Identifier: GPL-3.0-or-later

;; This file is not part of GNU Emacs.

;;; Commentary:

;; M-x cardwords-yatzee: Yatzee with robots or people on a local server the game bridge
;; starts, or on a server given by URL.  Every player's sheet is live in one table; your
;; dice are held and thrown by keys and clicks; the transfer goes to the suggested
;; category or to the one you choose, each open category showing what it would score; the
;; Sum and Bonus rows show the upper section's sum and how far it is from the bonus.  h
;; shows or hides the optimal robot's expected values for your own sheet (the web panel's
;; hints): the best hold and the expected final score, and per open category the expected
;; final score of a transfer there.  A local server's games are kept: after Emacs quit or
;; crashed during a game, M-x cardwords-yatzee offers to resume it.

;;; Code:

(require 'cl-lib)
(require 'easymenu)
(require 'subr-x)
(require 'cardwords-bridge)

(defgroup cardwords-yatzee nil
  "Yatzee, the dice game, in an Emacs buffer."
  :group 'cardwords
  :prefix "cardwords-yatzee-")

(defcustom cardwords-yatzee-robots 1 "Robot players in a game you create." :type 'integer)
(defcustom cardwords-yatzee-name nil
  "Your name at the table (nil: `cardwords-play-name', else your login name)."
  :type '(choice (const :tag "Login name" nil) string))
(defcustom cardwords-yatzee-seed nil
  "The dice's seed of a game you create, or nil for a random one."
  :type '(choice (const :tag "Random" nil) string))
(defcustom cardwords-yatzee-hints nil
  "Non-nil: show the optimal robot's expected values for your sheet.
The game server computes them (as for the web panel); h toggles them."
  :type 'boolean)

(defface cardwords-yatzee-held '((t :inverse-video t :weight bold))
  "Face of a held die." :group 'cardwords-yatzee)
(defface cardwords-yatzee-suggested '((t :inherit success :weight bold))
  "Face of the suggested category." :group 'cardwords-yatzee)
(defface cardwords-yatzee-option '((t :inherit shadow))
  "Face of what an open category would score." :group 'cardwords-yatzee)
(defface cardwords-yatzee-me '((t :weight bold :underline t))
  "Face of your column." :group 'cardwords-yatzee)
(defface cardwords-yatzee-hint '((t :inherit font-lock-comment-face))
  "Face of the expected values of the hints." :group 'cardwords-yatzee)

(defvar cardwords-yatzee--view nil "The game as the bridge last described it.")
(defvar cardwords-yatzee--buffer-name "*Cardwords Yatzee*" "The name of the game buffer.")

(defvar cardwords-yatzee-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map " " #'cardwords-yatzee-throw)
    (define-key map "t" #'cardwords-yatzee-throw)
    (dotimes (i 5)
      (define-key map (number-to-string (1+ i)) #'cardwords-yatzee-toggle))
    (define-key map (kbd "RET") #'cardwords-yatzee-transfer)
    (define-key map "c" #'cardwords-yatzee-transfer-to)
    (define-key map "u" #'cardwords-yatzee-undo)
    (define-key map "r" #'cardwords-yatzee-reset)
    (define-key map "+" #'cardwords-yatzee-add-robot)
    (define-key map "-" #'cardwords-yatzee-remove)
    (define-key map (kbd "C-c C-e") #'cardwords-yatzee-end)
    (define-key map "h" #'cardwords-yatzee-toggle-hints)
    (define-key map "g" #'cardwords-yatzee-redraw)
    (define-key map (kbd "C-c C-w") #'cardwords-yatzee-copy-invite)
    (define-key map "q" #'cardwords-yatzee-leave)
    (define-key map "p" #'cardwords-yatzee-play-here)
    (define-key map "w" #'cardwords-yatzee-watch-here)
    (define-key map [mouse-1] #'cardwords-yatzee-click)
    (define-key map "?" #'describe-mode)
    map)
  "Keymap of the Yatzee buffer.")

(easy-menu-define cardwords-yatzee-menu cardwords-yatzee-mode-map
  "Menu of the Yatzee buffer."
  '("Yatzee"
    ["Throw" cardwords-yatzee-throw]
    ["Transfer to the suggestion" cardwords-yatzee-transfer]
    ["Transfer to..." cardwords-yatzee-transfer-to]
    ["Undo the transfer" cardwords-yatzee-undo]
    ["Reset the dice" cardwords-yatzee-reset]
    ["Add a robot" cardwords-yatzee-add-robot]
    ["Remove a player (owner)" cardwords-yatzee-remove]
    ["End the game (owner)" cardwords-yatzee-end]
    ["Show expected values" cardwords-yatzee-toggle-hints
     :style toggle :selected cardwords-yatzee-hints]
    ["Copy the invite link" cardwords-yatzee-copy-invite
     :active (not (member (cardwords-yatzee--get :invite) '(nil "")))]
    ["Leave" cardwords-yatzee-leave]
    "---"
    ["Help" describe-mode]))

(define-derived-mode cardwords-yatzee-mode special-mode "Yatzee"
  "Yatzee: fill your sheet's fifteen categories with three throws a round.
SPC or t throws the dice not held; 1 to 5 hold or release a die (or click
it); RET transfers to the suggested category, c to the one you choose (or
click a category, or type its name as on the sheet); u undoes the
transfer and r resets the dice, as the original allows right after a
transfer.  q leaves (asking first while the game goes on, as killing the
buffer does); after the game's end the other keys say so, and that q is
the one left.  g draws the game again.  A game on a local server that
Emacs left by quitting or crashing is offered to resume by the next
\\[cardwords-yatzee].  h shows or hides the hints: the optimal robot's
best hold and expected final score, and an Expected column with the
expected final score of a transfer to each open category of your sheet.
While a place is free, the buffer's top gives the game's link to invite
someone (players join at any time), and
\\[cardwords-yatzee-copy-invite] copies it.  The owner adds a robot with \\[cardwords-yatzee-add-robot],
removes a player with \\[cardwords-yatzee-remove] (the sheet is closed for good) and ends the
game for everyone with \\[cardwords-yatzee-end], each removal and the end asked first.
A player the owner removed watches the game going on with \\[cardwords-yatzee-watch-here].
When another tab or editor took your sheet, \\[cardwords-yatzee-play-here] plays it here again
\(the web page's Play here) and \\[cardwords-yatzee-watch-here] watches instead.

\\{cardwords-yatzee-mode-map}"
  (setq-local truncate-lines t)
  (add-hook 'window-size-change-functions #'cardwords-yatzee--resized nil t)
  (buffer-disable-undo)
  (add-hook 'kill-buffer-query-functions #'cardwords-yatzee--kill-buffer-query nil t)
  (add-hook 'kill-buffer-hook #'cardwords-yatzee--killed nil t))

(defun cardwords-yatzee--resized (_window)
  "Draw the game again: a window of its buffer changed its size.
The sheets' columns follow the window's width, which a redraw reads."
  (when cardwords-yatzee--view (cardwords-yatzee--draw)))

(defvar cardwords-yatzee--leaving nil
  "Non-nil while `cardwords-yatzee-leave' kills the buffer (it has asked).")

(defun cardwords-yatzee--kill-buffer-query ()
  "Ask before the buffer of a game going on is killed; nil to keep it.
Killing it leaves the game (your sheet is closed), so the question is
the one \\<cardwords-yatzee-mode-map>\\[cardwords-yatzee-leave] asks; none after the end."
  (cardwords-bridge-kill-buffer-query
   (and (not cardwords-yatzee--leaving) (cardwords-yatzee--in-progress-p))
   (cardwords-yatzee--leave-question)))

(defun cardwords-yatzee--leave-question ()
  "The question before a leave that ends the game for everyone, or nil.
The last human's leave ends it; the bridge words it as the web page does."
  (let ((q (cardwords-yatzee--get :leaveQuestion)))
    (and (stringp q) (not (string-empty-p q)) q)))

(defun cardwords-yatzee--killed ()
  "Leave the game of the buffer being killed."
  (cardwords-bridge-leave "yatzee/leave"))

(defun cardwords-yatzee--get (key)
  "KEY of the current view."
  (plist-get cardwords-yatzee--view key))

(defun cardwords-yatzee--elsewhere-p ()
  "Return non-nil while your sheet is played elsewhere.
Another tab or editor took it; the bridge keeps its key:
`cardwords-yatzee-play-here' takes it back."
  (eq (cardwords-yatzee--get :elsewhere) t))

(defun cardwords-yatzee--removed-p ()
  "Return non-nil once the owner removed you from the game (the room let you go)."
  (eq (cardwords-yatzee--get :removed) t))

(defun cardwords-yatzee--removed-watchable-p ()
  "Return non-nil once the owner removed you from a game still going on.
The bridge then watches it: `cardwords-yatzee-watch-here'."
  (and (cardwords-yatzee--removed-p) (eq (cardwords-yatzee--get :watchable) t)))

(defun cardwords-yatzee-play-here ()
  "Play your sheet here again after another tab or editor took it.
The sheet's key takes it back, as the web page's Play here: the other
one loses it."
  (interactive)
  (if (cardwords-yatzee--elsewhere-p)
      (cardwords-yatzee--call "yatzee/play-here")
    (message "Your sheet is not played elsewhere: nothing to take back")
    (ding t)))

(defun cardwords-yatzee-watch-here ()
  "Watch the game whose sheet another tab or editor took (it stays yours).
\\[cardwords-yatzee] offers to resume it later.  After the owner removed you,
watch the game as it goes on (the web page's Watch the game)."
  (interactive)
  (if (or (cardwords-yatzee--elsewhere-p) (cardwords-yatzee--removed-watchable-p))
      (cardwords-yatzee--call "yatzee/watch-here")
    (message "Your sheet is not played elsewhere: nothing to watch instead")
    (ding t)))

(defun cardwords-yatzee--watching-p ()
  "Return non-nil when you watch the game (no sheet of yours)."
  (equal (plist-get (cardwords-yatzee--get :welcome) :role) "watcher"))

(defconst cardwords-yatzee--screen-lines 21
  "Lines of the buffer that an 80x24 terminal shows.
Those under the menu bar and above the mode line and the echo area: the
layout's budget when no window shows the buffer.")

(defconst cardwords-yatzee--label-width 12
  "Columns of the sheet's category names (the longest, \"Three alike\", and a space).")

(defvar cardwords-yatzee--echoed nil
  "The message last put in the echo area because the buffer had no line for it.
A redraw (another player's throw) does not say it again.")

(defun cardwords-yatzee--draw ()
  "Redraw the Yatzee buffer from the last view."
  (let ((buffer (get-buffer cardwords-yatzee--buffer-name)))
    (when (buffer-live-p buffer)
      (with-current-buffer buffer
        (let* ((inhibit-read-only t)
               ;; each window keeps its place (the invite link, the others' dice scrolled to)
               (places (cardwords-bridge-places))
               (me (cardwords-yatzee--get :me))
               ;; your column first, as the web panel has it: with ten players the columns
               ;; run past the window's edge, and yours must not be the one cut off
               (sheets (let* ((all (cardwords-yatzee--get :sheets))
                              (own (cl-find me all :key (lambda (s) (plist-get s :name)) :test #'equal)))
                         (if own (cons own (remq own all)) all)))
               (mine (cardwords-yatzee--get :mine))
               (options (plist-get mine :options))
               (suggestion (plist-get mine :suggestion))
               (hint (and (cardwords-yatzee--get :hints) (plist-get mine :hint)))
               (expected (plist-get hint :categories))
               (my-sheet (cl-find me sheets :key (lambda (s) (plist-get s :name)) :test #'equal))
               (window (get-buffer-window buffer 'visible))
               ;; each sheet's column as wide as the window allows, 5 to 12 (the widest
               ;; entry, an option's "(50)", and a space; the Bonus row's "105+50" is
               ;; written "155" when it does not fit): ten sheets fit in 80 columns, with
               ;; the hints' column too (12 each ran past the edge from the fifth)
               (column (max 5 (min 12 (/ (- (if window (window-body-width window) 80)
                                            1 cardwords-yatzee--label-width
                                            (if (cl-some #'identity expected) 10 0))
                                         (max 1 (length sheets))))))
               (cell (lambda (text) (format (format "%%%ds" column) text)))
               (label (lambda (text) (format (format "%%-%ds" cardwords-yatzee--label-width) text)))
               (rows (cardwords-yatzee--get :rows)))
          (erase-buffer)
          ;; What the player acts on comes first, the sheets under it, and above them, as the
          ;; web page has its status line and invite link above the dice, the game's line
          ;; (its id and state), the invite link while a place is free and the others' dice,
          ;; sharing lines where they fit: at 80x24 (21 lines under a menu bar) they were all
          ;; under the sheet, out of sight with nothing saying so.  They yield to your dice,
          ;; the hints, the message and the sheet down to its last category (the Total row
          ;; may go under the window: the mode line has the totals); what does not fit at the
          ;; top follows the sheet.
          (let* ((width (1- (if window (window-body-width window) 80)))
                 (height (if window (window-body-height window) cardwords-yatzee--screen-lines))
                 ;; after the end nothing is thrown: no dice line (it read "throw 0 of 3: [ ] …")
                 (dice-line (and my-sheet (not (cardwords-yatzee--get :ended))))
                 (before (+ (if dice-line 1 0) (if (cardwords-yatzee--watching-p) 1 0)
                            (if (cardwords-yatzee--elsewhere-p) 1 0)))
                 ;; the sheet: its heading, the categories, the sum and the bonus, the total
                 (sheet-rows (+ (length (cardwords-yatzee--get :categories))
                                (if (> (length (cardwords-yatzee--get :categories)) 5) 4 2)))
                 (top-texts (cardwords-yatzee--top-texts me sheets))
                 (top-lines (cardwords-bridge-wrap top-texts width))
                 (invite (cardwords-yatzee--get :invite))
                 ;; removed by the owner while the game goes on: the removal's line, at the
                 ;; top, names the key that watches it, as the web page offers Watch the game
                 (said (let ((said (cardwords-yatzee--message)))
                         (if (not (cardwords-yatzee--removed-watchable-p)) said
                           (concat (and (not (equal said "")) (concat said " "))
                                   (substitute-command-keys
                                    "\\<cardwords-yatzee-mode-map>\\[cardwords-yatzee-watch-here] watches the game.")))))
                 (err (plist-get mine :hintError))
                 ;; the hint line and the message, broken at the window's width (a line is cut
                 ;; at its edge: the best hold was lost at 80 columns)
                 (hint-lines (and my-sheet (cardwords-yatzee--get :hints)
                                  (cond ((and err (not (equal err "")))
                                         (cardwords-yatzee--lines (list (format "Hints are not available: %s" err))
                                                                  width 'font-lock-warning-face))
                                        (hint (cardwords-yatzee--lines (cardwords-yatzee--hint-parts hint)
                                                                       width 'cardwords-yatzee-hint)))))
                 (said-lines (and (not (equal said ""))
                                  (cardwords-yatzee--lines (list said) width 'font-lock-warning-face)))
                 (room (- height before sheet-rows))
                 ;; the lines above the dice: where the hints and the message leave room, with
                 ;; the sheet down to its last category (the Total row may go under the window:
                 ;; the mode line has the totals).  The game's line alone, after the end, had
                 ;; the Total row kept before it: with the two lines of the last person's end
                 ;; it went under the sheet
                 (top-room (lambda (middle)
                             (- height before (length middle) (1- sheet-rows))))
                 (fit (lambda (lines) (cardwords-bridge-fit lines room (1+ width))))
                 ;; the message goes to the echo area, once, when the window cannot show it
                 ;; with the whole sheet and the hints (80x24 with a best hold of two lines:
                 ;; it had shared the hold's line and lost its end at the edge), or with the
                 ;; invite link (at 80x24 a transfer's line sent the link under the sheet)
                 (echo (and said-lines
                            (or (and hint-lines
                                     (> (+ (length hint-lines) (length said-lines)) (max 1 room)))
                                (and (not (member invite '(nil "")))
                                     (> (length top-lines)
                                        (funcall top-room (funcall fit (append hint-lines said-lines))))
                                     (<= (length top-lines) (funcall top-room (funcall fit hint-lines)))))))
                 (middle nil) (top 0))
            (if (not echo)
                ;; the message echoed is no longer the view's (the connection back): it goes
                ;; from the echo area too ("The server is stopping…" stayed till the next key)
                (progn (when (and cardwords-yatzee--echoed (not (equal said cardwords-yatzee--echoed))
                                  (equal (current-message) cardwords-yatzee--echoed))
                         (message nil))
                       (setq cardwords-yatzee--echoed nil))
              (setq said-lines nil)
              (unless (or (equal said cardwords-yatzee--echoed) (active-minibuffer-window))
                (setq cardwords-yatzee--echoed said)
                (message "%s" said)))
            ;; joined only while the line fits: a hint cut at the edge is lost, while the sheet's
            ;; Total under the window is in the mode line too (80x24 with a best hold of its own)
            (setq middle (funcall fit (append hint-lines said-lines))
                  top (max 0 (min (length top-lines) (funcall top-room middle))))
            ;; the invite's sentence is never at the top without its link (with the hints on at
            ;; 80x24 it ended the top line, the link under the Total row): where the link has no
            ;; line there, both follow the sheet, and the game's line and the others' dice share
            ;; the lines at the top without them
            (let ((link-line (and (not (member invite '(nil "")))
                                  (cl-position-if (lambda (line) (string-match-p (regexp-quote invite) line))
                                                  top-lines))))
              (when (and link-line (< 0 top (1+ link-line)))
                (let ((others (cl-remove-if (lambda (text) (member text (cardwords-yatzee--invite-texts)))
                                            top-texts)))
                  (setq top-lines (cardwords-bridge-wrap others width)
                        top (min top (length top-lines))
                        top-lines (append top-lines
                                          (cardwords-bridge-wrap (cardwords-yatzee--invite-texts) width))))))
            ;; a watcher is told so first, as the web page's note where the dice are
            (when (cardwords-yatzee--watching-p)
              (insert "You are watching.\n"))
            (dolist (line (cl-subseq top-lines 0 top))
              (insert line "\n"))
            (when dice-line
              (insert (format "Your dice (throw %d of 3): " (plist-get my-sheet :throwsMade)))
              (let ((held (plist-get my-sheet :held)) (k 0)
                    ;; before the round's first throw the dice show no faces: five [1] read as
                    ;; a throw of five ones (a Yatzee) that cannot be transferred
                    (thrown (> (plist-get my-sheet :throwsMade) 0)))
                (dolist (d (plist-get my-sheet :dice))
                  (let ((start (point)))
                    (insert (propertize (if thrown (format "[%d]" d) "[ ]")
                                        'face (and (nth k held) 'cardwords-yatzee-held)))
                    (put-text-property start (point) 'cardwords-yatzee-die k)
                    (put-text-property start (point) 'mouse-face 'highlight)
                    (insert " "))
                  (cl-incf k)))
              (when suggestion
                (insert (format " Suggestion: %s" (cardwords-yatzee--label suggestion))))
              (insert "\n"))
            ;; the sheet played elsewhere: the web page's two offers, as keys
            (when (cardwords-yatzee--elsewhere-p)
              (insert (substitute-command-keys
                       "\\<cardwords-yatzee-mode-map>\\[cardwords-yatzee-play-here] plays your sheet here again, \
\\[cardwords-yatzee-watch-here] watches the game.\n")))
            (dolist (line middle)
              (insert line "\n"))
            (cardwords-yatzee--insert-sheet sheets me suggestion options expected column cell label rows)
            ;; what did not fit above the sheet
            (when (nthcdr top top-lines)
              (insert "\n")
              (dolist (line (nthcdr top top-lines))
                (insert line "\n"))))
          ;; the connection first, then your total, then the leader's: what does not fit whole
          ;; goes (at 80 columns, disconnected, the leader's; the sheet's Total row has it)
          (cardwords-bridge-mode-line
           window
           (cons (cond ((or (cardwords-yatzee--get :connected) (cardwords-yatzee--get :ended)) "")
                       ;; the sheet moved to another tab or editor, not the connection lost
                       ((cardwords-yatzee--elsewhere-p) " Sheet played elsewhere")
                       ;; the owner removed you: no connection lost, nothing comes back
                       ((cardwords-yatzee--removed-p) " Removed")
                       (t " Disconnected"))
                 (cardwords-yatzee--standing me sheets)))
          (force-mode-line-update)
          (cardwords-bridge-restore-places places)
          ;; where a question open meanwhile puts them back
          (cardwords-bridge-drawn))))))

(defun cardwords-yatzee--top-texts (me sheets)
  "The texts above your dice, for ME among SHEETS.
The game's line (its id and state, bold), then while a place is free
the web page's invite sentence and the game's join page (the link
whole, in the `link' face), then each other player's dice while the
game goes on."
  (append
   ;; removed by the owner: over for you (it read "playing", the others' dice frozen)
   (list (propertize (format "Yatzee  game %s  %s"
                             (plist-get (cardwords-yatzee--get :welcome) :gameId)
                             (if (cardwords-yatzee--removed-p) "removed by the owner"
                               (cardwords-yatzee--get :status)))
                     'face 'bold))
   (cardwords-yatzee--invite-texts)
   ;; the others' dice while the game goes on (after its end: nothing is thrown any more);
   ;; a full sheet throws no more either: it said "not thrown yet", as if a round waited
   (cl-loop for s in sheets
            unless (or (equal (plist-get s :name) me) (cardwords-yatzee--get :ended)
                       ;; let go, the room sends no more throws: they would stand still
                       (and (cardwords-yatzee--get :closed) (not (cardwords-yatzee--elsewhere-p))))
            collect (cond ((and (plist-get s :scores) (not (memq nil (plist-get s :scores))))
                           (format "%s: done, the sheet is full" (plist-get s :name)))
                          ((> (plist-get s :throwsMade) 0)
                           (format "%s: %s  throw %d" (plist-get s :name)
                                   (mapconcat #'number-to-string (plist-get s :dice) " ")
                                   (plist-get s :throwsMade)))
                          (t (format "%s: not thrown yet" (plist-get s :name)))))))

(defun cardwords-yatzee--invite-texts ()
  "The web page's invite sentence and the game's join page (in the `link' face).
Nil when no place is free."
  (let ((invite (cardwords-yatzee--get :invite)))
    (unless (member invite '(nil ""))
      (list (cardwords-yatzee--get :inviteText) (propertize invite 'face 'link)))))

(defun cardwords-yatzee--insert-sheet (sheets me suggestion options expected column cell label rows)
  "Insert the sheets' table: SHEETS, ME's column marked, as the web panel's.
SUGGESTION is the suggested category, OPTIONS what each of your open
categories would score, EXPECTED the hints' expected final scores;
COLUMN is each sheet's width, CELL and LABEL format a cell and a
category's name, ROWS names the sum, bonus and total rows."
  (let ((i 0))
    (insert (funcall label ""))
    (dolist (s sheets)
      (let ((name (plist-get s :name)))
        (insert (propertize (funcall cell (cardwords-yatzee--short-name
                                           name (1- column)
                                           (mapcar (lambda (x) (plist-get x :name)) sheets)))
                            'face (and (equal name me) 'cardwords-yatzee-me)))))
    (when (cl-some #'identity expected)
      (insert (propertize (format "%10s" "Expected") 'face 'cardwords-yatzee-hint)))
    (insert "\n")
    (dolist (category (cardwords-yatzee--get :categories))
      (let ((start (point))
            (id (plist-get category :id)))
        (insert (propertize (funcall label (plist-get category :label))
                            'face (and (equal id suggestion) 'cardwords-yatzee-suggested)))
        (dolist (s sheets)
          (let ((v (nth i (plist-get s :scores)))
                (option (and (equal (plist-get s :name) me) (nth i options))))
            (insert (cond (v (funcall cell (number-to-string v)))
                          (option (propertize (funcall cell (format "(%d)" option))
                                              'face 'cardwords-yatzee-option))
                          (t (funcall cell "-"))))))
        ;; your sheet's open categories only: nil for the filled ones
        (when (nth i expected)
          (insert (propertize (format "%10.1f" (nth i expected))
                              'face 'cardwords-yatzee-hint)))
        (put-text-property start (point) 'cardwords-yatzee-category id)
        (insert "\n")
        ;; the upper section's sum and its bonus, as the web panel's rows (Emacs had one
        ;; "Bonus line", and no sum)
        (when (= i 5)
          (insert (funcall label (plist-get rows :upper)))
          (dolist (s sheets) (insert (funcall cell (number-to-string (plist-get s :upper)))))
          (insert "\n")
          (insert (funcall label (plist-get rows :bonus)))
          (dolist (s sheets)
            (let ((bonus (plist-get s :bonus)))
              (insert (funcall cell (if (< (length bonus) column)
                                        bonus
                                      (or (plist-get s :bonusShort) bonus))))))
          (insert "\n"))
        (cl-incf i)))
    (insert (funcall label (plist-get rows :total)))
    (dolist (s sheets) (insert (funcall cell (number-to-string (plist-get s :total)))))
    (insert "\n")))

(defun cardwords-yatzee--standing (me sheets)
  "The mode line's scores: ME's total and the best of the other SHEETS.
A list, (\" You:12\" \"  Ann:30\") (the leader among the others), (\" You:12\")
alone, or the leader's alone, (\" Ann:30\"), for a watcher or once
your sheet is gone (two spaces after \"(Yatzee\" read as a gap)."
  (let* ((mine (cl-find me sheets :key (lambda (s) (plist-get s :name)) :test #'equal))
         (others (remq mine sheets))
         (leader (car (sort (copy-sequence others)
                            (lambda (a b) (> (plist-get a :total) (plist-get b :total)))))))
    (append (and mine (list (format " You:%d" (plist-get mine :total))))
            (and leader (list (format "%s%s:%d" (if mine "  " " ")
                                      (plist-get leader :name) (plist-get leader :total)))))))

(defun cardwords-yatzee--short-name (name width names)
  "NAME in at most WIDTH columns, cut with `…' when longer.
When another of NAMES cuts to the same text (Robot1 and Robot2 both \"Robo…\"),
NAME keeps its last character after the `…' (\"Rob…1\") to be told apart."
  (let ((cut (lambda (n) (if (> (length n) width) (concat (substring n 0 (1- width)) "…") n))))
    (cond ((<= (length name) width) name)
          ((cl-some (lambda (other) (and (not (equal other name))
                                         (equal (funcall cut other) (funcall cut name))))
                    names)
           (concat (substring name 0 (- width 2)) "…" (substring name -1)))
          (t (funcall cut name)))))

(defun cardwords-yatzee--label (id)
  "The label of the category ID on the sheet (\"Two pairs\" for twoPairs)."
  (or (plist-get (cl-find id (cardwords-yatzee--get :categories)
                          :key (lambda (c) (plist-get c :id)) :test #'equal)
                 :label)
      id))

(defun cardwords-yatzee--category (name)
  "The id of the category NAME: its label on the sheet, or its id.
Case does not matter; nil when no category has that name."
  (plist-get (cl-find-if (lambda (c)
                           (cl-some (lambda (key)
                                      (eq t (compare-strings name nil nil (plist-get c key) nil nil t)))
                                    '(:label :id)))
                         (cardwords-yatzee--get :categories))
             :id))

(defun cardwords-yatzee--hold-text (keep)
  "The dice of the best hold KEEP: their faces and the dice they are.
\"the 4 (die 3)\", \"the 4 4 (dice 2 3)\": the keys 1-5 name the dice by
place, so a face alone (\"4\") read as a die to hold; faces alone from a
server that gives no places, \"none\" for no die."
  (let ((faces (mapconcat #'number-to-string (plist-get keep :dice) " "))
        (at (plist-get keep :positions)))
    (cond ((null (plist-get keep :dice)) "none")
          ((null at) faces)
          (t (format "the %s (%s %s)" faces (if (cdr at) "dice" "die")
                     (mapconcat (lambda (i) (number-to-string (1+ i))) at " "))))))

(defun cardwords-yatzee--hint-parts (hint)
  "The parts of the hint line of HINT, as the web panel words them.
The expected final score, then the best hold (or transfer now) when
there is one: two spaces apart on a line that fits them, else a line each."
  (let ((keep (plist-get hint :keep)))
    (cons (if (plist-get hint :now)
              (format "Expected final score: %.1f (%.1f before this round)"
                      (plist-get hint :now) (plist-get hint :expectedFinal))
            (format "Expected final score: %.1f" (plist-get hint :expectedFinal)))
          (cond ((null keep) nil)
                ((plist-get keep :transferNow) (list "Best: transfer now"))
                (t (list (format "Best hold: %s" (cardwords-yatzee--hold-text keep))))))))

(defun cardwords-yatzee--lines (texts width face)
  "TEXTS in lines of at most WIDTH columns, in FACE.
Each text is broken at its spaces when wider (`cardwords-bridge-break', as
Cardwords breaks its lines); texts that fit on a line together share it,
two spaces apart."
  (mapcar (lambda (line) (propertize line 'face face))
          (cardwords-bridge-wrap (cardwords-bridge-break texts width) width)))

(defun cardwords-yatzee--take (view)
  "Draw VIEW unless a newer one was drawn."
  (when (> (or (plist-get view :seq) 0) (or (cardwords-yatzee--get :seq) 0))
    (setq cardwords-yatzee--view view)
    (cardwords-yatzee--draw)))

(defun cardwords-yatzee--notification (method params)
  "Handle the bridge notification METHOD with PARAMS."
  (when (equal method "yatzee/view") (cardwords-yatzee--take params)))

(defvar cardwords-yatzee--said nil
  "What Emacs says of the last key in the message line: (TEXT . MESSAGE).
TEXT replaces the view's message while that is still MESSAGE, the one
the bridge's answer to the key had: a key the bridge does not word (a
robot added, the dice reset) said nothing, or left a refusal of an
earlier key in sight.  Once the bridge says something else (the room's
refusal), that is shown; the next key forgets TEXT.")

(defun cardwords-yatzee--message ()
  "The message line: the view's message, or what Emacs said of the last key."
  (let ((message (or (cardwords-yatzee--get :message) "")))
    (if (and cardwords-yatzee--said (equal message (cdr cardwords-yatzee--said)))
        (car cardwords-yatzee--said)
      (setq cardwords-yatzee--said nil)
      message)))

(defun cardwords-yatzee--call (method &optional params said)
  "Ask the bridge METHOD with PARAMS and draw the answer.
SAID, when given, is what the message line says once the bridge has
taken the request (see `cardwords-yatzee--said').  Return the bridge's
view, nil when it refused."
  (setq cardwords-yatzee--said nil)
  (condition-case err
      (let ((view (cardwords-bridge-request-sync method params)))
        (when view
          (when said (setq cardwords-yatzee--said (cons said (or (plist-get view :message) ""))))
          (cardwords-yatzee--take view)
          ;; drawn when a newer view came meanwhile too (the take drew nothing then)
          (when said (cardwords-yatzee--draw)))
        view)
    (user-error (message "%s" (error-message-string err)) (ding t) nil)))

(defun cardwords-yatzee--refuse-ended ()
  "After the game's end, say that nothing is left to play; nil before it.
The echo area names the key that is left (the bridge's refusal read
\"the game has ended\", and `c' asked for a category nothing could take)."
  (when (cardwords-yatzee--get :ended)
    (message "%s" (substitute-command-keys
                   "The game has ended: \\<cardwords-yatzee-mode-map>\\[cardwords-yatzee-leave] leaves"))
    (ding t)
    t))

(defun cardwords-yatzee--refuse-watching ()
  "When you watch the game, say that you have no sheet to play; nil otherwise.
In the words Cardwords has for a watcher's keys, with the key that stops
watching (the bridge's refusal read \"you are watching: you have no sheet
to play\", no capital, no full stop, no key)."
  (when (cardwords-yatzee--watching-p)
    (message "%s" (substitute-command-keys
                   "You are watching: you have no sheet to play. \\<cardwords-yatzee-mode-map>\\[cardwords-yatzee-leave] \
stops watching."))
    (ding t)
    t))

(defun cardwords-yatzee--act (method &optional params said)
  "Send METHOD with PARAMS, a move on your sheet, as `cardwords-yatzee--call'.
SAID as there.  After the end nothing is left to play, and a watcher has no
sheet: the echo area says so (`cardwords-yatzee--refuse-ended',
`cardwords-yatzee--refuse-watching')."
  (unless (or (cardwords-yatzee--refuse-ended) (cardwords-yatzee--refuse-watching))
    (cardwords-yatzee--call method params said)))

(defun cardwords-yatzee-throw ()
  "Throw the dice not held."
  (interactive)
  (cardwords-yatzee--act "yatzee/throw"))

(defun cardwords-yatzee-toggle (&optional die)
  "Hold or release DIE (0-4; by default the digit typed, 1-5)."
  (interactive)
  (cardwords-yatzee--act "yatzee/toggle"
                          (list :die (or die (- last-command-event ?1)))))

(defun cardwords-yatzee-transfer ()
  "Transfer the dice to the suggested category."
  (interactive)
  (cardwords-yatzee--act "yatzee/transfer"))

(defun cardwords-yatzee--open-categories ()
  "The categories (plists of :id and :label) still open on your sheet."
  (let* ((me (cardwords-yatzee--get :me))
         (sheet (seq-find (lambda (s) (equal (plist-get s :name) me)) (cardwords-yatzee--get :sheets)))
         (scores (plist-get sheet :scores))
         (k -1))
    (seq-filter (lambda (_) (null (nth (cl-incf k) scores))) (cardwords-yatzee--get :categories))))

(defun cardwords-yatzee-transfer-to (category)
  "Transfer the dice to CATEGORY: its label on the sheet, or its id.
Asked for, only the categories still open on your sheet are offered;
after the game's end nothing is asked (nothing can take a category)."
  (interactive
   (let ((categories (cardwords-yatzee--open-categories))
         (suggestion (plist-get (cardwords-yatzee--get :mine) :suggestion))
         (completion-ignore-case t))
     ;; the sheet's labels only (the ids are accepted from a program, not offered twice)
     (list (unless (or (cardwords-yatzee--get :ended) (cardwords-yatzee--watching-p))
             (completing-read "Category: "
                              (mapcar (lambda (c) (plist-get c :label)) categories)
                              nil t nil nil (and suggestion (cardwords-yatzee--label suggestion)))))))
  (unless (or (cardwords-yatzee--refuse-ended) (cardwords-yatzee--refuse-watching))
    (let ((id (cardwords-yatzee--category category)))
      (if id
          (cardwords-yatzee--act "yatzee/transfer" (list :category id))
        (message "No category %s" category)
        (ding t)))))

(defun cardwords-yatzee-undo ()
  "Undo the last transfer."
  (interactive)
  (cardwords-yatzee--act "yatzee/undo"))

(defun cardwords-yatzee--my-sheet ()
  "Your sheet in the view, or nil (a watcher has none)."
  (let ((me (cardwords-yatzee--get :me)))
    (and me (seq-find (lambda (s) (equal (plist-get s :name) me)) (cardwords-yatzee--get :sheets)))))

(defun cardwords-yatzee-reset ()
  "Reset the dice after a transfer.
The message line says so: the bridge words no reset (it said nothing).
Anywhere but right after a transfer the room refuses it, and says why."
  (interactive)
  (cardwords-yatzee--act "yatzee/reset" nil
                         (and (equal (plist-get (cardwords-yatzee--my-sheet) :phase) "transferred")
                              (substitute-command-keys
                               "Dice reset: the transfer stays, \\<cardwords-yatzee-mode-map>\\[cardwords-yatzee-undo] \
no longer takes it back."))))

(defun cardwords-yatzee-redraw ()
  "Draw the game again."
  (interactive)
  (cardwords-yatzee--draw))

(defun cardwords-yatzee-toggle-hints ()
  "Show or hide the optimal robot's expected values for your sheet."
  (interactive)
  (setq cardwords-yatzee-hints (not cardwords-yatzee-hints))
  (cardwords-yatzee--call "yatzee/hints" (list :on (if cardwords-yatzee-hints t :false)))
  (message "Hints %s" (if cardwords-yatzee-hints "on" "off")))

(defun cardwords-yatzee-copy-invite ()
  "Copy the link that invites someone to the game, while a place is free."
  (interactive)
  (cardwords-bridge-copy-invite (cardwords-yatzee--get :invite) "No place is free: nobody to invite"))

(defun cardwords-yatzee-add-robot ()
  "Seat one more robot: the owner's command.
The message line says so (a refusal of an earlier key stayed there);
when the room refuses it (ten players already), it says why instead."
  (interactive)
  (cond ((cardwords-yatzee--refuse-ended))
        ((not (cardwords-yatzee--owner-p)) (user-error "%s" "Only the owner adds robots."))
        (t (cardwords-yatzee--call "yatzee/robots" (list :add 1) "A robot joins the game."))))

(defun cardwords-yatzee--owner-p ()
  "Return non-nil when this buffer's game was entered with the owner token."
  (eq (plist-get (cardwords-yatzee--get :welcome) :owner) t))

(defun cardwords-yatzee-remove (name)
  "Remove the player NAME from the game: the owner's command.
The sheet is closed for good.  Asked with completion over the players
still present but yourself, robots too, then confirmed."
  (interactive
   ;; the bridge's view says whom: the players present but yourself, none once it ended
   (let ((names (cardwords-yatzee--get :removable)))
     (cond ((cardwords-yatzee--get :ended) (list nil))
           ((not (cardwords-yatzee--owner-p)) (user-error "%s" "Only the owner removes players."))
           ((null names) (user-error "%s" "No player to remove."))
           (t (list (completing-read "Remove the player: " names nil t))))))
  (when (and (not (cardwords-yatzee--refuse-ended))
             (cardwords-bridge-keeping-places #'yes-or-no-p (format "Remove %s (that sheet is closed for good)? " name)))
    (cardwords-yatzee--call "yatzee/remove" (list :name name))))

(defun cardwords-yatzee-end ()
  "End the game for everyone: the owner's command, asked first."
  (interactive)
  (unless (cardwords-yatzee--owner-p) (user-error "%s" "Only the owner ends the game."))
  (when (and (not (cardwords-yatzee--refuse-ended))
             (cardwords-bridge-keeping-places #'yes-or-no-p "End the game for everyone (it cannot be undone)? "))
    (cardwords-yatzee--call "yatzee/end")))

(defun cardwords-yatzee-click (event)
  "Hold or release the die clicked, or transfer to the category clicked (EVENT)."
  (interactive "e")
  (let* ((point (posn-point (event-start event)))
         (die (get-text-property point 'cardwords-yatzee-die))
         (category (get-text-property point 'cardwords-yatzee-category)))
    (cond (die (cardwords-yatzee-toggle die))
          (category (cardwords-yatzee-transfer-to category)))))

(defun cardwords-yatzee--in-progress-p ()
  "Return non-nil while you play the game (not before, not after its end).
A watcher has no sheet to lose: leaving asks nothing, nor after the room
let you go (the owner removed you, or the sheet was taken back from
another connection)."
  (and (equal (cardwords-yatzee--get :status) "playing")
       (not (cardwords-yatzee--get :ended))
       (not (cardwords-yatzee--watching-p))
       (not (cardwords-yatzee--get :closed))))

(defun cardwords-yatzee-leave (&optional no-ask)
  "Leave the game and close its buffer.
A game in progress is left only when you say so; NO-ASK leaves without asking.
Your sheet is closed for good and its place is free.  The last person's
leave ends the game: the buffer then stays, saying so, with the sheets."
  (interactive)
  (let ((going (cardwords-yatzee--in-progress-p)))
    (when (or no-ask (not going)
              (cardwords-bridge-keeping-places #'cardwords-bridge-confirm-leave (cardwords-yatzee--leave-question)))
      ;; the answer says what the web page says then, said once the buffer has gone (it went
      ;; with nothing said)
      (let ((said (plist-get (ignore-errors (cardwords-bridge-request-sync "yatzee/leave" nil)) :said)))
        (if (and going (cardwords-yatzee--get :ended))
            ;; the last person's leave ended the game: the end and its winners came before the
            ;; close, and stay in sight (the buffer vanished with nothing said); q again closes it
            (let ((end (or (cardwords-yatzee--get :message) ""))
                  (keys (substitute-command-keys
                         "\\<cardwords-yatzee-mode-map>\\[cardwords-yatzee-leave] closes the buffer.")))
              (cardwords-yatzee--draw)
              ;; broken at its spaces to the echo area's width: Emacs broke the line inside a
              ;; word ("…Winner: Rob" / "ot1.")
              (cardwords-bridge-echo (concat end " " keys)))
          ;; asked above: killing the buffer asks nothing more
          (let ((cardwords-yatzee--leaving t))
            (kill-buffer cardwords-yatzee--buffer-name))
          (when (and (stringp said) (not (string-empty-p said)))
            (cardwords-bridge-say-left said)))))))

(defun cardwords-yatzee--pick (url &optional linked)
  "Pick a Yatzee game listed on the server at URL.
Return (new . OWNER) for a new game with the OWNER token asked,
\=(join ID . NAME) to play the listed game ID as NAME (asked, as
`cardwords-play' asks it: empty watches), (watch . ID) to watch it, or
\=(owner-watch ID . OWNER) to watch it as its owner.  The list offers what
the room takes, by the web lobby's rule: each game with its sheets held
\(robots' too) and why it takes no new player or no watcher.  A game whose
sheets are all held is watched while a watcher place is free; when none
is, its owner still watches (the room lets the owner token in beyond the
places), so the token is asked; a game that takes neither is refused with
why.  A game where you hold a sheet (remembered with its key) is offered
to resume: (resume . ID).  LINKED, an owner link's token, is the owner
token wherever one is asked."
  (let ((game (cardwords-bridge-read-listed "yatzee/games" url)))
    (if (null game)
        (cons 'new (or linked (read-string "Owner token: ")))
      (let ((id (plist-get game :id))
            (seat-why (plist-get game :joinRefusal))
            (watch-why (plist-get game :watchRefusal)))
        (cond ((plist-get game :seat) (cons 'resume id))
              ((and seat-why watch-why)
               (let ((owner (and (member (plist-get game :state) '("waiting" "playing"))
                                 (or linked
                                     (read-string (format "Game %s: %s %s Owner token (empty: none): "
                                                          id seat-why watch-why))))))
                 (if (or (null owner) (string-empty-p owner))
                     (user-error "Game %s: %s %s" id seat-why watch-why)
                   (cons 'owner-watch (cons id owner)))))
              (seat-why (message "%s Watching game %s" seat-why id) (cons 'watch id))
              (t (let ((name (read-string "Your name (empty: watch): "
                                          (cardwords-bridge-player-name cardwords-yatzee-name))))
                   (if (string-empty-p name) (cons 'watch id) (cons 'join (cons id name))))))))))

;;;###autoload
(defun cardwords-yatzee (url)
  "Play Yatzee on the server at URL, or on a local server when URL is empty.
On a local server a game with `cardwords-yatzee-robots' robots starts at
once; but when the game you sat in there last is still unfinished (Emacs
quit or crashed during it), you are asked first whether to resume it: yes
takes your sheet back.  On a server at URL you pick one of its games from
its list, or new to create one with the owner token."
  (interactive (list (read-string "Server URL (empty: a local server): ")))
  (add-hook 'cardwords-bridge-notification-functions #'cardwords-yatzee--notification)
  (setq cardwords-yatzee--view nil cardwords-yatzee--said nil)
  (let* ((moved nil)
         (name (cardwords-bridge-player-name cardwords-yatzee-name))
         (options (append (list :hints (if cardwords-yatzee-hints t :false))
                          (and cardwords-yatzee-seed (list :seed cardwords-yatzee-seed))))
         (view
          (if (string-empty-p url)
              (let ((server (cardwords-bridge-request-sync "serve" (list :game "yatzee") 60)))
                ;; its port taken since it last ran: said once the game is drawn
                (setq moved (plist-get server :moved))
                (or (cardwords-bridge-resume server "Yatzee" "yatzee/resume"
                                             (list :hints (if cardwords-yatzee-hints t :false)))
                    (cardwords-bridge-request-sync
                     "yatzee/create" (append (list :url (plist-get server :url) :owner (plist-get server :owner)
                                                   :name name :robots cardwords-yatzee-robots)
                                             options)
                     60)))
            (let* ((linked (cardwords-bridge-link-owner url))
                   (url (cardwords-bridge-link-base url))
                   (pick (cardwords-yatzee--pick url linked)))
              (pcase (car pick)
                ('new (cardwords-bridge-request-sync
                       "yatzee/create" (append (list :url url :owner (cdr pick)
                                                     :name name :robots cardwords-yatzee-robots)
                                               options)
                       60))
                ('resume (cardwords-bridge-request-sync
                          "yatzee/resume" (list :url url :id (cdr pick)
                                                :hints (if cardwords-yatzee-hints t :false))
                          60))
                ('watch (cardwords-bridge-request-sync
                         "yatzee/join" (list :url url :id (cdr pick) :watch t) 60))
                ('owner-watch (cardwords-bridge-request-sync
                               "yatzee/join" (list :url url :id (cadr pick) :watch t :owner (cddr pick)) 60))
                ;; the name asked; a name taken there is asked again (it ended the command)
                (_ (cardwords-bridge-join
                    "yatzee/join" (list :url url :id (cadr pick) :name (cddr pick)
                                        :hints (if cardwords-yatzee-hints t :false)))))))))
    (switch-to-buffer (get-buffer-create cardwords-yatzee--buffer-name))
    (cardwords-yatzee-mode)
    ;; A newer view may have come as a notification while the buffer did not exist yet (the
    ;; join's state): it was kept but not drawn, and the answer above is older.  Draw the newest.
    (cardwords-yatzee--take view)
    (cardwords-yatzee--draw)
    (unless (member moved '(nil ""))
      (message "%s" moved))))

(provide 'cardwords-yatzee)
;;; cardwords-yatzee.el ends here
