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

    /// Starts `body` on a new thread.
    public init(body: @escaping @Sendable () -> Void) throws(DeviceError) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { raw in
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
