import ForcePadCore
import ForcePadHAL

/// Shell commands from the broker (`[mqtt] commands = true`) on their way to the shell's
/// thread, which alone runs commands, and their answers on the way back: the fleet thread puts
/// requests, the shell takes them between two of its own lines (``RemoteCommands``) and puts
/// the answers, the fleet thread publishes them. At most ``capacity`` requests wait; more are
/// answered at once as refused.
final class FleetCommandQueue: Sendable {
    /// A command and the id its answer carries back.
    struct Request: Sendable {
        let id: JSONValue
        let line: String
    }

    private struct Waiting {
        var requests: [Request] = []
        var answers: [String] = []
    }

    private let waiting = PosixMutex(Waiting())
    static let capacity = 16

    /// Fleet side: queues `request`; false when full.
    func put(_ request: Request) -> Bool {
        waiting.withLock { waiting in
            guard waiting.requests.count < Self.capacity else { return false }
            waiting.requests.append(request)
            return true
        }
    }

    /// Shell side: the requests waiting, oldest first.
    func takeRequests() -> [Request] {
        waiting.withLock { waiting in
            defer { waiting.requests.removeAll() }
            return waiting.requests
        }
    }

    /// Either side: an answer to publish.
    func answer(_ text: String) {
        waiting.withLock { $0.answers.append(text) }
    }

    /// Fleet side: the answers to publish, oldest first.
    func takeAnswers() -> [String] {
        waiting.withLock { waiting in
            defer { waiting.answers.removeAll() }
            return waiting.answers
        }
    }

    /// The answer text for `id`: `{"id":ID,"answer":ANSWER}`, ANSWER the console's JSON line.
    static func reply(id: JSONValue, answer jsonLine: String) -> String {
        #"{"id":"# + id.rendered() + #","answer":"# + jsonLine + "}"
    }
}
