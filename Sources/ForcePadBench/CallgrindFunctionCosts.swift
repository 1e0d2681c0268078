import Glibc

/// Inclusive instructions per function in a callgrind output file (`callgrind_annotate
/// --inclusive=yes`), by demangled name: what a function and everything it called executed.
struct CallgrindFunctionCosts {
    /// Instructions by demangled function name (Swift names demangled, others as callgrind names them).
    let inclusive: [String: Int64]

    init(_ path: String) throws(InstructionCount.Failure) {
        let command = ["callgrind_annotate", "--inclusive=yes", "--threshold=100", path]
        let child: ChildProcess
        do {
            child = try ChildProcess(command, withInput: false)
        } catch {
            throw InstructionCount.Failure(description: "\(error.description); install it with: apt-get install valgrind")
        }
        let (output, status) = child.finish()
        guard status == 0 else { throw InstructionCount.Failure(description: "\(command.joined(separator: " ")) exited with status \(status)") }
        var costs: [String: Int64] = [:]
        // Lines look like "12,345 ( 1.23%)  file:function [object]".
        for line in output.split(separator: "\n") {
            guard let open = line.firstIndex(of: "("), let close = line.firstIndex(of: ")"), open < close,
                let count = Int64(line[..<open].filter { $0 != "," && $0 != " " }), line[open..<close].hasSuffix("%")
            else { continue }
            let place = line[line.index(after: close)...].drop { $0 == " " }
            guard let colon = place.firstIndex(of: ":") else { continue }
            var name = place[place.index(after: colon)...]
            if name.hasSuffix("]"), let object = name.lastIndex(of: "[") { name = name[..<object].dropLast() }
            costs[Self.demangled(String(name)), default: 0] += count
        }
        inclusive = costs
    }

    /// Instructions per unit between a shorter and a longer run: (longer − shorter) / units,
    /// summed over the functions whose demangled names contain one of `names`.
    static func perUnit(_ names: [String], shorter: Self, longer: Self, units: Int) -> Double {
        var total: Int64 = 0
        for (function, count) in longer.inclusive where names.contains(where: { function.contains($0) }) {
            total += count - (shorter.inclusive[function] ?? 0)
        }
        return Double(total) / Double(units)
    }

    /// `name` demangled by the Swift runtime's own demangler, or as it is if it is not a Swift name.
    private static func demangled(_ name: String) -> String {
        guard name.hasPrefix("$s") else { return name }
        return name.withCString { pointer in
            guard let result = swiftDemangle(pointer, strlen(pointer), nil, nil, 0) else { return name }
            defer { free(result) }
            return String(cString: result)
        }
    }
}

/// The Swift runtime's demangler (exported by libswiftCore): a malloc'd C string, or nil.
@_silgen_name("swift_demangle")
private func swiftDemangle(
    _ mangledName: UnsafePointer<CChar>, _ length: Int, _ outputBuffer: UnsafeMutablePointer<CChar>?,
    _ outputBufferSize: UnsafeMutablePointer<Int>?, _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?
