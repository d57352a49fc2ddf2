;;; cardwords-preview.el --- Card-table preview for Cardwords rulesets  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The Cardwords authors
;; SPDX-License-Identifier: GPL-3.0-or-later

;; This file is not part of GNU Emacs.

;;; Commentary:

;; `cardwords-preview-table' draws the card table of the current ruleset in a buffer beside
;; it, from the language server's cardwords/tablePreview answer (docs/lsp-extensions.md):
;; blocked cells, cell points (C), letter factors (L), word factors (W) and the start cell,
;; each with its face, columns and rows named as the server names them (the coordinate
;; setting).  The preview follows the card table as you type; RET (or a click) on a cell
;; jumps to the line of the card table that gives the cell its attributes.

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'cardwords)
(require 'cardwords-lsp)

(defvar eglot-send-changes-idle-time)

(defface cardwords-preview-blocked '((t :inherit shadow :inverse-video t))
  "Face of a blocked cell in the card-table preview."
  :group 'cardwords)

(defface cardwords-preview-points '((((class color)) :background "#3f6f3f" :foreground "white")
                                    (t :inverse-video t))
  "Face of a cell with cell points (C) in the card-table preview."
  :group 'cardwords)

(defface cardwords-preview-letter '((((class color)) :background "#2f5f9f" :foreground "white")
                                    (t :inverse-video t))
  "Face of a cell with a letter factor (L) in the card-table preview."
  :group 'cardwords)

(defface cardwords-preview-word '((((class color)) :background "#9f3f3f" :foreground "white")
                                  (t :inverse-video t))
  "Face of a cell with a word factor (W) in the card-table preview."
  :group 'cardwords)

(defface cardwords-preview-start '((t :weight bold :underline t))
  "Face of the start cell in the card-table preview."
  :group 'cardwords)

(defface cardwords-preview-label '((t :inherit font-lock-comment-face))
  "Face of the column and row labels in the card-table preview."
  :group 'cardwords)

(defvar-local cardwords--preview-buffer nil
  "In a rule file buffer: its preview buffer, if one is open.")

(defvar-local cardwords--preview-timer nil
  "In a rule file buffer: the pending redraw of its preview.")

(defvar cardwords-preview-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "RET") #'cardwords-preview-visit-cell)
    (define-key map [mouse-2] #'cardwords-preview-visit-cell)
    (define-key map [mouse-1] #'cardwords-preview-visit-cell)
    map)
  "Keymap of the card-table preview.")

(define-derived-mode cardwords-preview-mode special-mode "Cardwords-Table"
  "The card table of a Cardwords ruleset, drawn from the language server.
\\<cardwords-preview-mode-map>\\[cardwords-preview-visit-cell] on a cell jumps to the line that gives it
its attributes; \\[revert-buffer] asks the server again.

\\{cardwords-preview-mode-map}"
  (setq-local truncate-lines t)
  (setq-local revert-buffer-function #'cardwords--preview-revert))

(defun cardwords--pad (text width)
  "TEXT with spaces after it up to WIDTH columns."
  (concat text (make-string (max 0 (- width (string-width text))) ?\s)))

(defun cardwords--cell-text (cell start)
  "The label of the preview CELL; START is non-nil on the start cell."
  (let ((get (lambda (k) (cardwords--get cell k))))
    (if (eq (funcall get :blocked) t) "##"
      (let ((parts (delq nil (list (unless (= (funcall get :points) 0)
                                     (format "C%d" (funcall get :points)))
                                   (unless (= (funcall get :wordFactor) 1)
                                     (format "W%d" (funcall get :wordFactor)))
                                   (unless (= (funcall get :letterFactor) 1)
                                     (format "L%d" (funcall get :letterFactor)))))))
        ;; the start keeps its mark beside what the cell gives (a start cell "W2" showed no start)
        (cond (parts (apply #'concat (if start "*" "") parts))
              (start "*")
              (t "."))))))

(defun cardwords--cell-face (cell start)
  "The face of the preview CELL; START is non-nil on the start cell."
  (let ((get (lambda (k) (cardwords--get cell k))))
    (cond
     ((eq (funcall get :blocked) t) 'cardwords-preview-blocked)
     ((/= (funcall get :wordFactor) 1) 'cardwords-preview-word)
     ((/= (funcall get :letterFactor) 1) 'cardwords-preview-letter)
     ((/= (funcall get :points) 0) 'cardwords-preview-points)
     (start 'cardwords-preview-start))))

(defun cardwords--thousands (n)
  "The integer N with commas between groups of three digits."
  (let ((text (number-to-string n)))
    (while (string-match "\\([0-9]\\)\\([0-9]\\{3\\}\\)\\(,\\|\\'\\)" text)
      (setq text (replace-match "\\1,\\2\\3" t nil text)))
    text))

(defun cardwords--preview-too-large (preview)
  "The size of the card table of PREVIEW, (WIDTH HEIGHT), if too large to draw.
The server then sends no cells, and a size of 0*0 beside the real one."
  (let ((size (cardwords--get preview :size))
        (max-cells (cardwords--get preview :maxCells)))
    (when (and size max-cells)
      (let ((width (cardwords--get size :width))
            (height (cardwords--get size :height)))
        (when (> (* width height) max-cells)
          (list width height))))))

(defun cardwords-preview-draw (preview)
  "Insert the card table PREVIEW (a cardwords/tablePreview result) at point."
  (let ((too-large (cardwords--preview-too-large preview)))
    (if too-large
        (insert (format "%d*%d: too large to preview (more than %s cells)\n"
                        (car too-large) (cadr too-large)
                        (cardwords--thousands (cardwords--get preview :maxCells))))
      (cardwords--preview-draw-table preview))))

(defun cardwords--preview-draw-table (preview)
  "Insert the card table PREVIEW, cell by cell, at point."
  (let* ((width (cardwords--get preview :width))
         (height (cardwords--get preview :height))
         (cells (cardwords--get preview :cells))
         (start (cardwords--get preview :start))
         (sc (cardwords--get start :column))
         (sr (cardwords--get start :row))
         (errors (cardwords--get preview :errors))
         (cell-width 4))
    (insert (format "%d*%d; %s\n" width height (cardwords--get start :description)))
    (when (and errors (> errors 0))
      (insert (propertize (format "%d error%s in the card table: the preview may be partial\n"
                                  errors (if (= errors 1) "" "s"))
                          'face 'error)))
    (setq cell-width
          (1+ (max 3 (seq-reduce #'max
                                 (seq-map-indexed
                                  (lambda (c i)
                                    (length (cardwords--cell-text
                                             c (and (eql (% i width) sc) (eql (/ i width) sr)))))
                                  cells)
                                 0))))
    (insert "\n    ")
    (seq-doseq (label (cardwords--get preview :columnLabels))
      (insert (propertize (cardwords--pad label cell-width) 'face 'cardwords-preview-label)))
    (insert "\n")
    (dotimes (row height)
      (insert (propertize (format "%3s " (elt (cardwords--get preview :rowLabels) row))
                          'face 'cardwords-preview-label))
      (dotimes (column width)
        (let* ((cell (elt cells (+ (* row width) column)))
               (at-start (and (eql column sc) (eql row sr)))
               (face (cardwords--cell-face cell at-start)))
          (insert (propertize (cardwords--pad (cardwords--cell-text cell at-start) cell-width)
                              'face face
                              'cardwords-cell (list column row)
                              'help-echo (cardwords--cell-help cell)
                              'mouse-face 'highlight))))
      (insert "\n"))
    (insert "\n" (propertize "C cell points, L letter factor, W word factor, ## blocked, * start"
                             'face 'cardwords-preview-label)
            "\n")))

(defun cardwords--cell-help (cell)
  "CELL in words, for the echo area."
  (let ((parts (list (cardwords--get cell :name))))
    (when (eq (cardwords--get cell :blocked) t) (push "blocked" parts))
    (unless (= (cardwords--get cell :points) 0)
      (push (format "%d cell points" (cardwords--get cell :points)) parts))
    (unless (= (cardwords--get cell :letterFactor) 1)
      (push (format "letter factor %d" (cardwords--get cell :letterFactor)) parts))
    (unless (= (cardwords--get cell :wordFactor) 1)
      (push (format "word factor %d" (cardwords--get cell :wordFactor)) parts))
    (mapconcat #'identity (nreverse parts) ", ")))

(defun cardwords--preview-revert (&rest _)
  "Ask the language server for the card table again and redraw the preview."
  (let ((view (current-buffer)))
    (unless (buffer-live-p cardwords--source-buffer)
      (user-error "The rule file of this preview is gone"))
    (with-current-buffer cardwords--source-buffer
      (cardwords-request-or-say
       view
       "cardwords/tablePreview"
       (lambda (preview)
         (when (buffer-live-p view)
           (with-current-buffer view
             (let ((inhibit-read-only t)
                   (line (line-number-at-pos))
                   (column (current-column)))
               (erase-buffer)
               (cardwords-preview-draw preview)
               (set-buffer-modified-p nil)
               (goto-char (point-min))
               (forward-line (1- line))
               (move-to-column column)))))
       (lambda (message)
         (when (buffer-live-p view)
           (with-current-buffer view
             (let ((inhibit-read-only t))
               (erase-buffer)
               (insert (propertize (format "No card table: %s\n" message) 'face 'error))))))))))

(defun cardwords--preview-schedule (&rest _)
  "Redraw the preview of this rule file once the client has sent the edit."
  (when (buffer-live-p cardwords--preview-buffer)
    (when (timerp cardwords--preview-timer) (cancel-timer cardwords--preview-timer))
    (let ((source (current-buffer)))
      ;; eglot sends changes after `eglot-send-changes-idle-time'; ask after it has.
      (setq cardwords--preview-timer
            (run-with-idle-timer
             (+ 0.1 (if (boundp 'eglot-send-changes-idle-time) eglot-send-changes-idle-time 0))
             nil
             (lambda ()
               (when (buffer-live-p source)
                 (with-current-buffer source
                   (setq cardwords--preview-timer nil)
                   (when (buffer-live-p cardwords--preview-buffer)
                     (with-current-buffer cardwords--preview-buffer (revert-buffer)))))))))))

;;;###autoload
(defun cardwords-preview-table ()
  "Draw the card table of this ruleset beside it, redrawn on every edit."
  (interactive)
  (let* ((source (current-buffer))
         (view (get-buffer-create (format "*Cardwords table: %s*" (buffer-name source)))))
    (with-current-buffer view
      (cardwords-preview-mode)
      (setq cardwords--source-buffer source))
    (setq cardwords--preview-buffer view)
    (add-hook 'after-change-functions #'cardwords--preview-schedule nil t)
    (display-buffer view '(display-buffer-pop-up-window (inhibit-same-window . t)))
    (with-current-buffer view (revert-buffer))
    view))

(defun cardwords-preview-visit-cell (&optional event)
  "Jump to the card table line that gives the cell at point its attributes.
EVENT, a mouse click, names the cell instead.
Without such a line, jump to the card table's first line."
  (interactive (list last-nonmenu-event))
  (when (and event (mouse-event-p event)) (posn-set-point (event-end event)))
  (let ((cell (get-text-property (point) 'cardwords-cell))
        (source cardwords--source-buffer))
    (unless cell (user-error "No cell here"))
    (unless (buffer-live-p source) (user-error "The rule file of this preview is gone"))
    (pop-to-buffer source)
    (goto-char (point-min))
    (unless (re-search-forward
             (format "^[ \t]*([ \t]*%d[ \t]*,[ \t]*%d[ \t]*)" (car cell) (cadr cell)) nil t)
      (goto-char (point-min)))
    (beginning-of-line)))

(provide 'cardwords-preview)
;;; cardwords-preview.el ends here
