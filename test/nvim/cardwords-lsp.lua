-- Neovim 0.7 (Debian) headless: the configuration of docs/editors.md, against the real
-- server. Run by test/nvim/nvim.test.ts:
--   nvim --headless --clean -c 'luafile SETUP' -c 'luafile test/nvim/cardwords-lsp.lua'
-- (exit code 0 = pass), SETUP being the Lua block of docs/editors.md.
-- with CARDWORDS_NODE, CARDWORDS_CLI and CARDWORDS_FILE (a broken card set) set.
local file = os.getenv('CARDWORDS_FILE')
local function out(msg) io.stdout:write(msg .. '\n') end
local function finish(ok, msg)
  out((ok and 'PASS: ' or 'FAIL: ') .. msg)
  vim.lsp.stop_client(vim.lsp.get_active_clients())
  vim.wait(500)
  vim.cmd(ok and 'qa!' or 'cquit! 1')
end

-- The configuration of docs/editors.md ran first (CARDWORDS_SETUP, see nvim.test.ts).
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
if vim.bo[bufnr].filetype ~= 'cardwords-cardset' then return finish(false, 'filetype=' .. vim.bo[bufnr].filetype) end
local client_id
if not vim.wait(20000, function()
  client_id = next(vim.lsp.buf_get_clients(bufnr))
  return client_id ~= nil
end, 50) then
  return finish(false, 'no client attached to the buffer')
end

local function has(code)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.code == code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code == code) then return d end
  end
  return nil
end

if not vim.wait(20000, function() return has('cardset/unknown-character') ~= nil end, 50) then
  return finish(false, 'no cardset/unknown-character diagnostic within 20s')
end
local d = has('cardset/unknown-character')
out(string.format('diagnostic: %q at line %d col %d severity %s', d.message, d.lnum, d.col, tostring(d.severity)))
if not (d.lnum == 1 and d.col == 1 and d.message:find('not in the charset') and d.severity == vim.diagnostic.severity.ERROR) then
  return finish(false, 'unexpected diagnostic')
end

-- An edit reaches the server: fix the card, the diagnostic goes.
vim.api.nvim_buf_set_lines(bufnr, 1, 2, false, { '[A 1]' })
if not vim.wait(20000, function() return has('cardset/unknown-character') == nil end, 50) then
  return finish(false, 'diagnostic still there after the fix')
end

-- A custom request (docs/lsp-extensions.md).
local client = vim.lsp.get_client_by_id(client_id)
local result = client.request_sync('cardwords/distribution', { uri = vim.uri_from_bufnr(bufnr) }, 10000, bufnr)
if not (result and result.result and result.result.rows and result.result.rows[1].char == 'A') then
  return finish(false, 'cardwords/distribution: ' .. vim.inspect(result))
end
out('distribution rows: ' .. #result.result.rows)
finish(true, 'diagnostics and the distribution request')
