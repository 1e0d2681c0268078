import ForcePadConfig
import ForcePadCore
import FoundationEssentials
import ForcePadHAL
import Glibc

/// What a station must deliver and has not yet: one file per message in `outbox/` in the
/// state directory, written atomically (``AtomicFileWriter``), its first line the topic and
/// the rest the payload. A file is removed only once the broker acknowledged the message
/// (QoS 1), so a broker that is down, a restart of forcepad or a power cut loses nothing:
/// what is left is sent at the next connection. Names sort in the order the messages were
/// put: `SEQUENCE-KIND-NAME.msg`.
struct FleetOutbox: Sendable {
    /// One message waiting.
    struct Message: Sendable, Equatable {
        let file: String
        let topic: String
        let payload: String
    }

    let folder: String

    init(stateDirectory: String) {
        folder = stateDirectory + "/outbox"
    }

    /// Puts a message for `topic`; `kind` and `name` only name its file.
    func put(topic: String, payload: String, kind: String, name: String) throws(CommandFailure) {
        try LabPaths(stateDirectory: String(folder.dropLast("/outbox".count))).makeFolder(folder)
        let sequence = (messages().compactMap { Int($0.file.prefix(while: \.isNumber)) }.max() ?? 0) + 1
        let safeName = String(name.map { ScopeLabFiles.isPlainName(String($0)) || $0 == "." ? $0 : "_" })
        let file = String(repeating: "0", count: max(0, 10 - String(sequence).count)) + "\(sequence)-\(kind)-\(safeName).msg"
        do {
            try AtomicFileWriter.write(topic + "\n" + payload, to: folder + "/" + file)
        } catch {
            throw CommandFailure("the outbox: \(error.message)")
        }
    }

    /// The messages waiting, oldest first. A file that is not a message (no topic line) is left alone.
    func messages() -> [Message] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".msg") }.sorted()
        return names.compactMap { name in
            guard let text = try? TextFileContents.read(folder + "/" + name, maximumBytes: 64 << 20).text,
                let newline = text.firstIndex(of: "\n")
            else { return nil }
            return Message(file: name, topic: String(text[..<newline]), payload: String(text[text.index(after: newline)...]))
        }
    }

    /// Removes `file` once its message was acknowledged.
    func remove(_ file: String) {
        unlink(folder + "/" + file)
    }
}
