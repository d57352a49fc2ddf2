-- Neovim 0.7 (Debian) headless: with the configuration of docs/editors.md, the four files
-- of one ruleset share one server, and an unsaved edit of one reaches the checks of another.
-- Run by test/nvim/nvim.test.ts:
--   nvim --headless --clean -c 'luafile SETUP' -c 'luafile test/nvim/cardwords-ruleset.lua'
-- with CARDWORDS_DIR (a copy of samples/tiny). Exit code 0 = pass.
local dir = os.getenv('CARDWORDS_DIR')
local function out(msg) io.stdout:write(msg .. '\n') end
local function finish(ok, msg)
  out((ok and 'PASS: ' or 'FAIL: ') .. msg)
  vim.lsp.stop_client(vim.lsp.get_active_clients())
  vim.wait(500)
  vim.cmd(ok and 'qa!' or 'cquit! 1')
end

local bufs = {}
for _, kind in ipairs({ 'charset', 'cardset', 'cardtable', 'bonus' }) do
  vim.cmd('edit ' .. vim.fn.fnameescape(dir .. '/tiny.' .. kind))
  bufs[kind] = vim.api.nvim_get_current_buf()
end

local function attached(b) return next(vim.lsp.buf_get_clients(b)) end
if not vim.wait(20000, function()
  for _, b in pairs(bufs) do if not attached(b) then return false end end
  return true
end, 50) then
  return finish(false, 'not every buffer has a client')
end
local ids = {}
for kind, b in pairs(bufs) do
  for id, _ in pairs(vim.lsp.buf_get_clients(b)) do ids[id] = true; out('buffer ' .. kind .. ': client ' .. id) end
end
local count = 0
for _ in pairs(ids) do count = count + 1 end
out('servers: ' .. count .. ', active clients: ' .. #vim.lsp.get_active_clients())
if count ~= 1 or #vim.lsp.get_active_clients() ~= 1 then return finish(false, 'expected one server for the ruleset') end

-- The card set is clean at first.
local function b_error()
  for _, d in ipairs(vim.diagnostic.get(bufs.cardset)) do
    if d.message:find("'B' is not in the charset", 1, true) then return d end
  end
  return nil
end
if b_error() then return finish(false, 'B already unknown') end

-- Remove B from the charset buffer without saving: the card set buffer learns of it.
vim.api.nvim_buf_set_lines(bufs.charset, 0, 3, false, { '5', 'Aa' })
if not vim.bo[bufs.charset].modified then return finish(false, 'the charset buffer is not modified') end
if not vim.wait(20000, function() return b_error() ~= nil end, 50) then
  return finish(false, 'no diagnostic about B in the card set within 20s')
end
local d = b_error()
out(string.format('cross-file diagnostic: %q at line %d', d.message, d.lnum))

-- Quick fixes on lines with non-ASCII characters: Neovim 0.7 sends the diagnostics of the
-- cursor's line back with byte columns (not UTF-16); the server acts on its own.
local function unknown(b, line)
  local n = 0
  for _, x in ipairs(vim.diagnostic.get(b)) do
    if x.lnum == line and x.message:find('is not in the charset', 1, true) then n = n + 1 end
  end
  return n
end
-- vim.lsp.buf.code_action() as typed, its menu (vim.ui.select) answered by `pick`
local function code_action(b, row, col, pick)
  vim.api.nvim_set_current_buf(b)
  vim.api.nvim_win_set_cursor(0, { row, col })
  local titles
  local select = vim.ui.select
  vim.ui.select = function(items, _, on_choice)
    titles = {}
    for _, item in ipairs(items) do table.insert(titles, item[2].title) end
    out('offered at ' .. row .. ':' .. col .. ': ' .. table.concat(titles, ' | '))
    local chosen
    for _, item in ipairs(items) do if pick and item[2].title == pick then chosen = item end end
    on_choice(chosen)
  end
  vim.lsp.buf.code_action()
  local ok = vim.wait(10000, function() return titles ~= nil end, 20)
  vim.ui.select = select
  return ok and titles or nil
end

vim.api.nvim_buf_set_lines(bufs.charset, 0, 1, false, { '6' })
vim.api.nvim_buf_set_lines(bufs.charset, -1, -1, false, { 'ää' })
vim.api.nvim_buf_set_lines(bufs.cardset, 0, -1, false, { '7', '[Ä 3] [Ä 3] [Ä 3] [E 3] [E 3] [E 3]', '[А 1]' })
if not vim.wait(20000, function() return unknown(bufs.cardset, 1) == 3 and unknown(bufs.cardset, 2) == 1 end, 50) then
  return finish(false, 'no diagnostics about Ä and the Cyrillic А: ' .. vim.inspect(vim.diagnostic.get(bufs.cardset)))
end
-- at the line's start, on no card: each card's removal named by its place (they read alike)
if not code_action(bufs.cardset, 2, 0, nil) then return finish(false, 'no code actions at the line start') end
-- the third Ä (byte 15): its card removed, the count lowered
if not code_action(bufs.cardset, 2, 15, 'Remove this card ([Ä 3])') then return finish(false, 'no code actions for Ä') end
out('card set after: ' .. table.concat(vim.api.nvim_buf_get_lines(bufs.cardset, 0, -1, false), ' / '))
-- the Cyrillic А: the charset's A in its place
if not code_action(bufs.cardset, 3, 1, "Replace 'А' (U+0410) with 'A' (U+0041), the charset's look-alike") then return finish(false, 'no code actions for А') end
out('card set after: ' .. table.concat(vim.api.nvim_buf_get_lines(bufs.cardset, 0, -1, false), ' / '))
-- a dictionary word with ä (known) and q (not): Qq added to the unsaved charset
vim.cmd('edit ' .. vim.fn.fnameescape(dir .. '/tiny.dict'))
local dict = vim.api.nvim_get_current_buf()
vim.api.nvim_buf_set_lines(dict, 0, 0, false, { 'käqi' })
if not vim.wait(20000, function() return unknown(dict, 0) >= 1 end, 50) then
  return finish(false, 'no diagnostic about q in the dictionary: ' .. vim.inspect(vim.diagnostic.get(dict)))
end
if not code_action(dict, 1, 3, "Add 'Qq' to the charset tiny.charset") then return finish(false, 'no code actions for q') end
out('charset after: ' .. table.concat(vim.api.nvim_buf_get_lines(bufs.charset, 0, -1, false), ' / '))

-- K on a card (mapped by the setup's on_attach): its hover in a floating window; and the
-- completion of the setup's omnifunc
vim.api.nvim_set_current_buf(bufs.cardset)
vim.api.nvim_win_set_cursor(0, { 2, 1 })
vim.api.nvim_feedkeys('K', 'x', false)
local float
if not vim.wait(20000, function()
  for _, w in ipairs(vim.api.nvim_list_wins()) do if vim.api.nvim_win_get_config(w).relative ~= '' then float = w return true end end
  return false
end, 50) then return finish(false, 'K showed no hover') end
out('hover: ' .. vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(float), 0, 1, false)[1])
vim.api.nvim_win_close(float, true)
out('omnifunc: ' .. vim.bo[bufs.cardset].omnifunc)
-- The card table's code lens (drawn by the setup's on_attach), run: the preview in a scratch buffer.
vim.api.nvim_set_current_buf(bufs.cardtable)
if not vim.wait(20000, function() return #vim.lsp.codelens.get(bufs.cardtable) > 0 end, 50) then
  return finish(false, 'no code lens on the card table')
end
out('lens: ' .. vim.lsp.codelens.get(bufs.cardtable)[1].command.title)
vim.api.nvim_win_set_cursor(0, { 1, 0 })
vim.lsp.codelens.run()
if not vim.wait(20000, function() return vim.api.nvim_get_current_buf() ~= bufs.cardtable end, 50) then
  return finish(false, 'no preview buffer')
end
for _, l in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do out('preview| ' .. l) end
-- it follows typing in the card table, unsaved (it was drawn once; the lens had to be run again)
local preview = vim.api.nvim_get_current_buf()
local table_line = vim.api.nvim_buf_get_lines(bufs.cardtable, 0, 1, false)[1]
vim.api.nvim_buf_set_lines(bufs.cardtable, 0, 1, false, { '8*7' })
if not vim.wait(20000, function() return vim.api.nvim_buf_get_lines(preview, 0, 1, false)[1]:find('^8%*7') ~= nil end, 50) then
  return finish(false, 'the preview did not follow the edit: ' .. vim.api.nvim_buf_get_lines(preview, 0, 1, false)[1])
end
out('preview after an edit| ' .. vim.api.nvim_buf_get_lines(preview, 0, 1, false)[1])
-- the lens run again redraws that buffer, in no new window
local windows = #vim.api.nvim_list_wins()
vim.fn.win_gotoid(vim.fn.bufwinid(bufs.cardtable))
vim.api.nvim_buf_set_lines(bufs.cardtable, 0, 1, false, { table_line })
vim.api.nvim_win_set_cursor(0, { 1, 0 })
vim.lsp.codelens.run()
if not vim.wait(20000, function() return vim.api.nvim_buf_is_valid(preview) and vim.api.nvim_buf_get_lines(preview, 0, 1, false)[1]:find('^7%*7') ~= nil end, 50) then
  return finish(false, 'the preview was not drawn again')
end
out('windows after the lens again: ' .. (#vim.api.nvim_list_wins() - windows))
-- and the card set's: the distribution
vim.api.nvim_set_current_buf(bufs.cardset)
if not vim.wait(20000, function() return #vim.lsp.codelens.get(bufs.cardset) > 0 end, 50) then
  return finish(false, 'no code lens on the card set')
end
vim.api.nvim_win_set_cursor(0, { 1, 0 })
vim.lsp.codelens.run()
if not vim.wait(20000, function() return vim.api.nvim_get_current_buf() ~= bufs.cardset end, 50) then
  return finish(false, 'no distribution buffer')
end
for _, l in ipairs(vim.api.nvim_buf_get_lines(0, 0, 3, false)) do out('distribution| ' .. l) end
finish(true, 'one server for the ruleset, cross-file diagnostic from an unsaved buffer, quick fixes on non-ASCII lines, the table preview and the distribution')
