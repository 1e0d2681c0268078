import Glibc

@testable import ForcePadHAL

/// A force gauge's (or a stand controller's) far end on a pseudo-terminal's controller side,
/// on a thread of its own: for each request it receives (bytes up to a CR, or up to
/// `requestEnd`: a G-code controller's `?` has no line end) it gives the next scripted reply — after
/// the reply's delay, in its chunks with a pause between them — or, for a nil reply, stays
/// silent. It stops after the script, or after 3 s without a request.
final class ScriptedGauge: Sendable {
    struct Reply: Sendable {
        /// Wait before the first byte (ms).
        var delayMillis = 0
        /// The answer, in the pieces it is written in.
        var chunks: [String]
        /// Wait between pieces (ms).
        var gapMillis = 0
    }

    private let thread: PosixThread
    private let received: PosixMutex<[String]>

    /// Starts answering on `controllerDescriptor` (the pseudo-terminal's, kept open by the test).
    init(controllerDescriptor: Int32, replies: [Reply?], requestEnd: UInt8 = 0x0D) throws {
        let received = PosixMutex<[String]>([])
        self.received = received
        thread = try PosixThread {
            for reply in replies {
                guard let request = Self.readRequest(controllerDescriptor, end: requestEnd) else { return }
                received.withLock { $0.append(request) }
                guard let reply else { continue }
                usleep(UInt32(reply.delayMillis * 1000))
                for (index, chunk) in reply.chunks.enumerated() {
                    if index > 0 { usleep(UInt32(reply.gapMillis * 1000)) }
                    let bytes = Array(chunk.utf8)
                    _ = bytes.withUnsafeBytes { write(controllerDescriptor, $0.baseAddress, $0.count) }
                }
            }
        }
    }

    /// Waits for the script to end; returns the requests received.
    func finish() -> [String] {
        thread.join()
        return received.withLock { $0 }
    }

    /// Bytes up to and including `end`, or nil after 3 s without one.
    private static func readRequest(_ descriptor: Int32, end: UInt8) -> String? {
        var request: [UInt8] = []
        while request.last != end {
            var watch = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&watch, 1, 3_000) == 1 else { return nil }
            var byte: UInt8 = 0
            if read(descriptor, &byte, 1) == 1 { request.append(byte) }
        }
        return String(decoding: request, as: UTF8.self)
    }
}
