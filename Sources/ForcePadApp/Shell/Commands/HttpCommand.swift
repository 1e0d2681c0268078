import ForcePadCore
import ForcePadShell

extension ShellCommand where Context == ShellContext {
    static var http: Self {
        ShellCommand(
            name: "http", usage: ["http"],
            summary: "the browser scope: its address, the pages watching and what they lost",
            details: [
                "The scope serves only when forcepad was started with --http HOST:PORT (docs/live-view.md).",
                "sent and lost count the messages (20 a second to each page); a page that does not take",
                "them in time loses the oldest. lost frames are frames dropped before a message was made.",
            ],
            examples: ["http"]
        ) { arguments, context throws(CommandFailure) in
            try arguments.end()
            guard let scope = context.services.scope else {
                return CommandReply(
                    lines: ["the browser scope is off: start forcepad with --http 127.0.0.1:8080 (docs/live-view.md)"],
                    fields: [("serving", .bool(false))])
            }
            let statistics = scope.broadcaster.statistics
            let token = scope.access.tokenFile.map { "token in \($0)" } ?? "no token (this machine only)"
            return CommandReply(
                lines: [
                    "serving \(scope.address.url), read-only, \(token)",
                    "\(CountText.of(statistics.pages, "page")) watching (\(statistics.pagesServed) since start, \(statistics.pagesRefused) refused); "
                        + "\(statistics.sentMessages) messages sent, \(statistics.lostMessages) lost; \(statistics.lostFrames) frames lost",
                ],
                fields: [
                    ("serving", .bool(true)), ("url", .string(scope.address.url)), ("token_file", scope.access.tokenFile.map { .string($0) } ?? .null),
                    ("pages", .int(Int64(statistics.pages))), ("pages_served", .int(Int64(statistics.pagesServed))),
                    ("pages_refused", .int(Int64(statistics.pagesRefused))), ("sent_messages", .int(Int64(statistics.sentMessages))),
                    ("lost_messages", .int(Int64(statistics.lostMessages))), ("lost_frames", .int(Int64(statistics.lostFrames))),
                ])
        }
    }
}
