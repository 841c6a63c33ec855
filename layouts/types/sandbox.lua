---@meta

-- What layout scripts get of `os` in Tessera's sandbox (SPEC §7). .luarc.json turns off the
-- full os, io, debug, package and coroutine libraries, which scripts cannot use.

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
