import FlyingFox
import ForcePadCore
import ForcePadHAL
import FoundationEssentials
import Glibc
import Testing

@testable import ForcePadApp

@Suite struct ScopeTests {
    static let board = BoardDescription(
        name: "sim", summary: "Simulated 2-cell strip", bus: nil,
        adcs: [ADCDescription(model: .sim, address: 0, inputs: [0, 1], dataRate: 0)],
        geometry: .strip(cells: 2), sampleRateHz: 1000,
        haptic: HapticLineDescription(lineName: "GPIO18", chip: nil, activeLow: false),
        serial: SerialPortDescription(device: "/dev/serial0", baud: 115_200),
        calibration: try! CalibrationTable(validating: [CalibrationPoint(counts: 0, force: .zero), CalibrationPoint(counts: 4095, force: .grams(400))]),
        simulation: .standard)

    static func folder() -> String {
        var template = Array("/tmp/forcepad-scope-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    static func request(_ path: String, query: [HTTPRequest.QueryItem] = [], headers: [HTTPHeader: String] = [:]) -> HTTPRequest {
        HTTPRequest(method: .GET, version: .http11, path: path, query: query, headers: headers, body: Data())
    }

    static func write(_ text: String, to path: String) {
        let file = fopen(path, "w")!
        fputs(text, file)
        fclose(file)
    }

    @Test func addressesAreReadWithTheirFamilyAndLoopback() throws {
        let local = try ScopeListenAddress("127.0.0.1:8080")
        #expect(local.isLoopback && local.port == 8080 && local.url == "http://127.0.0.1:8080/")
        let six = try ScopeListenAddress("[::1]:0")
        #expect(six.isLoopback && six.family == .ipv6 && six.with(port: 4242).url == "http://[::1]:4242/")
        #expect(try ScopeListenAddress("localhost:9000").host == "127.0.0.1")
        let portOnly = try ScopeListenAddress("8080")
        #expect(portOnly.isLoopback && portOnly.description == "127.0.0.1:8080")
        #expect(try !ScopeListenAddress("0.0.0.0:8080").isLoopback)
        for (text, says) in [
            ("pi:", "is not a port"), ("127.0.0.1:80800", "is not a port"), ("pi.local:8080", "is not an IP address"),
            ("[::1]8080", "needs its port after the bracket"),
        ] {
            #expect(throws: SetupError.self) { try ScopeListenAddress(text) }
            do { _ = try ScopeListenAddress(text) } catch { #expect(error.message.contains(says), "\(error.message)") }
        }
    }

    @Test func offLoopbackATokenIsMadeOnceAndAskedFor() throws {
        let state = Self.folder()
        let open = try ScopeAccess(address: ScopeListenAddress("127.0.0.1:0"), tokenFile: nil, stateDirectory: state)
        #expect(open.token == nil && open.allows(Self.request("/")))
        let lan = try ScopeAccess(address: ScopeListenAddress("0.0.0.0:0"), tokenFile: nil, stateDirectory: state)
        let token = try #require(lan.token)
        #expect(token.count == 32 && lan.tokenFile == state + "/http-token")
        var status = stat()
        #expect(stat(state + "/http-token", &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(try ScopeAccess(address: ScopeListenAddress("0.0.0.0:0"), tokenFile: nil, stateDirectory: state).token == token)
        #expect(!lan.allows(Self.request("/")))
        #expect(!lan.allows(Self.request("/", query: [.init(name: "token", value: String(token.dropLast()))])))
        #expect(!lan.allows(Self.request("/", query: [.init(name: "token", value: token + "0")])))
        #expect(lan.allows(Self.request("/scope", query: [.init(name: "token", value: token)])))
        #expect(lan.allows(Self.request("/lab", headers: [.authorization: "Bearer " + token])))
    }

    @Test func aShortTokenFileIsRefusedWithItsLine() throws {
        let state = Self.folder()
        Self.write("secret\n", to: state + "/token")
        do {
            _ = try ScopeAccess(address: ScopeListenAddress("0.0.0.0:0"), tokenFile: state + "/token", stateDirectory: state)
            Issue.record("a 6-character token was taken")
        } catch {
            #expect(error.message.hasPrefix(state + "/token:1: the token must be at least 16"), "\(error.message)")
        }
    }

    @Test func onlyPlainFilesOfReportsAndRecordingsAreServed() throws {
        let state = Self.folder()
        mkdir(state + "/reports", 0o755)
        mkdir(state + "/recordings", 0o755)
        mkdir(state + "/recordings/trial-1", 0o755)
        Self.write("<svg/>", to: state + "/reports/trial-1.svg")
        Self.write("{}", to: state + "/reports/trial-1.json")
        Self.write("t_us,ch0\n", to: state + "/recordings/trial-1/frames.csv")
        Self.write("secret", to: state + "/calibration-sim.toml")
        symlink(state + "/calibration-sim.toml", state + "/reports/link.json")
        symlink(state, state + "/recordings/escape")
        let files = ScopeLabFiles(stateDirectory: state)
        guard case .file(let svg, let type) = files.file("reports/trial-1.svg") else { Issue.record("no svg"); return }
        #expect(svg == Array("<svg/>".utf8) && type == "image/svg+xml")
        guard case .file(_, let csv) = files.file("recordings/trial-1/frames.csv") else { Issue.record("no frames"); return }
        #expect(csv.hasPrefix("text/csv"))
        for refused in [
            "calibration-sim.toml", "reports/link.json", "recordings/escape/calibration-sim.toml", "reports/../calibration-sim.toml",
            "recordings/trial-1/../../calibration-sim.toml", "reports/.hidden", "reports", "reports/", "recordings/trial-1",
        ] {
            guard case .missing = files.file(refused) else { Issue.record("\(refused) was served"); continue }
        }
        let listing = files.listing()
        #expect(listing.contains(#"{"name":"trial-1","files":["lab/reports/trial-1.json","lab/reports/trial-1.svg"]}"#), "\(listing)")
        #expect(listing.contains(#""lab/recordings/trial-1/frames.csv""#) && !listing.contains("link.json") && !listing.contains("escape"))
    }

    @Test func aPageThatSaysNothingIsSentNothingPastTheWindowAndTheOthersLoseNothing() async {
        let link = LiveForceTapTests.link()
        let tap = LiveForceTap(link: link)
        let broadcaster = ScopeBroadcaster(tap: tap, settings: PublishedSettings(.standard), board: Self.board)
        guard let stalled = broadcaster.add(), let reader = broadcaster.add() else { Issue.record("no page"); return }
        var received: [String] = []
        var iterator = reader.frames.makeAsyncIterator()
        let rounds = Int(ScopeBroadcaster.unacknowledgedMessages) + 10
        for round in 0..<rounds {
            tap.take(LiveForceTapTests.frame(atMicros: Int64(round) * 1_000, grams: Int32(round)))
            broadcaster.send()
            while received.count < round + 2, let frame = await iterator.next() { received.append(String(decoding: frame.payload, as: UTF8.self)) }
            broadcaster.acknowledge(reader.number, frames: UInt64(round + 1))
        }
        let streaming = link.isAsked(.streamingForces)
        #expect(streaming)
        #expect(received.first?.hasPrefix(#"{"type":"settings","board":"sim","sample_rate_hz":1000,"cells":2,"#) == true)
        #expect(received.last == #"{"type":"frames","frames":[[49000,49000,0,0]],"marks":[],"haptic":[],"lost_frames":0,"lost_messages":0}"#)
        let statistics = broadcaster.statistics
        // The stalled page was queued the settings and 40 frames messages, and lost the other 10.
        #expect(statistics.pages == 2 && statistics.lostMessages == 10 && statistics.sentMessages == 1 + 40 + 1 + 50)
        var kept: [String] = []
        broadcaster.remove(stalled.number)
        for await frame in stalled.frames { kept.append(String(decoding: frame.payload, as: UTF8.self)) }
        #expect(kept.count == 41 && kept.last?.hasSuffix(#""lost_messages":0}"#) == true)
        // Once it says it caught up, it is sent again, with what it lost.
        guard let late = broadcaster.add() else { Issue.record("no page"); return }
        for _ in 0..<41 { broadcaster.send() }
        broadcaster.acknowledge(late.number, frames: 40)
        broadcaster.send()
        broadcaster.remove(late.number)
        var lateKept: [String] = []
        for await frame in late.frames { lateKept.append(String(decoding: frame.payload, as: UTF8.self)) }
        #expect(lateKept.count == 42 && lateKept.last?.hasSuffix(#""lost_messages":1}"#) == true)
        broadcaster.remove(reader.number)
        broadcaster.send()
        let stopped = !link.isAsked(.streamingForces)
        #expect(stopped)
    }
}
