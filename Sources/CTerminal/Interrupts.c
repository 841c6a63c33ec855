/*
** Interrupts.c: the SIGINT handler of `tessera repl` and the terminal size; see CTerminal.h.
*/
#include "CTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static int tb_repl_fds[2] = { -1, -1 };
static pthread_t tb_repl_owner;
static atomic_int tb_repl_pending = 0;
static pthread_mutex_t tb_repl_mu = PTHREAD_MUTEX_INITIALIZER;

/* Only async-signal-safe calls: pthread_self, pthread_equal, pthread_kill, write. */
static void tb_repl_onsigint(int sig) {
  int saved = errno;
  if (!pthread_equal(pthread_self(), tb_repl_owner)) {
    pthread_kill(tb_repl_owner, sig);   /* so readline() on the owner sees EINTR */
  } else {
    char byte = 1;
    atomic_store(&tb_repl_pending, 1);
    if (write(tb_repl_fds[1], &byte, 1) < 0) { /* a full pipe already holds a wake-up */ }
  }
  errno = saved;
}

int tb_repl_catchinterrupts(void) {
  struct sigaction sa;
  int fd;
  pthread_mutex_lock(&tb_repl_mu);
  if (tb_repl_fds[0] < 0) {
    if (pipe(tb_repl_fds) != 0) {
      pthread_mutex_unlock(&tb_repl_mu);
      return -1;
    }
    /* The handler must never block on a full pipe; the reader may block. */
    fcntl(tb_repl_fds[1], F_SETFL, fcntl(tb_repl_fds[1], F_GETFL) | O_NONBLOCK);
    fcntl(tb_repl_fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(tb_repl_fds[1], F_SETFD, FD_CLOEXEC);
    tb_repl_owner = pthread_self();
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = tb_repl_onsigint;
    sa.sa_flags = 0;                    /* no SA_RESTART: interrupt the prompt's read */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
  }
  fd = tb_repl_fds[0];
  pthread_mutex_unlock(&tb_repl_mu);
  return fd;
}

int tb_repl_takeinterrupt(void) { return atomic_exchange(&tb_repl_pending, 0); }

int tb_repl_terminalsize(int fd, int *columns, int *rows) {
  struct winsize ws;
  if (!isatty(fd) || ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_col == 0) return -1;
  *columns = ws.ws_col;
  *rows = ws.ws_row;
  return 0;
}
