import Glibc

/// A dedicated POSIX thread, for the real-time loop and the threads that serve it (not a
/// pool thread, so the loop's scheduling can be raised without affecting anything else).
public final class PosixThread: Sendable {
    private final class Body: @unchecked Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// The thread's pthread handle (for scheduling calls).
    let handle: pthread_t

    /// Stack size of every thread started here (bytes): ample for the loop and the threads
    /// that serve it, and far below glibc's 8 MiB default, which matters once memory is
    /// locked (`mlockall` makes every page of every stack resident).
    public static let stackBytes = 512 * 1024

    /// Starts `body` on a new thread with a ``stackBytes`` stack.
    public init(body: @escaping @Sendable () -> Void) throws(DeviceError) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, Self.stackBytes)
        let result = pthread_create(&thread, &attributes, { raw in
            let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
            body.run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw DeviceError(operation: "start a thread", errno: result, hint: "the system is out of threads or memory")
        }
        handle = thread
    }

    /// Waits for the thread to return.
    public func join() {
        pthread_join(handle, nil)
    }
}
