---@meta

-- Tessera's sandbox, for the editor (docs/sandbox.md is the reference).
--
-- The globals a layout or animator script sees, exactly (a test compares this line with the
-- sandbox's own globals):
-- globals: _G _VERSION assert coroutine error getmetatable ipairs load math next os pairs pcall print rawequal rawget rawlen rawset require select setmetatable string table tonumber tostring type utf8 xpcall
-- Lua 5.4's standard globals that scripts do not get:
-- absent: collectgarbage debug dofile io loadfile package warn
--
-- .luarc.json turns off the io, os, debug and package libraries, so an editor flags their use;
-- `os` is declared here with the three functions scripts have. dofile, loadfile,
-- collectgarbage and warn belong to the language server's "basic" library, which cannot be
-- trimmed: an editor completes them, and a script that calls one fails with "attempt to call
-- a nil value". `coroutine` is there (the limits hold inside coroutines), and so is
-- `getmetatable`, which gives false for a string.

---@class tessera.os
os = {}

---CPU time used by the program, in seconds.
---@return number
function os.clock() end

---The current time (no argument), or the time a date table describes, in seconds.
---@param date? table
---@return integer
function os.time(date) end

---The date and time as a string or a table (`"*t"`), formatted like C's strftime.
---@param format? string
---@param time? integer
---@return string|table
function os.date(format, time) end
