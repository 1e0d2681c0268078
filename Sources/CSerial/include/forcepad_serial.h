/*
 * Thin C over termios and pseudo-terminals for the ForcePad HAL: the calls
 * Swift's Glibc module does not show (posix_openpt, grantpt, unlockpt,
 * ptsname_r) and the Bxxx speed constants behind a plain baud number.
 *
 * Every function that can fail returns a value >= 0 on success or a negative
 * errno (-ENOENT, -EACCES, ...) on failure.
 */
#pragma once

#include <stddef.h>

/**
 * Opens a serial device (e.g. "/dev/serial0") read-write, non-blocking,
 * close-on-exec, and without making it the controlling terminal.
 * @return the file descriptor (>= 0), or -errno (-ENOENT: no such device,
 *         -EACCES: not in the dialout group, -EBUSY: opened exclusively by
 *         another program).
 */
int fp_serial_open(const char *path);

/**
 * Refuses further opens of the terminal on fd by other programs (TIOCEXCL)
 * until fp_serial_close. Root is not refused.
 * @return 0, or -errno (-ENOTTY: fd is not a terminal).
 */
int fp_serial_claim_exclusive(int fd);

/**
 * Gives up the claim of fp_serial_claim_exclusive, if any (TIOCNXCL: the
 * kernel keeps it on a pseudo-terminal after the last close), waits up to 0.5 s for
 * queued output to be sent, discards what is still queued (a stuck or flow-controlled
 * line would otherwise hold close() for up to 30 s), then closes fd.
 * @return 0, or -errno from close.
 */
int fp_serial_close(int fd);

/**
 * Sets the terminal on fd to raw mode (cfmakeraw: no echo, no line editing,
 * no signals, no CR/LF translation), 8 data bits, no parity, one stop bit,
 * no hardware or software flow control, modem lines ignored (CLOCAL), the
 * receiver on, and `baud` bits per second both ways. The settings are read
 * back to check the driver took the speed.
 * @param baud 9600, 19200, 38400, 57600, 115200, 230400, 460800 or 921600.
 * @return 0, or -errno (-EINVAL: a baud not in that list or refused by the
 *         driver, -ENOTTY: fd is not a terminal).
 */
int fp_serial_configure_raw(int fd, unsigned int baud);

/**
 * The output speed of the terminal on fd, in bits per second.
 * @return the baud (> 0), or -errno (-ENOTTY: fd is not a terminal,
 *         -ERANGE: a speed outside the list fp_serial_configure_raw takes).
 */
int fp_serial_read_baud(int fd);

/**
 * Creates a pseudo-terminal pair and opens its controller side read-write,
 * non-blocking, close-on-exec, with the subordinate side granted and
 * unlocked so that any program may open it by its path.
 * @return the controller's file descriptor (>= 0), or -errno.
 */
int fp_pty_open_controller(void);

/**
 * Writes the path of the subordinate side (e.g. "/dev/pts/3") of the
 * pseudo-terminal whose controller is fd into `path`, NUL-terminated.
 * @return 0, or -errno (-ERANGE: `size` too small, -ENOTTY: fd is not a
 *         pseudo-terminal controller).
 */
int fp_pty_subordinate_path(int fd, char *path, size_t size);

/**
 * The size the kernel holds for the terminal on fd (TIOCGWINSZ), in character
 * rows and columns; a serial line's is 0 x 0 unless someone set it.
 * @return 0 with *rows and *columns set, or -errno (-ENOTTY: fd is not a terminal).
 */
int fp_terminal_size(int fd, unsigned short *rows, unsigned short *columns);
