;;; cardwords-bridge.el --- The game bridge process of the Cardwords games  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The Cardwords authors
;; SPDX-License-Identifier: GPL-3.0-or-later

;; This file is not part of GNU Emacs.

;;; Commentary:

;; The games run their rules in a bridge process, `cardwords client --stdio', which this
;; file starts once and talks to as eglot talks to a language server: one JSON object a
;; line each way, requests with an id answered by a response with the same id, and
;; notifications without one (docs/editors.md, "The game bridge").  Emacs parses the JSON
;; natively (Emacs 27 and later).

;;; Code:

(require 'cl-lib)
(require 'subr-x)

(defcustom cardwords-client-command '("cardwords" "client" "--stdio")
  "The command that starts the game bridge (JSON lines over stdio)."
  :type '(repeat string)
  :group 'cardwords)

(defvar cardwords-play-name)            ; cardwords-play.el: your name at a Cardwords table

(defun cardwords-bridge-player-name (&optional own)
  "Your name in a game: OWN, else `cardwords-play-name', else your login name.
OWN is the game's own name option (`cardwords-yatzee-name'); Lines has
none.  An empty name counts as none set."
  (cl-find-if (lambda (name) (and (stringp name) (not (string-empty-p name))))
              (list own (bound-and-true-p cardwords-play-name) (user-login-name))))

(defvar cardwords-bridge--process nil "The running bridge process, or nil.")
(defvar cardwords-bridge--next-id 0 "The id of the last request sent.")
(defvar cardwords-bridge--pending (make-hash-table)
  "Request id -> (SUCCESS FAILURE PROCESS) of requests not answered yet.
PROCESS is the bridge the request went to: when it ends, only its own
requests fail (a new bridge may be running by then).")
(defvar cardwords-bridge-notification-functions '(cardwords-bridge--server-kept)
  "Functions called with METHOD and PARAMS of each notification from the bridge.")

(defvar cardwords-bridge--left-said nil
  "What the echo area said as a game was left, or nil.
A local server's news that comes right after it is said with it.")

(defun cardwords-bridge--server-kept (method params)
  "Tell the player what became of a local server (METHOD, PARAMS).
`server/kept': its last game here has gone, but people are still on it
\(a guest by the invite link): the bridge stops it once they have left.
`server/stopped': it stopped under a game (killed, crashed) and the bridge
started it again (the game buffers reconnect), or says why not and what
to do (the buffers had said \"reconnecting\" for ever, never why)."
  (when (member method '("server/kept" "server/stopped"))
    ;; after a leave's words, still in the echo area: kept before it (they went at once, the
    ;; server kept for a guest said in their place, "You left the game: …" in *Messages* alone)
    (let ((left (and cardwords-bridge--left-said
                     (equal (current-message) cardwords-bridge--left-said)
                     cardwords-bridge--left-said)))
      (setq cardwords-bridge--left-said nil)
      (cardwords-bridge-echo (concat (and left (concat left " ")) "Cardwords: " (plist-get params :text))))))

(defun cardwords-bridge-say-left (text)
  "Show TEXT, the web page's words once you have left a game.
The local server's news that follows (kept for a guest) keeps it in the
echo area, before its own words."
  (setq cardwords-bridge--left-said text)
  (message "%s" text))

(defun cardwords-bridge-echo (text)
  "Show TEXT in the echo area, in lines of the echo area's width.
A line breaks after a sentence where the next does not fit, else at a
space: Emacs broke a long message inside a word at the edge (\"watc\" /
\"hing\", \"Winner: Rob\" / \"ot1.\")."
  (let ((width (1- (window-width (minibuffer-window))))
        (sentences nil) (pos 0))
    (while (string-match "[.;?!] " text pos)
      (push (substring text pos (1- (match-end 0))) sentences)
      (setq pos (match-end 0)))
    (push (substring text pos) sentences)
    (message "%s" (string-join (cardwords-bridge-wrap
                                (cardwords-bridge-break (nreverse sentences) width) width nil nil " ")
                               "\n"))))

(defun cardwords-bridge--filter (process output)
  "Collect OUTPUT of PROCESS and handle each complete line."
  (let ((buffer (process-buffer process)))
    (when (buffer-live-p buffer)
      (with-current-buffer buffer
        (goto-char (point-max))
        (insert output)
        (goto-char (point-min))
        (while (search-forward "\n" nil t)
          (let ((line (buffer-substring (point-min) (1- (point)))))
            (delete-region (point-min) (point))
            (cardwords-bridge--dispatch line process)
            (goto-char (point-min))))))))

(defun cardwords-bridge--dispatch (line process)
  "Handle one LINE the bridge PROCESS wrote: a response or a notification.
A notification of a bridge that is no longer the running one is dropped."
  (let* ((message (condition-case nil
                      (json-parse-string line :object-type 'plist :array-type 'list
                                         :null-object nil :false-object nil)
                    (error nil)))
         (id (plist-get message :id)))
    (cond
     ((null message) (message "Cardwords bridge: unreadable line %S" line))
     (id
      (let ((callbacks (gethash id cardwords-bridge--pending)))
        (remhash id cardwords-bridge--pending)
        (cond
         ((null callbacks)
          (when (plist-get message :error)
            (message "Cardwords bridge: %s" (plist-get (plist-get message :error) :message))))
         ((plist-member message :error)
          (funcall (nth 1 callbacks) (plist-get (plist-get message :error) :message)))
         (t (funcall (nth 0 callbacks) (plist-get message :result))))))
     ((eq process cardwords-bridge--process)
      (run-hook-with-args 'cardwords-bridge-notification-functions
                          (plist-get message :method) (plist-get message :params))))))

(defun cardwords-bridge--sentinel (process event)
  "Report the end of the bridge PROCESS (EVENT) and fail what was waiting for it.
Its sentinel can come after a new bridge started (`process-live-p' says a
process is gone before its sentinel runs): that one and its requests stay."
  (unless (process-live-p process)
    (when (eq process cardwords-bridge--process)
      (setq cardwords-bridge--process nil))
    (let ((failed nil))
      (maphash (lambda (id callbacks)
                 (when (eq (nth 2 callbacks) process) (push (cons id callbacks) failed)))
               cardwords-bridge--pending)
      (dolist (entry failed)
        (remhash (car entry) cardwords-bridge--pending)
        (funcall (nth 1 (cdr entry)) "the game bridge stopped")))
    (message "Cardwords bridge: %s" (string-trim event))))

(defun cardwords-bridge-process ()
  "The bridge process, started on first use."
  (unless (process-live-p cardwords-bridge--process)
    (setq cardwords-bridge--process
          (make-process :name "cardwords-bridge"
                        :buffer (generate-new-buffer " *cardwords-bridge*")
                        :command cardwords-client-command
                        :connection-type 'pipe
                        :coding 'utf-8-unix
                        :noquery t
                        :stderr (get-buffer-create " *cardwords-bridge-stderr*")
                        :filter #'cardwords-bridge--filter
                        :sentinel #'cardwords-bridge--sentinel)))
  cardwords-bridge--process)

(defun cardwords-bridge-live-p ()
  "Return non-nil when the bridge process is running (without starting it)."
  (process-live-p cardwords-bridge--process))

(defun cardwords-bridge-leave (method)
  "Leave a game by the bridge's METHOD (\"yatzee/leave\"), the bridge being up.
For a game buffer being killed: the bridge then stops a local server that no
other open game uses."
  (when (cardwords-bridge-live-p)
    (cardwords-bridge-request method nil #'ignore #'ignore)))

(defun cardwords-bridge-request (method params success &optional failure)
  "Send METHOD with PARAMS (a plist) to the bridge without waiting.
SUCCESS gets the result; FAILURE (default: show it) gets the error message."
  (let ((process (cardwords-bridge-process))
        (id (cl-incf cardwords-bridge--next-id)))
    (puthash id (list success (or failure (lambda (m) (message "Cardwords: %s" m))) process)
             cardwords-bridge--pending)
    (process-send-string
     process
     (concat (json-serialize (list :id id :method method :params (or params #s(hash-table))))
             "\n"))
    id))

(defun cardwords-bridge-request-sync (method params &optional timeout)
  "Send METHOD with PARAMS to the bridge and return its result.
Signal a `user-error' with the bridge's message when it refuses, and an
error after TIMEOUT seconds (default 10).  For quick local requests whose
answer the next key needs (the Lines moves)."
  (let* ((done nil) (result nil) (failure nil)
         (id (cardwords-bridge-request method params
                                       (lambda (r) (setq result r done t))
                                       (lambda (m) (setq failure m done t))))
         (deadline (+ (float-time) (or timeout 10))))
    (while (and (not done) (< (float-time) deadline))
      (accept-process-output cardwords-bridge--process 0.05))
    (unless done
      (remhash id cardwords-bridge--pending)
      (error "Cardwords bridge: no answer to %s" method))
    (when failure (user-error "%s" failure))
    result))

;;;; What the games share: leaving, and resuming a game on a local server

(defun cardwords-bridge-copy-invite (link none)
  "Copy LINK, a game's invite link, to the kill ring and say so.
With no link (nil or empty), signal a `user-error' saying NONE."
  (when (member link '(nil ""))
    (user-error "%s" none))
  (kill-new link)
  (message "Copied %s" link))

(defun cardwords-bridge-confirm-leave (&optional question)
  "Ask QUESTION (default: whether to leave for good); non-nil to go.
Each game gives its own, in the web page's words."
  (y-or-n-p (or question "Leave for good? ")))

(defun cardwords-bridge-kill-buffer-query (in-progress &optional question)
  "Whether a game buffer may be killed, asking first when IN-PROGRESS.
For `kill-buffer-query-functions' (nil keeps the buffer): killing the
buffer leaves its game, so a game going on is left only when the player
says so, as the game's leave key asks, or by QUESTION when killing it
does something else (Cardwords keeps the seat).  No question without the
bridge (nothing left to leave) or in batch Emacs (`noninteractive':
nobody answers)."
  (or (not in-progress) noninteractive (not (cardwords-bridge-live-p))
      (cardwords-bridge-keeping-places #'cardwords-bridge-confirm-leave question)))

(defun cardwords-bridge-listing-text (game)
  "The line of the listed GAME in a games list.
Its id, the seats held (robots' too, as the web lobby counts them) of all,
its state, and why it takes no new player or no watcher, in the web lobby's
words (the bridge's `joinRefusal' and `watchRefusal'); for a game where
you hold a seat, that it is kept to resume (`seatText') instead."
  (let ((why (if (plist-get game :seat)
                 (list (plist-get game :seatText))
               (delq nil (list (plist-get game :joinRefusal) (plist-get game :watchRefusal))))))
    (concat (format "%s  %d/%d players, %s" (plist-get game :id)
                    (+ (or (plist-get game :players) 0) (or (plist-get game :robots) 0))
                    (or (plist-get game :maxPlayers) 0) (plist-get game :state))
            (if why (concat "  " (string-join why " ")) ""))))

(defun cardwords-bridge-link-owner (url)
  "The owner token of an owner link URL (http://host:port/?owner=TOKEN), or nil."
  (and (string-match "[?&]owner=\\([^&#]+\\)" url) (match-string 1 url)))

(defun cardwords-bridge-link-base (url)
  "URL without its query: the server's address, an owner link's token left out."
  (replace-regexp-in-string "[?#].*\\'" "" url))

(defun cardwords-bridge-read-listed (method url)
  "Ask for one of the games the bridge's METHOD lists on the server at URL.
Return its listing, or nil for a new game.  Each game is offered as
`cardwords-bridge-listing-text' words it."
  (let* ((games (cardwords-bridge-request-sync method (list :url url)))
         (choices (mapcar (lambda (g) (cons (cardwords-bridge-listing-text g) g)) games)))
    (cdr (assoc (completing-read "Game (or new): " (cons "new" (mapcar #'car choices)) nil t)
                choices))))

(defun cardwords-bridge-join (method params)
  "Join a game by METHOD with PARAMS and return the view.
A name taken in that game is asked again, saying so, until one is not
taken (the refusal had dropped back to where the URL and the game had to
be given again); any other refusal is signalled."
  (let ((view nil))
    (while (null view)
      (condition-case err
          (setq view (cardwords-bridge-request-sync method params 60))
        (user-error
         (let ((said (error-message-string err)))
           (unless (and (plist-get params :name) (string-prefix-p "That name is taken" said))
             (signal (car err) (cdr err)))
           (let ((name ""))
             (while (string-empty-p name)
               (setq name (read-string (format "%s Your name: " said))))
             (setq params (plist-put (copy-sequence params) :name name)))))))
    view))

(defun cardwords-bridge-resume-prompt (kind game &optional width)
  "The question whether to resume GAME, a game of KIND (\"Yatzee\").
GAME is the remembered game the bridge's `serve' names.  The question
with its \"(y or n) \" fits in WIDTH columns (the echo area's, by default):
the date goes first, then your name (at 80 columns it wrapped)."
  (let* ((width (or width (window-width (minibuffer-window))))
         (robots (or (plist-get game :robots) 0))
         (people (max 0 (1- (or (plist-get game :players) 1))))
         (ruleset (plist-get game :ruleset))
         (saved (plist-get game :saved))
         (others (string-join
                  (delq nil (list (and (> robots 0) (format "%d robot%s" robots (if (= robots 1) "" "s")))
                                  (and (> people 0) (format "%d other player%s" people (if (= people 1) "" "s")))))
                  " and "))
         (parts (delq nil (list (and (not (string-empty-p others)) others)
                                (format "as %s" (plist-get game :name))
                                (and (numberp saved) (> saved 0)
                                     (format-time-string "%b %-d %H:%M" (/ saved 1000.0))))))
         (prompt (lambda (parts)
                   (format "Resume your %s game%s%s? " kind
                           (if (member ruleset '(nil "")) "" (format " on %s" ruleset))
                           (if parts (format " (%s)" (string-join parts ", ")) ""))))
         (text (funcall prompt parts)))
    ;; "(y or n) " follows, and the last column is the cursor's
    (while (and parts (> (+ (string-width text) (length "(y or n) ")) (1- width)))
      (setq parts (butlast parts)
            text (funcall prompt parts)))
    text))

(defun cardwords-bridge-resume (server kind method &optional params timeout)
  "Offer the remembered game of KIND on the local SERVER; its view when taken back.
SERVER is the answer of `serve': when it names a game you sat in that is
still unfinished there, ask whether to resume it; yes sends METHOD with
the server's url and PARAMS (waiting up to TIMEOUT seconds, 60 by
default), which takes your seat back.  Nil: no game, no, or the seat
could not be taken back (said in the echo area)."
  (let ((game (plist-get server :resume)))
    (when (and game (y-or-n-p (cardwords-bridge-resume-prompt kind game)))
      (condition-case err
          (cardwords-bridge-request-sync method (append (list :url (plist-get server :url)) params)
                                         (or timeout 60))
        (user-error
         (message "The game could not be resumed (%s): a new one starts"
                  (error-message-string err))
         nil)))))

;;;; Text in a window's width (the games' messages and lines)

;; Emacs truncates the games' lines (`truncate-lines'): what runs past the window's edge is
;; lost, so the games break their long lines themselves.

(defun cardwords-bridge-words (text)
  "TEXT split at its spaces, a card in brackets (\"[N 1]\") kept whole.
A message that wrapped in the middle of a card read as two cards."
  (let ((pos 0) (words nil))
    (while (string-match "\\(?:\\[[^]\n]*]\\|[^ []\\|\\[\\)+" text pos)
      (push (match-string 0 text) words)
      (setq pos (match-end 0)))
    (nreverse words)))

(defun cardwords-bridge-break (texts width)
  "TEXTS, each wider than WIDTH columns broken at its spaces into pieces.
A card in brackets stays whole.  A line longer than the window (a
Cardwords log line with the best robot's move beside it, after the game;
Yatzee's hint line with its best hold) was cut at its edge, though lines
were free below it."
  (mapcan (lambda (text)
            (if (<= (string-width text) width)
                (list text)
              (cardwords-bridge-wrap (cardwords-bridge-words text) width nil nil " ")))
          texts))

(defun cardwords-bridge-wrap (texts width &optional prefix indent separator)
  "TEXTS after PREFIX, SEPARATOR apart, in lines of at most WIDTH columns.
A text starts a new line, after INDENT, where it does not fit on the
line before; one wider than a line stays whole (cut at the window's
edge).  SEPARATOR is two spaces unless given; PREFIX and INDENT are
empty unless given.  Returns the lines."
  (let ((separator (or separator "  ")) (lines nil) (line nil))
    (dolist (text texts)
      (cond ((null line) (setq line (concat (or prefix "") text)))
            ((> (+ (string-width line) (string-width separator) (string-width text)) width)
             (push line lines)
             (setq line (concat (or indent "") text)))
            (t (setq line (concat line separator text)))))
    (nreverse (if line (cons line lines) lines))))

(defun cardwords-bridge-fit (lines room &optional width)
  "LINES in at most ROOM lines (at least one): the last ones joined.
What does not fit in the width then is cut at the window's edge, unless
WIDTH is given: then two lines are joined only when the joined line is
narrower than WIDTH, and the lines are more than ROOM when no more can be."
  (let ((lines (copy-sequence lines)) (joined t))
    (while (and joined (> (length lines) (max 1 room)))
      (let* ((tail (last lines 2))
             (line (concat (car tail) "  " (string-trim-left (cadr tail)))))
        (if (and width (>= (string-width line) width))
            (setq joined nil)
          (setcar tail line)
          (setcdr tail nil))))
    lines))

;; The games' mode lines: at 80 columns "(Yatzee Disconnected You:112  Robot1:130)" ran past
;; the edge, the leader's total cut to a number that was not theirs.

(defun cardwords-bridge-mode-line-shows-p (window)
  "Return non-nil if all of `mode-line-process' is in WINDOW's mode line.
Nil when it is cut at the window's edge, or when the mode line does not
show it at all (a mode line of one's own, batch Emacs).
Point stays where it is: `format-mode-line' selects WINDOW for a moment,
which moves the buffer's point to the window's; with the minibuffer
selected (the owner's question) the redraw then went on inserting at the
buffer's start, the table ending up under the log."
  (let* ((end "\1")
         (mode-line-process (list mode-line-process end))
         (text (save-excursion (format-mode-line mode-line-format nil window (current-buffer))))
         (at (string-match end text)))
    ;; the mode name's closing paren right after it must fit too (it was cut at column 81)
    (and at (<= (+ (string-width (substring text 0 at))
                   (if (eq (aref (concat (substring text (1+ at)) " ") 0) ?\)) 1 0))
                (if window (window-total-width window) 80)))))

(defun cardwords-bridge-mode-line-text (parts)
  "Return PARTS joined for `mode-line-process', a `%' in them kept as it is.
A part that is a list of texts (see `cardwords-bridge-mode-line') is its first."
  (mapconcat (lambda (p) (replace-regexp-in-string "%" "%%" (if (consp p) (car p) p) t t)) parts ""))

(defun cardwords-bridge-mode-line (window parts &optional ranks)
  "Set `mode-line-process' to as many PARTS as WINDOW's mode line can show whole.
PARTS are texts, the most needed first (the connection or the turn, then
the scores), each with its leading space; `%' in them is shown as it is.
The first is always kept; the others go whole, so that no score shows
cut to a number that is not its own: the last first, or with RANKS (a
number for each part, the lower kept the longer: the scores' ranks) the
highest ranked first, the others kept in their order.  The first may be
a list of texts, the longest first: where one does not fit even alone
the next is tried (at 80 columns \"Bo's turn (away, a robot in 0:42)\" was
cut with the scores and the paren).  All stay when the mode line does
not show the process at all (nothing to fit: batch Emacs, a mode line of
one's own).  Return non-nil when every part is in sight."
  (let ((firsts (if (consp (car parts)) (car parts) (list (car parts))))
        (ranks (or ranks (number-sequence 0 (1- (length parts))))))
    (setq mode-line-process (cardwords-bridge-mode-line-text parts))
    (cond ((cardwords-bridge-mode-line-shows-p window) t)
          ;; where the process would start is out of sight too: nothing to fit
          ((not (let ((mode-line-process "")) (cardwords-bridge-mode-line-shows-p window)))
           nil)
          (t (catch 'fitted
               (while firsts
                 (let ((shown (cl-mapcar #'cons (cons (pop firsts) (cdr parts)) ranks)))
                   (setq mode-line-process (cardwords-bridge-mode-line-text (mapcar #'car shown)))
                   (when (cardwords-bridge-mode-line-shows-p window) (throw 'fitted t))
                   (while (cdr shown)
                     ;; the first stays; of the others, the highest ranked goes
                     (setq shown (cons (car shown)
                                       (let ((worst (cl-reduce (lambda (a b) (if (> (cdr b) (cdr a)) b a))
                                                               (cdr shown))))
                                         (remq worst (cdr shown)))))
                     (setq mode-line-process (cardwords-bridge-mode-line-text (mapcar #'car shown)))
                     (when (cardwords-bridge-mode-line-shows-p window) (throw 'fitted nil)))))
               ;; not even the shortest first alone fits: it stays, cut
               nil)))))

(defun cardwords-bridge-line-position (line)
  "The position of the start of LINE (1 the first) in the current buffer."
  (save-excursion (goto-char (point-min)) (forward-line (1- line)) (point)))

(defun cardwords-bridge-places ()
  "Point's line and each window's start and point lines on the current buffer.
A game buffer is drawn anew at each change: `cardwords-bridge-restore-places'
puts them back after (erasing the buffer sends them to its start, and
another player's move yanked a window scrolled down back to the top)."
  (cons (line-number-at-pos)
        (mapcar (lambda (w) (list w (line-number-at-pos (window-start w))
                                  (line-number-at-pos (window-point w))))
                (get-buffer-window-list (current-buffer) nil t))))

(defun cardwords-bridge-restore-places (places)
  "Put point and each window back on the lines PLACES names.
PLACES is what `cardwords-bridge-places' returned before the redraw."
  (goto-char (cardwords-bridge-line-position (car places)))
  (pcase-dolist (`(,window ,start ,point) (cdr places))
    (when (window-live-p window)
      (set-window-start window (cardwords-bridge-line-position start) t)
      (set-window-point window (cardwords-bridge-line-position point)))))

(defvar cardwords-bridge--drawn nil
  "Each game buffer and its places as its last redraw left them.
An alist of (BUFFER . PLACES), PLACES as `cardwords-bridge-places' gives
them; `cardwords-bridge-keeping-places' puts them back after a question.")

(defun cardwords-bridge-drawn ()
  "Note the current game buffer's places, as its redraw has left them."
  (setq cardwords-bridge--drawn
        (cons (cons (current-buffer) (cardwords-bridge-places))
              (cl-remove-if (lambda (e) (or (not (buffer-live-p (car e))) (eq (car e) (current-buffer))))
                            cardwords-bridge--drawn))))

(defun cardwords-bridge-keeping-places (ask &rest args)
  "Call ASK with ARGS, a question in the minibuffer, and return its answer.
The game buffers' windows stay where their last redraw put them: the
minibuffer's exit puts the windows back as they were when it was entered,
and a redraw meanwhile (a robot's move, the terminal resized) had erased
the buffer, taking their starts to its top.  Every question of the games
asks through it (Cardwords's Pass?, leave, removal, end, rematch and word
questions, Yatzee's leave, removal and end): a window scrolled down went
back to the buffer's top at the answer."
  (let ((before cardwords-bridge--drawn))
    (unwind-protect
        (apply ask args)
      (dolist (entry cardwords-bridge--drawn)
        (when (and (not (memq entry before)) (buffer-live-p (car entry)))
          (with-current-buffer (car entry)
            (cardwords-bridge-restore-places (cdr entry))))))))

(defun cardwords-bridge-stop ()
  "Stop the bridge process (the games start it again when needed)."
  (interactive)
  (when (process-live-p cardwords-bridge--process)
    (process-send-eof cardwords-bridge--process)))

(provide 'cardwords-bridge)
;;; cardwords-bridge.el ends here
