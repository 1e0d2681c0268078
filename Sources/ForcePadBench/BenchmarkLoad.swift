import Glibc

/// A load the lateness comparison runs under: stress-ng at normal priority with one worker
/// per CPU (`0` workers = every online CPU), kept running for the whole comparison so the loop
/// and cyclictest rounds see it alike.
struct BenchmarkLoad {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Short name for the table.
    let name: String
    /// stress-ng's stressor arguments.
    let stressors: [String]

    static let cpu = BenchmarkLoad(name: "CPU-bound", stressors: ["--cpu", "0"])
    static let memory = BenchmarkLoad(name: "memory-bandwidth-bound", stressors: ["--stream", "0"])
    static let io = BenchmarkLoad(
        name: "I/O-bound", stressors: ["--hdd", "0", "--hdd-bytes", "32M", "--temp-path", ReferenceChainBuild.directory])
    static let all = [cpu, memory, io]

    /// The loads `FORCEPAD_BENCH_LOADS` names (comma-separated `cpu`, `memory`, `io`; `none`
    /// for none), all of them when it is not set; nil with unknown names.
    static func fromEnvironment() -> [BenchmarkLoad]? {
        guard let raw = getenv("FORCEPAD_BENCH_LOADS") else { return all }
        var loads: [BenchmarkLoad] = []
        for name in String(cString: raw).split(separator: ",") {
            switch name {
            case "cpu": loads.append(cpu)
            case "memory": loads.append(memory)
            case "io": loads.append(io)
            case "none": break
            default: return nil
            }
        }
        return loads
    }

    /// The whole stress-ng command; `seconds` bounds it should the benchmark die meanwhile.
    func command(seconds: Int) -> [String] {
        ["stress-ng"] + stressors + ["--timeout", "\(seconds)s", "--quiet"]
    }

    /// stress-ng running this load until ``stop()``.
    final class Running {
        private let child: ChildProcess
        let command: [String]

        init(_ load: BenchmarkLoad, seconds: Int) throws(Failure) {
            command = load.command(seconds: seconds)
            do {
                child = try ChildProcess(command, withInput: false)
            } catch {
                throw Failure(description: "\(error.description); install it with: apt-get install stress-ng")
            }
            // Give the workers a moment to start before the first round.
            usleep(500_000)
        }

        /// Stops stress-ng and its workers (it ends them on SIGINT) and waits for it.
        func stop() {
            kill(child.pid, SIGINT)
            _ = child.finish()
        }
    }
}
