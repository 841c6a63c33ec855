/* libedit's readline-compatible interface (pkg-config libedit adds -I/usr/include/editline). */
#include <stdio.h>
#include <editline/readline.h>

/* Swift 6 does not let Swift code assign libedit's mutable globals: the REPL sets them here,
   once, on the thread that reads lines. */
static inline void tb_edit_configure(const char *name) {
    rl_readline_name = name;
    rl_catch_signals = 0;   /* our SIGINT handler, not libedit's (which re-raises it) */
}

/* Tab completion. libedit hands `complete` the word under the cursor: the text after the last
   break character, where '.' and ':' break words too, so `t.wat` and `r:fr` complete `wat` and
   `fr` (the whole line is `tb_edit_line()`). No space is appended: a name is followed by '(' or
   '.' as often as by a space. */
static inline void tb_edit_set_completion(rl_completion_func_t *complete) {
    static char breaks[] = " \t\n\"\\'`@$><=;|&{(,+-*/%^#[]~.:";
    rl_attempted_completion_function = complete;
    rl_basic_word_break_characters = breaks;
    rl_completer_word_break_characters = breaks;
    rl_completion_append_character = '\0';
}

/* The line being edited (valid while a completion function runs). */
static inline const char *tb_edit_line(void) { return rl_line_buffer; }

/* Called by a completion function: when it offers nothing, offer nothing else either (libedit
   would complete file names). libedit clears the flag after every completion. */
static inline void tb_edit_completion_over(void) { rl_attempted_completion_over = 1; }
