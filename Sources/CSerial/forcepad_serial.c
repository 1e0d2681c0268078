#define _GNU_SOURCE
#include "forcepad_serial.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

/* A system call's result (>= 0) passed through, or -errno when it returned -1. */
static int result_of_syscall(int result)
{
    return result < 0 ? -errno : result;
}

/* Bits per second and the termios constant for each supported speed: the list
 * SerialPortDescription.supportedBauds gives in Swift (a HAL test checks every
 * baud there is taken and read back). */
static const struct {
    unsigned int baud;
    speed_t speed;
} supported_speeds[] = {
    {9600, B9600},     {19200, B19200},   {38400, B38400},   {57600, B57600},
    {115200, B115200}, {230400, B230400}, {460800, B460800}, {921600, B921600},
};

static const size_t supported_speed_count = sizeof supported_speeds / sizeof supported_speeds[0];

int fp_serial_open(const char *path)
{
    return result_of_syscall(open(path, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK));
}

int fp_serial_claim_exclusive(int fd)
{
    return result_of_syscall(ioctl(fd, TIOCEXCL));
}

int fp_serial_close(int fd)
{
    ioctl(fd, TIOCNXCL);
    /* Output still queued on a stuck or flow-controlled line would make close() wait for
     * it (up to the driver's closing wait, 30 s on an 8250). Give it half a second to
     * drain, then drop what is left. */
    for (int waited_ms = 0; waited_ms < 500; waited_ms += 5) {
        int pending = 0;
        if (ioctl(fd, TIOCOUTQ, &pending) != 0 || pending == 0)
            break;
        usleep(5000);
    }
    tcflush(fd, TCIOFLUSH);
    return result_of_syscall(close(fd));
}

int fp_serial_configure_raw(int fd, unsigned int baud)
{
    speed_t speed = 0;
    for (size_t i = 0; i < supported_speed_count; i++) {
        if (supported_speeds[i].baud == baud)
            speed = supported_speeds[i].speed;
    }
    if (speed == 0)
        return -EINVAL;

    struct termios settings;
    if (tcgetattr(fd, &settings) < 0)
        return -errno;
    cfmakeraw(&settings);
    settings.c_cflag &= ~(CSTOPB | CRTSCTS);
    settings.c_cflag |= CLOCAL | CREAD;
    settings.c_iflag &= ~(IXON | IXOFF | IXANY);
    settings.c_cc[VMIN] = 1;
    settings.c_cc[VTIME] = 0;
    if (cfsetispeed(&settings, speed) < 0 || cfsetospeed(&settings, speed) < 0)
        return -errno;
    if (tcsetattr(fd, TCSANOW, &settings) < 0)
        return -errno;

    /* tcsetattr succeeds when any of the settings took: check the speed did. */
    struct termios applied;
    if (tcgetattr(fd, &applied) < 0)
        return -errno;
    if (cfgetispeed(&applied) != speed || cfgetospeed(&applied) != speed)
        return -EINVAL;
    return 0;
}

int fp_serial_read_baud(int fd)
{
    struct termios settings;
    if (tcgetattr(fd, &settings) < 0)
        return -errno;
    speed_t speed = cfgetospeed(&settings);
    for (size_t i = 0; i < supported_speed_count; i++) {
        if (supported_speeds[i].speed == speed)
            return (int)supported_speeds[i].baud;
    }
    return -ERANGE;
}

int fp_pty_open_controller(void)
{
    int fd = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return -errno;
    if (grantpt(fd) < 0 || unlockpt(fd) < 0) {
        int code = errno;
        close(fd);
        return -code;
    }
    return fd;
}

int fp_pty_subordinate_path(int fd, char *path, size_t size)
{
    /* ptsname_r returns the error number itself, not -1. */
    int code = ptsname_r(fd, path, size);
    return code == 0 ? 0 : -code;
}

int fp_terminal_size(int fd, unsigned short *rows, unsigned short *columns)
{
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) < 0)
        return -errno;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}
