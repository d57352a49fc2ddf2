;;; cardwords-lines.el --- Play Lines (clines) in an Emacs buffer  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The Cardwords authors
;; SPDX-License-Identifier: GPL-3.0-or-later

;; This file is not part of GNU Emacs.

;;; Commentary:

;; M-x cardwords-lines: move chips of one colour into straight lines to remove them.  The
;; rules run in the game bridge (cardwords-bridge.el, the core engine of the terminal
;; client); this buffer draws the board with faces and reads the keys and clicks.  High
;; scores are the terminal client's (`cardwords lines -l' lists them): the same file,
;; under the same rules (default options, no fixed seed, no undo, no hint), under
;; `cardwords-play-name' when it is set (else the login name, as the terminal's).
;;
;; With a prefix argument the command asks for every game option of the original (-w -t
;; -c -i -n -N and the preview); the customisations give the defaults.

;;; Code:

(require 'cl-lib)
(require 'easymenu)
(require 'cardwords-bridge)

(defgroup cardwords-lines nil
  "Lines, the chip game, in an Emacs buffer."
  :group 'cardwords
  :prefix "cardwords-lines-")

(defcustom cardwords-lines-width 9 "Board width in cells (-w)." :type 'integer)
(defcustom cardwords-lines-height 9 "Board height in cells (-t)." :type 'integer)
(defcustom cardwords-lines-colors 5 "Number of chip colours (-c)." :type 'integer)
(defcustom cardwords-lines-min-line 5
  "Minimum number of chips in a straight line to remove them (-i)." :type 'integer)
(defcustom cardwords-lines-throw 3
  "Chips thrown after each move that removes nothing (-n)." :type 'integer)
(defcustom cardwords-lines-first-throw 3
  "Chips thrown before the first move (-N)." :type 'integer)
(defcustom cardwords-lines-preview nil
  "Non-nil shows the colours of the next throw (-p)." :type 'boolean)
(defcustom cardwords-lines-seed nil
  "A fixed seed for the deals (--seed), or nil for a new one each game.
A game with a fixed seed does not count for the high scores."
  :type '(choice (const :tag "Random" nil) string))
(defcustom cardwords-lines-keys "hjkl "
  "Keys for LEFT, DOWN, UP, RIGHT and ACTION (-C), beside the arrows and RET."
  :type 'string)
(defcustom cardwords-lines-chips "O@#%"
  "Characters of the chips: colours 1-8 use the first, 9-16 the second, and so on."
  :type 'string)

(defface cardwords-lines-empty '((t :inherit shadow))
  "Face of an empty cell." :group 'cardwords-lines)
(defface cardwords-lines-cursor '((t :inverse-video t))
  "Face added to the cell under the cursor." :group 'cardwords-lines)
(defface cardwords-lines-selected '((t :weight bold :underline t :box t))
  "Face added to the selected chip." :group 'cardwords-lines)
(defface cardwords-lines-removed '((t :inherit highlight))
  "Face of cells whose chips the last move removed." :group 'cardwords-lines)

;; The chip colours, each for a light and a dark background (the web page's chip colours,
;; media/style.css): fixed foregrounds left a yellow chip hard to read and a white one
;; invisible on a light theme.  A terminal with fewer colours takes the nearest it has.
(dolist (chip '((1 "red" "#d7263d" "#ff5a67") (2 "green" "#2a8a36" "#5fd06d")
                (3 "yellow" "#a38300" "#ffd43b") (4 "blue" "#2463d6" "#5b9bff")
                (5 "magenta" "#b43dc4" "#e07cf0") (6 "cyan" "#0f8593" "#4fd6e4")
                ;; white: near-black on a light background, as the web page's 12th colour
                (7 "white, black on a light background" "#1f1f1f" "#f4f4f4")
                (8 "orange" "#d05a00" "#ff9f43")))
  (cl-destructuring-bind (n name light dark) chip
    (custom-declare-face
     (intern (format "cardwords-lines-chip-%d" n))
     `((((class color) (background light)) :foreground ,light :weight bold)
       (((class color)) :foreground ,dark :weight bold)
       (t :weight bold))
     (format "Face of a chip of colour %d (%s; %d, %d, %d too)." n name (+ n 8) (+ n 16) (+ n 24))
     :group 'cardwords-lines)))

(defvar-local cardwords-lines--view nil "The game as the bridge last described it.")
(defvar-local cardwords-lines--cursor 0 "The cell under the cursor.")
(defvar-local cardwords-lines--selected nil "The selected chip's cell, or nil.")
(defvar-local cardwords-lines--message "" "The last message shown under the board.")
(defvar-local cardwords-lines--options nil "The game options of this buffer (a plist).")

(defvar cardwords-lines-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map [left] #'cardwords-lines-left)
    (define-key map [right] #'cardwords-lines-right)
    (define-key map [up] #'cardwords-lines-up)
    (define-key map [down] #'cardwords-lines-down)
    (define-key map (kbd "RET") #'cardwords-lines-act)
    (define-key map [mouse-1] #'cardwords-lines-click)
    (define-key map "u" #'cardwords-lines-undo)
    (define-key map "H" #'cardwords-lines-hint)
    (define-key map "n" #'cardwords-lines-new-game)
    (define-key map "q" #'cardwords-lines-quit)
    (define-key map "g" #'cardwords-lines-redraw)
    (define-key map "s" #'cardwords-lines-scores)
    (define-key map "?" #'describe-mode)
    map)
  "Keymap of the Lines buffer (the `cardwords-lines-keys' are added per buffer).")

(easy-menu-define cardwords-lines-menu cardwords-lines-mode-map
  "Menu of the Lines buffer."
  '("Lines"
    ["Select or move" cardwords-lines-act :active (not (cardwords-lines--over))]
    ["Take back a move" cardwords-lines-undo]
    ["Hint" cardwords-lines-hint :active (not (cardwords-lines--over))]
    ["New game" cardwords-lines-new-game]
    ["High scores" cardwords-lines-scores]
    ["Quit" cardwords-lines-quit]
    "---"
    ["Help" describe-mode]
    ["Customize" (customize-group 'cardwords-lines)]))

(define-derived-mode cardwords-lines-mode special-mode "Lines"
  "Lines: move chips of one colour into straight lines to remove them.
Lines of five or more (`cardwords-lines-min-line') go.  Every move that
removes nothing lets the computer throw more chips; the game ends when they
no longer fit.  Arrows or the `cardwords-lines-keys' (h j k l
by default) move the cursor; SPC or RET selects a chip, changes or clears the
selection, or moves the selected chip to the empty cell under the cursor; a
click does the same on the cell clicked.  u takes the last move back and H
proposes a move (a hint): either keeps the game out of the high scores.
s lists the high scores, g draws the board again.
n starts a new game and q leaves (or kill the buffer):
while a game goes on each asks first, saying that it ends and with what
score (it counts, as at game over); leaving says the final score.

\\{cardwords-lines-mode-map}"
  (setq-local truncate-lines t)
  (setq-local cursor-type nil)
  ;; a board taller than the window (30x22 in the 21 lines of an 80x24 terminal): the
  ;; window scrolls only as far as the cursor needs, not half a window at a time
  (setq-local scroll-conservatively 101)
  (setq-local scroll-margin 0)
  (add-hook 'window-size-change-functions #'cardwords-lines--resized nil t)
  (buffer-disable-undo)
  (add-hook 'kill-buffer-query-functions #'cardwords-lines--kill-buffer-query nil t)
  (add-hook 'kill-buffer-hook #'cardwords-lines--killed nil t))

(defun cardwords-lines--resized (_window)
  "Draw the board again: a window of its buffer changed its size.
The cells' width follows the window's, which a redraw reads."
  (when cardwords-lines--view (cardwords-lines-draw)))

(defvar cardwords-lines--leaving nil
  "Non-nil while `cardwords-lines-quit' kills the buffer (it has asked, and left).")

(defun cardwords-lines--points (n)
  "N points in words: \"1 point\", \"143 points\"."
  (format "%d point%s" n (if (memq n '(1 -1)) "" "s")))

(defun cardwords-lines--leave-question ()
  "Return the question of leaving the game going on: it ends, with its score."
  (format "Leave this game? It ends with %s. "
          (cardwords-lines--points (plist-get cardwords-lines--view :score))))

(defun cardwords-lines--kill-buffer-query ()
  "Ask before the buffer of a game going on is killed; nil to keep it.
Killing it ends the game (its score counts), so the question is the one
\\<cardwords-lines-mode-map>\\[cardwords-lines-quit] asks; none after the end."
  (cardwords-bridge-kill-buffer-query
   (and (not cardwords-lines--leaving) (cardwords-lines--going-on (current-buffer)))
   (cardwords-lines--leave-question)))

(defun cardwords-lines--say-left (view)
  "Say the final score of the game left, VIEW (the last one when nil).
With \", a new personal record!\" when it is one, as the game over line says."
  (message "You left the game with %s%s"
           (cardwords-lines--points (plist-get (or view cardwords-lines--view) :score))
           (if (plist-get view :record) ", a new personal record!" ".")))

(defun cardwords-lines--killed ()
  "Leave the game of the buffer being killed: its score counts, and is said."
  (when (and cardwords-lines--view (not cardwords-lines--leaving))
    (cardwords-lines--say-left
     (and (cardwords-bridge-live-p)
          (ignore-errors (cardwords-bridge-request-sync "lines/quit" nil))))))

(defun cardwords-lines--over ()
  "Non-nil when the game of this buffer is over."
  (plist-get cardwords-lines--view :over))

(defun cardwords-lines--install-keys ()
  "Bind the `cardwords-lines-keys' in this buffer."
  (let ((map (make-sparse-keymap))
        (keys (string-to-list cardwords-lines-keys)))
    (unless (= (length keys) 5)
      (user-error "`cardwords-lines-keys' needs 5 characters, has %d" (length keys)))
    (set-keymap-parent map cardwords-lines-mode-map)
    (cl-mapc (lambda (key command) (define-key map (string key) command))
             keys '(cardwords-lines-left cardwords-lines-down cardwords-lines-up
                    cardwords-lines-right cardwords-lines-act))
    (use-local-map map)))

;;;; Drawing

(defun cardwords-lines--chip (color)
  "The text of a chip of COLOR (1 and up), with its face."
  (let ((chips (string-to-list cardwords-lines-chips)))
    (propertize (string (nth (min (1- (length chips)) (/ (1- color) 8)) chips))
                'face (intern (format "cardwords-lines-chip-%d" (1+ (% (1- color) 8)))))))

(defun cardwords-lines--keys-help ()
  "The keys of the game in two lines, with `cardwords-lines-keys' as set."
  (format "Keys: arrows or %s move, %s or RET selects a chip, then moves it,\n      H hint, u undo, n new game, s high scores, ? all keys\n"
          (substring cardwords-lines-keys 0 4)
          (single-key-description (aref cardwords-lines-keys 4))))

(defun cardwords-lines--cell-pads (cells columns)
  "The spaces before and after a chip, for CELLS cells in a row in COLUMNS.
\" O \" each while the row fits (with its indentation, its last column
free), else \" O\", else \"O\": a 30x22 board ran past an 80-column window in
\" O \" cells, the cursor out of sight at the right.  A row wider than
that (78 cells and more at 80 columns) is cut at the window's edge, and
Emacs scrolls it sideways to keep the cursor (point) in view."
  (cond ((<= (+ 2 (* 3 cells)) (1- columns)) '(" " . " "))
        ((<= (+ 2 (* 2 cells)) (1- columns)) '(" " . ""))
        (t '("" . ""))))

(defun cardwords-lines-draw ()
  "Redraw the Lines buffer from the last view, the cursor and the selection."
  (let* ((inhibit-read-only t)
         (view cardwords-lines--view)
         (options (plist-get view :options))
         (width (plist-get options :width))
         (height (plist-get options :height))
         (board (vconcat (plist-get view :board)))
         (removed (plist-get (plist-get view :last) :removed))
         (windows (get-buffer-window-list (current-buffer) nil t))
         (pads (cardwords-lines--cell-pads
                width (if windows (apply #'min (mapcar #'window-body-width windows)) 80)))
         ;; each window's first line: erasing the buffer sent every window back to the top,
         ;; and a cursor below the window's bottom was then recentred at each key
         (starts (mapcar (lambda (w) (cons w (line-number-at-pos (window-start w)))) windows))
         (cursor-point nil))
    (erase-buffer)
    (insert (format "Lines  %dx%d, %d colours, lines of %d\n"
                    width height (plist-get options :colors) (plist-get options :minLine)))
    ;; settings under which no chip can go are allowed (the original's), and said in sight
    (let ((warning (plist-get view :warning)))
      (unless (member warning '(nil ""))
        (insert (propertize warning 'face 'warning) "\n")))
    (insert "\n")
    (dotimes (y height)
      (insert "  ")
      (dotimes (x width)
        (let* ((cell (+ (* y width) x))
               (color (aref board cell))
               (text (if (> color 0) (cardwords-lines--chip color)
                       (propertize "." 'face 'cardwords-lines-empty)))
               (start (point))
               (chip (+ start (length (car pads)))))
          (insert (car pads) text (cdr pads))
          (when (memq cell removed)
            (add-face-text-property start (point) 'cardwords-lines-removed))
          (when (eql cell cardwords-lines--selected)
            (add-face-text-property chip (1+ chip) 'cardwords-lines-selected))
          (when (= cell cardwords-lines--cursor)
            (add-face-text-property start (point) 'cardwords-lines-cursor)
            (setq cursor-point chip))
          (put-text-property start (point) 'cardwords-lines-cell cell)
          (put-text-property start (point) 'mouse-face 'highlight)))
      (insert "\n"))
    (insert "\n" (format "Score: %d" (plist-get view :score)))
    (when (plist-get view :next)
      (insert "   Next: " (mapconcat #'cardwords-lines--chip (plist-get view :next) " ")))
    (insert "\n" (plist-get view :highScore) "\n")
    ;; the keys in sight, as the web page and the terminal client show theirs
    (insert (propertize (cardwords-lines--keys-help) 'face 'shadow))
    ;; broken at the window's width: a move's outcome with the chips thrown runs past 80 columns
    (dolist (line (cardwords-bridge-break
                   (list cardwords-lines--message)
                   (1- (if windows (apply #'min (mapcar #'window-body-width windows)) 80))))
      (insert line "\n"))
    ;; the move first, then the game over it brought (the buffer read the game over before the move)
    (when (plist-get view :over)
      ;; why first: "Game over" alone, with cells free on the board, read as a fault
      (let ((why (plist-get view :overReason)))
        (unless (member why '(nil ""))
          (insert (propertize why 'face 'bold) "\n")))
      (insert (propertize (cardwords-lines--over-line view) 'face 'bold) "\n"))
    (setq mode-line-process (format " Score:%d%s" (plist-get view :score)
                                    (if (plist-get view :over) " Over" "")))
    (force-mode-line-update)
    ;; the heading in view whenever the cursor's row is with it, else the window where it was
    ;; (Emacs then scrolls it as little as the cursor needs)
    (dolist (start starts)
      (set-window-start (car start)
                        (if (and cursor-point
                                 (<= (line-number-at-pos cursor-point) (window-body-height (car start))))
                            (point-min)
                          (save-excursion (goto-char (point-min))
                                          (line-beginning-position (cdr start))))
                        t))
    (when cursor-point
      (goto-char cursor-point)
      (dolist (window windows)
        (set-window-point window cursor-point)))))

(defun cardwords-lines--update (view &optional message)
  "Take VIEW from the bridge, set MESSAGE and redraw."
  (setq cardwords-lines--view view
        cardwords-lines--message (or message ""))
  (cardwords-lines-draw))

(defun cardwords-lines--call (method &optional params)
  "Ask the bridge METHOD with PARAMS; return the new view, or nil if refused."
  (condition-case err
      (cardwords-bridge-request-sync method params)
    (user-error
     (setq cardwords-lines--message (error-message-string err))
     (ding t)
     (cardwords-lines-draw)
     nil)))

;;;; Commands

(defun cardwords-lines--move-cursor (dx dy)
  "Move the cursor by DX columns and DY rows, staying on the board."
  (let* ((options (plist-get cardwords-lines--view :options))
         (width (plist-get options :width))
         (height (plist-get options :height))
         (x (max 0 (min (1- width) (+ (% cardwords-lines--cursor width) dx))))
         (y (max 0 (min (1- height) (+ (/ cardwords-lines--cursor width) dy)))))
    (setq cardwords-lines--cursor (+ (* y width) x))
    (cardwords-lines-draw)))

(defun cardwords-lines-left () "Move the cursor left." (interactive) (cardwords-lines--move-cursor -1 0))
(defun cardwords-lines-right () "Move the cursor right." (interactive) (cardwords-lines--move-cursor 1 0))
(defun cardwords-lines-up () "Move the cursor up." (interactive) (cardwords-lines--move-cursor 0 -1))
(defun cardwords-lines-down () "Move the cursor down." (interactive) (cardwords-lines--move-cursor 0 1))

(defun cardwords-lines--over-line (view)
  "Return the game over line of VIEW: the score and the keys that act.
No u before a move (the first throw ended the game): nothing to take back."
  (format "Game over: %d points%s  n: new game,%s q: quit"
          (plist-get view :score)
          (if (plist-get view :record) ", a new personal record!" ".")
          (if (eql (plist-get view :moves) 0) "" " u: undo,")))

(defun cardwords-lines--refuse-over ()
  "Say why a game key does nothing after the end, and which keys do something.
As the web panel refuses such keys: the bridge's sentence, and a ding."
  (setq cardwords-lines--message
        (concat (plist-get cardwords-lines--view :overRefusal) " "
                (substitute-command-keys
                 (if (eql (plist-get cardwords-lines--view :moves) 0)
                     "\\<cardwords-lines-mode-map>\\[cardwords-lines-new-game] starts a new game."
                   "\\<cardwords-lines-mode-map>\\[cardwords-lines-new-game] starts a new game, \
\\[cardwords-lines-undo] takes back the last move."))))
  (ding t)
  (cardwords-lines-draw))

(defun cardwords-lines-act ()
  "Select the chip under the cursor, or move the selected chip there.
After the end, say why nothing happens."
  (interactive)
  (if (cardwords-lines--over)
      (cardwords-lines--refuse-over)
    (let* ((cell cardwords-lines--cursor)
           (color (nth cell (plist-get cardwords-lines--view :board))))
      (setq cardwords-lines--message "")
      (cond
       ((> color 0)
        (setq cardwords-lines--selected (if (eql cardwords-lines--selected cell) nil cell))
        (cardwords-lines-draw))
       ;; the web panel's refusal, sent by the bridge (it did nothing, unsaid)
       ((null cardwords-lines--selected)
        (setq cardwords-lines--message (or (plist-get cardwords-lines--view :emptyRefusal) ""))
        (ding t)
        (cardwords-lines-draw))
       (t
        (let ((view (cardwords-lines--call "lines/move"
                                           (list :from cardwords-lines--selected :to cell))))
          (when view
            (setq cardwords-lines--selected nil)
            ;; the move's outcome in the web panel's words, from the bridge (it said nothing,
            ;; or "+10 points" for a line)
            (cardwords-lines--update view (plist-get view :moved)))))))))

(defun cardwords-lines-click (event)
  "Select or move on the cell clicked (EVENT), as SPC on it does."
  (interactive "e")
  (let* ((position (event-start event))
         (cell (with-current-buffer (window-buffer (posn-window position))
                 (get-text-property (posn-point position) 'cardwords-lines-cell))))
    (when cell
      (select-window (posn-window position))
      (setq cardwords-lines--cursor cell)
      (cardwords-lines-act))))

(defun cardwords-lines-undo ()
  "Take back the last move, with the throw that followed it."
  (interactive)
  (let ((view (cardwords-lines--call "lines/undo")))
    (when view
      (setq cardwords-lines--selected nil)
      ;; the web panel's words, from the bridge (the high-score line says the game no longer counts)
      (cardwords-lines--update view (plist-get view :undone)))))

(defun cardwords-lines-hint ()
  "Propose a move: select its chip and put the cursor on its target.
After the end, say why nothing happens."
  (interactive)
  (if (cardwords-lines--over)
      (cardwords-lines--refuse-over)
    (let ((view (cardwords-lines--call "lines/hint")))
      (when view
        (let ((hint (plist-get view :hint)))
          (if (null hint)
              (cardwords-lines--update view "No move to propose.")
            (setq cardwords-lines--selected (plist-get hint :from)
                  cardwords-lines--cursor (plist-get hint :to))
            (cardwords-lines--update
             view (format "Hint: %s moves the selected chip here."
                          (key-description (string (aref cardwords-lines-keys 4)))))))))))

(defun cardwords-lines--read-options ()
  "Ask for every game option, the customisations as defaults."
  (list :width (read-number "Width (-w): " cardwords-lines-width)
        :height (read-number "Height (-t): " cardwords-lines-height)
        :colors (read-number "Colours (-c): " cardwords-lines-colors)
        :minLine (read-number "Minimum line (-i): " cardwords-lines-min-line)
        :throwCount (read-number "Chips thrown after a move (-n): " cardwords-lines-throw)
        :firstThrow (read-number "Chips thrown first (-N): " cardwords-lines-first-throw)
        :preview (if (y-or-n-p "Show the next throw (-p)? ") t :false)))

(defun cardwords-lines--default-options ()
  "The game options from the customisations."
  (list :width cardwords-lines-width :height cardwords-lines-height
        :colors cardwords-lines-colors :minLine cardwords-lines-min-line
        :throwCount cardwords-lines-throw :firstThrow cardwords-lines-first-throw
        :preview (if cardwords-lines-preview t :false)))

(defun cardwords-lines--going-on (buffer)
  "Return non-nil for a BUFFER with a Lines game going on (not over)."
  (and (buffer-live-p buffer)
       (with-current-buffer buffer
         (and (derived-mode-p 'cardwords-lines-mode) cardwords-lines--view
              (not (cardwords-lines--over))))))

(defun cardwords-lines--new-game-question ()
  "Return the question asked before a new game takes the place of this one."
  (format "Start a new game? This one ends with %s. "
          (cardwords-lines--points (plist-get cardwords-lines--view :score))))

(defun cardwords-lines-new-game ()
  "Start a new game with the options of this buffer.
A game going on is left only when you say so (its score then counts):
the question says so, with its score."
  (interactive)
  (if (and (cardwords-lines--going-on (current-buffer))
           (not (y-or-n-p (cardwords-lines--new-game-question))))
      (message "The game goes on.")
    (cardwords-lines--start)))

(defun cardwords-lines--start ()
  "Leave the game of this buffer, if any (its score counts), and start a new one."
  (when cardwords-lines--view (cardwords-lines--call "lines/quit"))
  (let ((view (cardwords-bridge-request-sync
               "lines/new"
               ;; your name, as at a Cardwords table (it was always the login name)
               (append (list :options cardwords-lines--options :user (cardwords-bridge-player-name))
                       (and cardwords-lines-seed (list :seed cardwords-lines-seed))))))
    (setq cardwords-lines--cursor 0
          cardwords-lines--selected nil)
    (cardwords-lines--update view)
    ;; the settings' warning, and the end when the first throw ends the game (a 1x1 board; the
    ;; board emptied with -n 0): said at once, as the web page says them (the end was in the
    ;; buffer alone)
    (let ((said (delete "" (list (or (plist-get view :warning) "")
                                 (if (plist-get view :over)
                                     (concat (or (plist-get view :overReason) "") " "
                                             (cardwords-lines--over-line view))
                                   "")))))
      (when said
        (message "%s" (string-trim (string-join said " ")))))))

(defun cardwords-lines-redraw ()
  "Draw the board again."
  (interactive)
  (cardwords-lines-draw))

(defun cardwords-lines-quit ()
  "Leave the game (the score counts, as at game over) and close its buffer.
A game going on is left only when you say so; the final score is said."
  (interactive)
  (if (and (cardwords-lines--going-on (current-buffer))
           (not (y-or-n-p (cardwords-lines--leave-question))))
      (message "The game goes on.")
    (when cardwords-lines--view
      (cardwords-lines--say-left (ignore-errors (cardwords-lines--call "lines/quit"))))
    ;; left above: killing the buffer asks and sends nothing more
    (let ((cardwords-lines--leaving t))
      (kill-buffer (current-buffer)))))

;;;###autoload
(defun cardwords-lines-scores ()
  "List the Lines high scores: the terminal client's table (`cardwords lines -l')."
  (interactive)
  (let ((scores (cardwords-bridge-request-sync "lines/scores" nil)))
    (with-current-buffer (get-buffer-create "*Cardwords Lines scores*")
      (let ((inhibit-read-only t))
        (erase-buffer)
        (if (null scores)
            (insert "No high scores yet.\n")
          (let ((rank 0))
            (dolist (s scores)
              (insert (format "%3d. %-20s %6d  %s\n" (cl-incf rank) (plist-get s :user)
                              (plist-get s :score) (substring (plist-get s :date) 0 10)))))))
      (special-mode)
      (goto-char (point-min))
      ;; selected, as help buffers are: q then closes the list, not the game under it
      (pop-to-buffer (current-buffer))
      (current-buffer))))

;;;###autoload
(defun cardwords-lines (&optional ask)
  "Play Lines in its own buffer.  With prefix argument ASK, ask for every option.
A game going on in that buffer is shown again; with ASK it is left only
when you say so (its score then counts)."
  (interactive "P")
  (let ((buffer (get-buffer "*Cardwords Lines*")))
    (cond
     ((and (cardwords-lines--going-on buffer)
           (or (not ask) (not (y-or-n-p (with-current-buffer buffer
                                           (cardwords-lines--new-game-question))))))
      (switch-to-buffer buffer)
      (message "%s" (substitute-command-keys
                     "Your game goes on: \\<cardwords-lines-mode-map>\\[cardwords-lines-new-game] starts a new one.")))
     (t
      (let ((options (if ask (cardwords-lines--read-options) (cardwords-lines--default-options)))
            (old (and (buffer-live-p buffer) (buffer-local-value 'cardwords-lines--view buffer) buffer)))
        (switch-to-buffer (get-buffer-create "*Cardwords Lines*"))
        (unless (and old (derived-mode-p 'cardwords-lines-mode))
          (cardwords-lines-mode)
          (cardwords-lines--install-keys)
          (setq cardwords-lines--view nil))
        (setq cardwords-lines--options options)
        (cardwords-lines--start))))))

(provide 'cardwords-lines)
;;; cardwords-lines.el ends here
