#ifndef TESSERA_CTERMINAL_H
#define TESSERA_CTERMINAL_H
/*
** CTerminal: Ctrl-C and the terminal size for `tessera repl`; the CLI's only C code. It knows
** nothing of Lua: the CLI turns a Ctrl-C into LuaHost.interrupt().
**
** A SIGINT handler may only do async-signal-safe things, and tb_interrupt takes a mutex, so
** the handler does the minimum: it marks the interrupt as pending and writes one byte to a
** pipe. A Swift thread blocked on the pipe's read end then calls LuaHost.interrupt(), which
** stops a running Lua call at its next instruction (as lua.c's SIGINT hook does).
**
** The handler also makes Ctrl-C at the prompt cancel the line being typed: it is installed
** without SA_RESTART, so the blocking read under readline() fails with EINTR on the thread
** that installed it. A SIGINT delivered to another thread (the limits watchdog, the pipe
** reader) is forwarded to that thread.
*/

/* Installs the handler for the calling thread (once per process; later calls return the
** same descriptor). Returns the pipe's read end, or -1 if no pipe could be made. */
int tb_repl_catchinterrupts(void);
/* 1 if a SIGINT arrived since the last call, then clears the mark. */
int tb_repl_takeinterrupt(void);
/* The size in character cells of the terminal on `fd`; 0 (and both set) if it is one,
** -1 if it is not a terminal. */
int tb_repl_terminalsize(int fd, int *columns, int *rows);
#endif
