import ForcePadCore
import Glibc

/// The frame source of a real board: every converter of the board file on one I2C adapter,
/// read channel by channel with SMBus transfers (which i2c-dev, i2c-stub and every Pi adapter
/// support). Cell `k` is the `k`-th input listed across the board's `[[adc]]` tables.
///
/// - ADS1115/ADS1015: write the config word (single-shot start), wait the conversion time,
///   read the config register until its ready bit is set (up to ``readyPolls`` times), then
///   read the conversion register. A conversion that is never ready keeps the cell's previous
///   value and flags the frame stale.
/// - ADS7830: one read-byte-data transfer with the command byte as the register.
/// - PCF8591: read-byte-data with the control byte (returns the stale previous conversion,
///   discarded), then receive-byte for the selected input.
///
/// Behind a TCA9548A switch (`[i2c] mux`), a channel is selected (an SMBus send-byte of its
/// bit to the switch) before the first cell read behind it whenever the one selected last is
/// another: once a frame per move between channels in cell order, not per cell. A failed
/// transfer, or the adapter closed, forgets which channel is selected, so the next read
/// selects it again.
///
/// A failed transfer is retried once; a second failure fails the frame (the loop drops it and
/// counts towards `sensor.lost`). While the sensor is lost the adapter is closed
/// (``disconnect()``) and reopened for each attempt (``reconnect()``), so a bus whose driver
/// was unloaded and loaded again answers without a restart. Reads allocate nothing unless a
/// transfer fails.
public struct I2CFrameSource: ~Copyable, FrameSource {
    public let cellCount: Int
    private var bus: I2CBus
    private let channels: [ConverterChannel]
    /// The I2C switch's address; nil on a bus without one.
    private let muxAddress: UInt8?
    /// The switch channel selected last, -1 when unknown (none yet, or after a failure).
    private var selectedMuxChannel = -1
    /// Each cell's last good reading (Q0 counts), kept for a conversion that is not ready.
    private var lastCounts = CellValues(repeating: 0)
    /// Extra reads of an ADS1x15 config register before a conversion counts as not ready.
    static let readyPolls = 4

    /// Opens the board's adapter and checks it supports every transfer its converters need.
    /// No converter is addressed yet (``probe()`` does that).
    public init(board: BoardDescription) throws(DeviceError) {
        var channels: [ConverterChannel] = []
        for converter in board.adcs {
            for input in converter.inputs {
                channels.append(ConverterChannel(converter: converter, input: input))
            }
        }
        guard let busDescription = board.bus else {
            throw DeviceError(operation: "open the I2C bus of board '\(board.name)'", errno: 0, hint: "the board file names no [i2c] device")
        }
        let opened = try I2CBus(devicePath: busDescription.device)
        try Self.checkFunctionality(of: opened, for: board.adcs)
        if busDescription.mux != nil { try opened.requireFunctionality([.sendByte], for: "TCA9548A") }
        // Stored properties are set only after the last throw: Swift 6.2's SIL verifier
        // rejects an initializer that throws after initializing some of them.
        self.channels = channels
        cellCount = channels.count
        muxAddress = busDescription.mux?.address
        bus = opened
    }

    /// The adapter's character device, e.g. `/dev/i2c-1`.
    public var devicePath: String { bus.devicePath }

    public mutating func read(into frame: inout RawFrame, at timeMicros: Int64) throws(DeviceError) {
        var stale = false
        for cell in 0..<channels.count {
            let channel = channels[cell]
            let counts: Int32?
            do {
                counts = try read(channel)
            } catch {
                selectedMuxChannel = -1
                counts = try read(channel)
            }
            if let counts {
                lastCounts[cell] = counts
            } else {
                stale = true
            }
            frame.counts[cell] = lastCounts[cell]
        }
        frame.cellCount = channels.count
        frame.isStale = stale
    }

    /// Reopens the adapter (its driver may have been reloaded, leaving an old descriptor
    /// dead).
    public mutating func reconnect() throws(DeviceError) {
        selectedMuxChannel = -1
        try bus.reopen()
    }

    /// Closes the adapter while the sensor is lost, so nothing holds it between attempts
    /// (its driver can be reloaded, a USB adapter replugged).
    public mutating func disconnect() {
        selectedMuxChannel = -1
        bus.close()
    }

    /// Reads one channel: its counts, or nil when an ADS1x15 conversion was not ready in time.
    private mutating func read(_ channel: ConverterChannel) throws(DeviceError) -> Int32? {
        if let muxAddress, channel.muxChannel != selectedMuxChannel {
            selectedMuxChannel = -1
            try bus.sendByte(I2CMuxDescription.controlByte(channel: channel.muxChannel), to: muxAddress)
            selectedMuxChannel = channel.muxChannel
        }
        switch channel.model {
        case .ads1115, .ads1015:
            try bus.writeRegisterBigEndian(channel.command, register: ADS1x15Registers.config, to: channel.address)
            Self.sleep(nanos: channel.conversionNanos)
            var polls = 0
            while try bus.readRegisterBigEndian(ADS1x15Registers.config, from: channel.address) & ADS1x15Registers.startOrReady == 0 {
                polls += 1
                if polls > Self.readyPolls { return nil }
                Self.sleep(nanos: channel.conversionNanos / 8)
            }
            let conversion = try bus.readRegisterBigEndian(ADS1x15Registers.conversion, from: channel.address)
            return ADS1x15Registers.counts(model: channel.model, conversion: conversion)
        case .ads7830:
            return Int32(try bus.readByteData(register: UInt8(channel.command), from: channel.address))
        case .pcf8591:
            _ = try bus.readByteData(register: UInt8(channel.command), from: channel.address)
            return Int32(try bus.receiveByte(from: channel.address))
        case .sim:
            return 0
        }
    }

    /// Reads one frame to check every converter answers, and returns it.
    public mutating func probe() throws(DeviceError) -> RawFrame {
        var frame = RawFrame(cellCount: cellCount)
        try read(into: &frame, at: 0)
        return frame
    }

    private static func checkFunctionality(of bus: borrowing I2CBus, for converters: [ADCDescription]) throws(DeviceError) {
        for model in Set(converters.map(\.model)).sorted(by: { $0.rawValue < $1.rawValue }) {
            try bus.requireFunctionality(ConverterChannel.requiredFunctionality(model), for: model.partName)
        }
    }

    private static func sleep(nanos: Int64) {
        guard nanos > 0 else { return }
        var interval = timespec(tv_sec: Int(nanos / 1_000_000_000), tv_nsec: Int(nanos % 1_000_000_000))
        _ = clock_nanosleep(CLOCK_MONOTONIC, 0, &interval, nil)
    }
}
