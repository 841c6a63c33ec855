/* libedit's readline-compatible interface (pkg-config libedit adds -I/usr/include/editline). */
#include <stdio.h>
#include <editline/readline.h>
