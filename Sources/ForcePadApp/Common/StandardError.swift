/// One-line messages to standard error, for failures before or outside the shell.
enum StandardError {
    static func write(_ message: String) {
        StandardStream.write(message.hasSuffix("\n") ? message : message + "\n", to: StandardStream.error)
    }
}
