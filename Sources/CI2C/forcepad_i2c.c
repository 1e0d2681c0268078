#include "forcepad_i2c.h"

#include <errno.h>
#include <fcntl.h>
#include <i2c/smbus.h>
#include <linux/i2c-dev.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* libi2c 4.x (I2C_API_VERSION 0x100) returns -errno from every i2c_smbus_*
 * call; 3.x returned -1 and left the code in errno. The wrappers below pass
 * libi2c's results through, which is only right for the 4.x convention. */
#if !defined(I2C_API_VERSION) || I2C_API_VERSION < 0x100
#error "libi2c 4.0 or later is required (i2c_smbus_* returning -errno)"
#endif

/* A system call's result (>= 0) passed through, or -errno when it returned -1. */
static int result_of_syscall(int result)
{
    return result < 0 ? -errno : result;
}

int fp_i2c_open(const char *path)
{
    return result_of_syscall(open(path, O_RDWR | O_CLOEXEC));
}

int fp_i2c_close(int fd)
{
    return result_of_syscall(close(fd));
}

int fp_i2c_select_address(int fd, uint8_t address)
{
    return result_of_syscall(ioctl(fd, I2C_SLAVE, (unsigned long)address));
}

int fp_i2c_read_functionality(int fd, unsigned long *functionality)
{
    return result_of_syscall(ioctl(fd, I2C_FUNCS, functionality));
}

int fp_i2c_read_byte(int fd)
{
    return i2c_smbus_read_byte(fd);
}

int fp_i2c_write_byte(int fd, uint8_t value)
{
    return i2c_smbus_write_byte(fd, value);
}

int fp_i2c_read_byte_data(int fd, uint8_t command)
{
    return i2c_smbus_read_byte_data(fd, command);
}

int fp_i2c_write_byte_data(int fd, uint8_t command, uint8_t value)
{
    return i2c_smbus_write_byte_data(fd, command, value);
}

int fp_i2c_read_word_data(int fd, uint8_t command)
{
    return i2c_smbus_read_word_data(fd, command);
}

int fp_i2c_write_word_data(int fd, uint8_t command, uint16_t value)
{
    return i2c_smbus_write_word_data(fd, command, value);
}

int fp_i2c_read_i2c_block_data(int fd, uint8_t command, uint8_t length, uint8_t *buffer)
{
    if (length == 0 || length > FP_I2C_BLOCK_MAX_BYTES)
        return -EINVAL;
    return i2c_smbus_read_i2c_block_data(fd, command, length, buffer);
}
