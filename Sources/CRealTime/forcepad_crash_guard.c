#define _GNU_SOURCE
#include "forcepad_crash_guard.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The fatal signals a fault, a trap or abort() raises. */
static const int guarded_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
#define GUARDED_SIGNAL_COUNT (sizeof guarded_signals / sizeof guarded_signals[0])

/* What handled each guarded signal before, called after the guard's own work. */
static struct sigaction previous_actions[GUARDED_SIGNAL_COUNT];

/* The terminal's descriptor (-1: nothing kept) and its settings, written before the
 * descriptor is published. */
static struct termios kept_terminal_settings;
static atomic_int kept_terminal_fd = -1;

/* The line-off function and its argument, published together. */
struct line_off {
    void (*drive_off)(void *context);
    void *context;
};
static struct line_off kept_line_off;
static atomic_bool line_off_kept = false;
static pthread_mutex_t keep_lock = PTHREAD_MUTEX_INITIALIZER;

static pthread_once_t install_once = PTHREAD_ONCE_INIT;
static int install_result = 0;

/* Hands the signal to what handled it before: its handler with the same arguments, or the
 * default action (for a fault, returning re-runs the faulting instruction under it; for a
 * sent signal, the raised copy is delivered when this handler returns). */
static void chain(size_t index, int signal_number, siginfo_t *info, void *context)
{
    struct sigaction *previous = &previous_actions[index];
    if (previous->sa_flags & SA_SIGINFO) {
        previous->sa_sigaction(signal_number, info, context);
        return;
    }
    if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN) {
        previous->sa_handler(signal_number);
        return;
    }
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    sigaction(signal_number, &default_action, NULL);
    raise(signal_number);
}

static void on_fatal_signal(int signal_number, siginfo_t *info, void *context)
{
    int saved_errno = errno;
    int terminal = atomic_load_explicit(&kept_terminal_fd, memory_order_acquire);
    if (terminal >= 0)
        tcsetattr(terminal, TCSANOW, &kept_terminal_settings);
    if (atomic_load_explicit(&line_off_kept, memory_order_acquire))
        kept_line_off.drive_off(kept_line_off.context);
    errno = saved_errno;
    for (size_t index = 0; index < GUARDED_SIGNAL_COUNT; index++) {
        if (guarded_signals[index] == signal_number) {
            chain(index, signal_number, info, context);
            return;
        }
    }
}

/* An alternate stack for the installing thread, so a stack overflow there still runs the
 * handler; other threads use theirs if they have one. */
static void install_alternate_stack(void)
{
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE))
        return;
    size_t size = SIGSTKSZ < 65536 ? 65536 : SIGSTKSZ;
    void *memory = malloc(size);
    if (!memory)
        return;
    stack_t stack = { .ss_sp = memory, .ss_size = size, .ss_flags = 0 };
    if (sigaltstack(&stack, NULL) != 0)
        free(memory);
}

/* Installs the handler for every guarded signal and unblocks them in the calling thread (and
 * the threads it starts later): a mask inherited from the parent could block them, and a
 * fault whose signal is blocked kills the process without running any handler. */
static void install(void)
{
    install_alternate_stack();
    sigset_t guarded;
    sigemptyset(&guarded);
    for (size_t index = 0; index < GUARDED_SIGNAL_COUNT; index++)
        sigaddset(&guarded, guarded_signals[index]);
    pthread_sigmask(SIG_UNBLOCK, &guarded, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_fatal_signal;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t index = 0; index < GUARDED_SIGNAL_COUNT; index++) {
        if (sigaction(guarded_signals[index], &action, &previous_actions[index]) != 0) {
            install_result = -errno;
            return;
        }
    }
}

static int install_handlers(void)
{
    pthread_once(&install_once, install);
    return install_result;
}

int fp_crash_guard_keep_terminal(int fd, const struct termios *settings)
{
    if (fd < 0) {
        atomic_store_explicit(&kept_terminal_fd, -1, memory_order_release);
        return 0;
    }
    int result = install_handlers();
    if (result != 0)
        return result;
    pthread_mutex_lock(&keep_lock);
    atomic_store_explicit(&kept_terminal_fd, -1, memory_order_release);
    kept_terminal_settings = *settings;
    atomic_store_explicit(&kept_terminal_fd, fd, memory_order_release);
    pthread_mutex_unlock(&keep_lock);
    return 0;
}

int fp_crash_guard_keep_line_off(void (*drive_off)(void *context), void *context)
{
    int result = drive_off ? install_handlers() : 0;
    if (result != 0)
        return result;
    pthread_mutex_lock(&keep_lock);
    if (drive_off) {
        atomic_store_explicit(&line_off_kept, false, memory_order_release);
        kept_line_off.drive_off = drive_off;
        kept_line_off.context = context;
        atomic_store_explicit(&line_off_kept, true, memory_order_release);
    } else if (kept_line_off.context == context) {
        atomic_store_explicit(&line_off_kept, false, memory_order_release);
    }
    pthread_mutex_unlock(&keep_lock);
    return 0;
}
