#include "forcepad_spi.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/spi/spidev.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int fp_spi_open(const char *path, uint8_t mode, uint32_t speed_hz)
{
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        return -errno;
    }
    uint8_t bits = 8;
    if (ioctl(fd, SPI_IOC_WR_MODE, &mode) < 0 || ioctl(fd, SPI_IOC_WR_BITS_PER_WORD, &bits) < 0
        || ioctl(fd, SPI_IOC_WR_MAX_SPEED_HZ, &speed_hz) < 0) {
        int error = errno;
        close(fd);
        return -error;
    }
    return fd;
}

int fp_spi_transfer(int fd, const uint8_t *tx, uint8_t *rx, uint32_t length, uint32_t speed_hz)
{
    if (length == 0 || length > 64) {
        return -EINVAL;
    }
    struct spi_ioc_transfer transfer;
    memset(&transfer, 0, sizeof transfer);
    transfer.tx_buf = (unsigned long)tx;
    transfer.rx_buf = (unsigned long)rx;
    transfer.len = length;
    transfer.speed_hz = speed_hz;
    transfer.bits_per_word = 8;
    if (ioctl(fd, SPI_IOC_MESSAGE(1), &transfer) < 0) {
        return -errno;
    }
    return 0;
}

int fp_spi_close(int fd)
{
    return close(fd) < 0 ? -errno : 0;
}
