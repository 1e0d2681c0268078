import FlyingFox

/// The scope's WebSocket (`/scope`): FlyingFox does the handshake and the framing; this
/// answers pings, ends on a close, and hands the page's queue of messages to the
/// ``ScopeBroadcaster``. What a page sends besides is ignored: the scope is read-only.
struct ScopeSocketHandler: WSHandler {
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
