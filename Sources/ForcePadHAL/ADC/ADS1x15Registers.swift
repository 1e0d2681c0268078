import ForcePadCore

/// Register encoding of the TI ADS1115 and ADS1015 (single-shot, single-ended), from their
/// datasheets. Registers are 16 bits, high byte first on the wire; ``I2CBus`` swaps bytes,
/// so values here are the registers' own values.
enum ADS1x15Registers {
    /// Conversion register: the last result, two's complement, left-justified (the ADS1015's
    /// 12 bits sit in bits 15…4).
    static let conversion: UInt8 = 0x00
    /// Config register: start bit, input multiplexer, gain, mode, data rate, comparator.
    static let config: UInt8 = 0x01

    /// Config bit 15: written 1, starts a single-shot conversion; read 1, no conversion in
    /// progress (the last one is in the conversion register).
    static let startOrReady: UInt16 = 0x8000

    /// The config word that starts one single-shot conversion of single-ended `input` (0…3)
    /// against GND, with the amplifier at `fullScaleMillivolts` and the converter at
    /// `dataRate` samples/s; the comparator is disabled.
    static func singleShotConfig(model: ADCModel, input: Int, fullScaleMillivolts: Int, dataRate: Int) -> UInt16 {
        let multiplexer = UInt16(0b100 + input) << 12
        let gain = UInt16(model.fullScaleRangesMillivolts.firstIndex(of: fullScaleMillivolts) ?? 1) << 9
        let singleShotMode: UInt16 = 1 << 8
        let rate = UInt16(model.dataRates.firstIndex(of: dataRate) ?? (model.dataRates.count - 1)) << 5
        let comparatorDisabled: UInt16 = 0b11
        return startOrReady | multiplexer | gain | singleShotMode | rate | comparatorDisabled
    }

    /// Counts (Q0, 0 … full scale) from a conversion register value: the ADS1015's result is
    /// shifted down from bits 15…4; a slightly negative single-ended reading (offset, noise
    /// around 0 V) reads as 0.
    static func counts(model: ADCModel, conversion: UInt16) -> Int32 {
        let signed = Int32(Int16(bitPattern: conversion))
        let value = model == .ads1015 ? signed >> 4 : signed
        return max(value, 0)
    }

    /// Time from the start of a conversion until its result is due (ns): the datasheet's
    /// 1/DR with 10 % for the internal oscillator's tolerance, plus 20 µs of wake-up.
    static func conversionNanos(dataRate: Int) -> Int64 {
        1_100_000_000 / Int64(dataRate) + 20_000
    }
}
