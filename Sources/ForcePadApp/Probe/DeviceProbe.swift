import ForcePadConfig
import ForcePadCore
import ForcePadHAL
import Glibc

/// The checks of `forcepad probe`, in the order a lab bring-up goes: the I2C adapter, each
/// converter (one frame read), the haptic line (requested, then released off), the feedback
/// input when the board has one, the reference force sensor when it has one
/// (``ReferenceProbe``), the accelerometer (``AccelerometerProbe``), the test stand
/// (``StandProbe``), the serial port, and whether the loop may run with
/// real-time priority. Each check runs whatever the others found, so one run lists every
/// problem.
struct DeviceProbe {
    let board: BoardDescription
    /// Serial device to open instead of the board's (`--serial`).
    let serialDevice: String?
    /// Where the haptic driver's calibration is saved.
    var stateDirectory: String = StandardPaths().stateDirectory
    /// What names the board's state files there (``BoardStateKey``).
    var boardStateKey: String

    func run() -> [ProbeCheck] {
        var checks = [boardCheck]
        if board.isSimulated {
            checks.append(.skipped("converters", "simulated pad: no I2C device to check"))
            checks.append(.skipped("haptic line", "simulated line: no GPIO to check"))
        } else {
            checks += converterChecks
            checks.append(hapticLineCheck)
            if let feedback = board.feedback { checks.append(feedbackLineCheck(feedback)) }
        }
        if let driver = board.hapticDriver { checks += hapticDriverChecks(driver) }
        if let reference = board.reference { checks += ReferenceProbe(reference: reference).run() }
        if let accelerometer = board.accelerometer { checks += AccelerometerProbe(description: accelerometer).run() }
        if let stand = board.stand { checks.append(StandProbe(stand: stand).run()) }
        checks.append(serialCheck)
        checks.append(realTimeCheck)
        return checks
    }

    private var boardCheck: ProbeCheck {
        let ceiling = board.sampleRateCeilingHz
        let ceilingText = ceiling.isFinite ? "ceiling \(Int(ceiling.rounded(.down))) Hz" : "no ceiling"
        return .pass("board \(board.name)", "\(board.geometry.cellCount) cells at \(board.sampleRateHz) Hz (\(ceilingText))")
    }

    /// The adapter once, then each converter with a board of its own, so each answers or
    /// fails on its own line.
    private var converterChecks: [ProbeCheck] {
        guard let bus = board.bus else { return [.fail("I2C adapter", "the board file names no [i2c] device")] }
        var checks: [ProbeCheck] = []
        do {
            let adapter = try I2CBus(devicePath: bus.device)
            checks.append(.pass("I2C adapter", "\(adapter.devicePath) opened; supports \(try adapter.functionality())"))
        } catch {
            return [.fail("I2C adapter", error.description)]
        }
        for converter in board.adcs {
            var single = board
            single.adcs = [converter]
            let subject = "\(converter.model.partName) \(Self.hex(converter.address))"
            do {
                var source = try I2CFrameSource(board: single)
                let frame = try source.probe()
                let counts = (0..<frame.cellCount).map { String(frame.counts[$0]) }.joined(separator: " ")
                let staleNote = frame.isStale ? " (a conversion was not ready in time: stale)" : ""
                checks.append(.pass(subject, "answered on \(bus.device): inputs \(converter.inputs.map(String.init).joined(separator: ",")) read \(counts) counts\(staleNote)"))
            } catch {
                checks.append(.fail(subject, error.description))
            }
        }
        return checks
    }

    private var hapticLineCheck: ProbeCheck {
        do {
            let line = try GPIOOutputLine(board.haptic, consumer: LoopRuntime.gpioConsumer)
            return .pass(
                "haptic line",
                "\(line.identity.summary) on \(line.identity.chipPath); requested as an output and released off"
                    + (line.activeLow ? " (active low)" : "") + "; libgpiod v\(GPIOOutputLine.libgpiodAPIVersion) API")
        } catch {
            return .fail("haptic line", error.description)
        }
    }

    /// The `[feedback]` input, requested with edge events and released.
    private func feedbackLineCheck(_ feedback: GPIOLineDescription) -> ProbeCheck {
        do {
            let input = try GPIOEdgeInput(feedback, consumer: LoopRuntime.gpioConsumer)
            return .pass(
                "feedback line",
                "\(input.identity.summary) on \(input.identity.chipPath); requested as an input with edge events and released")
        } catch {
            return .fail("feedback line", error.description)
        }
    }

    /// The DRV2605L: no kernel driver owning it, its device ID and fault flags from STATUS
    /// (read only: the chip is left as it is), and whether a calibration is saved.
    private func hapticDriverChecks(_ driver: HapticDriverDescription) -> [ProbeCheck] {
        let report = HapticDriverReport(description: driver, calibrationSaved: false, lastError: nil)
        var checks: [ProbeCheck] = []
        do {
            let control = try driver.chip.control(driver, sysfsRoot: "/sys/bus/i2c/devices")
            try control.checkStatus()
            checks.append(.pass("haptic driver", "\(report.whereText) answered: device ID 7, no over-temperature, no over-current"))
        } catch let error as SetupError {
            checks.append(.fail("haptic driver", error.message))
        } catch {
            checks.append(.fail("haptic driver", "\(error)"))
        }
        let path = stateDirectory + "/" + HapticDriverCalibrationFile.fileName(board: boardStateKey)
        guard access(path, F_OK) == 0 else {
            checks.append(.skipped("driver calibration", "none saved in \(stateDirectory): run haptic calibrate in the shell"))
            return checks
        }
        do {
            let calibration = try HapticDriverCalibrationFile.load(path: path, board: board.name, driver: driver)
            checks.append(.pass(
                "driver calibration",
                "\(path): A_CAL_COMP \(calibration.compensation), A_CAL_BEMF \(calibration.backEMF), BEMF_GAIN \(calibration.backEMFGain)"))
        } catch {
            checks.append(.fail("driver calibration", error.description))
        }
        return checks
    }

    private var serialCheck: ProbeCheck {
        guard let device = serialDevice ?? (board.isSimulated ? nil : board.serial.device) else {
            return .skipped("serial port", "simulated board: pass --serial DEVICE to check one")
        }
        do {
            let port = try SerialPort(devicePath: device, baud: board.serial.baud)
            return .pass("serial port", "\(device) opened at \(try port.configuredBaud()) baud")
        } catch {
            return .fail("serial port", error.description)
        }
    }

    /// Asks for SCHED_FIFO and the loop's CPU on a thread that does nothing, and for the CPU
    /// wake-up latency, as the loop would; says whether that CPU would be polled while idle.
    private var realTimeCheck: ProbeCheck {
        do {
            let (thread, started) = try PosixThread.startRealTime(.standard) {}
            thread.join()
            var outcome = started
            let wakeLatency = CPUWakeLatencyRequest()
            if let refusal = wakeLatency.refusal {
                outcome.warnings.append("CPU wake-up latency cannot be limited (\(refusal)): run as root or pass --no-rt")
            } else {
                outcome.cpuWakeLatencyLimited = true
            }
            if outcome.cpu != nil { outcome.idlePolled = RealTimeRequest.standard.idlePolling.reason() }
            if outcome.warnings.isEmpty {
                return .pass("real-time", outcome.summary + (outcome.cpuChoice.map { "; device interrupts since boot: \($0)" } ?? ""))
            }
            return .fail("real-time", outcome.warnings.joined(separator: "; "))
        } catch {
            return .fail("real-time", error.description)
        }
    }

    /// `0x48`: an I2C address or register value as probe lines write it.
    static func hex(_ value: UInt8) -> String {
        (value < 0x10 ? "0x0" : "0x") + String(value, radix: 16)
    }
}
