import Glibc

/// Unbuffered writes of whole strings to a file descriptor (retrying short writes and
/// EINTR), so nothing waits in a stdio buffer when a pipe is read line by line.
public enum StandardStream {
    public static let output: Int32 = 1
    public static let error: Int32 = 2

    /// Writes all of `text`; gives up silently if the descriptor is closed (EPIPE, EBADF):
    /// there is nobody left to tell.
    public static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
