import FlyingFox
import FoundationEssentials

/// The scope's WebSocket (`/scope`): FlyingFox does the handshake and the framing; this
/// answers pings, ends on a close, hands the page's queue of messages to the
/// ``ScopeBroadcaster`` and passes on what the page says it received (`{"received":N}`).
/// Nothing else a page sends is read: the scope is read-only.
struct ScopeSocketHandler: WSHandler {
    /// What a page sends: how many frames messages it has received.
    private struct Receipt: Decodable {
        let received: UInt64
    }

    let broadcaster: ScopeBroadcaster

    func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
        guard let (number, frames, queue) = broadcaster.add() else {
            return AsyncStream { continuation in
                continuation.yield(.close(code: WSCloseCode(1013, reason: "\(ScopeBroadcaster.mostPages) pages already watch; close one")))
                continuation.finish()
            }
        }
        let broadcaster = broadcaster
        queue.onTermination = { _ in broadcaster.remove(number) }
        Task {
            do {
                reading: for try await frame in client {
                    switch frame.opcode {
                    case .ping:
                        queue.yield(WSFrame(fin: true, opcode: .pong, mask: nil, payload: frame.payload))
                    case .text:
                        if frame.fin, frame.payload.count <= 64, let receipt = try? JSONDecoder().decode(Receipt.self, from: frame.payload) {
                            broadcaster.acknowledge(number, frames: receipt.received)
                        }
                    case .close:
                        queue.yield(.close(code: .normalClosure))
                        break reading
                    default:
                        continue
                    }
                }
            } catch {
                // A broken connection ends the page as a close does.
            }
            broadcaster.remove(number)
        }
        return frames
    }
}
