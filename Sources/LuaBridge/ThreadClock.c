/*
** ThreadClock.c: a thread's CPU clock, read from any thread. The time limit counts the CPU
** time of the thread running a call (Watchdog.c reads it from its own thread), and a host
** function that waits for a worker thread counts the worker's (tb_lendcpu).
*/
#include "Bridge.h"

#ifdef __APPLE__
#include <mach/mach.h>
#endif

tb_ThreadClock tb_threadclock(void) {
  tb_ThreadClock c;
  c.thread = pthread_self();
#ifdef __APPLE__
  c.clock = CLOCK_THREAD_CPUTIME_ID;
#else
  if (pthread_getcpuclockid(c.thread, &c.clock) != 0) c.clock = CLOCK_THREAD_CPUTIME_ID;
#endif
  return c;
}

long long tb_readthreadclock(const tb_ThreadClock *c) {
  struct timespec ts;
#ifdef __APPLE__
  /* No clock id names another thread's CPU clock here: ask the kernel for its times. */
  if (!pthread_equal(pthread_self(), c->thread)) {
    thread_basic_info_data_t info;
    mach_msg_type_number_t count = THREAD_BASIC_INFO_COUNT;
    if (thread_info(pthread_mach_thread_np(c->thread), THREAD_BASIC_INFO,
                    (thread_info_t)&info, &count) != KERN_SUCCESS) return -1;
    return ((long long)info.user_time.seconds + info.system_time.seconds) * 1000000000LL +
           ((long long)info.user_time.microseconds + info.system_time.microseconds) * 1000LL;
  }
#endif
  if (clock_gettime(c->clock, &ts) != 0) return -1;
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}
