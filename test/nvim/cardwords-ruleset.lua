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
finish(true, 'one server for the ruleset, cross-file diagnostic from an unsaved buffer')
