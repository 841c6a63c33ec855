/* libedit's readline-compatible interface (pkg-config libedit adds -I/usr/include/editline). */
#include <stdio.h>
#include <editline/readline.h>

/* Swift 6 does not let Swift code assign libedit's mutable globals: the REPL sets them here,
   once, on the thread that reads lines. */
static inline void tb_edit_configure(const char *name) {
    rl_readline_name = name;
    rl_catch_signals = 0;   /* our SIGINT handler, not libedit's (which re-raises it) */
}
