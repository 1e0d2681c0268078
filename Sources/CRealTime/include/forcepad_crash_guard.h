/*
 * What a process that dies of a fault (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP:
 * a trap, a failed precondition, a bad access) must still put right: the user's terminal,
 * switched to raw input by the shell, and the haptic actuator's line, which would otherwise
 * keep its last level after the process is gone.
 *
 * The handlers are installed the first time something is kept, on top of whatever handled
 * those signals before (Swift's backtracer, or the default action), which runs next with the
 * same arguments. In the handler only async-signal-safe work is done: tcsetattr on the kept
 * settings, and the kept line-off function (which must itself be async-signal-safe: one
 * system call, nothing allocated, no lock taken).
 */
#pragma once

#include <termios.h>

/** Keeps `settings` to be put back on the terminal `fd` (TCSANOW) if the process dies of a
 *  fault; `fd` < 0 forgets them (the terminal has been restored). 0, or a negative errno if
 *  the handlers could not be installed. */
int fp_crash_guard_keep_terminal(int fd, const struct termios *settings);

/** Keeps `drive_off(context)` to be called if the process dies of a fault; `drive_off` NULL
 *  forgets it, but only if `context` is the one kept (a line released after another was
 *  requested does not unregister the newer one). 0, or a negative errno. */
int fp_crash_guard_keep_line_off(void (*drive_off)(void *context), void *context);
