/*
 * Thin C over spidev (the kernel's SPI character devices) for the ForcePad HAL.
 *
 * Every function that can fail returns a value >= 0 on success or a negative
 * errno on failure. A transfer is full duplex with chip select held for its
 * whole length, as a register read or write of an SPI accelerometer needs.
 */
#pragma once

#include <stdint.h>

/**
 * Opens an SPI device (e.g. "/dev/spidev0.0") read-write and close-on-exec and
 * sets its mode (0-3: CPOL, CPHA), 8 bits per word and its clock (Hz).
 * @return the file descriptor (>= 0), or -errno (-ENOENT: no such device, the
 *         SPI interface is off; -EACCES: not in the spi group).
 */
int fp_spi_open(const char *path, uint8_t mode, uint32_t speed_hz);

/**
 * One full-duplex transfer of `length` bytes (at most 64): `tx` out, `rx` in,
 * chip select held throughout.
 * @return 0, or -errno.
 */
int fp_spi_transfer(int fd, const uint8_t *tx, uint8_t *rx, uint32_t length, uint32_t speed_hz);

/** Closes the device. @return 0, or -errno. */
int fp_spi_close(int fd);
